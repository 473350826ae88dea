/**
 * Issue 21: `brain status` (and with it the daemon's `/api/health`), `brain projects` and the
 * brief's counts read counts kept with the projection, never a pass over `current` or
 * `revisions`. Checked on the SQL they run (EXPLAIN QUERY PLAN), and for their values against
 * a recount after writes that add, revise, move the status of and remove entries.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { countProject, kindStatusCounts, projectKindCounts } from '../../../src/projection/sqlite/counts.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { openTestBrain } from '../../helpers/brain.js';
import { forceBranch, handCommit } from '../../helpers/plain-git.js';

afterAll(cleanupTempDirs);

/** Every statement `fn` prepares on `db`, with the query plan of each. */
function plansOf(db: CacheDb, fn: () => void): { sql: string; plan: string[] }[] {
  const seen: string[] = [];
  const prepare = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => (seen.push(sql), prepare(sql));
  try {
    fn();
  } finally {
    (db as { prepare: unknown }).prepare = prepare;
  }
  return seen.map((sql) => ({ sql, plan: (prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => 'demo')) as { detail: string }[]).map((r) => r.detail) }));
}

/** The counts as a pass over the tables computes them. */
function recount(db: CacheDb, projectId: string) {
  const by_kind: Record<string, Record<string, number>> = {};
  for (const r of db.prepare('SELECT entry_kind, status, COUNT(*) AS n FROM current WHERE project_id = ? GROUP BY entry_kind, status').all(projectId) as { entry_kind: string; status: string; n: number }[]) (by_kind[r.entry_kind] ??= {})[r.status] = r.n;
  return {
    entries: (db.prepare('SELECT COUNT(*) AS n FROM current WHERE project_id = ?').get(projectId) as { n: number }).n,
    revisions: (db.prepare('SELECT COUNT(*) AS n FROM revisions WHERE project_id = ?').get(projectId) as { n: number }).n,
    by_kind,
    forked: (db.prepare('SELECT entry_id FROM current WHERE project_id = ? AND forked = 1 ORDER BY entry_id').all(projectId) as { entry_id: string }[]).map((r) => r.entry_id),
  };
}

describe('counts kept with the projection', () => {
  it('status, projects and brief counts read no row of current or revisions (only the forked index)', async () => {
    const dir = initRepo();
    const brain = await openTestBrain(dir, { projectId: 'demo' });
    await brain.init();
    await brain.writes.append({ kind: 'decision', fields: { title: 'Use SQLite' } });
    await brain.refresh();
    const db = brain.db();
    const plans = plansOf(db, () => {
      countProject(db, 'demo');
      kindStatusCounts(db, 'demo');
      projectKindCounts(db);
    });
    expect(plans.length).toBeGreaterThanOrEqual(4);
    for (const { sql, plan } of plans) {
      const reads = plan.filter((d) => /\b(current|revisions)\b/.test(d));
      expect(reads.every((d) => d.includes('current_forked')), `${sql}\n${plan.join('\n')}`).toBe(true);
    }
    await brain.close();
  });

  it('equal a recount after adds, revisions, status moves and a branch moved back', async () => {
    const dir = initRepo();
    const brain = await openTestBrain(dir, { projectId: 'demo' });
    await brain.init();
    const ids: string[] = [];
    for (const kind of ['decision', 'open_question', 'risk', 'blocker', 'decision'] as const) {
      ids.push((await brain.writes.append({ kind, fields: { title: `a ${kind}` } })).entry.entry_id);
    }
    const before = brain.store.tip() as string;
    await brain.writes.revise({ entryId: ids[0]!, fields: { rationale: 'measured' } });
    await brain.writes.resolve({ entryId: ids[1]!, answer: '42' });
    await brain.writes.append({ kind: 'dependency', fields: { title: 'needs pg', payload: { depends_on: 'pg@16', dependency_kind: 'requires' } } });
    await brain.refresh();
    const db = brain.db();
    const check = () => expect(countProject(db, 'demo')).toEqual(recount(db, 'demo'));
    check();
    expect(countProject(db, 'demo')).toMatchObject({ entries: 6, revisions: 8 });
    expect(projectKindCounts(db).reduce((n, r) => n + r.n, 0)).toBe(6);
    // The branch moved back behind brain's back: the incremental apply removes entries and revisions.
    forceBranch(dir, before);
    handCommit(dir, {}, 'an empty commit on top');
    await brain.refresh();
    check();
    expect(countProject(db, 'demo')).toMatchObject({ entries: 5, revisions: 5 });
    await brain.refresh({ full: true });
    check();
    await brain.close();
  });
});
