/**
 * How many git processes a write starts (docs/decisions/0109): the projection's object reader
 * and the commit writer's tree reads share one `git cat-file --batch` child per git dir, and the
 * projection's refresh reads the projected commit without asking `--batch-check` first. A `git`
 * on PATH ahead of the real one logs every call of the real CLI, then runs the real git.
 * The objects are packed first, so every read that is not of a loose object goes to cat-file.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

let dir: string;
let log: string;
let path: string;

beforeAll(() => {
  const shimDir = tempDir('brain-git-shim-');
  log = join(shimDir, 'calls.log');
  const realGit = git(shimDir, ['--exec-path']).replace(/\/?$/, '/git');
  mkdirSync(join(shimDir, 'bin'));
  const shim = join(shimDir, 'bin', 'git');
  writeFileSync(shim, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${realGit}' "$@"\n`);
  chmodSync(shim, 0o755);
  path = `${join(shimDir, 'bin')}:${process.env.PATH ?? ''}`;
  dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  expect(brain(dir, ['add', 'decision', '--title', 'Use SQLite for the cache']).code).toBe(0);
  git(dir, ['repack', '-a', '-d', '-q']);
  git(dir, ['prune-packed']);
});

/** The git calls `brain <args>` made, one line of arguments each. */
function gitCalls(args: string[]): string[] {
  writeFileSync(log, '');
  const run = brain(dir, ['--no-daemon', ...args], { env: { PATH: path } });
  expect(run.code, run.stderr).toBe(0);
  return readFileSync(log, 'utf8').split('\n').filter(Boolean);
}

describe('git processes of a write on a packed repository', () => {
  it('add: one cat-file --batch child for the projection and the commit writer, no --batch-check', () => {
    const calls = gitCalls(['add', 'risk', '--title', 'The cache outgrows the disk']);
    expect(calls.filter((c) => / cat-file --batch$/.test(c))).toHaveLength(1);
    expect(calls.filter((c) => /cat-file --batch-check/.test(c))).toEqual([]);
  });

  it('revise: the same', () => {
    const id = (brain(dir, ['list', '--json']).json() as { entry_id: string }[])[0]!.entry_id;
    const calls = gitCalls(['revise', id, '--rationale', 'local, fast, disposable']);
    expect(calls.filter((c) => / cat-file --batch$/.test(c))).toHaveLength(1);
    expect(calls.filter((c) => /cat-file --batch-check/.test(c))).toEqual([]);
  });
});
