/**
 * `brain context` (DESIGN §7): the re-entry brief of the Brain's project, built from indexed
 * queries over the projection (src/projection/sqlite/brief-queries.ts) — each section reads only as many
 * rows as can fit the budget, best first (issue #10 "build the brief from indexed queries per
 * layer").
 */
import { buildBrief, type Brief } from '../context/build-brief.js';
import { cacheBriefSource } from '../projection/sqlite/brief-queries.js';
import { listProjects, projectExists } from '../projection/sqlite/projects.js';
import type { Brain } from '../service.js';
import { assertPathFilter } from '../model/path-match.js';
import { upstreamStatus } from './upstream-status.js';
import { upstreamLine } from './upstream-line.js';
import { projectProblemsLine } from './problems-line.js';

/** The brief of `brain`'s project after a refresh (an empty one names the brain's other projects). Errors: `invalid_argument` (budget, a blank or over-long path), `not_found` (unknown project), as `brain.refresh`. */
export async function projectBrief(brain: Brain, args: { budget?: number; paths?: string[]; taskIds?: string[] } = {}): Promise<Brief> {
  return brain.withCache(async () => {
    for (const path of args.paths ?? []) assertPathFilter(path);
    const result = await brain.refresh();
    const projectId = await brain.readProjectId();
    const upstream = await upstreamStatus(brain);
    // An empty project names the others (docs/decisions/0054); the list is read only then.
    const otherProjects = projectExists(brain.db(), projectId) ? [] : listProjects(brain.db());
    const problems = projectProblemsLine(brain.db(), projectId);
    return buildBrief({ projectId, source: cacheBriefSource(brain.db(), projectId), tipOid: result.to, upstream: upstream && upstreamLine(upstream), problems, otherProjects, ...args });
  });
}
