/**
 * Issue 21: `/api/health` answers its counts and problems from figures computed once per
 * projected commit (src/service/projected-counts.ts), never recounted per request. Counted on
 * the statements run on the cache: none for a second read at the same commit, and the
 * new figures — equal to `brain status`'s — once the projection moved.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { CacheDb } from '../../src/projection/sqlite/open-cache.js';
import { projectedCounts } from '../../src/service/projected-counts.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

/** How many statements `fn` runs on `db` (`get`, `all`, `run`, `iterate` of any statement: kept ones too, src/projection/sqlite/prepared.ts). */
async function executedBy<T>(db: CacheDb, fn: () => Promise<T>): Promise<{ value: T; executed: number }> {
  let executed = 0;
  const proto = Object.getPrototypeOf(db.prepare('SELECT 1')) as Record<string, (...args: unknown[]) => unknown>;
  const methods = ['get', 'all', 'run', 'iterate'] as const;
  const originals = methods.map((m) => proto[m]!);
  methods.forEach((m, i) => {
    proto[m] = function (this: { database: CacheDb }, ...args: unknown[]) {
      if (this.database === db) executed++;
      return originals[i]!.apply(this, args);
    };
  });
  try {
    return { value: await fn(), executed };
  } finally {
    methods.forEach((m, i) => (proto[m] = originals[i]!));
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

    const first = await executedBy(db, () => projectedCounts(brain));
    expect(first.executed).toBeGreaterThan(0);
    expect(first.value).toMatchObject({ at: brain.projectedOid(), project_id: 'demo', entries: 1, revisions: 1, problems: [] });
    const again = await executedBy(db, () => projectedCounts(brain));
    expect(again.executed).toBe(0);
    expect(again.value).toBe(first.value);

    await brain.writes.revise({ entryId: entry.entry_id, fields: { rationale: 'measured' } });
    await brain.writes.append({ kind: 'risk', fields: { title: 'Disk fills up' } });
    await brain.refresh();
    const moved = await executedBy(db, () => projectedCounts(brain));
    expect(moved.executed).toBeGreaterThan(0);
    const status = await brain.status();
    expect(moved.value).toEqual({ at: status.projected, project_id: 'demo', entries: status.entries, revisions: status.revisions, by_kind: status.by_kind, forked: status.forked, problems: status.problems });
    expect(moved.value).toMatchObject({ entries: 2, revisions: 3 });
    await brain.close();
  });
});
