/**
 * Opening a hub (issue #11 `brain hub`): its PostgreSQL pool (the `hub_` tables, hub-schema.ts),
 * its directory (`<dir>/mirrors/`, and `<dir>/projection/` for the SQLite backend), its
 * projection backend, the service and the syncer; plus the registry operations the CLI and
 * tests call (`addRepo`, `removeRepo`). The hub is stateless besides its mirrors and
 * databases: any number of processes may open the same database and directory.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { BrainError } from '../model/errors.js';
import type { ProjectionBackend } from '../projection/backend.js';
import { ensureHubSchema } from './hub-schema.js';
import { HubService } from './hub-service.js';
import { removeMirror } from './mirror.js';
import { checkBranchName, checkRepoName, defaultRepoName, normalizeSource } from './names.js';
import { deleteRepo, getRepo, insertRepo, type RepoRecord } from './registry.js';
import { RepoSyncer, type SyncOutcome } from './sync.js';

/** Which projection backend a hub uses: PostgreSQL (the deployment) or SQLite files under the hub dir. */
export type HubBackendKind = 'postgres' | 'sqlite';

/** Options of {@link openHub}. */
export interface OpenHubOptions {
  /** PostgreSQL URL of the hub's state (and of the projection with the `postgres` backend). */
  db: string;
  /** A read replica of `db` (PostgreSQL backend only): the projection's queries go there (README "Scaling out"). */
  readDb?: string;
  /** The hub directory (mirrors). Created if missing. */
  dir: string;
  /** Default `postgres`. */
  backend?: HubBackendKind;
  onSynced?: (outcome: SyncOutcome) => void;
}

/** What the hub's reads need, and nothing of its mirrors: the pool, the projection, the service (`brain hub list`). `close()` ends them. */
export interface HubReader {
  pool: pg.Pool;
  backend: ProjectionBackend;
  service: HubService;
  close(): Promise<void>;
}

/** An open hub: a {@link HubReader} with its directory (mirrors) and the syncer. `close()` waits for running syncs, then ends the pool and the backend. */
export interface Hub extends HubReader {
  dir: string;
  syncer: RepoSyncer;
}

async function openBackend(kind: HubBackendKind, pool: pg.Pool, dir: string | null, readPool: pg.Pool | null): Promise<ProjectionBackend> {
  if (kind === 'sqlite') {
    if (readPool) throw new BrainError('invalid_argument', 'a read replica needs the postgres backend', { hint: 'drop --read-db, or use --backend postgres' });
    if (dir === null) throw new BrainError('invalid_argument', 'the sqlite backend keeps its projection in the hub directory: it needs --dir', { hint: 'pass --dir <hub dir> or set BRAIN_HUB_DIR (the directory `brain hub serve` uses)' });
    const { createSqliteProjection } = await import('../projection/sqlite/sqlite-projection.js');
    return createSqliteProjection({ dir: join(dir, 'projection') });
  }
  if (kind === 'postgres') {
    // The projection's `proj_` tables live next to the hub's `hub_` tables, over the same pool.
    const { createPostgresProjection } = await import('../projection/postgres/postgres-projection.js');
    return createPostgresProjection({ pool, ...(readPool ? { readPool } : {}) });
  }
  throw new BrainError('invalid_argument', `unknown projection backend "${String(kind)}"`, { hint: 'use --backend postgres (default) or sqlite' });
}

function databaseError(err: unknown): BrainError {
  if (err instanceof BrainError) return err;
  return new BrainError('io_error', `cannot open the hub database: ${err instanceof Error ? err.message : String(err)}`, { cause: err, hint: 'check --db (or BRAIN_HUB_DB): a postgres:// URL the hub can connect to and create tables in' });
}

/** Opens the hub's own tables only (registry, tokens: `brain hub token …`); end the pool when done. Errors: `io_error` (database). */
export async function openHubState(db: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: db, max: 2 });
  try {
    await ensureHubSchema(pool);
    return pool;
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw databaseError(err);
  }
}

async function openParts(options: Omit<OpenHubOptions, 'dir' | 'onSynced'>, dir: string | null): Promise<HubReader> {
  const pool = new pg.Pool({ connectionString: options.db, max: 10 });
  const readPool = options.readDb ? new pg.Pool({ connectionString: options.readDb, max: 10 }) : null;
  try {
    await ensureHubSchema(pool);
    const backend = await openBackend(options.backend ?? 'postgres', pool, dir, readPool);
    const service = new HubService({ pool, backend, hubDir: dir });
    const close = async () => {
      await backend.close();
      await pool.end();
      await readPool?.end();
    };
    return { pool, backend, service, close };
  } catch (err) {
    await pool.end().catch(() => undefined);
    await readPool?.end().catch(() => undefined);
    throw databaseError(err);
  }
}

/**
 * Opens the hub's reads without its directory (`brain hub list` on any machine that reaches
 * the database): `service.history` is refused, nothing is synced. `dir` is needed with the
 * sqlite backend only (its projection lives there). Errors: as {@link openHub}.
 */
export function openHubReader(options: Omit<OpenHubOptions, 'dir' | 'onSynced'> & { dir?: string }): Promise<HubReader> {
  return openParts(options, options.dir ?? null);
}

/** Opens a hub. Errors: `io_error` (the database cannot be reached or set up), `invalid_argument` (backend). */
export async function openHub(options: OpenHubOptions): Promise<Hub> {
  mkdirSync(join(options.dir, 'mirrors'), { recursive: true });
  const parts = await openParts(options, options.dir);
  const syncer = new RepoSyncer({ pool: parts.pool, backend: parts.backend, hubDir: options.dir, ...(options.onSynced ? { onSynced: options.onSynced } : {}) });
  return {
    pool: parts.pool, dir: options.dir, backend: parts.backend, service: parts.service, syncer,
    close: async () => {
      await syncer.idle();
      await parts.close();
    },
  };
}

/**
 * Registers a repository (name defaults to the source's last path segment) and syncs it once;
 * the registration stands even when that first sync fails (the outcome says why).
 * Errors: `invalid_argument` (name, branch, source, already registered).
 */
export async function addRepo(hub: Hub, args: { source: string; name?: string; branch?: string; cwd?: string }): Promise<{ repo: RepoRecord; sync: SyncOutcome }> {
  const source = normalizeSource(args.source, args.cwd ?? process.cwd());
  const name = args.name !== undefined ? checkRepoName(args.name) : defaultRepoName(source);
  await insertRepo(hub.pool, { name, source, branch: checkBranchName(args.branch ?? 'brain') });
  const sync = await hub.syncer.sync(name);
  return { repo: await getRepo(hub.pool, name), sync };
}

/** Unregisters a repository: its row, its projection and its mirror. Errors: `not_found`. */
export async function removeRepo(hub: Hub, name: string): Promise<void> {
  if (!(await deleteRepo(hub.pool, checkRepoName(name)))) await getRepo(hub.pool, name);
  await hub.syncer.idle();
  await hub.backend.drop(name);
  removeMirror(hub.dir, name);
}
