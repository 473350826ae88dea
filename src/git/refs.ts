/**
 * Reading and compare-and-swap updating of a branch ref with git's own lock protocol
 * (DESIGN §3 "Ref updates: never git.writeRef"): create `refs/heads/<branch>.lock`
 * exclusively, check the ref still holds the oid we built on (loose file, then packed-refs),
 * write, fsync, rename. Native git honours the same lock.
 */
import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import { BrainError } from '../model/errors.js';
import type { RefLockIntent } from './stale-writer.js';
import { assertBranchNotCheckedOut } from './checked-out.js';

const OID = /^[0-9a-f]{40}$/;

/** `refs/heads/<branch>` */
export function branchRef(branch: string): string {
  return `refs/heads/${branch}`;
}

/** Throws `invalid_argument` unless `branch` is a plausible git branch name. */
export function assertBranchName(branch: string): void {
  const bad =
    branch === '' ||
    branch.startsWith('/') ||
    branch.endsWith('/') ||
    branch.endsWith('.lock') ||
    branch.includes('..') ||
    branch.includes('//') ||
    /[\s~^:?*[\\\x00-\x1f\x7f]/.test(branch) ||
    branch.split('/').some((part) => part.startsWith('.'));
  if (bad) throw new BrainError('invalid_argument', `invalid branch name "${branch}"`, { hint: 'see git check-ref-format' });
}

function readPackedRef(commonDir: string, ref: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(join(commonDir, 'packed-refs'), 'utf8');
  } catch {
    return null;
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('#') || line.startsWith('^')) continue;
    const space = line.indexOf(' ');
    if (space === 40 && line.slice(41) === ref) return line.slice(0, 40);
  }
  return null;
}

/**
 * The oid `refs/heads/<branch>` points at, or null when the branch does not exist.
 * Errors: `git_error` for a symbolic or malformed ref.
 */
export function readBranchTip(commonDir: string, branch: string): string | null {
  const ref = branchRef(branch);
  let loose: string | null = null;
  try {
    loose = fs.readFileSync(join(commonDir, ref), 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT' && (err as NodeJS.ErrnoException).code !== 'EISDIR') throw err;
  }
  if (loose !== null) {
    if (!OID.test(loose)) {
      throw new BrainError('git_error', `ref ${ref} is not an object id: "${loose.slice(0, 60)}"`, {
        hint: `inspect ${join(commonDir, ref)}; brain never writes symbolic refs`,
      });
    }
    return loose;
  }
  return readPackedRef(commonDir, ref);
}

/** Options of {@link updateBranchRef}. */
export interface UpdateRefOptions {
  commonDir: string;
  branch: string;
  /** The oid the ref must still hold (null: the branch must not exist). */
  oldOid: string | null;
  newOid: string;
  /** Reflog message. */
  message: string;
  /** Committer identity for the reflog line. */
  identity: { name: string; email: string };
  /** How long to wait for another holder of the ref lock, ms (default 3000). */
  lockWaitMs?: number;
  /**
   * Told before the ref lock is created (its path and the oid that will be written into it) and
   * when it is gone (null): the writer lock records it, so a writer killed while holding it
   * can be cleaned up after (write-lock.ts, stale-writer.ts: the lock holding nothing or that
   * oid is the proof it is the dead writer's — decision 0048; it was an inode, confirmed in a
   * second record).
   */
  onRefLock?: (intent: RefLockIntent | null) => void;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * A ref lock this old is never a live git operation (a ref transaction holds it for
 * milliseconds); `brain doctor --fix` removes one this old when no brain writer runs. Git itself
 * never takes a ref lock over: its locks name no owner (no pid), so a lock's owner cannot be
 * proven gone (docs/decisions/0063).
 */
export const OLD_REF_LOCK_MS = 60_000;

/** "42 s", "3 min", "5 h": a lock's age for people. */
function ageText(ms: number): string {
  if (ms < 120_000) return `${Math.max(0, Math.round(ms / 1000))} s`;
  return ms < 2 * 3_600_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 3_600_000)} h`;
}

/**
 * `ref_locked` for a ref lock still held after the wait: its age (from its mtime) decides the
 * advice — young, a git command is probably running (retry); old, a killed one left it
 * (`brain doctor --fix`, or remove it by hand, as git's own message says). `data`: `lock`,
 * `age_ms` (null when it vanished meanwhile).
 */
function refLockedError(lockPath: string): BrainError {
  let age: number | null = null;
  try {
    age = Date.now() - fs.statSync(lockPath).mtimeMs;
  } catch {
    /* gone meanwhile: say it without an age */
  }
  const since = age === null ? '' : ` (for ${ageText(age)})`;
  const hint =
    age !== null && age >= OLD_REF_LOCK_MS
      ? `no git operation holds a ref lock that long: a git or brain process was killed while updating the branch. If none is running now, \`brain doctor --fix\` removes it (or: rm ${lockPath}), then retry`
      : `a git command is probably updating the branch right now: retry in a moment. If none is running, a killed one left it: \`brain doctor --fix\` removes it once it is ${OLD_REF_LOCK_MS / 1000} s old (or: rm ${lockPath})`;
  return new BrainError('ref_locked', `${lockPath} exists${since}: another git process holds the branch's lock`, { hint, data: { lock: lockPath, age_ms: age === null ? null : Math.round(age) } });
}

