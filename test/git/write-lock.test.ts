/**
 * Issue 17 "A lock names its writer exactly": a writer killed with SIGKILL leaves write.lock
 * behind, and its pid may be reused by an unrelated process. The lock records its holder's
 * start as the OS reports it; a lock whose pid now runs another process is stale — the next
 * write takes it over at once instead of waiting 30 s for `lock_timeout` — while a lock held by
 * the process that took it is never taken. Locks of older brains (no start recorded) are stale
 * when the pid's process started after the lock was taken. Real processes (`sleep`) stand in
 * for the dead writer and for the unrelated process that got its pid.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { checkHolder, MAX_WRITE_MS, type LockHolder } from '../../src/git/lock-holder.js';
import { processStart } from '../../src/git/process-start.js';
import { UNREADABLE_LOCK_MS, withWriteLock } from '../../src/git/write-lock.js';
import { runDoctor } from '../../src/service/doctor.js';
import { isBrainError } from '../../src/model/errors.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain, openTestBrain } from '../helpers/brain.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});
afterAll(cleanupTempDirs);

/** A running process unrelated to brain; killed after the test. */
async function unrelatedProcess(): Promise<number> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  return child.pid as number;
}

/** The start token of a writer that was then killed: what its lock recorded. */
async function killedWritersStart(): Promise<string> {
  const child = spawn('sleep', ['600'], { stdio: 'ignore' });
  await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  const token = processStart(child.pid as number)?.token;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
  expect(token).toBeTruthy();
  return token as string;
}

/**
 * A live process other than the killed writer whose start was `writerStart`. Two processes
 * started in the same clock tick share a start: the OS could not tell them apart either, and a
 * real reuse of a pid is never that quick, so such a sibling is replaced.
 */
