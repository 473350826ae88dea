/**
 * `brain projects` (issue #7, "Errors for every mistake": projects with counts per kind): every
 * project on the docs branch, as the projection sees it after catching up with the tip. The
 * query is src/projection/sqlite/projects.ts; the CLI, MCP (`brain_projects`) and REST (`GET /api/projects`)
 * are thin adapters over {@link listBrainProjects} (through `Brain.projects`).
 */
import { listProjects, type ProjectCounts } from '../projection/sqlite/projects.js';
import type { Brain } from '../service.js';

export type { ProjectCounts } from '../projection/sqlite/projects.js';

/**
 * Every project of `brain`'s docs branch with at least one entry, sorted by project_id, with
 * its current entry count in total and per kind (every kind present, 0 when none). Independent
 * of the project `brain` was opened for. Errors: `not_initialized` without a docs branch,
 * `unsupported_format`, object reader errors (as every read).
 */
export async function listBrainProjects(brain: Brain): Promise<ProjectCounts[]> {
  return brain.withCache(async () => {
    await brain.refresh();
    return listProjects(brain.db());
  });
}

/**
 * The project a person landing on the dashboard's `/` should see: `brain`'s own project when
 * it has entries or no project has any; else the project with the most entries (ties: the
 * first by project_id) — a clone whose default project is empty (`brain init` then imports into
 * named projects) would otherwise open on an empty board (docs/decisions/0054). Errors: as
 * {@link listBrainProjects}.
 */
export async function landingProject(brain: Brain): Promise<string> {
  const own = await brain.projectId();
  const projects = await listBrainProjects(brain);
  if (projects.length === 0 || projects.some((p) => p.project_id === own)) return own;
  return projects.reduce((best, p) => (p.entries > best.entries ? p : best)).project_id;
}
