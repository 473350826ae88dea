/**
 * `brain status` (DESIGN §4, issue #7 "Problems are visible where people look"): the branch,
 * its tip and the projected oid, counts per kind and status, forks, and every problem the
 * projection found. Read by the CLI, the `brain_status` tool and the daemon's `/api/health`.
 */
import { countProject } from '../projection/sqlite/counts.js';
import { listProblems } from '../projection/sqlite/queries.js';
import type { ResetReason } from '../projection/sqlite/open-cache.js';
import type { RefreshResult } from '../projection/sqlite/refresh.js';
import type { Brain } from '../service.js';

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
    };
  });
}
