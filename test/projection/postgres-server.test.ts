import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';

let server: PostgresServer;
beforeAll(async () => { server = await startPostgres(); });
afterAll(async () => { await server?.stop(); });

describe('postgres helper', () => {
  it('starts a real server with pg_trgm available', async () => {
    const url = await server.createDatabase();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const r = await c.query("SELECT similarity('decision', 'decisoin') AS s");
    expect(r.rows[0].s).toBeGreaterThan(0.3);
    await c.end();
  });
});
