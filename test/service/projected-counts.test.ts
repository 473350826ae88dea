/**
 * Issue 21: `/api/health` answers its counts and problems from figures computed once per
 * projected commit (src/service/projected-counts.ts), never recounted per request. Counted on
 * the statements prepared on the cache: none for a second read at the same commit, and the
 * new figures — equal to `brain status`'s — once the projection moved.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheDb } from '../../src/projection/sqlite/open-cache.js';
import { projectedCounts } from '../../src/service/projected-counts.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

/** How many statements `fn` prepares on `db`. */
async function preparedBy<T>(db: CacheDb, fn: () => Promise<T>): Promise<{ value: T; prepared: number }> {
  let prepared = 0;
  const prepare = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => (prepared++, prepare(sql));
  try {
    return { value: await fn(), prepared };
  } finally {
    (db as { prepare: unknown }).prepare = prepare;
  }
}

describe('counts at the projected commit', () => {
  it('are computed once per projected commit, and equal brain status after the projection moves', async () => {
    const dir = initRepo();
    const brain = await openTestBrain(dir, { projectId: 'demo' });
    expect(await projectedCounts(brain)).toBeNull(); // nothing projected yet
    await brain.init();
    const { entry } = await brain.writes.append({ kind: 'decision', fields: { title: 'Use SQLite' } });
    await brain.refresh();
    const db = brain.db();

    const first = await preparedBy(db, () => projectedCounts(brain));
    expect(first.prepared).toBeGreaterThan(0);
    expect(first.value).toMatchObject({ at: brain.projectedOid(), project_id: 'demo', entries: 1, revisions: 1, problems: [] });
    const again = await preparedBy(db, () => projectedCounts(brain));
    expect(again.prepared).toBe(0);
    expect(again.value).toBe(first.value);

    await brain.writes.revise({ entryId: entry.entry_id, fields: { rationale: 'measured' } });
    await brain.writes.append({ kind: 'risk', fields: { title: 'Disk fills up' } });
    await brain.refresh();
    const moved = await preparedBy(db, () => projectedCounts(brain));
    expect(moved.prepared).toBeGreaterThan(0);
    const status = await brain.status();
    expect(moved.value).toEqual({ at: status.projected, project_id: 'demo', entries: status.entries, revisions: status.revisions, by_kind: status.by_kind, forked: status.forked, problems: status.problems });
    expect(moved.value).toMatchObject({ entries: 2, revisions: 3 });
    await brain.close();
  });
});
