/**
 * `brain verify --cache` (DESIGN §4 "Authoritative-equivalent"): rebuilds the projection from
 * git into a scratch database and proves it equals the live cache, row for row, table by table
 * — and that the live FTS5 search index equals its content table (docs/decisions/0021).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ObjectReader } from '../../git/object-reader.js';
import { getMeta, openCache, type CacheDb } from './open-cache.js';
import { refreshCache } from './refresh.js';
import { DATA_TABLES, comparableRowsSql, searchIndexProblem } from './schema.js';

/** Per-table comparison. */
export interface TableDiff {
  table: string;
  live_rows: number;
  rebuilt_rows: number;
  /** Rows present in one but not the other (up to 5 samples each). */
  only_live: string[];
  only_rebuilt: string[];
}

/** The report of {@link verifyCache}. */
export interface CacheReport {
  ok: boolean;
  projected: string | null;
  rebuilt_at: string | null;
  tables: TableDiff[];
  /** Null when the live FTS5 index equals `entry_search`, else what SQLite's integrity-check said. */
  search_index_problem: string | null;
}

function rowsOf(db: CacheDb, table: (typeof DATA_TABLES)[number]): string[] {
  const text = (v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v);
  return (db.prepare(comparableRowsSql(table)).all() as Record<string, unknown>[]).map((r) => JSON.stringify(Object.entries(r).map(([k, v]): [string, unknown] => [k, text(v)]).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
}

/** Compares `live` (already refreshed to `tip`) with a fresh rebuild from git at `tip`. */
export async function verifyCache(args: { live: CacheDb; reader: ObjectReader; tip: string | null }): Promise<CacheReport> {
  const dir = mkdtempSync(join(tmpdir(), 'brain-verify-'));
  const { db: scratch } = openCache(join(dir, 'scratch.sqlite'));
  try {
    await refreshCache({ db: scratch, reader: args.reader, tip: args.tip, full: true });
    const tables = DATA_TABLES.map((table): TableDiff => {
      const live = rowsOf(args.live, table);
      const rebuilt = rowsOf(scratch, table);
      const liveSet = new Set(live);
      const rebuiltSet = new Set(rebuilt);
      return {
        table,
        live_rows: live.length,
        rebuilt_rows: rebuilt.length,
        only_live: live.filter((r) => !rebuiltSet.has(r)).slice(0, 5),
        only_rebuilt: rebuilt.filter((r) => !liveSet.has(r)).slice(0, 5),
      };
    });
    const projected = getMeta(args.live, 'projected_oid') || null;
    const problem = searchIndexProblem(args.live);
    const ok = problem === null && projected === args.tip && tables.every((t) => t.only_live.length === 0 && t.only_rebuilt.length === 0 && t.live_rows === t.rebuilt_rows);
    return { ok, projected, rebuilt_at: args.tip, tables, search_index_problem: problem };
  } finally {
    scratch.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