async function unrelatedProcessAfter(writerStart: string): Promise<number> {
  let pid = await unrelatedProcess();
  while (processStart(pid)?.token === writerStart) {
    children.pop()?.kill('SIGKILL');
    pid = await unrelatedProcess();
  }
  return pid;
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function lockedRepo(holder: LockHolder): { dir: string; lock: string } {
  const dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  const lock = join(dir, '.git', 'brain', 'write.lock');
  writeFileSync(lock, JSON.stringify(holder));
  return { dir, lock };
}

describe('process start (what identifies a process beyond its pid)', () => {
  it('is stable for one process, differs between processes, and is gone with the process', async () => {
    const before = Date.now();
    const pid = await unrelatedProcess();
    const after = Date.now();
    const a = processStart(pid);
    expect(a?.token).toMatch(/^(linux|ps):/);
    expect(processStart(pid)?.token).toBe(a?.token);
    expect(processStart(process.pid)?.token).not.toBe(a?.token);
    // Its start, by the wall clock, is when we spawned it (to the second: ps; a clock tick and btime's rounding: /proc).
    expect(a?.startedMs()).toBeGreaterThanOrEqual(before - 2_000);
    expect(a?.startedMs()).toBeLessThanOrEqual(after + 2_000);
    const child = children.pop() as ChildProcess;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    expect(processStart(pid)).toBeNull();
  });
});

describe('who holds the lock', () => {
  it('a live pid recorded with another start is a reused pid: stale', async () => {
    const writerStart = await killedWritersStart();
    const pid = await unrelatedProcessAfter(writerStart);
    const check = checkHolder({ pid, hostname: hostname(), acquired_at: new Date().toISOString(), process_start: writerStart });
    expect(check).toMatchObject({ state: 'reused', stale: true });
    expect(check.reason).toContain(`pid ${pid} is now another process`);
  });

  it('the process that took it, with its own start: running, never stale — not even past any write (it hangs)', async () => {
    const pid = await unrelatedProcess();
    const own = { pid, hostname: hostname(), process_start: processStart(pid)?.token };
    expect(checkHolder({ ...own, acquired_at: new Date().toISOString() })).toMatchObject({ state: 'running', stale: false });
    const hung = checkHolder({ ...own, acquired_at: hoursAgo(22) });
    expect(hung).toMatchObject({ state: 'running', stale: false });
    expect(hung.age_ms).toBeGreaterThan(MAX_WRITE_MS);
  });

  it('an old lock (no start recorded): reused when the pid started after it was taken; else unconfirmed until older than any write', async () => {
    const pid = await unrelatedProcess();
    expect(checkHolder({ pid, hostname: hostname(), acquired_at: hoursAgo(22) })).toMatchObject({ state: 'reused', stale: true });
    const now = new Date().toISOString();
    expect(checkHolder({ pid, hostname: hostname(), acquired_at: now })).toMatchObject({ state: 'unconfirmed', stale: false });
    expect(checkHolder({ pid, hostname: hostname(), acquired_at: now }, Date.now() + MAX_WRITE_MS + 60_000)).toMatchObject({ state: 'unconfirmed', stale: true });
  });

  it('another host: unconfirmed, stale only past any write; a dead pid: stale', () => {
    const elsewhere = { pid: process.pid, hostname: `not-${hostname()}`, process_start: 'linux:x:1' };
    expect(checkHolder({ ...elsewhere, acquired_at: new Date().toISOString() })).toMatchObject({ state: 'unconfirmed', stale: false });
    expect(checkHolder({ ...elsewhere, acquired_at: hoursAgo(2) })).toMatchObject({ state: 'unconfirmed', stale: true });
    expect(checkHolder({ pid: 4194303, hostname: hostname(), acquired_at: new Date().toISOString() })).toMatchObject({ state: 'dead', stale: true });
  });
});

describe('the writer and a lock whose pid was reused', () => {
  it('takes over a lock naming a live unrelated process at once (no lock_timeout), and records its own start', async () => {
    const writerStart = await killedWritersStart();
    const pid = await unrelatedProcessAfter(writerStart);
    const { dir, lock } = lockedRepo({ pid, hostname: hostname(), acquired_at: hoursAgo(22), process_start: writerStart });
    let recorded: { pid?: number; process_start?: string } = {};
    await withWriteLock({ brainDir: join(dir, '.git', 'brain'), commonDir: join(dir, '.git'), timeoutMs: 2_000 }, async () => {
      recorded = JSON.parse(readFileSync(lock, 'utf8'));
    });
    expect(recorded).toMatchObject({ pid: process.pid, process_start: processStart(process.pid)?.token });
    expect(existsSync(lock)).toBe(false);
    // The CLI (30 s lock timeout): the write succeeds, it does not fail with lock_timeout.
    writeFileSync(lock, JSON.stringify({ pid, hostname: hostname(), acquired_at: hoursAgo(22), process_start: writerStart }));
    const added = brain(dir, ['add', 'decision', '--title', 'after the pid was reused', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);
    git(dir, ['fsck', '--strict', '--no-dangling']);
  });

  it('takes over an old lock (written before starts were recorded) naming a process started after it', async () => {
    const pid = await unrelatedProcess();
    const { dir, lock } = lockedRepo({ pid, hostname: hostname(), acquired_at: hoursAgo(22) });
    const added = brain(dir, ['add', 'decision', '--title', 'after an old lock', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect(existsSync(lock)).toBe(false);
  });

  it('waits for, and never takes, a lock held by the process that took it', async () => {
    const pid = await unrelatedProcess();
    const holder = { pid, hostname: hostname(), acquired_at: hoursAgo(22), process_start: processStart(pid)?.token };
    const { dir, lock } = lockedRepo(holder);
    const err = await withWriteLock({ brainDir: join(dir, '.git', 'brain'), commonDir: join(dir, '.git'), timeoutMs: 300 }, async () => 'taken').catch((e: unknown) => e);
    expect(isBrainError(err, 'lock_timeout')).toBe(true);
    expect((err as { hint: string }).hint).toContain('longer than any write takes: run brain doctor');
    expect(JSON.parse(readFileSync(lock, 'utf8'))).toEqual(holder);
  });
});

describe('a write.lock holding no lock record (docs/decisions/0060)', () => {
  // Brain creates its lock complete in one step; such a file is a hand edit, another tool's, or
  // one cut short when the machine went down. It blocked every write for ever ("another brain
  // writer holds …; retry in a moment") while doctor called the lock free.
  const aged = (path: string, seconds: number) => utimesSync(path, new Date(Date.now() - seconds * 1000), new Date(Date.now() - seconds * 1000));

  it('is taken over once older than UNREADABLE_LOCK_MS, left alone before; doctor names it and --fix takes it over', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init']).code).toBe(0);
    const lock = join(dir, '.git', 'brain', 'write.lock');
    const options = { brainDir: join(dir, '.git', 'brain'), commonDir: join(dir, '.git'), timeoutMs: 300 };
    for (const content of ['{"pid":1,"hostn', '', '{}']) {
      writeFileSync(lock, content);
      const young = await withWriteLock(options, async () => 'taken').catch((e: unknown) => e);
      expect(isBrainError(young, 'lock_timeout')).toBe(true);
      aged(lock, UNREADABLE_LOCK_MS / 1000 + 1);
      expect(await withWriteLock(options, async () => JSON.parse(readFileSync(lock, 'utf8')).pid)).toBe(process.pid);
      expect(existsSync(lock)).toBe(false);
    }
    writeFileSync(lock, '{"pid":1,"hostn');
    aged(lock, 60);
    const b = await openTestBrain(dir);
    try {
      const found = (await runDoctor(b)).findings.find((f) => f.check === 'writer_lock');
      expect(found).toMatchObject({ ok: false, fix: 'brain doctor --fix (or any write) takes it over' });
      expect(found?.message).toContain('has held no lock record for 1 min');
      const fixed = await runDoctor(b, { fix: true });
      expect(fixed.findings.find((f) => f.check === 'writer_lock')?.fixed).toBeDefined();
      expect(existsSync(lock)).toBe(false);
    } finally {
      await b.close();
    }
  });
});
