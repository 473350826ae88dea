/**
 * Issue #10 "Queries cost O(result)": every list filter's first page reads an index, never the
 * whole `current` table. Checked with `EXPLAIN QUERY PLAN` on the SQL that `listCurrent` runs
 * (queries.ts `listQuery`), on an empty and on a filled projection (the planner sees no
 * statistics either way: the cache never runs ANALYZE). A filter that is not a path filter must
 * also read its index in list order (no temp B-tree for ORDER BY), so the LIMIT stops the read.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { countCurrent, listQuery, type ListFilter } from '../../../src/projection/sqlite/queries.js';
import { entriesBesideBase, entriesConcerning, filterBase } from '../../../src/projection/sqlite/path-candidates.js';
import { isGlob } from '../../../src/model/path-match.js';
import { cleanupTempDirs, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const after = { recorded_at: '2024-06-01T00:00:00Z', entry_id: 'dec-aaaaaaaaaaaa' };
const FILTERS: Array<[string, Omit<ListFilter, 'projectId'>]> = [
  ['none', {}],
  ['kind', { kind: 'decision' }],
  ['status', { status: 'open' }],
  ['kind + status', { kind: 'decision', status: 'accepted' }],
  ['tag', { tag: 'api' }],
  ['task', { relatedTask: 'task-7' }],
  ['tag + task', { tag: 'api', relatedTask: 'task-7' }],
  ['author', { author: 'ada' }],
  ['since', { updatedSince: '2024-01-01T00:00:00Z' }],
  ['after', { after }],
  ['kind + after', { kind: 'risk', after }],
  ['tag + after', { tag: 'api', after }],
  ['task + since', { relatedTask: 'task-7', updatedSince: '2024-01-01T00:00:00Z' }],
  ['author + kind', { author: 'ada', kind: 'blocker' }],
  ['path', { path: 'src/payments' }],
  ['path + kind + after', { path: 'src/payments/', kind: 'decision', after }],
  ['path glob + kind', { path: 'src/**', kind: 'decision' }],
  ['path glob without a base', { path: '**/*.ts' }],
];

function plan(db: CacheDb, sql: string, params: Record<string, unknown> | unknown[]): string[] {
  const stmt = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  return (Array.isArray(params) ? stmt.all(...params) : stmt.all(params)).map((r) => (r as { detail: string }).detail);
}

function fill(db: CacheDb): void {
  const insert = db.prepare(
    "INSERT INTO current (entry_id, project_id, entry_kind, status, title, author, revision, revision_count, forked, recorded_at, rank_score, ordered_at, sha256, path, json) VALUES (?, 'demo', ?, 'open', 't', 'ada', 1, 1, 0, ?, 0, '', '', 'projects/demo/x/r0001-00000000.json', '{}')",
  );
  const tag = db.prepare("INSERT INTO entry_tags (entry_id, tag, project_id, recorded_at) VALUES (?, 'api', 'demo', ?)");
  const path = db.prepare("INSERT INTO entry_paths (entry_id, path, project_id, norm, glob) VALUES (?, 'src/payments/a.ts', 'demo', 'src/payments/a.ts', 0)");
  const dir = db.prepare("INSERT INTO entry_path_dirs (project_id, dir, recorded_at, entry_id) VALUES ('demo', ?, ?, ?)");
  db.transaction(() => {
    for (let i = 0; i < 2000; i++) {
      const id = `dec-${String(i).padStart(12, '0')}`;
      const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      insert.run(id, i % 2 ? 'decision' : 'risk', at);
      if (i % 3 === 0) tag.run(id, at);
      if (i % 5 === 0) {
        path.run(id);
        for (const d of ['src', 'src/payments', 'src/payments/a.ts']) dir.run(d, at, id);
      }
    }
  })();
}

describe.each([['empty', false], ['filled', true]])('list query plans (%s projection)', (_name, filled) => {
  const { db } = openCache(join(tempDir(), 'cache.sqlite'));
  if (filled) fill(db);
  it.each(FILTERS)('%s: an index, never a scan of current', (_label, filter) => {
    const full: ListFilter = { projectId: 'demo', limit: 51, ...filter };
    // A path filter with a base directory reads that directory's rows (entry_path_dirs) in list
    // order; one without (a glob like **\/*.ts), the ids it matched.
    const base = full.path === undefined ? null : filterBase(full.path);
    const glob = full.path !== undefined && base === null;
    const source = full.path === undefined ? undefined : base === null ? { ids: entriesConcerning(db, 'demo', full.path) } : { dir: base };
    const { sql, params } = listQuery(full, source);
    const details = plan(db, sql, params);
    expect(details.filter((d) => /^SCAN (c|current|d|entry_tags|entry_tasks|entry_path_dirs)\b/.test(d)), details.join('\n')).toEqual([]);
    if (!glob) expect(details.filter((d) => d.includes('TEMP B-TREE')), details.join('\n')).toEqual([]);
  });

  it.each(FILTERS)('%s, counted: one SELECT count(*) over an index, never a scan of current', (_label, filter) => {
    const { after: _a, ...all }: ListFilter = { projectId: 'demo', ...filter };
    // As countCurrent: a literal prefix counts its directory's rows and the entries beside it, a glob the ids its rule matched.
    const base = all.path === undefined ? null : filterBase(all.path);
    const source = all.path === undefined ? undefined : base !== null && !isGlob(all.path) ? { dir: base, beside: entriesBesideBase(db, 'demo', all.path, base) } : { ids: entriesConcerning(db, 'demo', all.path) };
    const { sql, params } = listQuery(all, source, 'count');
    expect(sql).toMatch(/^SELECT count\(\*\) AS n FROM /);
    expect(sql).not.toMatch(/ORDER BY|LIMIT|c\.json/); // no sort, no page, no entry read
    const details = plan(db, sql, params);
    expect(details.filter((d) => /^SCAN (c|current|d|entry_tags|entry_tasks|entry_path_dirs)\b/.test(d)), details.join('\n')).toEqual([]);
    expect(countCurrent(db, { projectId: 'demo', ...filter, limit: 1 })).toBe((db.prepare(sql).get(params) as { n: number }).n);
  });

  it('path candidates read entry_paths by index (ancestors by equality, descendants by range)', () => {
    const range = plan(db, 'SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm >= ? AND norm < ?', ['demo', 'src/payments/', 'src/payments0']);
    const equal = plan(db, 'SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm IN (SELECT value FROM json_each(?))', ['demo', '["src","src/payments"]']);
    for (const details of [range, equal]) expect(details.filter((d) => /^SCAN entry_paths/.test(d)), details.join('\n')).toEqual([]);
    for (const filter of ['src/payments', 'src/payments/**', 'src/payments/a.ts']) expect(entriesConcerning(db, 'demo', filter).length).toBe(filled ? 400 : 0);
    expect(entriesConcerning(db, 'demo', 'src/pay')).toEqual([]);
  });
});
