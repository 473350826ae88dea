/**
 * What the re-entry brief (DESIGN §7, src/context/) reads, as an interface: so the brief is
 * built from indexed queries over the projection (src/projection/sqlite/brief-queries.ts) — each section
 * reads only the rows that can fit the budget (issue #10) — or from a list of entries
 * (src/context/entries-source.ts), with the same bytes out. Types only.
 */
import type { Entry } from './entry.js';

/** How many current entries have one kind and status. */
export interface KindStatusCount {
  entry_kind: string;
  status: string;
  n: number;
}

/** Where the next page of a section starts: after every entry with (rank_score, ordered second) ≥ this, in rank order. */
export interface PageKey {
  score: number;
  /** The first 19 chars (`YYYY-MM-DDTHH:MM:SS`) of `orderedAt` (model/decision-origin.ts): a decision's own day, else `recorded_at`. */
  second: string;
}

/** The caller's boosts: paths (prefixes or globs, model/path-match.ts) and task ids (src/context/relevance.ts). */
export interface BoostQuery {
  paths: readonly string[];
  taskIds: readonly string[];
}

/** The current entries of one project, as the brief reads them. */
export interface BriefSource {
  /** Current entries per kind and status (every status, any order). */
  counts(): KindStatusCount[];
  /** The latest `recorded_at` instant (ms since epoch) of any current entry; 0 when none. */
  latestMs(): number;
  /** Every entry of `kind`/`status` with a path or task the boost query may match (a superset; the caller decides). */
  boosted(kind: string, status: string, boost: BoostQuery): Entry[];
  /**
   * Up to about `limit` entries of `kind`/`status` not in `exclude`, best first by rank_score
   * then ordered second (`orderedAt`), starting after `after`; a page never splits entries equal
   * on (rank_score, ordered second), so sorting each page exactly gives the exact order. `next`
   * is null when nothing is left.
   */
  page(kind: string, status: string, exclude: ReadonlySet<string>, after: PageKey | null, limit: number): { entries: Entry[]; next: PageKey | null };
  /**
   * At least the `limit` most recently recorded entries whose (kind, status) is not in
   * `exclude` (all when fewer), plus every such entry recorded in the same second as the last.
   */
  recent(limit: number, exclude: ReadonlyArray<readonly [string, string]>): Entry[];
  /** The entries a summary of `entry` may name (what it supersedes, what supersedes it, the entries it cites), by id, the latest recorded first. */
  linked(entry: Entry): ReadonlyMap<string, Entry>;
}
