/**
 * The daemon keeps its clone in step (issue #19; opt-in: service/sync-setting.ts): every
 * `interval_seconds` it runs `brain sync <remote>` (service/sync.ts: fetch, replay local
 * revisions on top, push — the same code as the command), and soon after each local write
 * ({@link AutoSync.kick}). A failed round backs off: the wait doubles per failure in a row, up
 * to an hour (never below the interval), and kicks wait for it too; a success resets it. One
 * round at a time. Its state goes to `.git/brain/sync-state.json` for `brain status`.
 */
import type { SyncReport } from '../service/sync.js';
import type { SyncSetting } from '../service/sync-setting.js';
import { removeSyncState, writeSyncState, type SyncLoopState } from '../service/sync-state.js';
import { errorFields, type Log } from '../service/log.js';

/** The longest back-off after failures, ms. */
export const MAX_BACKOFF_MS = 3_600_000;

/** How long after a local write the round starts, ms (writes in a burst share one round). */
export const KICK_DELAY_MS = 1_000;

/** A running sync loop. */
export interface AutoSync {
  /** A local write happened: sync soon, unless backing off after failures. */
  kick(): void;
  state(): SyncLoopState;
  /** Stops the timer, waits for a round in flight, removes the state file. */
  close(): Promise<void>;
}

/** The wait before the next round after `failures` failures in a row, ms (see the module comment). */
export function backoffMs(intervalMs: number, failures: number): number {
  if (failures === 0) return intervalMs;
  return Math.max(intervalMs, Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** failures));
}

/**
 * Starts the loop: the first round right away. `run` is one sync (`syncBrain(brain, {remote})`);
 * its errors are logged (`sync_error`) and counted, never thrown.
 */
export function startAutoSync(args: { setting: SyncSetting; run: () => Promise<SyncReport>; log: Log; brainDir: string }): AutoSync {
  const intervalMs = args.setting.interval_seconds * 1000;
  const state: SyncLoopState = { pid: process.pid, remote: args.setting.remote, interval_seconds: args.setting.interval_seconds, last_attempt_at: null, last_ok_at: null, last_error: null, failures: 0, next_at: null };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const save = () => {
    try {
      writeSyncState(args.brainDir, state);
    } catch (err) {
      args.log.warn('sync_state_error', { error: errorFields(err) });
    }
  };
  const schedule = (ms: number) => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    state.next_at = new Date(Date.now() + ms).toISOString();
    timer = setTimeout(round, ms);
    timer.unref();
    save();
  };
  const round = (): void => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    state.last_attempt_at = new Date().toISOString();
    running = args
      .run()
      .then((report) => {
        state.last_ok_at = new Date().toISOString();
        state.last_error = null;
        state.failures = 0;
        const moved = report.pushed + report.received + report.candidate_revisions.pushed + report.candidate_revisions.received;
        if (moved > 0) args.log.info('sync', { remote: report.remote, action: report.action, pushed: report.pushed, received: report.received, candidate_revisions: report.candidate_revisions, tip: report.tip });
        // A guarded write held back as a candidate (decision 0063): said, as `brain sync` says it.
        for (const held of report.held) args.log.warn('sync_held', { remote: report.remote, entry_id: held.entry_id, expected_revision: held.expected_revision, theirs: held.theirs, candidate_id: held.candidate_id, hint: held.hint });
      })
      .catch((err: unknown) => {
        state.failures += 1;
        const fields = errorFields(err) as { code?: string; message?: string };
        state.last_error = { code: fields.code ?? 'error', message: fields.message ?? String(err) };
        args.log.warn('sync_error', { remote: args.setting.remote, failures: state.failures, retry_in_ms: backoffMs(intervalMs, state.failures), error: fields });
      })
      .finally(() => {
        running = null;
        if (again && state.failures === 0) {
          again = false;
          schedule(KICK_DELAY_MS);
        } else {
          again = false;
          schedule(backoffMs(intervalMs, state.failures));
        }
      });
  };
  schedule(0);
  return {
    kick() {
      if (closed || state.failures > 0) return; // backing off: the scheduled round comes soon enough
      if (running) again = true;
      else if (state.next_at === null || Date.parse(state.next_at) - Date.now() > KICK_DELAY_MS) schedule(KICK_DELAY_MS);
    },
    state: () => ({ ...state }),
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      removeSyncState(args.brainDir, process.pid);
    },
  };
}
