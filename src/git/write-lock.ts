/**
 * The brain writer lock, `.git/brain/write.lock` (issue #2: "writers take a lock in
 * .git/brain/"). Serializes brain writers of one clone so revision numbers are assigned
 * without races; the ref itself is still updated with compare-and-swap (refs.ts), so writers
 * that bypass this lock (plain git) can never be overwritten.
 *
 * The lock file holds `{pid, hostname, acquired_at, process_start, ref_lock?}` and is created
 * complete in one step (written to a temp file, then hard-linked into place, which fails if the
 * lock exists), so it is never seen empty. Before the holder takes the branch's ref lock it
 * records that in `ref_lock` (with the oid it will write into it): this is the proof that
 * lets the next writer remove a ref lock a killed holder left behind (issue #7 "Recovery
 * without a person").
 *
 * A lock whose holder is gone — its pid dead, or now another process (`process_start`, the
 * holder's start as the OS reports it, differs), or unconfirmable and older than any write
 * (lock-holder.ts, issue 17) — is stale and taken over, and so is a lock file holding no lock
 * record for longer than {@link UNREADABLE_LOCK_MS}, under a second exclusive file,
 * `write.lock.break`, after re-reading the lock, so two takers can never displace a live
 * holder. The taker keeps the dead holder's record in `inherited` until what it left (its ref
 * lock, its temp objects) is cleaned up (stale-writer.ts), so a taker killed mid-clean-up
 * passes the job on.
 */
import * as fs from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { BrainError } from '../model/errors.js';
import { checkHolder, MAX_WRITE_MS, type LockHolder } from './lock-holder.js';
import { ownProcessStart } from './process-start.js';
import { findDeadTempFiles, recoverFromDeadWriters, type RefLockIntent } from './stale-writer.js';

/** What `write.lock` holds: its holder (pid, host, start, when it took the lock), and more. */
export interface LockInfo extends LockHolder {
  /** Set while the holder takes or holds the branch's ref lock. */
  ref_lock?: RefLockIntent;
  /** Dead holders this one took the lock over from and has not cleaned up after yet. */
  inherited?: DeadWriter[];
}

/** What a dead holder may have left: its pid (temp files) and its ref lock record. */
export interface DeadWriter {
  pid: number;
  ref_lock?: RefLockIntent;
}

/** `.git/brain/write.lock` */
export function writeLockPath(brainDir: string): string {
  return join(brainDir, 'write.lock');
}

/** The lock's content, or null when it is missing or holds no lock record (not JSON, no numeric pid). */
export function readLock(path: string): LockInfo | null {
  try {
    const value = JSON.parse(fs.readFileSync(path, 'utf8')) as unknown;
    return value !== null && typeof value === 'object' && typeof (value as LockInfo).pid === 'number' ? (value as LockInfo) : null;
  } catch {
    return null;
  }
}

/**
 * How old a `write.lock` that holds no lock record may get before it is taken over, ms. Brain
 * creates its lock complete in one step, so such a file never belongs to a running brain writer:
 * it was written by hand or by another tool, or cut short when the machine went down before the
 * file reached the disk — and it blocked every write for ever, while doctor called the lock free
 * (docs/decisions/0060). The grace leaves a moment to whoever is writing it outside brain.
 */
export const UNREADABLE_LOCK_MS = 10_000;

/** The age in ms of a `write.lock` that exists but holds no lock record ({@link readLock} null), else null. */
export function unreadableLockAge(path: string): number | null {
  try {
    const age = Date.now() - fs.statSync(path).mtimeMs;
    return readLock(path) === null ? Math.max(0, age) : null;
  } catch {
    return null;
  }
}

/** True when the lock at `path` holds no lock record and is older than {@link UNREADABLE_LOCK_MS}: nobody's, taken over like a stale one. */
export function isAbandoned(path: string): boolean {
  return (unreadableLockAge(path) ?? -1) >= UNREADABLE_LOCK_MS;
}

/** True when `info` names a holder that is gone (lock-holder.ts: dead, reused pid, or unconfirmed and older than any write). */
export function isStale(info: LockInfo | null): boolean {
  return info !== null && checkHolder(info).stale;
}

