/**
 * Prepared statements kept per cache handle (issue #21: a read answers in what its rows cost).
 * `db.prepare` parses and plans the SQL each time (~15 µs here): a search fetching the current
 * rows of 20 hits prepared the same statement 20 times, a tenth of a rare query's time at
 * 240 000 revisions (docs/decisions/0100). The SQL of a read is a constant or built from a
 * bounded set of filters, so a small least-recently-used map per handle holds them all.
 *
 * Only for statements run with `get`, `all` or `run`: a statement stays busy while an `iterate`
 * is open, so a caller that iterates prepares its own. The statement's mode (`pluck`, `raw`) is
 * part of the key, never changed on a shared statement.
 */
import type Database from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type { CacheDb } from './open-cache.js';

/** Statements kept per handle, at most. */
const PER_HANDLE = 256;

type Mode = 'rows' | 'pluck' | 'raw';
const kept = new WeakMap<CacheDb, LRUCache<string, Database.Statement<unknown[]>>>();

/**
 * The statement of `sql` on `db`, prepared on first use and kept: `rows` (objects), `pluck`
 * (the first column) or `raw` (arrays). Errors: SQLite's, when `sql` does not prepare.
 */
export function prepared(db: CacheDb, sql: string, mode: Mode = 'rows'): Database.Statement<unknown[]> {
  let cache = kept.get(db);
  if (cache === undefined) kept.set(db, (cache = new LRUCache({ max: PER_HANDLE })));
  const key = `${mode}\0${sql}`;
  let statement = cache.get(key);
  if (statement === undefined) {
    statement = db.prepare(sql);
    if (mode === 'pluck') statement.pluck();
    else if (mode === 'raw') statement.raw();
    cache.set(key, statement);
  }
  return statement;
}
