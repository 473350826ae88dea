/**
 * `verify --cache` on PostgreSQL (DESIGN §4 "Authoritative-equivalent", issue #11): rebuilds
 * one repository from git into a scratch schema of the same database, compares it with the live
 * projection row for row, table by table (the comparison of ../verify-report.ts), and
 * drops the scratch schema. `search_index_problem` stays null: the search vectors and the
 * vocabulary are data columns compared like any other (a tampered vector or word count shows as
 * a table difference), and PostgreSQL offers no GIN integrity check before version 18.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { ObjectReader } from '../../git/object-reader.js';
import { cacheReport, compareTable, type CacheReport, type TableDiff } from '../verify-report.js';
import { projectedOid, refreshRepo } from './apply.js';
import { PG_DATA_TABLES, ensureSchema } from './schema.js';

async function rowsOf(db: pg.Pool, s: string, table: string, repo: string): Promise<string[]> {
  const r = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${s}.${table} t WHERE t.repo = $1`, [repo]);
  return r.rows.map((x) => x.row).sort();
}

/**
 * Compares `repo`'s live projection in schema `schema` (already refreshed to `tip`) with a
 * fresh rebuild from git at `tip`. Errors: reader errors, PostgreSQL errors.
 */
export async function verifyRepo(pool: pg.Pool, schema: string, args: { repo: string; reader: ObjectReader; tip: string | null }): Promise<CacheReport> {
  const scratchName = `${schema.slice(0, 40)}_verify_${randomBytes(6).toString('hex')}`;
  const live = `"${schema}"`;
  try {
    const scratch = (await ensureSchema(pool, scratchName)).s;
    await refreshRepo(pool, scratch, { repo: args.repo, reader: args.reader, tip: args.tip, full: true });
    const tables: TableDiff[] = [];
    for (const table of PG_DATA_TABLES) {
      tables.push(compareTable(table, await rowsOf(pool, live, table, args.repo), await rowsOf(pool, scratch, table, args.repo)));
    }
    return cacheReport({ projected: await projectedOid(pool, live, args.repo), tip: args.tip, tables, search_index_problem: null });
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${scratchName}" CASCADE`);
  }
}
