/**
 * `brain doctor [--fix]` (issue #7): explains each problem with its fix; `--fix` performs the
 * safe repairs (stale locks, temp files of killed writers, an unusable cache) and says so;
 * branch problems are explained, never "fixed" by rewriting history.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, revisionPath } from '../helpers/plain-git.js';
import type { Entry } from '../../src/model/entry.js';

afterAll(cleanupTempDirs);

const DEAD_PID = 4194303; // above Linux's default pid_max: never a running process

function setup(): string {
  const dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  brain(dir, ['add', 'decision', '--title', 'kept']);
  return dir;
}

type Finding = { check: string; ok: boolean; message: string; fix?: string; fixed?: string };
const findings = (run: { json(): { findings: Finding[] } }) => Object.fromEntries(run.json().findings.map((f) => [f.check, f]));

describe('brain doctor', () => {
  it('a healthy brain: every check ok, exit 0', () => {
    const dir = setup();
    const run = brain(dir, ['doctor', '--json']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.json().findings.every((f: Finding) => f.ok)).toBe(true);
    expect(brain(dir, ['doctor']).stdout).toContain('nothing left to fix');
  });

  it('finds a dead writer lock, an old ref lock and temp files; --fix repairs them and the next write works', () => {
    const dir = setup();
    const brainDir = join(dir, '.git', 'brain');
    writeFileSync(join(brainDir, 'write.lock'), JSON.stringify({ pid: DEAD_PID, hostname: hostname(), acquired_at: new Date().toISOString() }));
    const refLock = join(dir, '.git', 'refs', 'heads', 'brain.lock');
    writeFileSync(refLock, '');
    const old = new Date(Date.now() - 120_000);
    utimesSync(refLock, old, old);
    mkdirSync(join(dir, '.git', 'objects', 'ab'), { recursive: true });
    writeFileSync(join(dir, '.git', 'objects', 'ab', `.cdef.tmp-${DEAD_PID}-00ff00ff`), 'torn');

    const check = brain(dir, ['doctor', '--json']);
    expect(check.code).toBe(1);
    const found = findings(check);
    for (const name of ['writer_lock', 'ref_lock', 'temp_files']) {
      expect(found[name], name).toMatchObject({ ok: false, fix: expect.stringContaining('--fix') });
    }
    const human = brain(dir, ['doctor']).stdout;
    expect(human).toMatch(/FIX\s+ref_lock/);

    const fixed = brain(dir, ['doctor', '--fix', '--json']);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(findings(fixed).ref_lock).toMatchObject({ fixed: 'removed the ref lock' });
    expect(existsSync(refLock)).toBe(false);
    expect(existsSync(join(brainDir, 'write.lock'))).toBe(false);
    expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');
    expect(brain(dir, ['add', 'decision', '--title', 'after doctor']).code).toBe(0);
    expect(brain(dir, ['doctor']).code).toBe(0);
  });

  it('a young ref lock is left alone (a git operation may be running)', () => {
    const dir = setup();
    const refLock = join(dir, '.git', 'refs', 'heads', 'brain.lock');
    writeFileSync(refLock, '');
    const run = brain(dir, ['doctor', '--fix', '--json']);
    expect(findings(run).ref_lock).toMatchObject({ ok: true });
    expect(existsSync(refLock)).toBe(true);
  });

  it('a directory where the cache goes: explained, and --fix rebuilds the cache', () => {
    const dir = setup();
    const cache = join(dir, '.git', 'brain', 'cache.sqlite');
    rmSync(cache, { force: true });
    mkdirSync(cache);
    expect(findings(brain(dir, ['doctor', '--json'])).cache).toMatchObject({ ok: false });
    const fixed = brain(dir, ['doctor', '--fix', '--json']);
    expect(findings(fixed).cache.fixed).toBeTruthy();
    expect(brain(dir, ['list', '--json']).json()).toHaveLength(1);
  });

  it('branch problems are explained with the append-only command that fixes them', () => {
    const dir = setup();
    const e = brain(dir, ['add', 'decision', '--title', 'two revisions', '--json']).json() as Entry;
    const r2 = brain(dir, ['revise', e.entry_id, '--title', 'second', '--json']).json() as Entry;
    handCommit(dir, { [revisionPath(r2)]: null });
    const run = brain(dir, ['doctor', '--fix', '--json']);
    expect(run.code).toBe(1);
    const found = findings(run);
    expect(found.invalid_current).toMatchObject({ ok: false, fix: expect.stringContaining('brain revise') });
    expect(found.ledger_missing_file).toMatchObject({ ok: false, fix: expect.stringContaining('git history') });
  });
});
