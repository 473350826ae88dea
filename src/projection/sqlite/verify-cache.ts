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
import { cacheReport, compareTable, type CacheReport } from '../verify-report.js';

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
    const tables = DATA_TABLES.map((table) => compareTable(table, rowsOf(args.live, table), rowsOf(scratch, table)));
    return cacheReport({ projected: getMeta(args.live, 'projected_oid') || null, tip: args.tip, tables, search_index_problem: searchIndexProblem(args.live) });
  } finally {
    scratch.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
