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
import { datedRows, supersedeRows } from '../../../src/projection/sqlite/picture-queries.js';
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

/** Every statement `fn` prepares on `db`. */
function preparedBy(db: CacheDb, fn: () => void): string[] {
  const seen: string[] = [];
  const prepare = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => (seen.push(sql), prepare(sql));
  try {
    fn();
  } finally {
    (db as { prepare: unknown }).prepare = prepare;
  }
  return seen;
}

describe('timeline picture query plans (issue 21: a window costs its rows)', () => {
  const { db } = openCache(join(tempDir(), 'cache.sqlite'));
  const insert = db.prepare(
    "INSERT INTO current (entry_id, project_id, entry_kind, status, title, author, revision, revision_count, forked, recorded_at, rank_score, ordered_at, sha256, path, json) VALUES (?, 'demo', ?, 'active', 't', 'ada', 1, 1, 0, ?, 0, ?, '', 'p', ?)",
  );
  const link = db.prepare("INSERT INTO entry_links (entry_id, target_id, relation) VALUES (?, ?, 'supersedes')");
  db.transaction(() => {
    for (let i = 0; i < 3000; i++) {
      const kind = ['decision', 'plan_revision', 'risk'][i % 3]!;
      const id = `${kind === 'decision' ? 'dec' : kind === 'risk' ? 'rsk' : 'pln'}-${String(i).padStart(12, '0')}`;
      // Ties on the date (every 7 rows share one), so the entry_id tie-break is exercised.
      const at = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 7) * 60_000).toISOString();
      const supersedesPlan = kind === 'plan_revision' && i >= 3 ? `pln-${String(i - 3).padStart(12, '0')}` : null;
      insert.run(id, kind, at, at, JSON.stringify({ payload: supersedesPlan ? { supersedes_plan_entry_id: supersedesPlan } : {} }));
      if (kind === 'decision' && i >= 3) link.run(id, `dec-${String(i - 3).padStart(12, '0')}`);
    }
  })();
  const kinds = ['decision', 'plan_revision'];
  /** The window as one pass over the project's rows of those kinds computes it. */
  const oracle = (limit: number, after?: { date: string; entry_id: string }) =>
    (db.prepare(`SELECT entry_id, ordered_at AS date FROM current WHERE project_id = 'demo' AND entry_kind IN ('decision', 'plan_revision')
      ${after ? 'AND (ordered_at < @d OR (ordered_at = @d AND entry_id > @i))' : ''} ORDER BY ordered_at DESC, entry_id LIMIT @limit`).all({ limit, ...(after ? { d: after.date, i: after.entry_id } : {}) }) as { entry_id: string; date: string }[]);

  it('a dated window reads one index range per kind in window order, and equals a pass over every row', () => {
    let rows: { entry_id: string; date: string }[] = [];
    const sqls = preparedBy(db, () => (rows = datedRows(db, { projectId: 'demo', kinds, limit: 201 })));
    for (const sql of sqls) {
      const details = plan(db, sql, { p: 'demo', kind: 'decision', limit: 201 });
      expect(details.filter((d) => /^SCAN|TEMP B-TREE/.test(d)), details.join('\n')).toEqual([]);
    }
    expect(rows.map((r) => [r.entry_id, r.date])).toEqual(oracle(201).map((r) => [r.entry_id, r.date]));
    const last = rows[rows.length - 1]!;
    const after = { date: last.date, entry_id: last.entry_id };
    expect(datedRows(db, { projectId: 'demo', kinds, limit: 50, after }).map((r) => r.entry_id)).toEqual(oracle(50, after).map((r) => r.entry_id));
  });

  it('supersede links of a window are looked up by index from its ids, never a scan of current', () => {
    const ids = datedRows(db, { projectId: 'demo', kinds, limit: 20 }).map((r) => r.entry_id);
    let links: { successor: string; superseded: string }[] = [];
    const [sql] = preparedBy(db, () => (links = supersedeRows(db, { projectId: 'demo', ids })));
    const details = plan(db, sql!, { p: 'demo', ids: JSON.stringify(ids) });
    expect(details.filter((d) => /^SCAN (c|s|current|l|entry_links)\b/.test(d)), details.join('\n')).toEqual([]);
    // Rows of current are reached by key (an id, or the plan a plan revision supersedes), never a range of a kind.
    expect(details.filter((d) => /^SEARCH (c|s) /.test(d) && !/\((entry_id|<expr>)=\?\)$/.test(d)), details.join('\n')).toEqual([]);
    // Both ends: each window entry supersedes the one 3 rows older, and is superseded by the one 3 rows newer (when it exists).
    const expected = new Set<string>();
    for (const id of ids) {
      const n = Number(id.slice(4));
      if (n >= 3) expected.add(`${id}>${id.slice(0, 4)}${String(n - 3).padStart(12, '0')}`);
      if (n + 3 < 3000) expected.add(`${id.slice(0, 4)}${String(n + 3).padStart(12, '0')}>${id}`);
    }
    expect(new Set(links.map((l) => `${l.successor}>${l.superseded}`))).toEqual(expected);
  });
});
