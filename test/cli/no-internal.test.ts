/**
 * Issue #17 "No input reaches `internal`", through the real CLI (`bin/brain.js`, built
 * `dist/`): huge and non-decimal numbers, deeply nested JSON, blank filters and text that is
 * not UTF-8 each get a coded error with a hint, exit 2 and an unchanged branch — or correct
 * output. (A closed stdout: closed-output.test.ts; MCP stdio: test/mcp/stdio-guard.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, commitFiles, git, initRepo, tempDir } from '../helpers/git.js';
import { brain, BRAIN_BIN, type BrainRun } from '../helpers/brain.js';
import { daemonEnv } from '../helpers/daemon.js';
import { dirOf, handCommit, makeEntry } from '../helpers/plain-git.js';
import { sha256Hex } from '../../src/store/canonical-json.js';

let dir: string;
let decision: string;
let question: string;
const tip = () => git(dir, ['rev-parse', 'brain']);

beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  decision = brain(dir, ['add', 'decision', '--title', 'Use SQLite', '--tag', 'storage', '--json']).json().entry_id;
  question = brain(dir, ['add', 'open_question', '--title', 'Which eviction?', '--json']).json().entry_id;
});
afterAll(cleanupTempDirs);

/** The run failed as a validation error should: exit 2, a coded error with a hint, nothing written. */
function expectRefused(run: BrainRun, code: string, message: RegExp, before: string, what: string): void {
  expect(run.code, `${what}: ${run.stderr}`).toBe(2);
  const error = run.errorJson().error;
  expect(error.code, what).toBe(code);
  expect(error.message, what).toMatch(message);
  expect(error.hint, what).toBeTruthy();
  expect(tip(), what).toBe(before);
}

