/**
 * The cache daemon (DESIGN §5, issue #3): boots from the SQLite projection (unchanged tip:
 * nothing reprocessed; otherwise an incremental catch-up, or a rebuild, *before* it listens),
 * follows the docs branch with {@link createRefWatcher}, and serves the REST API, `/api/health`
 * and `/mcp` on 127.0.0.1 only (no option binds anything else).
 *
 * One-shot CLI reads arrive on `POST /cli/read` (cli-route.ts, token required).
 *
 * Projects: the daemon has one default project (`projectId`, else brain.json's), whose Brain
 * also backs `/mcp`. REST routes name `:project`; each project that has entries on the branch
 * (or is the default) gets its own Brain, opened on first request and kept — all share the one
 * repository, branch and cache file. Any other project id is a 404 (no Brain is opened for
 * arbitrary URLs).
 */
import { createMcpServer } from '../mcp/server.js';
import { listProjects } from '../projection/sqlite/projects.js';
import { landingProject } from '../service/projects.js';
import { BrainError, isBrainError } from '../model/errors.js';
import { openBrain, type Brain } from '../service.js';
import { assertProjectId } from '../service/project-id.js';
import { brainDir } from '../git/repo.js';
import { createApp, serveLoopback } from '../http/app.js';
import { claimDaemonFile } from './daemon-file.js';
import { createLog, errorFields, type Log } from '../service/log.js';
import { commitsBetween, createRefWatcher, type WatcherState, type WatchTrigger } from './ref-watcher.js';
import { ensureDefaultToken } from '../service/default-token.js';
import { keepOwnFiles } from './own-files.js';
import { authenticateDaemonToken } from '../service/daemon-tokens.js';
import { createCliRoute } from './cli-route.js';
import { startAutoSync, type AutoSync } from './auto-sync.js';
import { syncBrain } from '../service/sync.js';
import { readSyncSetting, type SyncSetting } from '../service/sync-setting.js';
import { upstreamStatus } from '../service/upstream-status.js';
import { projectedCounts } from '../service/projected-counts.js';

export { DEFAULT_PORT } from './default-port.js';
import { DEFAULT_PORT } from './default-port.js';

/** brain.json's `sync` setting (service/sync-setting.ts), or null: off, no brain yet, or invalid (logged). */
async function syncSetting(brain: Brain, log: Log): Promise<SyncSetting | null> {
  try {
    return readSyncSetting(await brain.store.manifest());
  } catch (err) {
    if (!isBrainError(err, 'not_initialized')) log.warn('sync_setting', { message: 'brain.json "sync" is invalid: the daemon does not sync', error: errorFields(err) });
    return null;
  }
}

/** Options of {@link startDaemon}. */
export interface DaemonOptions {
  /** A directory inside the repository. */
  repoDir: string;
  /** Docs branch (default `brain`). */
  branch?: string;
  /** TCP port on 127.0.0.1 (default {@link DEFAULT_PORT}; 0 = any free port). */
  port?: number;
  /** Default project (default: brain.json's `default_project`, else the repo name). */
  projectId?: string;
  /** The person MCP writes are made for (default: BRAIN_AUTHOR, else git user.name); the agent is the token's name. */
  author?: string;
  /** Hide MCP write tools from everyone (no default token is created). */
  readOnly?: boolean;
  /** Safety-net poll of the tip, ms (default 2000). */
  pollMs?: number;
  /** False: never sync, whatever brain.json says (`brain daemon --no-sync`). Default: as brain.json's `sync` (auto-sync.ts). */
  sync?: boolean;
  log?: Log;
}

/** A running daemon. */
export interface RunningDaemon {
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The default project (null while the docs branch does not exist). */
  projectId: string | null;
  /** Stops watching and serving, waits (≤ 3 s) for requests in flight, closes every Brain, removes daemon.json. Idempotent. */
  close(signal?: string): Promise<void>;
}

/** The last catch-up, as `/api/health` reports it (`ms`: wall time; counts from the apply). */
export interface CatchUp { trigger: WatchTrigger | 'boot'; mode: 'fresh' | 'incremental' | 'full' | 'uninitialized'; from: string | null; to: string | null; ms: number; at: string; files?: number; revisions?: number; entries?: number; problems?: number }

/**
 * `/api/health` `data`. `tip`, `projected` and `lag` are observed *before* the health request
 * itself catches up (so a lagging watcher shows); `entries` (of the default project) and
 * `problems` after. `status`: `ok`, `degraded` (watcher not ready or failing — the poll still
 * runs), `uninitialized` (no docs branch yet).
 */
