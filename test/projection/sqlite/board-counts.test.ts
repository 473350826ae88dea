/**
 * The board's counts (decision 0081). A path glob's counts (the board's per kind and status, `brain list --path` totals; decision
 * 0081): counted in SQL from the distinct paths under the glob's base that its rule matches
 * (path-candidates.ts `pathsUnderBase`) and the entries beside the base, they equal what the
 * ids its rule matched over every candidate path gave before (`entriesConcerning`, kept as the
 * reference) — on a real brain with paths at, under, above and beside the base, trailing
 * slashes, and entries whose own path is a glob. The count reads no entry row by id and no
 * entry's JSON. A tag's or task's counts probe their ids from a covering index of `current`
 * and equal the rows the list returns for the same filters, grouped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import type { Brain } from '../../../src/service.js';
import { countCurrent, countCurrentByKindStatus, listCurrent, listQuery } from '../../../src/projection/sqlite/queries.js';
import { entriesBesideBase, entriesConcerning, pathsUnderBase } from '../../../src/projection/sqlite/path-candidates.js';

let b: Brain;
const PATHS = [
  ['src'], ['src/'], ['src/payments'], ['src/payments/'], ['src/payments/a.ts'], ['src/payments/b.sql', 'docs/x.md'], ['src/payments/deep/c.ts'],
  ['src/paymentsx/d.ts'], ['src/cache/e.ts'], ['src/**'], ['src/payments/*.ts'], ['**/*.sql'], ['docs/'], ['lib/f.ts'], ['src/payments/a.ts', 'src/cache/e.ts'],
];
const FILTERS = ['src/**', 'src/payments/**', 'src/payments/*.ts', 'src/payments/**/*.ts', 'src/*/a.ts', 'src/payments/*', 'src/pay*/**', 'docs/**', 'nothing/here/**'];

beforeAll(async () => {
  b = await openTestBrain(initRepo(), { projectId: 'globs' });
  await b.init();
  let i = 0;
  for (const paths of PATHS) {
    for (const kind of ['decision', 'risk']) {
      const fields = kind === 'risk' ? { payload: { likelihood: 'low', impact: 'high' } } : {};
      const tags = [['perf'], ['perf', 'api'], [], ['api']][i % 4] as string[];
      const related_task_ids = i % 3 === 0 ? ['T-1'] : i % 3 === 1 ? ['T-1', 'T-2'] : [];
      const id = (await b.writes.append({ kind, fields: { title: `Entry ${i++} on ${paths.join(' ')}`, paths, tags, related_task_ids, ...fields } })).entry.entry_id;
      if (i % 3 === 0 && kind === 'decision') await b.writes.revise({ entryId: id, fields: { status: 'deprecated' } });
    }
  }
  await b.refresh();
}, 120_000);
afterAll(async () => {
  await b?.close();
  cleanupTempDirs();
});