describe('numbers are plain decimals within bounds', () => {
  const BAD_INTEGERS = ['99999999999999999999', '1e9', '0x10', '0b1', '1.5', '+7', '-1', ' 7', 'Infinity', '1_000', '٣'];
  it('list --limit refuses every non-decimal or out-of-range form (was `internal: datatype mismatch` for 1e20)', () => {
    const before = tip();
    for (const bad of BAD_INTEGERS) expectRefused(brain(dir, ['list', '--limit', bad, '--json']), 'invalid_argument', /--limit must be an integer from 1 to 1000000000 in plain decimal digits/, before, `--limit ${bad}`);
  });

  it('so does every other numeric option, reads and writes alike', () => {
    const before = tip();
    const cases: [string[], RegExp][] = [
      [['show', decision, '--revision', '99999999999999999999'], /--revision must be an integer from 1 to 1000000000/],
      [['show', decision, '--revision', '1e0'], /--revision/],
      [['search', 'sqlite', '--limit', '1e2'], /--limit/],
      [['context', '--budget', '6e3'], /--budget must be an integer from 1 to 1000000/],
      [['context', '--budget', '99999999999999999999'], /--budget/],
      [['revise', decision, '--title', 'x', '--expected-revision', '0x1'], /--expected-revision/],
      [['revise', decision, '--title', 'x', '--expected-revision', '99999999999999999999'], /--expected-revision/],
      [['resolve', question, '--answer', 'x', '--expected-revision', '1e0'], /--expected-revision/],
      [['add', 'decision', '--title', 'x', '--confidence', '0x1'], /--confidence must be a number from 0 to 1 in plain decimal digits/],
      [['add', 'decision', '--title', 'x', '--confidence', '1e-1'], /--confidence/],
      [['add', 'decision', '--title', 'x', '--confidence', 'Infinity'], /--confidence/],
      [['add', 'decision', '--title', 'x', '--confidence', '1.5'], /--confidence/],
      [['add', 'decision', '--title', 'x', '--confidence', ' .5'], /--confidence/],
      [['daemon', '--port', '1e3'], /--port must be an integer from 0 to 65535/],
      [['daemon', '--port', '99999999999999999999'], /--port/],
      [['daemon', '--poll-interval', '2e3'], /--poll-interval must be an integer from 100 to 3600000/],
      [['ui', '--no-open', '--port', '0x1f90'], /--port/],
      [['hub', 'serve', '--db', 'postgres://127.0.0.1:1/none', '--dir', tempDir(), '--port', '7e3'], /--port/],
      [['hub', 'serve', '--db', 'postgres://127.0.0.1:1/none', '--dir', tempDir(), '--interval', '6e1'], /--interval must be an integer from 0 to 86400/],
    ];
    for (const [args, message] of cases) expectRefused(brain(dir, [...args, '--json']), 'invalid_argument', message, before, args.join(' '));
  });

  it('accepts the plain forms: leading zeros, the bounds, a bare fraction', () => {
    expect(brain(dir, ['list', '--limit', '001', '--json']).json()).toHaveLength(1);
    expect(brain(dir, ['list', '--limit', '1000000000', '--json']).json()).toHaveLength(2);
    expect(brain(dir, ['show', decision, '--revision', '01', '--json']).json().revision).toBe(1);
    const added = brain(dir, ['add', 'decision', '--title', 'Half sure', '--confidence', '.5', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json().confidence).toBe(0.5);
    const revised = brain(dir, ['revise', added.json().entry_id, '--confidence', '1.', '--expected-revision', '1', '--json']);
    expect(revised.json().confidence).toBe(1);
  });
});

/** `{"a":{"a":…1…}}` nested `depth` levels deep. */
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('nesting depth is bounded', () => {
  it('--payload nested 20 000 deep is invalid_entry naming the limit (was `internal: Maximum call stack size exceeded`)', () => {
    const before = tip();
    expectRefused(brain(dir, ['add', 'decision', '--title', 'deep', '--payload', nested(20_000), '--json']), 'invalid_entry', /payload is nested deeper than the limit of 31 levels/, before, 'add');
    expectRefused(brain(dir, ['revise', decision, '--payload', nested(20_000), '--json']), 'invalid_entry', /payload is nested deeper than the limit of 31 levels/, before, 'revise');
    // Just past the limit is refused by the same rule; at the limit the payload's own schema speaks.
    expect(brain(dir, ['add', 'decision', '--title', 'deep', '--payload', nested(32), '--json']).errorJson().error.message).toMatch(/limit of 31 levels/);
    expect(brain(dir, ['add', 'decision', '--title', 'deep', '--payload', nested(31), '--json']).errorJson().error.message).toMatch(/payload: Unrecognized key/);
  });

  it('a JSON-lines line nested 20 000 deep is named with its line number', () => {
    const before = tip();
    const file = join(tempDir(), 'deep.jsonl');
    const good = brain(dir, ['show', decision, '--json']).stdout.replace(/\n\s*/g, '');
    writeFileSync(file, `${good}\n{"entry_id":"dec-0000000000dp","payload":${nested(20_000)}}\n`);
    expectRefused(brain(dir, ['import', 'jsonl', file, '--json']), 'invalid_entry', /line 2: the entry is nested deeper than the limit of 32 levels/, before, 'import jsonl');
  });

  it('a revision file nested 20 000 deep on the branch (plain git, another clone) is a problem, never a crash', () => {
    const repo = initRepo();
    expect(brain(repo, ['init']).code).toBe(0);
    const entry = makeEntry({ kind: 'decision', projectId: brain(repo, ['status', '--json']).json().project_id, title: 'deep' });
    const text = JSON.stringify({ ...entry, payload: { a: 1 } }).replace('{"a":1}', nested(20_000));
    handCommit(repo, { [`${dirOf(entry)}/r0001-${sha256Hex(text).slice(0, 8)}.json`]: text });
    for (const args of [['list'], ['status'], ['verify'], ['show', entry.entry_id]]) {
      const run = brain(repo, [...args, '--json']);
      expect(run.stderr, args.join(' ')).not.toMatch(/internal|call stack/);
      expect(run.code, args.join(' ')).toBeLessThan(2);
    }
    expect(brain(repo, ['verify']).stdout).toMatch(/nested deeper than the limit of 32 levels/);
  });
});

describe('a filter that can never match is an error, blank values included', () => {
  it('--tag "" no longer lists everything; every blank or whitespace filter is refused', () => {
    const before = tip();
    const filters: [string, RegExp][] = [
      ['--tag', /tag filter must not be blank/],
      ['--author', /author filter must not be blank/],
      ['--related-task', /related_task filter must not be blank/],
      ['--path', /path filter .* names no path/],
      ['--status', /unknown status/],
      ['--kind', /unknown entry kind/],
      ['--updated-since', /ISO 8601/],
    ];
    for (const [flag, message] of filters) {
      for (const value of ['', ' \t ']) expectRefused(brain(dir, ['list', flag, value, '--json']), 'invalid_argument', message, before, `list ${flag} ${JSON.stringify(value)}`);
    }
    expectRefused(brain(dir, ['search', 'sqlite', '--kind', '', '--json']), 'invalid_argument', /unknown entry kind/, before, 'search --kind ""');
    for (const args of [['--project', '', 'list'], ['--project', ' ', 'show', decision], ['--project', '', 'add', 'decision', '--title', 'x']]) {
      expectRefused(brain(dir, [...args, '--json']), 'invalid_argument', /--project must not be blank/, before, args.join(' '));
    }
    expect(brain(dir, ['list', '--tag', 'storage', '--json']).json()).toHaveLength(1);
  });
});

/** Runs the CLI with `raw` — a shell word with printf escapes, to carry bytes that are not UTF-8 — in place of `@RAW@` in `args`. */
function brainRaw(cwd: string, args: string[], raw: string): BrainRun {
  const words = args.map((a) => (a === '@RAW@' ? `"$(printf '${raw}')"` : `'${a}'`)).join(' ');
  const r = spawnSync('sh', ['-c', `exec "$0" "$1" ${words}`, process.execPath, BRAIN_BIN], { cwd, env: daemonEnv(), encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout), errorJson: () => JSON.parse(r.stderr.trim().split('\n').pop() ?? '{}') };
}

describe('text that is not UTF-8 is refused with its byte offset, never stored as U+FFFD', () => {
  it('in an argument (checked against the raw bytes of /proc/self/cmdline)', () => {
    const before = tip();
    const run = brainRaw(dir, ['add', 'decision', '--title', '@RAW@', '--json'], 'caf\\351 cr\\350me');
    expectRefused(run, 'invalid_argument', /argument 4 \(the value of --title\) is not valid UTF-8 at byte 3/, before, 'argv');
    expect(run.errorJson().error).toMatchObject({ data: { argument: 4, byte_offset: 3 } });
    expectRefused(brainRaw(dir, ['list', '--tag', '@RAW@', '--json'], '\\377'), 'invalid_argument', /not valid UTF-8 at byte 0/, before, 'a filter');
    // U+FFFD typed as such is valid UTF-8 and stays what it is.
    const real = brainRaw(dir, ['add', 'decision', '--title', '@RAW@', '--json'], 'real \\357\\277\\275 here');
    expect(real.code, real.stderr).toBe(0);
    expect(real.json().title).toBe('real \uFFFD here');
  });

  it('in a JSON-lines file or on stdin: the byte offset and line are named, nothing is written', () => {
    const before = tip();
    const good = brain(dir, ['show', decision, '--json']).stdout.replace(/\n\s*/g, '');
    const bytes = Buffer.concat([Buffer.from(`${good}\n{"entry_id":"dec-0000000000u8","title":"caf`), Buffer.from([0xe9]), Buffer.from('"}\n')]);
    const file = join(tempDir(), 'latin1.jsonl');
    writeFileSync(file, bytes);
    const offset = good.length + 1 + '{"entry_id":"dec-0000000000u8","title":"caf'.length;
    const message = new RegExp(`is not valid UTF-8 at byte ${offset} \\(line 2, byte ${offset - good.length - 1} of the line\\)`);
    expectRefused(brain(dir, ['import', 'jsonl', file, '--json']), 'invalid_entry', message, before, 'file');
    const piped = spawnSync(process.execPath, [BRAIN_BIN, 'import', 'jsonl', '-', '--json'], { cwd: dir, env: daemonEnv(), input: bytes, encoding: 'utf8' });
    expect(piped.status).toBe(2);
    expect(JSON.parse(piped.stderr).error.message).toMatch(new RegExp(`stdin ${message.source}`));
    expect(tip()).toBe(before);
  });

  it('in an ADR file (a binary file is still skipped, not refused)', () => {
    const before = tip();
    const adrs = tempDir();
    mkdirSync(join(adrs, 'adr'));
    writeFileSync(join(adrs, 'adr', '0001-use-postgres.md'), '# 1. Use PostgreSQL\n\nStatus: accepted\n\nIt works.\n');
    writeFileSync(join(adrs, 'adr', '0002-cache.md'), Buffer.concat([Buffer.from('# 2. Cache\n\nStatus: accepted\n\nCaf'), Buffer.from([0xe9]), Buffer.from(' au lait.\n')]));
    expectRefused(brain(dir, ['import', 'adr', join(adrs, 'adr'), '--json']), 'invalid_argument', /ADR file 0002-cache\.md is not valid UTF-8 at byte 33 \(line 5, byte 3 of the line\)/, before, 'adr');
    writeFileSync(join(adrs, 'adr', '0002-cache.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xe9]));
    const imported = brain(dir, ['import', 'adr', join(adrs, 'adr'), '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.json()).toMatchObject({ imported: 1, skipped: [{ source_path: '0002-cache.md', reason: 'not a text file' }] });
  });

  it('in an ADR file at a past commit (--history), named with the commit', () => {
    const repo = initRepo();
    expect(brain(repo, ['init']).code).toBe(0);
    const latin1 = commitFiles(repo, { 'docs/adr/0001-cache.md': Buffer.concat([Buffer.from('# 1. Cache\n\nStatus: accepted\n\nCaf'), Buffer.from([0xe9]), Buffer.from('.\n')]) }, 'latin-1 ADR');
    commitFiles(repo, { 'docs/adr/0001-cache.md': '# 1. Cache\n\nStatus: accepted\n\nCafé.\n' }, 'converted to UTF-8');
    const before = git(repo, ['rev-parse', 'brain']);
    const run = brain(repo, ['import', 'adr', 'docs/adr', '--history', '--json']);
    expect(run.code, run.stderr).toBe(2);
    expect(run.errorJson().error.message).toBe(`ADR file 0001-cache.md at commit ${latin1.slice(0, 12)} is not valid UTF-8 at byte 33 (line 5, byte 3 of the line)`);
    expect(git(repo, ['rev-parse', 'brain'])).toBe(before);
    expect(brain(repo, ['import', 'adr', 'docs/adr', '--json']).json()).toMatchObject({ imported: 1 });
  });
});
