/**
 * The counts and problems of a Brain's project as of the commit its projection reflects,
 * computed once per projected commit (issue 21: `/api/health` recomputed `brain status` —
 * a refresh with its upstream check, the manifest, counts, problems, upstream and sync state —
 * on every request, a fixed ~8 ms on a loaded machine). A figure that changes only when the
 * projection moves is computed when it moves: the first read after a move computes it, every
 * later read at the same projected commit answers the same object.
 */
import { countProject } from '../projection/sqlite/counts.js';
import { listProblems } from '../projection/sqlite/queries.js';
import type { Brain } from '../service.js';

/** What {@link projectedCounts} answers: `brain status`'s counts and problems at `at`. */
export interface ProjectedCounts {
  /** The projected commit these figures describe. */
  at: string;
  project_id: string;
  entries: number;
  revisions: number;
  by_kind: Record<string, Record<string, number>>;
  forked: string[];
  problems: { path: string; code: string; message: string }[];
}

const memo = new WeakMap<Brain, ProjectedCounts>();

/**
 * The counts of `brain`'s project at its projected commit (no refresh: the caller catches up
 * first when it wants the tip), or null while nothing is projected. Memoized per Brain and
 * projected commit; the figures and the commit they belong to are read with no await between
 * them, so a refresh running concurrently cannot pair one commit with another's counts.
 * Treat the answer as read-only. A cache found damaged is reset and rebuilt before counting
 * (Brain.withCache). Errors: `not_found` (the Brain's project has no entries and
 * is not the default), `not_initialized`, SQLite errors.
 */
export async function projectedCounts(brain: Brain): Promise<ProjectedCounts | null> {
  const known = memo.get(brain);
  if (known !== undefined && known.at === brain.projectedOid()) return known;
  if (brain.projectedOid() === null) return null;
  const projectId = await brain.readProjectId();
  let attempt = 0;
  return brain.withCache(async () => {
    if (attempt++ > 0) await brain.refresh(); // the damaged cache was reset empty: rebuild it first
    const at = brain.projectedOid();
    if (at === null) return null;
    const db = brain.db();
    const counts: ProjectedCounts = { at, project_id: projectId, ...countProject(db, projectId), problems: listProblems(db) };
    memo.set(brain, counts);
    return counts;
  });
}
