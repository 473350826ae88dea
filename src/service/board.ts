/**
 * The dashboard board (DESIGN §6, issue #8 part 2; one board for a clone and the hub, issue #22,
 * docs/decisions/0046): one section per kind — Decisions, Open questions, Blockers, Risks,
 * Dependencies, Plan — with counts per status and the current entries newest first, under the
 * filters kind, status, tag, path, task and author (and, where the scope spans repositories,
 * repo and project). One kind: a keyset-paginated list; all kinds: the first `limit` of each
 * section. Read through the {@link ReadScope} only, so both surfaces answer alike.
 */
import { listProjects } from '../projection/sqlite/projects.js';
import { BrainError } from '../model/errors.js';
import type { Entry } from '../model/entry.js';
import { ENTRY_KINDS, LEGAL_STATUSES, type EntryKind, type Status } from '../model/kinds.js';
import { checkListFilter } from '../model/list-filter.js';
import type { InRepo, ReadListPage, ReadScope } from './read-scope.js';
import type { Brain } from '../service.js';

/** A board request. Strings are the raw filter values (validated here). */
export interface BoardQuery {
  kind?: string | undefined;
  status?: string | undefined;
  tag?: string | undefined;
  /** A path, directory or glob: entries whose `paths` concern it, as `brain list --path` (model/path-match.ts). */
  path?: string | undefined;
  /** A related task id (the `related_task` filter of list, REST and MCP; issue #19: one name per concept). */
  related_task?: string | undefined;
  author?: string | undefined;
  /** A repository and a project (where the scope spans repositories; a clone ignores them). */
  repo?: string | undefined;
  project?: string | undefined;
  /** A `next_cursor` of the one-kind page before (the reader's list cursor); only with `kind`. */
  cursor?: string | undefined;
  /** Rows per section (default 8 for all kinds, 50 for one kind; at most 500). */
  limit?: number | undefined;
}

/** One kind's section. `count` honours every filter; `by_status` every filter but status, in lifecycle order. */
export interface BoardSection {
  entry_kind: EntryKind;
  count: number;
  by_status: { status: Status; n: number }[];
  rows: InRepo<{ entry: Entry }>[];
  /** The cursor of the next page (pass as `cursor` with this kind), or null when this is the last. */
  next_cursor: string | null;
  /** A later page read at another commit than the first: what changed meanwhile (read-scope.ts `ReadListPage.changed`, decision 0099). */
  changed?: ReadListPage['changed'];
}

/** The board: the sections shown and, where the scope spans repositories, every match per repository. */
export interface Board {
  /** Kinds the filters allow (a status narrows them to the kinds it is legal for), in ENTRY_KINDS order. */
  sections: BoardSection[];
  /** Every entry matching all filters, per repository with any, by repo; null for a clone. */
  by_repo: { repo: string; entries: number }[] | null;
}

/** Board page sizes. */
export const BOARD_LIMITS = { perSection: 8, perKind: 50, max: 500 } as const;

/**
 * Builds the board: the counts one tally over the filters but status (ReadScope.tally), each
 * section a page of `list`, so it costs what it shows (issue 21). Errors: `invalid_argument`
 * (unknown kind or status, blank path, a cursor without `kind` or not the reader's, bad limit),
 * `illegal_status` (a status the kind never has), the reader's (`not_found` for an unknown
 * repository or project).
 */
export async function buildBoard(reader: ReadScope, query: BoardQuery): Promise<Board> {
  // The same filter rules as every list (model/list-filter.ts): unknown values are coded errors.
  const { kind, status } = checkListFilter({ kind: query.kind, status: query.status, tag: query.tag, author: query.author, relatedTask: query.related_task });
  if (query.cursor !== undefined && !kind) throw new BrainError('invalid_argument', 'a page cursor needs a kind', { hint: 'open one section ("show all") to page through it' });
  const limit = query.limit ?? (kind ? BOARD_LIMITS.perKind : BOARD_LIMITS.perSection);
  if (!Number.isInteger(limit) || limit < 1 || limit > BOARD_LIMITS.max) throw new BrainError('invalid_argument', `limit must be an integer from 1 to ${BOARD_LIMITS.max}`);
  const filter = { repo: query.repo, project: query.project, kind, tag: query.tag, author: query.author, relatedTask: query.related_task, path: query.path };
  const tally = await reader.tally(filter);
  const shown = tally.filter((c) => status === undefined || c.status === status);
  const kinds = kind ? [kind] : ENTRY_KINDS.filter((k) => status === undefined || (LEGAL_STATUSES[k] as readonly string[]).includes(status));
  const sections = await Promise.all(kinds.map(async (k): Promise<BoardSection> => {
    const sum = (counts: typeof tally, s?: string) => counts.reduce((n, c) => n + (c.entry_kind === k && (s === undefined || c.status === s) ? c.n : 0), 0);
    const count = sum(shown);
    const page = count === 0 ? { rows: [], next_cursor: null } : await reader.list({ ...filter, kind: k, status, limit, cursor: query.cursor });
    const changed = 'changed' in page && page.changed ? { changed: page.changed } : {};
    return { entry_kind: k, count, by_status: LEGAL_STATUSES[k].map((s) => ({ status: s, n: sum(tally, s) })), rows: page.rows, next_cursor: page.next_cursor, ...changed };
  }));
  const repos = [...new Set(shown.map((c) => c.repo ?? ''))];
  const by_repo = reader.spans_repositories ? repos.map((repo) => ({ repo, entries: shown.reduce((n, c) => n + (c.repo === repo ? c.n : 0), 0) })).filter((r) => r.entries > 0) : null;
  return { sections, by_repo };
}

/** Every project with entries on the branch, sorted (after a refresh). Errors: as `brain.refresh`. */
export async function listProjectIds(brain: Brain): Promise<string[]> {
  return brain.withCache(async () => {
    await brain.refresh();
    return listProjects(brain.db()).map((p) => p.project_id);
  });
}
