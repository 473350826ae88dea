/**
 * The projection backends the conformance suite runs on (issue #11: "one conformance suite
 * that runs every projection and query test on both"): each opens a fresh, empty backend and
 * can damage one of its rows behind the apply path (for the `verify` tests). PostgreSQL runs on
 * a real server started by test/helpers/postgres.ts, one per test file, a database per backend.
 */
import { join } from 'node:path';
import pg from 'pg';
import type { ProjectionBackend } from '../../src/projection/backend.js';
import { openCache } from '../../src/projection/sqlite/open-cache.js';
import { createSqliteProjection } from '../../src/projection/sqlite/sqlite-projection.js';
import { createPostgresProjection } from '../../src/projection/postgres/postgres-projection.js';
import { tempDir } from '../helpers/git.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';

/** One backend under test. */
export interface BackendUnderTest {
  name: 'sqlite' | 'postgres';
  /** A fresh, empty backend. */
  open(): Promise<ProjectionBackend>;
  /** Changes the title of `entryId`'s current row of `repo` behind the apply path. */
  tamper(backend: ProjectionBackend, repo: string, entryId: string): Promise<void>;
}

let server: PostgresServer | null = null;
const locations = new WeakMap<ProjectionBackend, string>();

/** Every backend; call {@link stopBackends} in `afterAll`. */
export const BACKENDS: BackendUnderTest[] = [
  {
    name: 'sqlite',
    async open() {
      const dir = tempDir('brain-conformance-');
      const backend = createSqliteProjection({ dir });
      locations.set(backend, dir);
      return backend;
    },
    async tamper(backend, repo, entryId) {
      const { db } = openCache(join(locations.get(backend)!, `${repo}.sqlite`));
      db.prepare("UPDATE current SET title = 'tampered' WHERE entry_id = ?").run(entryId);
      db.close();
    },
  },
  {
    name: 'postgres',
    async open() {
      server ??= await startPostgres();
      const url = await server.createDatabase();
      const backend = await createPostgresProjection({ url });
      locations.set(backend, url);
      return backend;
    },
    async tamper(backend, repo, entryId) {
      const client = new pg.Client({ connectionString: locations.get(backend)! });
      await client.connect();
      try {
        await client.query("UPDATE proj_current SET title = 'tampered' WHERE repo = $1 AND entry_id = $2", [repo, entryId]);
      } finally {
        await client.end();
      }
    },
  },
];

/** Stops the PostgreSQL server if one was started. */
export async function stopBackends(): Promise<void> {
  await server?.stop();
  server = null;
}
