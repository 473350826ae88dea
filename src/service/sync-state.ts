/**
 * What the daemon's sync loop (src/daemon/auto-sync.ts) last did, in `.git/brain/sync-state.json`
 * (per clone, never committed), so that `brain status` — a separate process — can show it
 * (issue #19 "shown in status"). Written atomically by the daemon after each round; removed
 * when it stops. A file whose pid is no longer running is ignored.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../git/git-fs.js';
import { isProcessAlive } from '../git/process-alive.js';

/** The daemon's sync loop, as `brain status --json` `.sync.daemon` shows it. */
export interface SyncLoopState {
  /** The daemon process running the loop. */
  pid: number;
  remote: string;
  interval_seconds: number;
  /** When the last round started / last succeeded (ISO 8601), null before the first. */
  last_attempt_at: string | null;
  last_ok_at: string | null;
  /** The last round's error (`remote_error`, …), null after a success. */
  last_error: { code: string; message: string } | null;
  /** Failed rounds in a row (the back-off doubles the wait per failure). */
  failures: number;
  /** When the next round is due (ISO 8601). */
  next_at: string | null;
}

/** The file name inside `.git/brain/`. */
export const SYNC_STATE_FILE = 'sync-state.json';

/** Writes `state` to `<brainDir>/sync-state.json` atomically. Errors: I/O errors. */
export function writeSyncState(brainDir: string, state: SyncLoopState): void {
  writeFileAtomicSync(join(brainDir, SYNC_STATE_FILE), `${JSON.stringify(state)}\n`);
}

/** Removes the file when it is `pid`'s. Never throws. */
export function removeSyncState(brainDir: string, pid: number): void {
  if (readSyncState(brainDir, { alive: () => true })?.pid === pid) fs.rmSync(join(brainDir, SYNC_STATE_FILE), { force: true });
}

/** The state of a running daemon's loop, or null (no file, unreadable, or its daemon is gone). */
export function readSyncState(brainDir: string, options: { alive?: (pid: number) => boolean } = {}): SyncLoopState | null {
  try {
    const state = JSON.parse(fs.readFileSync(join(brainDir, SYNC_STATE_FILE), 'utf8')) as SyncLoopState;
    if (typeof state.pid !== 'number') return null;
    return (options.alive ?? isProcessAlive)(state.pid) ? state : null;
  } catch {
    return null;
  }
}
