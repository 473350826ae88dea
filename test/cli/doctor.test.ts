/**
 * `brain doctor [--fix]` (issue #7): explains each problem with its fix; `--fix` performs the
 * safe repairs (stale locks, temp files of killed writers, an unusable cache) and says so;
 * branch problems are explained, never "fixed" by rewriting history.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, revisionPath } from '../helpers/plain-git.js';
import type { Entry } from '../../src/model/entry.js';
import { processStart } from '../../src/git/process-start.js';

afterAll(cleanupTempDirs);

const DEAD_PID = 4194303; // above Linux's default pid_max: never a running process

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A running `sleep`, unrelated to brain (killed after the test), and its start as the OS reports it. */
async function sleeper(): Promise<{ pid: number; start: string }> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  return { pid: child.pid as number, start: processStart(child.pid as number)?.token as string };
}
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function setup(): string {
  const dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  brain(dir, ['add', 'decision', '--title', 'kept']);
  return dir;
}

type Finding = { check: string; ok: boolean; message: string; fix?: string; fixed?: string };
const findings = (run: { json(): { findings: Finding[] } }) => Object.fromEntries(run.json().findings.map((f) => [f.check, f]));
/** The one finding of `check` in a run (throws when the run has none, failing the test). */
const finding = (run: { json(): { findings: Finding[] } }, check: string): Finding => {
  const found = findings(run)[check];
  if (found === undefined) throw new Error(`no ${check} finding`);
  return found;
};

