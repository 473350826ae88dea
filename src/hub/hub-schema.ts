/**
 * The hub's own state in PostgreSQL (issue #11 `brain hub`): registered repositories and
 * issued tokens, in tables prefixed `hub_` (the projection backend owns every other table).
 * Unlike the projection this state is not derived from git: it is the hub's configuration,
 * so it is created once and never dropped by a rebuild. Created idempotently at start.
 *
 * - `hub_repos`: one row per registered repository; the last sync's outcome (time, and the
 *   error's code, message and time when it failed). The projected oid is the backend's.
 * - `hub_tokens`: one row per token; only the SHA-256 of the secret (hex) is stored; `repos`
 *   NULL means every registered repository (also those added later), `projects` NULL every
 *   project; `parent_id` the token that minted it (revoking a token revokes what it minted).
 */
import type pg from 'pg';
import { inTransaction } from '../projection/postgres/transaction.js';

const DDL = `
CREATE TABLE IF NOT EXISTS hub_repos (
  name text PRIMARY KEY,
  source text NOT NULL,
  branch text NOT NULL DEFAULT 'brain',
  added_at timestamptz NOT NULL DEFAULT now(),
  last_sync_at timestamptz,
  last_success_at timestamptz,
  last_error_code text,
  last_error_message text,
  last_error_at timestamptz
);
CREATE TABLE IF NOT EXISTS hub_tokens (
  id text PRIMARY KEY,
  name text NOT NULL,
  secret_sha256 text NOT NULL UNIQUE,
  repos text[],
  projects text[],
  capabilities text[] NOT NULL,
  parent_id text REFERENCES hub_tokens(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
`;

/** Creates the hub tables when missing (one transaction, serialized by an advisory lock so two hubs starting together do not race). */
export async function ensureHubSchema(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query(DDL);
  }, { lock: 'brain_hub_schema' });
}
