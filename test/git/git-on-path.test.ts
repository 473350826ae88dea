/**
 * `isGitAvailable` (src/git/object-reader.ts) looks `git` up on PATH as a shell does, without
 * spawning a process: each case runs in a child process of its own (the answer is kept per
 * process) with PATH set to the directories built here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const MODULE = new URL('../../dist/git/object-reader.js', import.meta.url).href;
const REAL_GIT = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();

/** What isGitAvailable answers in a process whose PATH is `path`. */
function available(path: string, cwd?: string): boolean {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', `const m = await import(${JSON.stringify(MODULE)}); process.stdout.write(String(await m.isGitAvailable()));`], {
    env: { PATH: path },
    ...(cwd ? { cwd } : {}),
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout === 'true';
}

describe('git on PATH', () => {
  it('finds git through a symlink, in a later PATH directory, and not where there is none', () => {
    const empty = tempDir('brain-path-');
    const bin = tempDir('brain-path-');
    symlinkSync(REAL_GIT, join(bin, 'git'));
    expect(available(bin)).toBe(true);
    expect(available(`${empty}:${bin}`)).toBe(true);
    expect(available(empty)).toBe(false);
    expect(available('')).toBe(false);
  });

  it('an empty PATH element is the current directory, as for a spawn', () => {
    const empty = tempDir('brain-path-');
    const here = tempDir('brain-path-');
    symlinkSync(REAL_GIT, join(here, 'git'));
    expect(available(`${empty}:`, here)).toBe(true);
    expect(available(`:${empty}`, here)).toBe(true);
    expect(available(`${empty}:`, empty)).toBe(false);
  });

  it('a git that is not an executable file does not count: no execute bit, a directory', () => {
    const notExec = tempDir('brain-path-');
    writeFileSync(join(notExec, 'git'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(notExec, 'git'), 0o644);
    const dir = tempDir('brain-path-');
    mkdirSync(join(dir, 'git'));
    expect(available(notExec)).toBe(false);
    expect(available(dir)).toBe(false);
    expect(available(`${notExec}:${dir}`)).toBe(false);
  });
});
