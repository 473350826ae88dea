/**
 * The projects of a brain and their size (issue #7: `brain projects`, MCP `brain_projects`,
 * REST `GET /api/projects`; and the legal values named when `--project` is unknown). A project
 * exists when at least one entry of it is projected (DESIGN §2: every entry is project-scoped;
 * §3: `projects/<project_id>/…`); a project id with no entry is not listed.
 */
import { ENTRY_KINDS, type EntryKind } from '../../model/kinds.js';
import type { CacheDb } from './open-cache.js';
import { projectKindCounts } from './counts.js';

/** One project: its id, its current entries, and how many of them are of each kind. */
export interface ProjectCounts {
  project_id: string;
  /** Current entries (one per entry id, whatever its status). */
  entries: number;
  /** Current entries per kind; every kind is present, in DESIGN §2 order, 0 when it has none. */
  by_kind: Record<EntryKind, number>;
}

const zeroes = (): Record<EntryKind, number> => Object.fromEntries(ENTRY_KINDS.map((k) => [k, 0])) as Record<EntryKind, number>;

/**
 * Every project with at least one current entry, sorted by project_id (byte order), with its
 * entry count per kind, read from the count table (src/projection/sqlite/counts.ts).
 * Reads the projection as it is: refresh it first. Never throws for data; SQLite errors propagate.
 */
export function listProjects(db: CacheDb): ProjectCounts[] {
  const rows = projectKindCounts(db);
  const projects = new Map<string, ProjectCounts>();
  for (const row of rows) {
    let project = projects.get(row.project_id);
    if (!project) {
      project = { project_id: row.project_id, entries: 0, by_kind: zeroes() };
      projects.set(row.project_id, project);
    }
    project.entries += row.n;
    // The projection holds validated entries only (DESIGN §4), so the kind is one of ENTRY_KINDS.
    if ((ENTRY_KINDS as readonly string[]).includes(row.entry_kind)) project.by_kind[row.entry_kind as EntryKind] += row.n;
  }
  return [...projects.values()];
}

/** True when `projectId` has at least one current entry (one index probe, for every read). */
export function projectExists(db: CacheDb, projectId: string): boolean {
  return db.prepare('SELECT 1 FROM current WHERE project_id = ? LIMIT 1').get(projectId) !== undefined;
}
