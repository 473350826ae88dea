/**
 * The graph's link records (picture-queries.ts `linkRows`, decision 0081): one multi-path
 * `json_extract` per row and `UNION ALL` answer exactly what six single-path extracts and
 * `UNION` answered before (the query kept here as the reference), on a real brain with
 * supersede chains, plan chains, dependencies on entries, tasks and external things, blockers,
 * hostile titles and an entry that both depends and supersedes; and the plan branch reads the
 * partial index of plans that supersede another, not every plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import type { Brain } from '../../../src/service.js';
import { toLinkRecord } from '../../../src/projection/picture-reader.js';
import { linkRows } from '../../../src/projection/sqlite/picture-queries.js';
import type { CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { seedDashboard } from '../../http/dashboard-seed.js';
import { seedSynthetic } from '../../http/picture-seed.js';

let demo: Brain;
let big: Brain;

beforeAll(async () => {
  const dir = initRepo();
  const first = await openTestBrain(dir, { projectId: 'demo' });
  await first.init();
  await first.close();
  const seeded = await seedDashboard(dir);
  await seedSynthetic(dir, 'big', 500);
  demo = await openTestBrain(dir, { projectId: 'demo' });
  // A dependency that also supersedes another: it is in two branches of the query, and listed once.
  const old = (await demo.writes.append({ kind: 'dependency', fields: { title: 'Old need', payload: { depends_on: seeded.sqlite, dependency_kind: 'requires' } } })).entry.entry_id;
  await demo.writes.append({ kind: 'dependency', fields: { title: 'New need <b>', supersedes_entry_id: old, related_entry_ids: [seeded.ipv6, seeded.sqlite], related_task_ids: ['T-9', 'T-1'], payload: { depends_on: 'libfoo@2', dependency_kind: 'blocks' } } });
  big = await openTestBrain(dir, { projectId: 'big' });
  await demo.refresh();
  await big.refresh();
}, 120_000);
afterAll(async () => {
  await demo?.close();
  await big?.close();
  cleanupTempDirs();
});

/** The query before decision 0081, as the reference. */
function reference(db: CacheDb, projectId: string, includeResolved: boolean) {
  const COLUMNS = `c.entry_id, c.entry_kind, c.title, c.status,
  json_extract(c.json, '$.related_entry_ids') AS related, json_extract(c.json, '$.related_task_ids') AS tasks,
  json_extract(c.json, '$.supersedes_entry_id') AS supersedes, json_extract(c.json, '$.payload.depends_on') AS depends_on,
  json_extract(c.json, '$.payload.dependency_kind') AS dependency_kind, json_extract(c.json, '$.payload.supersedes_plan_entry_id') AS supersedes_plan`;
  const open = (status: string) => (includeResolved ? '' : ` AND c.status = '${status}'`);
  const sql = `SELECT ${COLUMNS} FROM current c WHERE c.project_id = @p AND c.entry_kind = 'dependency'${open('open')}
    UNION SELECT ${COLUMNS} FROM current c WHERE c.project_id = @p AND c.entry_kind = 'blocker'${open('blocked')}
    UNION SELECT ${COLUMNS} FROM current c WHERE c.project_id = @p AND c.entry_id IN (SELECT l.entry_id FROM entry_links l WHERE l.relation = 'supersedes')
    UNION SELECT ${COLUMNS} FROM current c WHERE c.project_id = @p AND c.entry_kind = 'plan_revision' AND json_extract(c.json, '$.payload.supersedes_plan_entry_id') IS NOT NULL
    ORDER BY 1`;
  const parseList = (json: string | null): unknown => (json === null ? [] : JSON.parse(json));
  return (db.prepare(sql).all({ p: projectId }) as (Parameters<typeof toLinkRecord>[0] & { related: string | null; tasks: string | null })[])
    .map((r) => toLinkRecord({ ...r, related: parseList(r.related), tasks: parseList(r.tasks) }));
}

describe('the graph link records', () => {
  it('are what the six-extract UNION answered, record for record', () => {
    for (const b of [demo, big]) {
      for (const includeResolved of [false, true]) {
        const projectId = b === demo ? 'demo' : 'big';
        const expected = reference(b.db(), projectId, includeResolved);
        const got = linkRows(b.db(), { projectId, includeResolved }).map(toLinkRecord);
        expect(got.length).toBeGreaterThan(5);
        expect(got).toEqual(expected);
      }
    }
    const both = linkRows(demo.db(), { projectId: 'demo', includeResolved: true }).map(toLinkRecord).find((r) => r.title === 'New need <b>');
    expect(both).toMatchObject({ related_task_ids: ['T-9', 'T-1'], depends_on: 'libfoo@2', dependency_kind: 'blocks' });
    expect(both?.supersedes_entry_id).toMatch(/^dep-/);
    expect(linkRows(big.db(), { projectId: 'big', includeResolved: true }).some((r) => r.supersedes_plan !== null)).toBe(true);
  });

  it('reads only the plans that supersede another, by their partial index', () => {
    const plan = (demo.db().prepare(`EXPLAIN QUERY PLAN SELECT c.entry_id FROM current c INDEXED BY current_supersedes_plan WHERE c.entry_kind = 'plan_revision' AND json_extract(c.json, '$.payload.supersedes_plan_entry_id') IS NOT NULL AND c.project_id = ?`).all('demo') as { detail: string }[]).map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/USING INDEX current_supersedes_plan/);
  });
});
