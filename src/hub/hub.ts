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

/** An open hub. `close()` ends the pool and the backend. */
export interface Hub {
  pool: pg.Pool;
  dir: string;
  backend: ProjectionBackend;
  service: HubService;
  syncer: RepoSyncer;
  close(): Promise<void>;
}

async function openBackend(kind: HubBackendKind, pool: pg.Pool, dir: string, readPool: pg.Pool | null): Promise<ProjectionBackend> {
  if (kind === 'sqlite') {
    if (readPool) throw new BrainError('invalid_argument', 'a read replica needs the postgres backend', { hint: 'drop --read-db, or use --backend postgres' });
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

/** Opens a hub. Errors: `io_error` (the database cannot be reached or set up), `invalid_argument` (backend). */
export async function openHub(options: OpenHubOptions): Promise<Hub> {
  mkdirSync(join(options.dir, 'mirrors'), { recursive: true });
  const pool = new pg.Pool({ connectionString: options.db, max: 10 });
  const readPool = options.readDb ? new pg.Pool({ connectionString: options.readDb, max: 10 }) : null;
  try {
    await ensureHubSchema(pool);
    const backend = await openBackend(options.backend ?? 'postgres', pool, options.dir, readPool);
    const service = new HubService({ pool, backend, hubDir: options.dir });
    const syncer = new RepoSyncer({ pool, backend, hubDir: options.dir, ...(options.onSynced ? { onSynced: options.onSynced } : {}) });
    return {
      pool, dir: options.dir, backend, service, syncer,
      close: async () => {
        await syncer.idle();
        await backend.close();
        await pool.end();
        await readPool?.end();
      },
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    await readPool?.end().catch(() => undefined);
    if (err instanceof BrainError) throw err;
    throw new BrainError('io_error', `cannot open the hub database: ${err instanceof Error ? err.message : String(err)}`, { cause: err, hint: 'check --db (or BRAIN_HUB_DB): a postgres:// URL the hub can connect to and create tables in' });
  }
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
