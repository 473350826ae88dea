/**
 * Is the process a lock names the one that took it? (issue 17 "A lock names its writer
 * exactly"; docs/decisions/0030-lock-names-its-writer.md). A writer killed with SIGKILL leaves
 * its lock behind, and its pid may later be reused by an unrelated process: the pid alone then
 * says "running" for ever. So a lock records its holder's start as the OS reports it
 * (process-start.ts), and a holder is judged:
 *
 * - `dead`: a process of this host that no longer runs;
 * - `reused`: the pid runs, but it is another process — its start differs from the recorded
 *   one, or (a lock of an older brain, which recorded no start) it started after the lock was
 *   taken, which the holder cannot have;
 * - `running`: the pid runs and its start is the recorded one;
 * - `unconfirmed`: cannot be told — another host, a system that does not report starts, or an
 *   old lock whose pid's process started before it.
 *
 * A lock is stale — taken over by the next writer and by `brain doctor --fix` — when its holder
 * is dead or reused, or unconfirmed and the lock is older than {@link MAX_WRITE_MS}, longer than
 * any write takes (the pid-only fallback). A running holder is never displaced; one that has
 * held the lock that long hangs, and `brain doctor` names it.
 */
import { hostname } from 'node:os';
import { isProcessAlive } from './process-alive.js';
import { processStart } from './process-start.js';

/** No write holds the writer lock this long (ms): one hour. A bulk import or a sync over a slow network takes minutes. */
export const MAX_WRITE_MS = 60 * 60_000;

/** The start of a process is read to the second on some systems (`ps`), and from the wall clock. */
const START_SLACK_MS = 2_000;

/** Who a lock names. */
export interface LockHolder {
  pid: number;
  hostname: string;
  /** ISO 8601, when the lock was taken. */
  acquired_at: string;
  /** The holder's start (process-start.ts token); absent in locks written before issue 17. */
  process_start?: string;
}

/** What {@link checkHolder} found. */
export interface HolderCheck {
  state: 'running' | 'unconfirmed' | 'dead' | 'reused';
  /** Taken over by the next writer (dead, reused, or unconfirmed past {@link MAX_WRITE_MS}). */
  stale: boolean;
  /** How long the lock has been held, ms (Infinity when `acquired_at` is not a time). */
  age_ms: number;
  /** In plain words, why the state is what it is. */
  reason: string;
}

const since = (ms: number | null) => (ms === null ? '' : `, started ${new Date(ms).toISOString()}`);

function judge(holder: LockHolder): Pick<HolderCheck, 'state' | 'reason'> {
  if (holder.hostname !== hostname()) return { state: 'unconfirmed', reason: `it was taken on host ${holder.hostname}, not this one` };
  if (!isProcessAlive(holder.pid)) return { state: 'dead', reason: `pid ${holder.pid} is no longer running` };
  const now = processStart(holder.pid);
  if (now === null) return { state: 'unconfirmed', reason: `pid ${holder.pid} is running; this system does not report when it started` };
  if (holder.process_start !== undefined) {
    const kind = (token: string) => token.slice(0, token.indexOf(':'));
    if (kind(holder.process_start) !== kind(now.token)) return { state: 'unconfirmed', reason: `pid ${holder.pid} is running; its start was recorded in another form` };
    if (now.token === holder.process_start) return { state: 'running', reason: `pid ${holder.pid} is the process that took it` };
    return { state: 'reused', reason: `pid ${holder.pid} is now another process${since(now.startedMs())}: the writer that took the lock is gone` };
  }
  const started = now.startedMs();
  const acquired = Date.parse(holder.acquired_at);
  if (started !== null && !Number.isNaN(acquired) && started > acquired + START_SLACK_MS) {
    return { state: 'reused', reason: `pid ${holder.pid} is now another process${since(started)}, after the lock was taken: the writer that took it is gone` };
  }
  return { state: 'unconfirmed', reason: `pid ${holder.pid} is running; the lock (from an older brain) records no start to confirm it is the writer` };
}

/** Judges the holder a lock names (see the module comment). Never throws. */
export function checkHolder(holder: LockHolder, nowMs = Date.now()): HolderCheck {
  const acquired = Date.parse(holder.acquired_at);
  const age = Number.isNaN(acquired) ? Infinity : Math.max(0, nowMs - acquired);
  const { state, reason } = judge(holder);
  return { state, reason, age_ms: age, stale: state === 'dead' || state === 'reused' || (state === 'unconfirmed' && age > MAX_WRITE_MS) };
}
