/**
 * The report of `brain verify --cache` (DESIGN §4 "Authoritative-equivalent"), the same for
 * every backend: a live projection and a rebuild from git at the same tip compared row for
 * row, table by table. Each backend reads its rows as comparable strings (SQLite:
 * sqlite/verify-cache.ts; PostgreSQL: postgres/verify.ts); the comparison is here, once.
 */

/** Per-table comparison. */
export interface TableDiff {
  table: string;
  live_rows: number;
  rebuilt_rows: number;
  /** Rows present in one but not the other (up to 5 samples each). */
  only_live: string[];
  only_rebuilt: string[];
}

/** The report of a cache verification. */
export interface CacheReport {
  ok: boolean;
  projected: string | null;
  rebuilt_at: string | null;
  tables: TableDiff[];
  /** Null when the backend's search index equals its content (or the backend cannot check it), else what the check said. */
  search_index_problem: string | null;
}

/** How `table`'s `live` rows differ from its `rebuilt` rows (each a comparable string per row; order does not matter). */
export function compareTable(table: string, live: readonly string[], rebuilt: readonly string[]): TableDiff {
  const liveSet = new Set(live);
  const rebuiltSet = new Set(rebuilt);
  return {
    table,
    live_rows: live.length,
    rebuilt_rows: rebuilt.length,
    only_live: live.filter((r) => !rebuiltSet.has(r)).slice(0, 5),
    only_rebuilt: rebuilt.filter((r) => !liveSet.has(r)).slice(0, 5),
  };
}

/** The report: ok when the live projection is at `tip`, every table matches and the search index has no problem. */
export function cacheReport(args: { projected: string | null; tip: string | null; tables: TableDiff[]; search_index_problem: string | null }): CacheReport {
  const same = args.tables.every((t) => t.only_live.length === 0 && t.only_rebuilt.length === 0 && t.live_rows === t.rebuilt_rows);
  return { ok: args.search_index_problem === null && args.projected === args.tip && same, projected: args.projected, rebuilt_at: args.tip, tables: args.tables, search_index_problem: args.search_index_problem };
}