async function acquireRefLock(lockPath: string, waitMs: number): Promise<number> {
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return fs.openSync(lockPath, 'wx', 0o644);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      if (Date.now() >= deadline) throw refLockedError(lockPath);
      await sleep(Math.min(50, 2 + attempt * 5) * (0.5 + Math.random()));
    }
  }
}

/**
 * Moves the branch from `oldOid` to `newOid` atomically, or throws `ref_conflict` (the ref
 * moved: rebuild on the new tip and retry), `ref_locked` (someone holds the lock too long) or
 * `conflict` (the branch is checked out in a work tree: checked-out.ts). Also appends a reflog
 * line when the reflog file exists or `logs/` does.
 */
export async function updateBranchRef(options: UpdateRefOptions): Promise<void> {
  assertBranchNotCheckedOut(options.commonDir, options.branch);
  const ref = branchRef(options.branch);
  const refPath = join(options.commonDir, ref);
  fs.mkdirSync(dirname(refPath), { recursive: true });
  const lockPath = `${refPath}.lock`;
  const since = new Date().toISOString();
  options.onRefLock?.({ path: lockPath, since, oid: options.newOid });
  let fd: number;
  try {
    fd = await acquireRefLock(lockPath, options.lockWaitMs ?? 3000);
  } catch (err) {
    options.onRefLock?.(null);
    throw err;
  }
  let renamed = false;
  try {
    const current = readBranchTip(options.commonDir, options.branch);
    if (current !== options.oldOid) {
      throw new BrainError('ref_conflict', `${ref} moved from ${options.oldOid ?? '(none)'} to ${current ?? '(none)'}`, {
        data: { expected: options.oldOid, actual: current },
      });
    }
    fs.writeSync(fd, `${options.newOid}\n`);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(lockPath, refPath);
    renamed = true;
  } finally {
    if (!renamed) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already closed */
      }
      fs.rmSync(lockPath, { force: true });
    }
    options.onRefLock?.(null);
  }
  appendReflog(options, ref);
}

function appendReflog(options: UpdateRefOptions, ref: string): void {
  const logsDir = join(options.commonDir, 'logs');
  if (!fs.existsSync(logsDir)) return;
  const logPath = join(logsDir, ref);
  fs.mkdirSync(dirname(logPath), { recursive: true });
  const seconds = Math.floor(Date.now() / 1000);
  const zero = '0'.repeat(40);
  const who = `${options.identity.name} <${options.identity.email}>`;
  const message = options.message.split('\n')[0] ?? '';
  fs.appendFileSync(logPath, `${options.oldOid ?? zero} ${options.newOid} ${who} ${seconds} +0000\t${message}\n`);
}