describe('brain doctor', () => {
  it('a healthy brain: every check ok, exit 0', () => {
    const dir = setup();
    const run = brain(dir, ['doctor', '--json']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.json().findings.every((f: Finding) => f.ok)).toBe(true);
    expect(brain(dir, ['doctor']).stdout).toContain('nothing left to fix');
    expect(finding(run, 'daemon')).toMatchObject({ ok: true, message: 'none runs: reads answer directly (`brain ui` starts one)' });
    expect(finding(run, 'identity').message).toBe('writes as test-agent <test@brain.invalid>, committed by Brain Test <test@brain.invalid>');
  });

  it('a daemon.json left by a daemon that has exited is harmless: ok, named', () => {
    const dir = setup();
    writeFileSync(join(dir, '.git', 'brain', 'daemon.json'), JSON.stringify({ format: 1, pid: DEAD_PID, port: 7420, url: 'http://127.0.0.1:7420', started_at: hoursAgo(30), branch: 'brain', project_id: null, projected: null }));
    const run = brain(dir, ['doctor', '--json']);
    expect(run.code, run.stdout).toBe(0);
    expect(finding(run, 'daemon')).toMatchObject({ ok: true, message: `none runs (daemon.json names pid ${DEAD_PID}, which has exited: harmless, the next daemon replaces it)` });
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

  it('names the brain commits a killed import left unreachable and how git reclaims them, deleting nothing (decision 0063)', () => {
    const dir = setup();
    expect(finding(brain(dir, ['doctor', '--json']), 'unreachable')).toMatchObject({ ok: true, message: 'none left by interrupted brain writes' });
    const adrs = join(dir, 'adrs');
    mkdirSync(adrs);
    for (let i = 1; i <= 3; i++) writeFileSync(join(adrs, `000${i}-choice-${i}.md`), `# ${i}. Choice ${i}\n\n## Status\n\nAccepted\n\n## Context\n\nWhy ${i}.\n`);
    const before = git(dir, ['rev-parse', 'brain']);
    expect(brain(dir, ['import', 'adr', adrs]).code).toBe(0);
    const orphan = git(dir, ['rev-parse', 'brain']);
    // What a SIGKILL between publishing the objects and moving the ref leaves: the import's
    // objects on disk, the branch (and every reflog) where it was.
    git(dir, ['update-ref', 'refs/heads/brain', before, orphan]);
    git(dir, ['reflog', 'expire', '--expire=now', '--expire-unreachable=now', '--all']);
    const run = brain(dir, ['doctor', '--fix', '--json']);
    expect(run.code, run.stdout).toBe(0); // harmless: nothing to fix
    const found = finding(run, 'unreachable');
    expect(found.ok).toBe(true);
    expect(found.message).toContain(`1 brain commit(s) no branch or reflog reaches (${orphan.slice(0, 12)})`);
    expect(found.message).toContain('git gc --prune=now');
    expect(git(dir, ['cat-file', '-t', orphan])).toBe('commit'); // never deleted by doctor
    expect(brain(dir, ['doctor']).stdout).toMatch(/ok\s+unreachable\s+1 brain commit/);
    git(dir, ['gc', '-q', '--prune=now']);
    expect(finding(brain(dir, ['doctor', '--json']), 'unreachable').message).toBe('none left by interrupted brain writes');
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
    expect(finding(fixed, 'cache').fixed).toBeTruthy();
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

  it('a 22-hour-old lock naming a pid now reused by an unrelated process is stale: explained, taken over by --fix, and writes work', async () => {
    const writer = await sleeper(); // the writer that took the lock, then was killed
    children.pop()?.kill('SIGKILL');
    let reused = await sleeper();
    // Two processes started in the same clock tick share a start time: the OS could not tell them apart either.
    while (reused.start === writer.start) (children.pop()?.kill('SIGKILL'), (reused = await sleeper()));
    expect(writer.start).toMatch(/\S/);
    const dir = setup();
    const lock = join(dir, '.git', 'brain', 'write.lock');
    writeFileSync(lock, JSON.stringify({ pid: reused.pid, hostname: hostname(), acquired_at: hoursAgo(22), process_start: writer.start }));

    const check = brain(dir, ['doctor', '--json']);
    expect(check.code).toBe(1);
    expect(findings(check).writer_lock).toMatchObject({ ok: false, message: expect.stringContaining(`pid ${reused.pid} is now another process`), fix: expect.stringContaining('brain doctor --fix') });
    expect(finding(check, 'writer_lock').message).toContain('held for 22 h');
    const fixed = brain(dir, ['doctor', '--fix', '--json']);
    expect(fixed.code, fixed.stdout + fixed.stderr).toBe(0);
    expect(finding(fixed, 'writer_lock').fixed).toBe('took the lock over and cleaned up after the dead writer');
    expect(existsSync(lock)).toBe(false);
    expect(brain(dir, ['add', 'decision', '--title', 'after doctor']).code).toBe(0);
  });

  it('an old-format lock (no start recorded) naming a process started after it: stale, and --fix takes it over', async () => {
    const reused = await sleeper();
    const dir = setup();
    const lock = join(dir, '.git', 'brain', 'write.lock');
    writeFileSync(lock, JSON.stringify({ pid: reused.pid, hostname: hostname(), acquired_at: hoursAgo(22) }));
    expect(findings(brain(dir, ['doctor', '--json'])).writer_lock).toMatchObject({ ok: false, message: expect.stringContaining('after the lock was taken') });
    expect(brain(dir, ['doctor', '--fix']).code).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('a lock held past any write by the process that took it: reported with the command that clears it, never taken', async () => {
    const holder = await sleeper();
    const dir = setup();
    const lock = join(dir, '.git', 'brain', 'write.lock');
    const text = JSON.stringify({ pid: holder.pid, hostname: hostname(), acquired_at: hoursAgo(22), process_start: holder.start });
    writeFileSync(lock, text);
    const fixed = brain(dir, ['doctor', '--fix', '--json']);
    expect(fixed.code).toBe(1);
    expect(findings(fixed).writer_lock).toMatchObject({ ok: false, message: expect.stringContaining('the writer hangs'), fix: expect.stringContaining(`kill ${holder.pid}`) });
    expect(finding(fixed, 'writer_lock').fixed).toBeUndefined();
    expect(readFileSync(lock, 'utf8')).toBe(text);
    // A young lock of a running holder is a write in progress.
    writeFileSync(lock, JSON.stringify({ pid: holder.pid, hostname: hostname(), acquired_at: new Date().toISOString(), process_start: holder.start }));
    expect(findings(brain(dir, ['doctor', '--json'])).writer_lock).toMatchObject({ ok: true, message: expect.stringContaining('a write in progress') });
  });
});