/** A sibling temp file written whole, named so stale-writer.ts can tell its owner is dead. */
function writeTemp(path: string, text: string): string {
  const tmp = `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  fs.writeFileSync(tmp, text, { mode: 0o644 });
  return tmp;
}

/** Creates `path` holding `text`, complete, or returns false when it exists. */
function createComplete(path: string, text: string): boolean {
  const tmp = writeTemp(path, text);
  try {
    fs.linkSync(tmp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Replaces `path` with `info` atomically (readers see the old record or the new one). */
function replaceLock(path: string, info: LockInfo): void {
  fs.renameSync(writeTemp(path, JSON.stringify(info)), path);
}

/**
 * Takes over a stale lock: under the exclusive breaker file, re-reads it and, if it is still
 * stale, replaces it with `info` plus the dead holder's record in `inherited` (and whatever
 * it had inherited itself), so a taker killed while cleaning up passes the job on. Returns
 * the dead records, or null when the lock was not (or no longer) stale.
 */
function tryTakeOver(lockPath: string, info: LockInfo): DeadWriter[] | null {
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
    return null;
  }
  try {
    const stale = readLock(lockPath);
    if (stale === null && isAbandoned(lockPath)) {
      replaceLock(lockPath, info); // no holder to clean up after
      return [];
    }
    if (stale === null || !isStale(stale)) return null;
    const { inherited = [], pid, ref_lock } = stale;
    const dead: DeadWriter[] = [...inherited, { pid, ...(ref_lock ? { ref_lock } : {}) }];
    replaceLock(lockPath, { ...info, inherited: dead });
    return dead;
  } finally {
    fs.closeSync(fd);
    fs.rmSync(breaker, { force: true });
  }
}

function timeoutHint(holder: LockInfo | null): string {
  if (holder === null) return 'retry in a moment';
  const held = `held by pid ${holder.pid} on ${holder.hostname} since ${holder.acquired_at}`;
  return checkHolder(holder).age_ms > MAX_WRITE_MS ? `${held}, longer than any write takes: run brain doctor` : `${held}; retry when it is done`;
}

/** Options of {@link withWriteLock}. */
export interface WriteLockOptions {
  /** `.git/brain` */
  brainDir: string;
  /** The git dir the writer writes objects and refs in (for cleaning up after a dead writer). */
  commonDir: string;
  /** Give up after this many ms (default 30 000). */
  timeoutMs?: number;
}

/** What the holder can do with the lock. */
export interface WriteLockHandle {
  /**
   * Records, before creating it, that the holder takes the ref lock at `path` to write `oid`
   * into it; `null` clears the record once the ref lock is gone.
   */
  recordRefLock(intent: RefLockIntent | null): void;
}

/**
 * Runs `fn` while holding the writer lock; releases it however `fn` ends. When the previous
 * holder died, cleans up after it first. Errors: `lock_timeout` when a live holder keeps it
 * past `timeoutMs`.
 */
export async function withWriteLock<T>(options: WriteLockOptions, fn: (lock: WriteLockHandle) => Promise<T>): Promise<T> {
  fs.mkdirSync(options.brainDir, { recursive: true });
  const lockPath = writeLockPath(options.brainDir);
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  const start = ownProcessStart();
  const info: LockInfo = { pid: process.pid, hostname: hostname(), acquired_at: new Date().toISOString(), ...(start ? { process_start: start.token } : {}) };
  let dead: DeadWriter[] = [];
  for (let attempt = 0; ; attempt++) {
    if (createComplete(lockPath, JSON.stringify(info))) break;
    const holder = readLock(lockPath);
    if (isStale(holder) || (holder === null && isAbandoned(lockPath))) {
      const taken = tryTakeOver(lockPath, info);
      if (taken) {
        dead = taken;
        break;
      }
      continue;
    }
    if (Date.now() >= deadline) {
      throw new BrainError('lock_timeout', `another brain writer holds ${lockPath}`, {
        hint: timeoutHint(holder),
        data: { lock: lockPath, holder },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(100, 2 + attempt * 3) * (0.5 + Math.random())));
  }
  const ours = () => {
    const current = readLock(lockPath);
    return current?.pid === process.pid && current.acquired_at === info.acquired_at;
  };
  try {
    if (dead.length > 0) {
      recoverFromDeadWriters({ commonDir: options.commonDir, brainDir: options.brainDir, dead });
      replaceLock(lockPath, info); // cleaned up: nothing inherited any more
    }
    // A writer killed while creating its lock leaves only a temp file here (cheap: a few names).
    for (const path of findDeadTempFiles({ commonDir: options.commonDir, brainDir: options.brainDir, objects: false })) fs.rmSync(path, { force: true });
    const handle: WriteLockHandle = {
      recordRefLock(intent) {
        if (ours()) replaceLock(lockPath, { ...info, ...(intent ? { ref_lock: intent } : {}) });
      },
    };
    return await fn(handle);
  } finally {
    if (ours()) fs.rmSync(lockPath, { force: true });
  }
}
