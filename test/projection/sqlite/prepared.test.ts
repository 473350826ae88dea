/**
 * Statements kept per cache handle (src/projection/sqlite/prepared.ts, docs/decisions/0100): the
 * same SQL is prepared once per handle and mode, another handle prepares its own, a `pluck`
 * statement never changes the mode of the plain one, and the map keeps at most 256 per handle.
 * Counted on the handle's real `prepare`, over a real SQLite file.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { prepared } from '../../../src/projection/sqlite/prepared.js';
import { cleanupTempDirs, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

function counting(db: CacheDb): { count: () => number } {
  let n = 0;
  const prepare = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => (n++, prepare(sql));
  return { count: () => n };
}

describe('prepared statements kept per handle', () => {
  it('prepares a SQL text once per handle and mode, and keeps the modes apart', () => {
    const dir = tempDir('brain-prepared-');
    const a = openCache(join(dir, 'a.sqlite')).db;
    const b = openCache(join(dir, 'b.sqlite')).db;
    const counts = [counting(a), counting(b)];
    const sql = "SELECT key, value FROM meta WHERE key = 'cache_format'";
    const row = prepared(a, sql).get() as { key: string; value: string };
    expect(prepared(a, sql).get()).toEqual(row);
    expect(counts[0]!.count()).toBe(1);
    expect(prepared(a, sql, 'pluck').get()).toBe('cache_format');
    expect(prepared(a, sql, 'raw').get()).toEqual(['cache_format', row.value]);
    expect(prepared(a, sql).get()).toEqual(row); // still objects
    expect(counts[0]!.count()).toBe(3);
    prepared(b, sql).get();
    expect(counts[1]!.count()).toBe(1);
    a.close();
    b.close();
  });

  it('keeps at most 256 statements per handle, dropping the least recently used', () => {
    const db = openCache(join(tempDir('brain-prepared-'), 'c.sqlite')).db;
    const c = counting(db);
    for (let i = 0; i <= 256; i++) prepared(db, `SELECT ${i}`).get();
    expect(c.count()).toBe(257);
    prepared(db, 'SELECT 256').get(); // kept
    expect(c.count()).toBe(257);
    prepared(db, 'SELECT 0').get(); // dropped: prepared again
    expect(c.count()).toBe(258);
    db.close();
  });
});
