/**
 * The daemon's HTTP application (Hono; DESIGN §5–§6, issue #3). Routes, in order:
 *
 * - every request: the loopback host/origin guard (host-guard.ts → 421/403), then who is calling
 *   (auth.ts: no Authorization header → the guest; a daemon token → its name; anything else →
 *   401 `unauthorized`);
 * - `GET /api/health` → `{data: health}` (shape: daemon.ts `DaemonHealth`), strong ETag of the bytes;
 * - `GET /api/projects` → the projects with their counts per kind (rest.ts `createProjectsRoute`);
 * - `GET /api/projects/:project/brain…` → rest.ts;
 * - any other method on `/api/…` → 405 `method_not_allowed` with `Allow: GET, HEAD`
 *   (HEAD is served by the GET handlers, without a body);
 * - `/mcp` → mcp-route.ts (POST only);
 * - `/`, `/projects/…`, `/assets/…` → the read-only HTML dashboard (dashboard/routes.ts, issue #8);
 * - anything else → 404 `not_found`: the JSON error, or the dashboard's HTML error page when the
 *   client asks for HTML first (a browser).
 *
 * Errors become `{error: {code, message, hint?}}` in one place (errors.ts); each error
 * response is logged as one `request_error` line (warn below 500, error from 500).
 */
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { keepIdleConnections } from './keep-alive.js';
import { Hono } from 'hono';
import { BrainError } from '../model/errors.js';
import type { Log } from '../service/log.js';
import { errorFields } from '../service/log.js';
import { asClientAbort, errorResponse, HttpError, toErrorResponse } from './errors.js';
import { contentEtag, notModified } from './etag.js';
import { hostGuard } from './host-guard.js';
import { createMcpRoute, type McpRouteOptions } from './mcp-route.js';
import { authenticateCaller, type CallerEnv } from './auth.js';
import type { DaemonCaller } from '../service/daemon-tokens.js';
import { createProjectsRoute, createRestRoutes, type RestOptions } from './rest.js';
import type { Brain } from '../service.js';
import { createDashboard } from './dashboard/routes.js';
import { notFoundResponse } from './dashboard/error-page.js';
import { SECURITY_HEADERS } from './dashboard/security.js';

/** Options of {@link createApp}. */
export interface AppOptions {
  brainFor: RestOptions['brainFor'];
  /** The Brain of the default project (for `GET /api/projects`). Errors: `not_initialized`. */
  defaultBrain: () => Promise<Brain>;
  /** The body of `/api/health`'s `data` (a fresh object per call). */
  health: () => Promise<unknown>;
  /** The `/mcp` endpoint. */
  mcp: Omit<McpRouteOptions, 'onError'>;
  /** The caller a bearer token's secret belongs to, or null when it matches none (src/service/daemon-tokens.ts). */
  authenticate: (secret: string) => DaemonCaller | null;
  log: Log;
  /** The default project the dashboard's `/` opens (null: no docs branch yet). Default: none. */
  defaultProject?: () => Promise<string | null>;
}

/** Builds the app; serve it with `@hono/node-server` on 127.0.0.1. */
export function createApp(options: AppOptions): Hono<CallerEnv> {
  const app = new Hono<CallerEnv>();
  app.use('*', hostGuard());
  app.use('*', authenticateCaller(options.authenticate));

  app.get('/api/health', async (c) => {
    const body = JSON.stringify({ data: await options.health() });
    const etag = contentEtag(body);
    const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
    if (notModified(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  });
  app.route('/api/projects', createProjectsRoute({ brain: options.defaultBrain }));
  app.route('/api/projects/:project', createRestRoutes({ brainFor: options.brainFor }));
  app.all('/api/*', (c) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') throw new HttpError(404, 'not_found', `no such endpoint: ${c.req.path}`, 'see GET /api/health, /api/projects and /api/projects/:project/brain');
    throw new HttpError(405, 'method_not_allowed', `${c.req.method} is not allowed: the REST API is read-only`, 'write through the CLI or the MCP write tools', { Allow: 'GET, HEAD' });
  });

  app.route('/mcp', createMcpRoute({ ...options.mcp, onError: (err) => options.log.error('request_error', { path: '/mcp', status: 500, error: errorFields(err), stack: err instanceof Error ? err.stack : undefined }) }));

  app.route('/', createDashboard({ brainFor: options.brainFor, defaultProject: options.defaultProject ?? (async () => null), log: options.log }));

  app.notFound((c) => notFoundResponse(c, { apiHint: 'the dashboard is at /, the REST API under /api, MCP at /mcp', headers: SECURITY_HEADERS }));
  app.onError((thrown, c) => {
    const err = asClientAbort(c, thrown);
    const { status, body } = toErrorResponse(err);
    const fields = { method: c.req.method, path: c.req.path, status, code: body.error.code, message: status >= 500 ? errorFields(err).message : body.error.message };
    if (status >= 500) options.log.error('request_error', { ...fields, stack: err instanceof Error ? err.stack : undefined });
    else options.log.warn('request_error', fields);
    return errorResponse(c, err);
  });
  return app;
}

/** A listening server. */
export interface LoopbackServer {
  server: Server;
  /** The bound port (the real one when 0 was asked). */
  port: number;
  /** Stops accepting, lets requests in flight finish for up to `graceMs` (default 3000), then drops the rest. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Serves `app` on 127.0.0.1:`port` (0 = any free port) — never another interface (DESIGN §5).
 * Errors: `io_error` when the port is in use, other listen errors as thrown by node.
 */
export function serveLoopback(app: Hono<CallerEnv>, port: number): Promise<LoopbackServer> {
  return new Promise((resolve, reject) => {
    const server = keepIdleConnections(createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' }) as Server);
    server.once('error', (err: NodeJS.ErrnoException) => {
      reject(err.code === 'EADDRINUSE' ? new BrainError('io_error', `port ${port} on 127.0.0.1 is already in use`, { hint: 'pick another with --port N, or --port 0 for any free port', data: { port } }) : err);
    });
    server.listen(port, '127.0.0.1', () => {
      const stop = (graceMs = 3000) =>
        new Promise<void>((done) => {
          const force = setTimeout(() => server.closeAllConnections(), graceMs);
          server.close(() => {
            clearTimeout(force);
            done();
          });
          server.closeIdleConnections();
        });
      resolve({ server, port: (server.address() as { port: number }).port, stop });
    });
  });
}
