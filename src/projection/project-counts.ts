/**
 * The projects of a projection and their size (issue #7: `brain projects`, MCP
 * `brain_projects`, REST `GET /api/projects`; the hub's per repository, issue #11). A project
 * exists when at least one entry of it is projected (DESIGN §2, §3); a project id with no
 * entry is not listed. Each backend counts (project, kind) pairs its own way; turning them
 * into {@link ProjectCounts} is here, once.
 */
import { ENTRY_KINDS, type EntryKind } from '../model/kinds.js';

/** One project: its id, its current entries, and how many of them are of each kind. */
export interface ProjectCounts {
  project_id: string;
  /** Current entries (one per entry id, whatever its status). */
  entries: number;
  /** Current entries per kind; every kind is present, in DESIGN §2 order, 0 when it has none. */
  by_kind: Record<EntryKind, number>;
}

/** One count row: `n` current entries of `entry_kind` in `project_id` (of `repo`, for a backend of several repositories). */
export interface KindCount {
  repo?: string;
  project_id: string;
  entry_kind: string;
  n: number;
}

/**
 * The projects of `rows`, in the order their first rows come (callers sort by repo then
 * project id), each with `repo` when its rows carry one. A kind outside ENTRY_KINDS (the
 * projection holds validated entries only, DESIGN §4) counts in `entries` only. Never throws.
 */
export function foldProjectCounts<R extends KindCount>(rows: readonly R[]): (ProjectCounts & Pick<R, 'repo'>)[] {
  const out = new Map<string, ProjectCounts & Pick<R, 'repo'>>();
  for (const r of rows) {
    const key = `${r.repo ?? ''}\0${r.project_id}`;
    let project = out.get(key);
    if (!project) {
      project = { ...(r.repo !== undefined ? { repo: r.repo } : {}), project_id: r.project_id, entries: 0, by_kind: Object.fromEntries(ENTRY_KINDS.map((k) => [k, 0])) as Record<EntryKind, number> } as ProjectCounts & Pick<R, 'repo'>;
      out.set(key, project);
    }
    project.entries += r.n;
    if ((ENTRY_KINDS as readonly string[]).includes(r.entry_kind)) project.by_kind[r.entry_kind as EntryKind] += r.n;
  }
  return [...out.values()];
}
