/**
 * `brain status` (DESIGN §4, issue #7 "Problems are visible where people look"): the branch,
 * its tip and the projected oid, counts per kind and status, forks, every problem the
 * projection found, how the branch stands against its upstream and the daemon's sync (issue
 * #19). Read by the CLI, the `brain_status` tool and the daemon's `/api/health`.
 */
import { countProject } from '../projection/sqlite/counts.js';
import { listProblems } from '../projection/sqlite/queries.js';
import type { ResetReason } from '../projection/sqlite/open-cache.js';
import type { RefreshResult } from '../projection/sqlite/refresh.js';
import type { Brain } from '../service.js';
import { upstreamStatus, type UpstreamStatus } from './upstream-status.js';
import { isBrainError } from '../model/errors.js';
import { brainDir } from '../git/repo.js';
import type { Manifest } from '../store/manifest.js';
import { manifestAtTip } from './manifest-memo.js';
import { readSyncSetting, type SyncSetting } from './sync-setting.js';
import { readSyncState, type SyncLoopState } from './sync-state.js';

/** `brain status` */
export interface BrainStatus {
  branch: string;
  project_id: string;
  tip: string | null;
  projected: string | null;
  entries: number;
  revisions: number;
  by_kind: Record<string, Record<string, number>>;
  forked: string[];
  problems: { path: string; code: string; message: string }[];
  cache: { path: string; reset: ResetReason; last_refresh: RefreshResult['mode'] | null };
  /** The local branch against `<remote>/<branch>` as of the last fetch (upstream-status.ts); null without an upstream. */
  upstream: UpstreamStatus | null;
  /**
   * The daemon's sync (issue #19): `configured` is brain.json's `sync` setting (null: off),
   * `daemon` the loop of a running daemon of this clone (null: none runs it), `error` why a
   * `sync` member is not used.
   */
  sync: { configured: SyncSetting | null; daemon: SyncLoopState | null; error?: string };
}

function syncStatus(brain: Brain, manifest: Manifest): BrainStatus['sync'] {
  const daemon = readSyncState(brainDir(brain.repo));
  try {
    return { configured: readSyncSetting(manifest), daemon };
  } catch (err) {
    if (!isBrainError(err)) throw err;
    return { configured: null, daemon, error: err.message };
  }
}

/** The status of `brain`'s project, after a refresh. Errors: as every read (`not_found` for an unknown project). */
export async function brainStatus(brain: Brain): Promise<BrainStatus> {
  return brain.withCache(async () => {
    await brain.refresh();
    const projectId = await brain.readProjectId();
    return {
      branch: brain.branch,
      project_id: projectId,
      tip: brain.store.tip(),
      projected: brain.projectedOid(),
      ...countProject(brain.db(), projectId),
      problems: listProblems(brain.db()),
      cache: brain.cacheState(),
      upstream: await upstreamStatus(brain),
      sync: syncStatus(brain, await manifestAtTip(brain.db(), brain.store, brain.store.tip())),
    };
  });
}