export interface DaemonHealth {
  status: 'ok' | 'degraded' | 'uninitialized';
  pid: number; port: number; url: string; started_at: string; uptime_s: number;
  repo: string; branch: string; project_id: string | null;
  tip: string | null; projected: string | null;
  /** `commits`: how many commits the projection is behind (`git rev-list --count`), null if unknown. */
  lag: { in_sync: boolean; commits: number | null };
  entries: { total: number; revisions: number; by_kind: Record<string, Record<string, number>>; forked: string[] } | null;
  problems: { path: string; code: string; message: string }[];
  watcher: WatcherState;
  last_catch_up: CatchUp | null;
}

/**
 * Starts the daemon. Errors: `lock_timeout` (another daemon runs on this repository),
 * `io_error` (port in use), `not_a_repository`, `unsupported_format`, reader errors. A missing
 * docs branch is not an error: the API answers 503 `not_initialized` until `brain init`.
 */
export async function startDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const log = options.log ?? createLog();
  const onNotice = (message: string) => log.info('notice', { message });
  const open = (projectId?: string) => openBrain({ repoDir: options.repoDir, ...(options.branch ? { branch: options.branch } : {}), ...(projectId ? { projectId } : {}), ...(options.author ? { author: options.author } : {}), onNotice });
  const primary = await open(options.projectId);
  const { commonDir } = primary.repo;
  const startedAt = new Date().toISOString();
  const file = await claimDaemonFile({
    brainDir: brainDir(primary.repo),
    info: { format: 1, pid: process.pid, port: null, url: null, started_at: startedAt, branch: primary.branch, project_id: options.projectId ?? null, projected: null, repo: commonDir },
    onStale: (stale) => log.warn('stale_daemon_file', { pid: stale?.pid ?? null, started_at: stale?.started_at ?? null }),
  }).catch(async (err: unknown) => {
    await primary.close();
    throw err;
  });
  const brains = new Map<string, Promise<Brain>>();
  const cleanups: (() => Promise<void> | void)[] = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await Promise.resolve(step()).catch(() => undefined);
    for (const brain of [primary, ...(await Promise.allSettled(brains.values())).flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))]) await brain.close().catch(() => undefined);
    file.remove();
  };
  let lastCatchUp: CatchUp | null = null;
  let autoSync: AutoSync | null = null;
  const catchUp = async (trigger: CatchUp['trigger']): Promise<void> => {
    const waiting = (error?: unknown) => {
      if (lastCatchUp?.mode !== 'uninitialized') log.warn('catch_up', { trigger, mode: 'uninitialized', message: `branch ${primary.branch} has no brain yet; waiting for \`brain init\``, ...(error ? { error: errorFields(error) } : {}) });
      lastCatchUp = { trigger, mode: 'uninitialized', from: null, to: null, ms: 0, at: new Date().toISOString() };
    };
    try {
      const r = await primary.refresh();
      if (r.to === null) return waiting();
      lastCatchUp = { trigger, mode: r.mode, from: r.from, to: r.to, ms: Math.round(r.ms * 10) / 10, at: new Date().toISOString(), ...(r.stats ?? {}) };
      log.info('catch_up', { ...lastCatchUp });
      file.update({ projected: r.to });
      // A local write (ours, the CLI's, an agent's) left revisions the remote lacks: sync soon.
      if (autoSync) {
        const relation = (await upstreamStatus(primary))?.relation;
        if (relation === undefined || relation === 'ahead' || relation === 'diverged') autoSync.kick();
      }
    } catch (err) {
      if (!isBrainError(err, 'not_initialized')) throw err;
      waiting(err);
    }
  };
  const projectOrNull = () => primary.projectId().catch((err: unknown) => (isBrainError(err, 'not_initialized') ? null : Promise.reject(err)));
  const brainFor = async (projectId: string): Promise<Brain> => {
    assertProjectId(projectId);
    // The service projects an empty tree when the branch is missing; say so instead.
    if ((await primary.store.resolveTip()) === null) throw new BrainError('not_initialized', `no brain here: branch ${primary.branch} does not exist`, { hint: 'create it with `brain init`' });
    if (projectId === (await primary.projectId())) return primary;
    let brain = brains.get(projectId);
    if (!brain) {
      brain = (async () => {
        await primary.refresh();
        const known = listProjects(primary.db()).map((p) => p.project_id);
        if (!known.includes(projectId)) throw new BrainError('not_found', `no project ${projectId} on branch ${primary.branch}`, { hint: `projects with entries: ${known.join(', ') || '(none)'}`, data: { project_id: projectId } });
        return open(projectId);
      })();
      brains.set(projectId, brain);
      brain.catch(() => brains.delete(projectId));
    }
    return brain;
  };
  try {
    const stateDir = brainDir(primary.repo); // .git/brain: the default token and tokens.json
    const token = options.readOnly ? null : ensureDefaultToken({ brainDir: stateDir }).token;
    // daemon.json and the default token are put back when `.git/brain/` is cleared under us (decision 0063).
    const own = keepOwnFiles({ brainDir: stateDir, token, file, log, ...(options.pollMs !== undefined ? { intervalMs: options.pollMs } : {}) });
    cleanups.push(() => own.close());
    await catchUp('boot');
    const watcher = await createRefWatcher({
      commonDir, branch: primary.branch, initialOid: primary.projectedOid(), readTip: () => primary.store.resolveTip(), ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
      onTip: (_tip, trigger) => catchUp(trigger),
      onError: (err, where) => log.error('watcher_error', { where, error: errorFields(err) }),
    });
    cleanups.push(() => watcher.close());
    let port = 0;
    const health = async (): Promise<DaemonHealth> => {
      const tip = primary.store.tip();
      const projected = primary.projectedOid();
      const lag = { in_sync: tip === projected, commits: tip === projected ? 0 : await commitsBetween({ commonDir, from: projected, to: tip }) };
      // Catch up only when the branch moved past the projection; the figures are computed once
      // per projected commit (issue 21), never per request.
      const uninitialized = (err: unknown) => (isBrainError(err, 'not_initialized') ? null : Promise.reject(err));
      if (tip !== null && tip !== projected) await primary.refresh().catch(uninitialized);
      const status = tip === null ? null : await projectedCounts(primary).catch(uninitialized);
      const w = watcher.state();
      return {
        status: status === null ? 'uninitialized' : w.ready && w.last_error === null ? 'ok' : 'degraded',
        pid: process.pid, port, url: `http://127.0.0.1:${port}`, started_at: startedAt, uptime_s: Math.round(process.uptime()),
        repo: commonDir, branch: primary.branch, project_id: await projectOrNull(), tip, projected, lag,
        entries: status ? { total: status.entries, revisions: status.revisions, by_kind: status.by_kind, forked: status.forked } : null,
        problems: status?.problems ?? [], watcher: w, last_catch_up: lastCatchUp,
      };
    };
    const app = createApp({
      brainFor, defaultBrain: async () => brainFor(await primary.projectId()), health, log,
      // The dashboard's `/`: the project with entries when the default one has none (decision 0054).
      defaultProject: async () => ((await projectOrNull()) === null ? null : landingProject(primary)),
      mcp: { brain: primary, readOnly: options.readOnly === true, createServer: createMcpServer },
      authenticate: (secret) => {
        own.restore();
        return authenticateDaemonToken({ brainDir: stateDir, secret });
      },
    });
    // One-shot CLI reads (issue #10): a Brain opened as the CLI would open it; the primary when the options match.
    const cli = createCliRoute({ branch: primary.branch, shared: primary, open: async (projectId) => (projectId === options.projectId ? primary : open(projectId)) });
    cleanups.push(() => cli.close());
    app.route('/cli', cli.routes);
    const served = await serveLoopback(app, options.port ?? DEFAULT_PORT);
    cleanups.push(() => served.stop());
    port = served.port;
    const url = `http://127.0.0.1:${port}`;
    const projectId = await projectOrNull();
    file.update({ port, url, project_id: projectId });
    const setting = options.sync === false ? null : await syncSetting(primary, log);
    if (setting) {
      autoSync = startAutoSync({ setting, brainDir: brainDir(primary.repo), log, run: () => syncBrain(primary, { remote: setting.remote }) });
      cleanups.push(() => autoSync?.close());
    }
    log.info('start', { pid: process.pid, port, url, repo: commonDir, branch: primary.branch, project_id: projectId, projected: primary.projectedOid(), mcp_writes: options.readOnly ? 'hidden' : 'token', sync: setting ?? (options.sync === false ? 'off (--no-sync)' : 'off'), boot_ms: Math.round(process.uptime() * 1000) });
    let closing: Promise<void> | null = null;
    const close = (signal?: string) =>
      (closing ??= cleanUp().then(() => log.info('stop', { pid: process.pid, ...(signal ? { signal } : {}) })));
    return { port, url, projectId, close };
  } catch (err) {
    await cleanUp();
    throw err;
  }
}
