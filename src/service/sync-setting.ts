/**
 * Whether `brain daemon` keeps the clone in step with a remote (issue #19;
 * docs/decisions/0037-upstream-freshness.md): opt-in with a `sync` member in `brain.json` on
 * the docs branch — a choice the team commits, visible to every clone and shown by `brain
 * status` — and never on otherwise (`brain daemon --no-sync` turns it off for one clone):
 *
 *   {"format": 1, "default_project": "shop", "sync": {"remote": "origin", "interval_seconds": 300}}
 *
 * `remote` defaults to `origin`, `interval_seconds` to 300 (10 … 86 400).
 */
import { BrainError } from '../model/errors.js';
import { assertRemoteName } from '../git/remote-git.js';
import type { Manifest } from '../store/manifest.js';

/** The daemon's sync setting. */
export interface SyncSetting {
  /** The git remote (default `origin`). */
  remote: string;
  /** Seconds between fetch–replay–push rounds (10 … 86 400, default 300). */
  interval_seconds: number;
}

/** Interval bounds and default, seconds. */
export const SYNC_INTERVAL = { min: 10, max: 86_400, default: 300 } as const;

/**
 * The setting in `manifest`, or null when it has no `sync` member (off).
 * Errors: `invalid_argument` for a `sync` member that is not `{remote?, interval_seconds?}` as above.
 */
export function readSyncSetting(manifest: Manifest): SyncSetting | null {
  const raw = manifest.sync;
  if (raw === undefined || raw === null || raw === false) return null;
  const bad = (why: string) =>
    new BrainError('invalid_argument', `brain.json "sync" ${why}`, { hint: `e.g. "sync": {"remote": "origin", "interval_seconds": ${SYNC_INTERVAL.default}}; remove it to turn the daemon's sync off`, data: { sync: raw } });
  if (typeof raw !== 'object' || Array.isArray(raw)) throw bad('must be an object');
  const { remote = 'origin', interval_seconds = SYNC_INTERVAL.default, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw bad(`has unknown members: ${Object.keys(rest).join(', ')}`);
  if (typeof remote !== 'string') throw bad('remote must be a string');
  assertRemoteName(remote);
  if (typeof interval_seconds !== 'number' || !Number.isInteger(interval_seconds) || interval_seconds < SYNC_INTERVAL.min || interval_seconds > SYNC_INTERVAL.max) {
    throw bad(`interval_seconds must be an integer from ${SYNC_INTERVAL.min} to ${SYNC_INTERVAL.max}`);
  }
  return { remote, interval_seconds };
}
