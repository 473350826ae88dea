/**
 * A PostgreSQL projection with a read pool (README "For an organisation": read replicas):
 * queries go to the read pool, the apply path and snapshots to the primary. A second database
 * stands in for the replica, so where each call went is visible in what it answers.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresProjection } from '../../../src/projection/postgres/postgres-projection.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { startPostgres, type PostgresServer } from '../../helpers/postgres.js';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres();
});
afterAll(async () => {
  await server?.stop();
  cleanupTempDirs();
});

describe('PostgreSQL projection with a read pool', () => {
  it('answers queries from the read pool and applies on the primary', async () => {
    const dir = initRepo();
    const brain = await openTestBrain(dir, { projectId: 'demo', author: 'ada' });
    await brain.init();
    const { entry } = await brain.writes.append({ kind: 'decision', fields: { title: 'Replicas serve the reads', rationale: 'Scale out.' } });
    const primaryUrl = await server.createDatabase();
    const replicaUrl = await server.createDatabase();
    const replicaPool = new pg.Pool({ connectionString: replicaUrl });
    const replica = await createPostgresProjection({ pool: replicaPool });
    const backend = await createPostgresProjection({ url: primaryUrl, readPool: replicaPool });
    try {
      const reader = await brain.reader();
      await backend.refresh({ repo: 'svc', reader, tip: brain.store.tip() });
      expect((await backend.snapshot('svc')).current.map((r) => r.entry.entry_id)).toEqual([entry.entry_id]);
      expect(await backend.list({ repos: ['svc'] })).toEqual([]); // the "replica" has not caught up
      await replica.refresh({ repo: 'svc', reader, tip: brain.store.tip() });
      expect((await backend.list({ repos: ['svc'] })).map((r) => r.entry.entry_id)).toEqual([entry.entry_id]);
      expect((await backend.search({ repos: ['svc'], query: 'replicas' })).map((r) => r.entry.entry_id)).toEqual([entry.entry_id]);
    } finally {
      await backend.close();
      await replicaPool.end();
      await brain.close();
    }
  });
});
