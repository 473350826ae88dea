/**
 * The hub's read-only REST API (issue #11): the reads of src/http/read-routes.ts over the hub's
 * reader (hub-reader.ts) — the daemon's read routes plus a `repo` dimension, every route
 * scoped by the caller's token (auth.ts) — and the hub's own `/api/repos` and `/api/problems`:
 *
 * | GET | read (read-routes.ts) or `data` |
 * |---|---|
 * | `/api/repos` | `{name, source, branch, projected_oid, last_sync_at, last_success_at, last_error, entries, problems}[]` |
 * | `/api/entries` | list, `{repo, ...Entry}[]` (+ `facets.repo: {repo, entries}[]` with `facets=repo`) |
 * | `/api/entries/:repo/:entry_id` | get: `{repo, ...Entry, revision_count, forked}` |
 * | `/api/entries/:repo/:entry_id/history` | history: `{repo, entry, sha256, path, commit}[]` |
 * | `/api/search` | search: `{repo, entry, relevance_score}[]` |
 * | `/api/problems` | `repo project` → `{repo, path, code, message}[]` |
 * | `/api/projects` | projects: `{repo, project_id, entries, by_kind}[]` |
 * | `/api/candidates` | candidates: `{repo, ...Candidate}[]` |
 * | `/api/candidates/:repo/:candidate_id` | candidate: `{repo, ...Candidate}` (`project` optional) |
 * | `/api/brief` | brief: `{markdown, tokens, included, omitted, groups}` |
 *
 * and `POST /api/tokens` (tokens-route.ts). Responses are `Cache-Control: no-store`: they
 * depend on the token. Writes are not served (docs/decisions/0027).
 */
import { Hono, type Context } from 'hono';
import type { HubService } from '../hub-service.js';
import { hubReader } from '../hub-reader.js';
import type { HubEnv } from './auth.js';
import { queryParams } from '../../http/query-params.js';
import { createReadRoutes, type ReadMount } from '../../http/read-routes.js';

/** Sends `{data, …}` as JSON, never cached. */
export function send(c: Context, body: Record<string, unknown>, status: 200 | 201 | 202 = 200): Response {
  return c.json(body, status, { 'Cache-Control': 'no-store', Vary: 'Authorization' });
}

/** The REST read routes; mount with `app.route('/api', createHubRest(hub))` after the auth middleware. */
export function createHubRest(hub: HubService): Hono<HubEnv> {
  const routes = new Hono<HubEnv>();
  const grant = (c: Context<HubEnv>) => c.get('token');

  routes.get('/repos', async (c) => {
    queryParams(c, []);
    return send(c, { data: await hub.repos(grant(c)) });
  });

  routes.get('/problems', async (c) => {
    const q = queryParams(c, ['repo', 'project']);
    return send(c, { data: await hub.problems(grant(c), { repo: q.repo, project: q.project }) });
  });

  const mount: ReadMount<HubEnv> = { spans: true, open: async (c) => ({ reader: hubReader(hub, grant(c)), answer: async (produce) => send(c, await produce()) }) };
  routes.route('/', createReadRoutes(mount, {
    list: '/entries', search: '/search', brief: '/brief', history: '/entries/:repo/:entry_id/history', get: '/entries/:repo/:entry_id',
    candidates: '/candidates', candidate: '/candidates/:repo/:candidate_id', projects: '/projects',
  }));
  return routes;
}
