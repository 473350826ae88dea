/**
 * The hub's registry of repositories (issue #11 `brain hub add|list|remove`), rows of
 * `hub_repos` (hub-schema.ts). Pure data access: fetching, projecting and mirrors are sync.ts
 * and mirror.ts.
 */
import type pg from 'pg';
import { BrainError } from '../model/errors.js';
import { inTransaction } from '../projection/postgres/transaction.js';

/** A registered repository as stored. Times are ISO 8601 UTC strings or null. */
export interface RepoRecord {
  name: string;
  source: string;
  branch: string;
  added_at: string;
  last_sync_at: string | null;
  last_success_at: string | null;
  /** The last sync's failure, or null when it succeeded (or none ran yet). */
  last_error: { code: string; message: string; at: string } | null;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

function toRecord(row: Record<string, unknown>): RepoRecord {
  return {
    name: String(row.name),
    source: String(row.source),
    branch: String(row.branch),
    added_at: iso(row.added_at) ?? '',
    last_sync_at: iso(row.last_sync_at),
    last_success_at: iso(row.last_success_at),
    last_error: row.last_error_code ? { code: String(row.last_error_code), message: String(row.last_error_message ?? ''), at: iso(row.last_error_at) ?? '' } : null,
  };
}

/** Every registered repository, by name. */
export async function listRepos(pool: pg.Pool): Promise<RepoRecord[]> {
  const { rows } = await pool.query('SELECT * FROM hub_repos ORDER BY name');
  return rows.map(toRecord);
}

/** The names of every registered repository, sorted. */
export async function repoNames(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM hub_repos ORDER BY name');
  return rows.map((r) => r.name);
}

/** One repository. Errors: `not_found`. */
export async function getRepo(pool: pg.Pool, name: string): Promise<RepoRecord> {
  const { rows } = await pool.query('SELECT * FROM hub_repos WHERE name = $1', [name]);
  if (!rows[0]) throw new BrainError('not_found', `no repository "${name}" on this hub`, { hint: 'see `brain hub list` (or GET /api/repos)', data: { repo: name } });
  return toRecord(rows[0]);
}

/**
 * Registers a repository; the check and the insert hold one advisory lock, so two `brain hub
 * add` runs at once cannot both take a name or a source. Errors: `invalid_argument` when the
 * name, or the same source and branch, is already registered.
 */
export async function insertRepo(pool: pg.Pool, repo: { name: string; source: string; branch: string }): Promise<RepoRecord> {
  return inTransaction(pool, async (client) => {
    const clash = await client.query<{ name: string; source: string }>('SELECT name, source FROM hub_repos WHERE name = $1 OR (source = $2 AND branch = $3)', [repo.name, repo.source, repo.branch]);
    const other = clash.rows[0];
    if (other) {
      const what = other.name === repo.name ? `the name "${repo.name}" is taken (by ${other.source})` : `${repo.source} is already registered as "${other.name}"`;
      throw new BrainError('invalid_argument', `cannot register: ${what}`, { hint: 'pick another --name, or `brain hub remove` the old one first', data: { repo: other.name } });
    }
    const { rows } = await client.query('INSERT INTO hub_repos (name, source, branch) VALUES ($1, $2, $3) RETURNING *', [repo.name, repo.source, repo.branch]);
    return toRecord(rows[0] as Record<string, unknown>);
  }, { lock: 'brain_hub_repos' });
}

/** Unregisters a repository; true when it existed. */
export async function deleteRepo(pool: pg.Pool, name: string): Promise<boolean> {
  const { rowCount } = await pool.query('DELETE FROM hub_repos WHERE name = $1', [name]);
  return (rowCount ?? 0) > 0;
}

/** Records a sync's outcome: success clears the error; a failure keeps `last_success_at`. False when `name` is no longer registered. */
export async function recordSync(pool: pg.Pool, name: string, error: { code: string; message: string } | null): Promise<boolean> {
  if (error === null) {
    const { rowCount } = await pool.query('UPDATE hub_repos SET last_sync_at = now(), last_success_at = now(), last_error_code = NULL, last_error_message = NULL, last_error_at = NULL WHERE name = $1', [name]);
    return (rowCount ?? 0) > 0;
  }
  const { rowCount } = await pool.query('UPDATE hub_repos SET last_sync_at = now(), last_error_code = $2, last_error_message = $3, last_error_at = now() WHERE name = $1', [name, error.code, error.message.slice(0, 2000)]);
  return (rowCount ?? 0) > 0;
}
