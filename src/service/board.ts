/**
 * The dashboard board of a project (DESIGN §6, issue #8 part 2): one section per kind —
 * Decisions, Open questions, Blockers, Risks, Dependencies, Plan — with counts per status and
 * the current entries newest first, under the filters kind, status, tag, path, task and
 * author. One kind: a keyset-paginated list; all kinds: the first `limit` of each section.
 */
import { entryFacts } from '../projection/sqlite/dashboard-queries.js';
import { countCurrentByKindStatus, listCurrent, type CurrentRow, type ListFilter } from '../projection/sqlite/queries.js';
import { listProjects } from '../projection/sqlite/projects.js';
import { BrainError } from '../model/errors.js';
import { ENTRY_KINDS, LEGAL_STATUSES, type EntryKind, type Status } from '../model/kinds.js';
import { checkListFilter } from '../model/list-filter.js';
import type { Brain } from '../service.js';

/** A board request. Strings are the raw filter values (validated here). */
export interface BoardQuery {
  kind?: string;
  status?: string;
  tag?: string;
  /** A path, directory or glob: entries whose `paths` concern it, as `brain list --path` (model/path-match.ts). */
  path?: string;
  /** A related task id (the `related_task` filter of list, REST and MCP; issue #19: one name per concept). */
  related_task?: string;
  author?: string;
  /** Keyset of the last row of the previous page; only with `kind`. */
  after?: { recorded_at: string; entry_id: string };
  /** Rows per section (default 8 for all kinds, 50 for one kind; at most 500). */
  limit?: number;
}

/** One kind's section. `count` honours every filter; `by_status` every filter but status, in lifecycle order. */
export interface BoardSection {
  entry_kind: EntryKind;
  count: number;
  by_status: { status: Status; n: number }[];
  rows: CurrentRow[];
  /** Keyset to pass as `after` for the next page, or null when this is the last. */
  next: { recorded_at: string; entry_id: string } | null;
}

/** The board: the project, every project with entries (for a switcher), the sections shown. */
export interface Board {
  project_id: string;
  projects: string[];
  /** Kinds the filters allow (a status narrows them to the kinds it is legal for), in ENTRY_KINDS order. */
  sections: BoardSection[];
  /** Titles of the entries that shown dependencies name in `depends_on`, by entry id. */
  titles: Record<string, string>;
}

/** Board page sizes. */
export const BOARD_LIMITS = { perSection: 8, perKind: 50, max: 500 } as const;

/**
 * Builds the board: each section a page of `listCurrent` and the counts one grouped count over
 * the same filters (queries.ts), so it costs what it shows, as the REST list does (issue 21: a
 * path glob matched every entry path of the project first). Errors: `invalid_argument`
 * (unknown kind or status, blank path, `after` without `kind`, bad limit), `illegal_status` (a
 * status the kind never has), as `brain.refresh`.
 */
export async function buildBoard(brain: Brain, query: BoardQuery): Promise<Board> {
  // The same filter rules as every list (model/list-filter.ts): unknown values are coded errors.
  const checked = checkListFilter({ kind: query.kind, status: query.status, tag: query.tag, author: query.author, relatedTask: query.related_task });
  const { kind, status } = checked;
  if (query.after && !kind) throw new BrainError('invalid_argument', 'a page cursor needs a kind', { hint: 'open one section ("show all") to page through it' });
  const limit = query.limit ?? (kind ? BOARD_LIMITS.perKind : BOARD_LIMITS.perSection);
  if (!Number.isInteger(limit) || limit < 1 || limit > BOARD_LIMITS.max) throw new BrainError('invalid_argument', `limit must be an integer from 1 to ${BOARD_LIMITS.max}`);
  return brain.withCache(async () => {
    await brain.refresh();
    const db = brain.db();
    const projectId = await brain.projectId();
    const base: ListFilter = {
      projectId,
      ...(checked.tag !== undefined ? { tag: checked.tag } : {}),
      ...(checked.author !== undefined ? { author: checked.author } : {}),
      ...(checked.relatedTask !== undefined ? { relatedTask: checked.relatedTask } : {}),
      ...(query.path !== undefined ? { path: query.path } : {}),
      ...(kind ? { kind } : {}),
    };
    const counts = countCurrentByKindStatus(db, base);
    const kinds = kind ? [kind] : ENTRY_KINDS.filter((k) => status === undefined || (LEGAL_STATUSES[k] as readonly string[]).includes(status));
    const sections = kinds.map((k): BoardSection => {
      const byStatus = LEGAL_STATUSES[k].map((s) => ({ status: s, n: counts.find((c) => c.entry_kind === k && c.status === s)?.n ?? 0 }));
      const count = byStatus.reduce((sum, s) => sum + (status === undefined || s.status === status ? s.n : 0), 0);
      const rows = count === 0 ? [] : listCurrent(db, { ...base, kind: k, ...(status !== undefined ? { status } : {}), limit: limit + 1, ...(query.after ? { after: query.after } : {}) });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { entry_kind: k, count, by_status: byStatus, rows: page, next: rows.length > limit && last ? { recorded_at: last.entry.recorded_at, entry_id: last.entry.entry_id } : null };
    });
    const targets = sections.flatMap((s) => s.rows).map((r) => r.entry.payload.depends_on).filter((t): t is string => typeof t === 'string' && /^[a-z]+-[0-9a-z]{12,}$/.test(t));
    const titles = Object.fromEntries([...entryFacts(db, targets).values()].map((f) => [f.entry_id, f.title]));
    return { project_id: projectId, projects: listProjects(db).map((p) => p.project_id), sections, titles };
  });
}

/** Every project with entries on the branch, sorted (after a refresh). Errors: as `brain.refresh`. */
export async function listProjectIds(brain: Brain): Promise<string[]> {
  return brain.withCache(async () => {
    await brain.refresh();
    return listProjects(brain.db()).map((p) => p.project_id);
  });
}
