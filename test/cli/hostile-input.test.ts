/**
 * Issue #7 findings, each reproduced through the real CLI: hostile identities, control
 * characters in entry text, terminal escapes in output, filters that silently matched
 * nothing, flags that did not apply, errors without hints, a directory where the cache goes.
 * After every refused write the tip is unchanged; every commit passes `git fsck --strict`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, revisionFiles } from '../helpers/plain-git.js';
import type { Entry } from '../../src/model/entry.js';

afterAll(cleanupTempDirs);

function setup(): string {
  const dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  return dir;
}

const tip = (dir: string) => git(dir, ['rev-parse', 'brain']);
const fsckClean = (dir: string) => expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');

describe('identities (issue #7 "Identity")', () => {
  it('reads --author "Name <email>" as git does: name in the entry, both as the commit author; the committer is who ran it', () => {
    const dir = setup();
    const added = brain(dir, ['add', 'decision', '--title', 'x', '--author', 'Eve <eve@example.com>', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json().author).toBe('Eve');
    expect(git(dir, ['log', '-1', '--format=%an|%ae|%cn|%ce', 'brain'])).toBe('Eve|eve@example.com|Brain Test|test@brain.invalid');
    fsckClean(dir);
  });

  it('commits --author as the author and the repository user who ran it as the committer, as git commit --author does', () => {
    const dir = setup();
    git(dir, ['config', 'user.name', 'Bob Runner']);
    git(dir, ['config', 'user.email', 'bob@example.com']);
    const noCommitterEnv = { GIT_COMMITTER_NAME: '', GIT_COMMITTER_EMAIL: '', GIT_AUTHOR_EMAIL: '' };
    const onBehalf = brain(dir, ['add', 'decision', '--title', 'x', '--author', 'Alice <alice@example.com>', '--json'], { env: noCommitterEnv });
    expect(onBehalf.code, onBehalf.stderr).toBe(0);
    expect(onBehalf.json().author).toBe('Alice');
    expect(git(dir, ['log', '-1', '--format=%an <%ae>|%cn <%ce>', 'brain'])).toBe('Alice <alice@example.com>|Bob Runner <bob@example.com>');
    // The ref's reflog names who moved it, as git's own commands do.
    expect(git(dir, ['reflog', 'show', '-1', '--format=%gn <%ge>', 'refs/heads/brain'])).toBe('Bob Runner <bob@example.com>');
    // Written as oneself (no --author, no BRAIN_AUTHOR): one identity in both headers.
    const self = brain(dir, ['add', 'decision', '--title', 'y', '--json'], { env: { ...noCommitterEnv, BRAIN_AUTHOR: '' } });
    expect(self.code, self.stderr).toBe(0);
    expect(self.json().author).toBe('Bob Runner');
    expect(git(dir, ['log', '-1', '--format=%an <%ae>|%cn <%ce>', 'brain'])).toBe('Bob Runner <bob@example.com>|Bob Runner <bob@example.com>');
    fsckClean(dir);
  });

  const hostile: [string, string[], NodeJS.ProcessEnv][] = [
    ['a ">" in the name', ['--author', 'Eve>'], {}],
    ['a newline in the name', ['--author', 'a\nb'], {}],
    ['forged headers', ['--author', 'Mal <x@y> 0 +0000\ncommitter z'], {}],
    ['an escape in the name', ['--author', 'Eve\x1b[31m'], {}],
    ['a newline in BRAIN_AUTHOR', [], { BRAIN_AUTHOR: 'Mal\ncommitter z <z@z> 0 +0000' }],
    ['a newline in GIT_AUTHOR_EMAIL', [], { GIT_AUTHOR_EMAIL: 'x@y>\ncommitter z' }],
    ['"<" in the email', ['--author', 'Eve <e<ve@example.com>'], {}],
    ['a newline in GIT_COMMITTER_NAME', [], { GIT_COMMITTER_NAME: 'Mal\nauthor z <z@z> 0 +0000' }],
  ];
  for (const [what, args, env] of hostile) {
    it(`refuses ${what} with invalid_identity before writing anything`, () => {
      const dir = setup();
      const before = tip(dir);
      const run = brain(dir, ['add', 'decision', '--title', 'x', ...args, '--json'], { env });
      expect(run.code, run.stderr).toBe(2);
      const error = run.errorJson().error;
      expect(error.code).toBe('invalid_identity');
      expect(error.hint).toBeTruthy();
      expect(tip(dir)).toBe(before);
      fsckClean(dir);
      expect(brain(dir, ['verify']).code).toBe(0);
    });
  }
});

describe('entry text (issue #7 "Text")', () => {
  it('refuses control characters in single-line fields and NUL anywhere, tip unchanged', () => {
    const dir = setup();
    const before = tip(dir);
    for (const args of [
      ['--title', 'red \x1b[31m alert'],
      ['--title', 'two\nlines'],
      ['--title', 'ok', '--tag', 'a\tb'],
      ['--title', 'ok', '--path', 'src/\x07'],
      ['--title', 'ok', '--rationale', 'bell \x07 inside'],
      ['--title', 'ok', '--payload', '{"decision_outcome":"nul \\u0000 inside"}'],
      ['--title', 'ok', '--payload', '{"decision_outcome":"lone \\ud800 surrogate"}'],
    ]) {
      const run = brain(dir, ['add', 'decision', ...args, '--json']);
      expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(2);
      expect(run.errorJson().error.code).toBe('invalid_entry');
      expect(run.errorJson().error.message).toMatch(/control characters|well-formed/);
    }
    expect(tip(dir)).toBe(before);
  });

  it('keeps newlines and tabs in multi-line text, and turns CRLF into LF', () => {
    const dir = setup();
    const run = brain(dir, ['add', 'decision', '--title', 'ok', '--rationale', 'line one\r\n\tline two', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json().rationale).toBe('line one\n\tline two');
  });

  it('neutralizes terminal escapes from other clones in list, show, history and search; --json stays exact', () => {
    const dir = setup();
    // A revision written by another clone (or an older brain) that holds escape sequences:
    // plant it through the store, bypassing the CLI's validation, the way `sync` would bring it.
    const id = brain(dir, ['add', 'decision', '--title', 'plain title', '--json']).json().entry_id as string;
    // Bidi overrides are valid text but make a terminal show something else than what is there.
    const title = 'evil \u202egnp.exe\u202c \u2066isolate\u2069';
    plantTitle(dir, id, title);
    for (const args of [['list'], ['show', id], ['history', id], ['search', 'evil']]) {
      const run = brain(dir, args);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
      expect(run.stdout).toContain('\\u202e');
    }
    const json = brain(dir, ['show', id, '--json']);
    expect(json.stdout).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(json.json().title).toBe(title);
    // Escape sequences no longer validate: such a revision from another clone is a problem,
    // shown by status — inertly — while the entry stays readable at its last valid revision.
    const other = brain(dir, ['add', 'decision', '--title', 'second', '--json']).json().entry_id as string;
    plantTitle(dir, other, 'evil \x1b]0;pwned\x07 \x1b[31mred');
    const status = brain(dir, ['status']);
    expect(status.stdout).not.toMatch(/[\x1b\x07]/);
    expect(status.stdout).toMatch(/invalid/);
    expect(brain(dir, ['show', other, '--json']).json().title).toBe('second');
  });
});

describe('filters and flags (issue #7 "Errors for every mistake")', () => {
  it('an unknown status, kind, project or date is a coded error listing what is legal', () => {
    const dir = setup();
    brain(dir, ['add', 'open_question', '--title', 'q']);
    const cases: [string[], string, RegExp][] = [
      [['list', '--status', 'opne'], 'invalid_argument', /legal: .*open/],
      [['list', '--kind', 'decisoin'], 'invalid_argument', /unknown entry kind/],
      [['list', '--kind', 'risk', '--status', 'open'], 'illegal_status', /legal: active, mitigated, retired/],
      [['list', '--updated-since', 'yesterday'], 'invalid_argument', /ISO 8601/],
      [['--project', 'typo', 'list'], 'not_found', /projects: /],
      [['search', 'q', '--kind', 'nope'], 'invalid_argument', /unknown entry kind/],
    ];
    for (const [args, code, message] of cases) {
      const run = brain(dir, [...args, '--json']);
      expect(run.code, args.join(' ')).not.toBe(0);
      const error = run.errorJson().error;
      expect(error.code, args.join(' ')).toBe(code);
      expect(error.message).toMatch(message);
      expect(error.hint).toBeTruthy();
    }
    expect(brain(dir, ['list', '--updated-since', '2020-01-01', '--json']).json()).toHaveLength(1);
  });

  it('a resolve flag that does not apply to the kind is an error, not "unchanged"', () => {
    const dir = setup();
    const q = brain(dir, ['add', 'open_question', '--title', 'q', '--json']).json().entry_id as string;
    const before = tip(dir);
    const run = brain(dir, ['resolve', q, '--resolution', 'x', '--json']);
    expect(run.code).toBe(2);
    expect(run.errorJson().error).toMatchObject({ code: 'invalid_argument', hint: expect.stringContaining('--answer') });
    expect(tip(dir)).toBe(before);
    expect(brain(dir, ['resolve', q, '--answer', '42', '--json']).json().status).toBe('resolved');
  });

  it('every validation error has a hint', () => {
    const dir = setup();
    const id = brain(dir, ['add', 'decision', '--title', 'd', '--json']).json().entry_id as string;
    for (const args of [
      ['add', 'decision', '--title', 'x', '--payload', '[1]'],
      ['revise', id, '--title', 'y', '--expected-revision', '-1'],
      ['revise', id, '--title', 'y', '--expected-revision', '0'],
      ['revise', id, '--title', 'y', '--expected-revision', '1.5'],
      ['revise', id, '--title', 'y', '--expected-revision', 'abc'],
      ['add', 'decision', '--title', 'x', '--confidence', 'NaN'],
    ]) {
      const run = brain(dir, [...args, '--json']);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.errorJson().error.hint, args.join(' ')).toBeTruthy();
    }
  });

  it('a directory where the cache file belongs is a coded io_error with a hint, not a bug', () => {
    const dir = setup();
    const cache = join(dir, '.git', 'brain', 'cache.sqlite');
    rmSync(cache, { force: true });
    mkdirSync(cache, { recursive: true });
    const run = brain(dir, ['list', '--json']);
    expect(run.code).toBe(1);
    expect(run.errorJson().error).toMatchObject({ code: 'io_error', hint: expect.stringContaining('rm -r') });
  });
});

/**
 * Commits revision 2 of `id` with `title` through plain git plumbing, bypassing brain's
 * validation: what another clone (or an older brain) could bring in through `sync`.
 */
function plantTitle(dir: string, id: string, title: string): void {
  const current = brain(dir, ['show', id, '--json']).json() as Entry;
  const next = { ...current, title, revision: current.revision + 1 };
  handCommit(dir, revisionFiles(dir, next));
}
