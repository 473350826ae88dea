/**
 * The hub's HTTP application (Hono; issue #11). Routes, in order:
 *
 * - `POST /hooks/git` — the push webhook (webhook-route.ts), authenticated by its HMAC signature;
 * - everything under `/api` and `/mcp` — a bearer token first (auth.ts, 401 otherwise), then
 *   the REST reads (rest.ts), `POST /api/tokens` (tokens-route.ts), MCP (hub-mcp.ts);
 * - any other method on `/api/…` → 405 with `Allow: GET, HEAD` (the hub serves no writes);
 * - the read-only dashboard (../dashboard/routes.ts: `/`, `/repos…`, `/search`, `/brief`,
 *   `/session`), HTML pages authenticated by a session cookie that nothing above accepts;
 * - anything else → 404.
 *
 * Errors become `{error: {code, message, hint?}}` through the daemon's one mapping
 * (src/http/errors.ts), with the hub's hints (hub-errors.ts): 401 `unauthorized`, 403 `forbidden`,
 * …; a request its client abandoned (a cut webhook upload) is logged as 499 `client_closed_request`.
 */
import { Hono } from 'hono';
import type pg from 'pg';
import { asClientAbort, HttpError, toErrorResponse } from '../../http/errors.js';
import type { HubService } from '../hub-service.js';
import type { RepoSyncer } from '../sync.js';
import { createHubMcpRoute } from '../mcp/hub-mcp.js';
import { requireToken, type HubEnv } from './auth.js';
import { hubErrorResponse } from './hub-errors.js';
import { notFoundResponse } from '../../http/dashboard/error-page.js';
import { createHubDashboard, HUB_HEADERS } from '../dashboard/routes.js';
import { createHubRest } from './rest.js';
import { createTokensRoute } from './tokens-route.js';
import { createWebhookRoute } from './webhook-route.js';

/** Options of {@link createHubApp}. */
export interface HubAppOptions {
  pool: pg.Pool;
  hub: HubService;
  syncer: RepoSyncer;
  /** The webhook's shared secret; null: every webhook call is refused. */
  webhookSecret: string | null;
  /** Logs a failed request (`status` ≥ 500 are bugs or outages). */
  log: (fields: Record<string, unknown>) => void;
}

/** Builds the app. Serve it with hub-server.ts. */
export function createHubApp(options: HubAppOptions): Hono<HubEnv> {
  const app = new Hono<HubEnv>();
  app.route('/hooks/git', createWebhookRoute({ pool: options.pool, syncer: options.syncer, secret: options.webhookSecret }));
  app.use('/api/*', requireToken(options.pool));
  app.use('/mcp', requireToken(options.pool));
  app.route('/api/tokens', createTokensRoute(options.pool));
  app.route('/api', createHubRest(options.hub));
  app.all('/api/*', (c) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') throw new HttpError(404, 'not_found', `no such endpoint: ${c.req.path}`, 'see GET /api/repos, /api/entries, /api/search, /api/candidates, /api/brief');
    throw new HttpError(405, 'method_not_allowed', `${c.req.method} is not allowed: the hub's REST API is read-only`, 'write in the repository itself (brain CLI or its daemon); the hub picks the push up', { Allow: 'GET, HEAD' });
  });
  app.route('/mcp', createHubMcpRoute(options.hub, (err) => options.log({ path: '/mcp', status: 500, message: err instanceof Error ? err.message : String(err) })));
  app.route('/', createHubDashboard({ pool: options.pool, hub: options.hub, log: options.log }));
  app.notFound((c) => notFoundResponse(c, { apiHint: 'the dashboard is at /, the REST API under /api, MCP at /mcp, the webhook at /hooks/git', headers: HUB_HEADERS, hub: { signedIn: false } }));
  app.onError((thrown, c) => {
    const err = asClientAbort(c, thrown);
    const { status, body } = toErrorResponse(err);
    options.log({ method: c.req.method, path: c.req.path, status, code: body.error.code, message: body.error.message, ...(status >= 500 && err instanceof Error ? { stack: err.stack } : {}) });
    return hubErrorResponse(c, err);
  });
  return app;
}
