/**
 * One PostgreSQL transaction on a pooled connection (issue #11): BEGIN, optionally a
 * transaction-scoped advisory lock (`pg_advisory_xact_lock(hashtext(lock))`, released at
 * COMMIT/ROLLBACK, so processes sharing a database serialize on it), the work, COMMIT — or
 * ROLLBACK and rethrow when the work throws. Used by the projection (schema set-up, the apply
 * path, drop) and the hub's schema set-up; `snapshot` makes it REPEATABLE READ, READ ONLY: every
 * query of the work reads one snapshot (search.ts).
 */
import type pg from 'pg';

/** Runs `work` in a transaction, holding advisory lock `lock` first when given. Errors: whatever `work` or PostgreSQL throws (after ROLLBACK). */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, { lock, snapshot = false }: { lock?: string; snapshot?: boolean } = {}): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(snapshot ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
    if (lock !== undefined) await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
    const value = await work(client);
    await client.query('COMMIT');
    return value;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The advisory lock of one repository's projection in schema `s` (the apply path and drop hold it). */
export const repoLock = (s: string, repo: string): string => `brain projection ${s} ${repo}`;
