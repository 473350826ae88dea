/**
 * The brain writer lock, `.git/brain/write.lock` (issue #2: "writers take a lock in
 * .git/brain/"). Serializes brain writers of one clone so revision numbers are assigned
 * without races; the ref itself is still updated with compare-and-swap (refs.ts), so writers
 * that bypass this lock (plain git) can never be overwritten.
 *
 * The lock file holds `{pid, hostname, acquired_at}`. A lock whose process is dead (same
 * host) is stale and broken — under a second exclusive file, `write.lock.break`, and after
 * re-reading the lock, so two breakers can never remove a live holder's lock.
 */
import * as fs from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BrainError } from '../model/errors.js';
import { isProcessAlive } from './process-alive.js';

interface LockInfo {
  pid: number;
  hostname: string;
  acquired_at: string;
}

function readLock(path: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(path, 'utf8')) as LockInfo;
  } catch {
    return null; // missing, or being written right now
  }
}

function isStale(info: LockInfo | null): boolean {
  return info !== null && info.hostname === hostname() && !isProcessAlive(info.pid);
}

function tryBreakStale(lockPath: string): boolean {
  const breaker = `${lockPath}.break`;
  try {
    const age = Date.now() - fs.statSync(breaker).mtimeMs;
    if (age > 5_000) fs.rmSync(breaker, { force: true }); // a breaker that died mid-break
  } catch {
    /* no breaker */
  }
  let fd: number;
  try {
    fd = fs.openSync(breaker, 'wx');
  } catch {
    return false;
  }
  try {
    // Re-read under the breaker: only remove the lock we judged stale.
    if (!isStale(readLock(lockPath))) return false;
    fs.rmSync(lockPath, { force: true });
    return true;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(breaker, { force: true });
  }
}

/** Options of {@link withWriteLock}. */
export interface WriteLockOptions {
  /** `.git/brain` */
  brainDir: string;
  /** Give up after this many ms (default 30 000). */
  timeoutMs?: number;
}

/**
 * Runs `fn` while holding the writer lock; releases it however `fn` ends.
 * Errors: `lock_timeout` when a live holder keeps it past `timeoutMs`.
 */
export async function withWriteLock<T>(options: WriteLockOptions, fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(options.brainDir, { recursive: true });
  const lockPath = join(options.brainDir, 'write.lock');
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const info: LockInfo = { pid: process.pid, hostname: hostname(), acquired_at: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o644);
      fs.writeSync(fd, JSON.stringify(info));
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (isStale(readLock(lockPath)) && tryBreakStale(lockPath)) continue;
    if (Date.now() >= deadline) {
      const holder = readLock(lockPath);
      throw new BrainError('lock_timeout', `another brain writer holds ${lockPath}`, {
        hint: holder ? `held by pid ${holder.pid} on ${holder.hostname} since ${holder.acquired_at}` : 'retry in a moment',
        data: { lock: lockPath, holder },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, 2 + attempt * 3) * (0.5 + Math.random())));
  }
  try {
    return await fn();
  } finally {
    const current = readLock(lockPath);
    if (current?.pid === process.pid && current.acquired_at === info.acquired_at) fs.rmSync(lockPath, { force: true });
  }
}
