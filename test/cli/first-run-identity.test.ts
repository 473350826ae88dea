/**
 * Issue 17: every other test sets BRAIN_AUTHOR and GIT_AUTHOR_*; this one is a machine with no
 * git identity at all, as a new user has — an empty HOME, no system or global git config
 * (GIT_CONFIG_NOSYSTEM=1, GIT_CONFIG_GLOBAL an empty file), no BRAIN_AUTHOR, no GIT_* or EMAIL
 * variable. Reads work (a clone's first `brain context` creates the local branch with the
 * neutral reflog identity `brain <brain@localhost>`); every write refuses with
 * `invalid_argument` "no author", a hint, exit 2, and leaves .git byte for byte as it was; a
 * name with no email anywhere commits as `<name> <brain@localhost>` (src/git/identity.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';
import { brain, BRAIN_BIN, type BrainRun } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

const ADR_DIR = fileURLToPath(new URL('../../fixtures/adr/adr__madr', import.meta.url));

/** The environment of a machine where no git identity was ever configured. */
function newUserEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(GIT_|BRAIN_)/.test(name) && name !== 'EMAIL') env[name] = value;
  const home = tempDir('brain-new-user-');
  writeFileSync(join(home, 'empty.gitconfig'), '');
  return { ...env, HOME: home, XDG_CONFIG_HOME: join(home, '.config'), GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: join(home, 'empty.gitconfig'), GIT_TERMINAL_PROMPT: '0' };
}

let env: NodeJS.ProcessEnv;

function asNewUser(cwd: string, args: string[], input?: string): BrainRun {
  const r = spawnSync(process.execPath, [BRAIN_BIN, ...args], { cwd, env, input, encoding: 'utf8' });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, json: () => JSON.parse(r.stdout), errorJson: () => JSON.parse(r.stderr.trim().split('\n').pop() ?? '{}') };
}

const newUserGit = (cwd: string, args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();

/** Every file under `.git` but the disposable cache, with a hash of its bytes. */
function snapshotGitDir(dir: string): Record<string, string> {
  const root = join(dir, '.git');
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else if (!/^brain\/cache[^/]*\.sqlite/.test(relative(root, path))) out[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(root);
  return out;
}

let origin: string;
let clone: string;
let decision: string;
let question: string;

beforeAll(() => {
  env = newUserEnv();
  origin = initRepo();
  expect(brain(origin, ['init']).code).toBe(0);
  decision = brain(origin, ['add', 'decision', '--title', 'Use SQLite for the cache', '--json']).json().entry_id;
  question = brain(origin, ['add', 'open_question', '--title', 'Which port?', '--json']).json().entry_id;
  clone = join(tempDir(), 'clone');
  newUserGit(origin, ['clone', '-q', '--no-local', origin, clone]);
  expect(() => newUserGit(clone, ['config', 'user.name'])).toThrow(); // truly no identity
});

describe('a new user with no git identity', () => {
  it('reads: a clone’s first brain context, list, show, search, history, status, verify, and a fast-forward sync', () => {
    const context = asNewUser(clone, ['context']);
    expect(context.code, context.stderr).toBe(0);
    expect(context.stdout).toContain('Use SQLite for the cache');
    // The local branch was created from origin's, recorded with the neutral identity.
    expect(newUserGit(clone, ['reflog', 'show', '--format=%gn <%ge>', 'refs/heads/brain'])).toBe('brain <brain@localhost>');
    expect(asNewUser(clone, ['list', '--json']).json().map((e: { entry_id: string }) => e.entry_id).sort()).toEqual([decision, question].sort());
    expect(asNewUser(clone, ['show', decision, '--json']).json()).toMatchObject({ entry_id: decision, author: 'test-agent' });
    expect(asNewUser(clone, ['search', 'sqlite', '--json']).json()[0].entry).toMatchObject({ entry_id: decision });
    expect(asNewUser(clone, ['history', question, '--json']).json()).toHaveLength(1);
    expect(asNewUser(clone, ['status']).code).toBe(0);
    expect(asNewUser(clone, ['verify']).code).toBe(0);
    const doctor = asNewUser(clone, ['doctor', '--json']);
    expect(doctor.json().findings.find((f: { check: string }) => f.check === 'identity')).toMatchObject({ ok: false, fix: expect.stringContaining('git config user.name') });

    const later = brain(origin, ['add', 'risk', '--title', 'Cache grows', '--json']).json().entry_id;
    const sync = asNewUser(clone, ['sync', '--json']);
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.json()).toMatchObject({ action: 'fast_forward' });
    expect(asNewUser(clone, ['show', later, '--json']).code).toBe(0);
    expect(newUserGit(clone, ['reflog', 'show', '-1', '--format=%gn <%ge>', 'refs/heads/brain'])).toBe('brain sync <brain@localhost>');
    git(clone, ['fsck', '--strict', '--no-dangling']);
  });

  it('writes: every write refuses with invalid_argument and a hint, exit 2, and .git is left as it was', () => {
    expect(asNewUser(clone, ['list']).code).toBe(0); // the local branch and cache exist
    const jsonl = `${JSON.stringify({ ...asNewUser(clone, ['show', decision, '--json']).json(), title: 'changed by import' })}\n`;
    const writes: [string, string[], string?][] = [
      ['add', ['add', 'decision', '--title', 'Mine']],
      ['revise', ['revise', decision, '--title', 'Changed']],
      ['resolve', ['resolve', question, '--answer', '7420']],
      ['supersede', ['supersede', decision, '--by', question]],
      ['import jsonl', ['import', 'jsonl', '-'], jsonl],
      ['import adr', ['import', 'adr', ADR_DIR]],
    ];
    const before = snapshotGitDir(clone);
    for (const [what, args, input] of writes) {
      const r = asNewUser(clone, [...args, '--json'], input);
      expect(r.code, `${what}: ${r.stdout}${r.stderr}`).toBe(2);
      expect(r.errorJson().error, what).toMatchObject({ code: 'invalid_argument', message: expect.stringContaining('no author'), hint: expect.stringContaining('git config user.name') });
    }
    expect(asNewUser(clone, ['add', 'decision', '--title', 'Mine']).stderr).toMatch(/^brain: invalid_argument: no author: .*\nhint: git config user\.name/);
    expect(snapshotGitDir(clone)).toEqual(before);

    const fresh = initRepo();
    const freshBefore = snapshotGitDir(fresh);
    const init = asNewUser(fresh, ['init', '--json']);
    expect(init.code).toBe(2);
    expect(init.errorJson().error.code).toBe('invalid_argument');
    expect(snapshotGitDir(fresh)).toEqual(freshBefore);
  });

  it('a name with no email anywhere commits as <name> <brain@localhost>; a given email is used', () => {
    const added = asNewUser(clone, ['--author', 'Alice', 'add', 'decision', '--title', 'First own write', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json().author).toBe('Alice');
    expect(newUserGit(clone, ['log', '-1', '--format=%an <%ae>|%cn <%ce>', 'brain'])).toBe('Alice <brain@localhost>|Alice <brain@localhost>');
    const withEmail = asNewUser(clone, ['--author', 'Bo <bo@example.org>', 'add', 'risk', '--title', 'Second', '--json']);
    expect(withEmail.json().author).toBe('Bo');
    expect(newUserGit(clone, ['log', '-1', '--format=%an <%ae>', 'brain'])).toBe('Bo <bo@example.org>');
    git(clone, ['fsck', '--strict', '--no-dangling']);
  });
});