describe('path glob counts', () => {
  it('equal the counts of the ids the rule matched, per kind and status and in total', () => {
    const db = b.db();
    for (const path of FILTERS) {
      for (const extra of [{}, { kind: 'decision' }, { status: 'accepted' }]) {
        const filter = { projectId: 'globs', path, ...extra };
        const q = listQuery(filter, { ids: entriesConcerning(db, 'globs', path) }, 'counts');
        const expected = (db.prepare(q.sql).all(q.params) as { entry_kind: string; status: string; n: number }[]).sort((x, y) => `${x.entry_kind}${x.status}`.localeCompare(`${y.entry_kind}${y.status}`));
        const got = countCurrentByKindStatus(db, filter).sort((x, y) => `${x.entry_kind}${x.status}`.localeCompare(`${y.entry_kind}${y.status}`));
        expect(got, `${path} ${JSON.stringify(extra)}`).toEqual(expected);
        expect(countCurrent(db, filter)).toBe(expected.reduce((n, c) => n + c.n, 0));
      }
    }
    // The fixture is not trivial: some globs match some entries and not others.
    expect(countCurrent(db, { projectId: 'globs', path: 'src/payments/*.ts' })).toBeGreaterThan(0);
    expect(countCurrent(db, { projectId: 'globs', path: 'src/payments/*.ts' })).toBeLessThan(countCurrent(db, { projectId: 'globs', path: 'src/**' }));
  });

  it('reads no entry row by id: a covering index of current and the paths index', () => {
    const db = b.db();
    const path = 'src/payments/**';
    const source = { under: 'src/payments', paths: pathsUnderBase(db, 'globs', path, 'src/payments'), beside: entriesBesideBase(db, 'globs', path, 'src/payments') };
    expect(source.paths.length).toBeGreaterThan(1);
    const { sql, params } = listQuery({ projectId: 'globs', path }, source, 'counts');
    expect(sql).not.toMatch(/c\.json|json_each\(@pathEntryIds\) j CROSS JOIN/);
    const details = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail);
    expect(details.join('\n')).toMatch(/COVERING INDEX current_kind_status/);
    expect(details.filter((d) => /^SCAN (c|current|entry_paths)\b/.test(d)), details.join('\n')).toEqual([]);
  });

  it('of a tag or a task equal the rows the list returns, grouped, with every other filter', () => {
    const db = b.db();
    const at = listCurrent(db, { projectId: 'globs' }).map((r) => r.entry.recorded_at).sort()[10] as string;
    for (const base of [{ tag: 'perf' }, { tag: 'api' }, { relatedTask: 'T-1' }, { relatedTask: 'T-2' }, { tag: 'perf', relatedTask: 'T-1' }, { tag: 'none' }]) {
      for (const extra of [{}, { kind: 'risk' }, { status: 'accepted' }, { kind: 'decision', status: 'deprecated' }, { updatedSince: at }, { path: 'src/payments/**' }, { path: 'src' }, { author: 'test-agent' }]) {
        const filter = { projectId: 'globs', ...base, ...extra };
        const grouped = new Map<string, number>();
        for (const r of listCurrent(db, filter)) grouped.set(`${r.entry.entry_kind} ${r.entry.status}`, (grouped.get(`${r.entry.entry_kind} ${r.entry.status}`) ?? 0) + 1);
        const got = new Map(countCurrentByKindStatus(db, filter).map((c) => [`${c.entry_kind} ${c.status}`, c.n]));
        expect(got, JSON.stringify(filter)).toEqual(grouped);
        expect(countCurrent(db, filter)).toBe([...grouped.values()].reduce((n, v) => n + v, 0));
      }
    }
    expect(countCurrent(db, { projectId: 'globs', tag: 'perf', kind: 'risk' })).toBeGreaterThan(3);
    const { sql, params } = listQuery({ projectId: 'globs', tag: 'perf', kind: 'risk' }, undefined, 'counts');
    const details = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail);
    expect(details.join('\n')).toMatch(/COVERING INDEX current_kind_status/);
    expect(details.join('\n')).not.toMatch(/sqlite_autoindex_current/);
  });

  it('list a glob without a base in list order, reading current by index up to the page', () => {
    const db = b.db();
    const all = listCurrent(db, { projectId: 'globs' });
    for (const path of ['**/*.ts', '**/*.sql', '**/payments/**', '**/nothing']) {
      for (const extra of [{}, { kind: 'risk' }, { limit: 3 }, { kind: 'decision', limit: 2 }, { tag: 'perf' }]) {
        const filter = { projectId: 'globs', path, ...extra };
        const ids = new Set(entriesConcerning(db, 'globs', path));
        const expected = all.filter((r) => ids.has(r.entry.entry_id) && (!('kind' in extra) || r.entry.entry_kind === extra.kind) && (!('tag' in extra) || r.entry.tags.includes(extra.tag as string)));
        const got = listCurrent(db, filter).map((r) => r.entry.entry_id);
        expect(got, JSON.stringify(filter)).toEqual(expected.slice(0, 'limit' in extra ? extra.limit : undefined).map((r) => r.entry.entry_id));
      }
    }
    expect(listCurrent(db, { projectId: 'globs', path: '**/*.ts' }).length).toBeGreaterThan(4);
    const { sql, params } = listQuery({ projectId: 'globs', path: '**/*.ts', kind: 'decision', limit: 8 }, { ids: entriesConcerning(db, 'globs', '**/*.ts') });
    const details = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(params) as { detail: string }[]).map((r) => r.detail).join('\n');
    expect(details).toMatch(/USING INDEX current_kind\b/);
    expect(details).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });
});
