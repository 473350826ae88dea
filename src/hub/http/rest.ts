/**
 * The hub's read-only REST API (issue #11), the daemon's read routes (src/http/rest.ts) plus a
 * `repo` dimension, every route scoped by the caller's token (auth.ts):
 *
 * | GET | query | `data` |
 * |---|---|---|
 * | `/api/repos` | — | `{name, source, branch, projected_oid, last_sync_at, last_success_at, last_error, entries}[]` |
 * | `/api/entries` | `repo project kind status tag author related_task path updated_since limit cursor facets` | `{repo, ...Entry}[]` + `pagination` (+ `facets.repo: {repo, entries}[]` with `facets=repo`) |
 * | `/api/entries/:repo/:entry_id` | — | `{repo, ...Entry, revision_count, forked}` |
 * | `/api/entries/:repo/:entry_id/history` | — | `{repo, entry, sha256, path, commit}[]`, oldest first |
 * | `/api/search` | `q` (required) `repo project kind limit` | `{repo, entry, relevance_score}[]` |
 * | `/api/problems` | `repo project` | `{repo, path, code, message}[]` |
 * | `/api/projects` | `repo` | `{repo, project_id, entries, by_kind}[]` |
 * | `/api/candidates` | `repo project status` (`pending` default, `approved`, `rejected`, `all`) | `{repo, ...Candidate}[]`, newest first |
 * | `/api/candidates/:repo/:candidate_id` | `project` | `{repo, ...Candidate}` (any unique id prefix) |
 * | `/api/brief` | `repo project path… budget` | `{markdown, tokens, included, groups}` |
 *
 * and `POST /api/tokens` (tokens-route.ts). Responses are `Cache-Control: no-store`: they
 * depend on the token. Writes are not served (docs/decisions/0027).
 */
import { Hono, type Context } from 'hono';
import { BrainError } from '../../model/errors.js';
import type { HubService } from '../hub-service.js';
import type { HubEnv } from './auth.js';
import { BOUNDS, parseOptionalInteger } from '../../model/number-text.js';
import { decodeCursor, nextCursor } from './params.js';
import { listLimit, queryParams, searchParams } from '../../http/query-params.js';

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

  routes.get('/entries', async (c) => {
    const q = queryParams(c, ['repo', 'project', 'kind', 'status', 'tag', 'author', 'related_task', 'path', 'updated_since', 'limit', 'cursor', 'facets']);
    if (q.facets !== undefined && q.facets !== 'repo') throw new BrainError('invalid_argument', `unknown facet "${q.facets.slice(0, 40)}"`, { hint: 'facets=repo counts every match per repository' });
    const limit = listLimit(q.limit);
    const after = q.cursor === undefined ? undefined : decodeCursor(q.cursor);
    const page = await hub.list(grant(c), {
      repo: q.repo, project: q.project, kind: q.kind, status: q.status, tag: q.tag, author: q.author, relatedTask: q.related_task, updatedSince: q.updated_since,
      ...(q.path !== undefined ? { path: q.path } : {}), limit, ...(after ? { after } : {}), facet: q.facets === 'repo',
    });
    const next = nextCursor(page);
    return send(c, { data: page.rows.map((r) => ({ repo: r.repo, ...r.entry })), pagination: { limit, has_more: next !== null, next_cursor: next }, ...(page.facet ? { facets: { repo: page.facet } } : {}) });
  });

  routes.get('/entries/:repo/:entry_id/history', async (c) => {
    queryParams(c, []);
    return send(c, { data: await hub.history(grant(c), { repo: c.req.param('repo'), entryId: c.req.param('entry_id') }) });
  });

  routes.get('/entries/:repo/:entry_id', async (c) => {
    queryParams(c, []);
    const row = await hub.get(grant(c), { repo: c.req.param('repo'), entryId: c.req.param('entry_id') });
    return send(c, { data: { repo: row.repo, ...row.entry, revision_count: row.revision_count, forked: row.forked } });
  });

  routes.get('/search', async (c) => {
    const q = queryParams(c, ['q', 'repo', 'project', 'kind', 'limit']);
    const { query, limit } = searchParams(q, 'GET /api/search?q=sqlite+cache');
    const hits = await hub.search(grant(c), { query, repo: q.repo, project: q.project, kind: q.kind, limit });
    return send(c, { data: hits.map((h) => ({ repo: h.repo, entry: h.entry, relevance_score: h.relevance_score })) });
  });

  routes.get('/problems', async (c) => {
    const q = queryParams(c, ['repo', 'project']);
    return send(c, { data: await hub.problems(grant(c), { repo: q.repo, project: q.project }) });
  });

  routes.get('/projects', async (c) => {
    const q = queryParams(c, ['repo']);
    return send(c, { data: await hub.projects(grant(c), { repo: q.repo }) });
  });

  routes.get('/candidates', async (c) => {
    const q = queryParams(c, ['repo', 'project', 'status']);
    const rows = await hub.candidateRows(grant(c), { repo: q.repo, project: q.project, status: q.status });
    return send(c, { data: rows.map((r) => ({ repo: r.repo, ...r.candidate })) });
  });

  routes.get('/candidates/:repo/:candidate_id', async (c) => {
    const q = queryParams(c, ['project']);
    const row = await hub.candidate(grant(c), { repo: c.req.param('repo'), project: q.project, candidateId: c.req.param('candidate_id') });
    return send(c, { data: { repo: row.repo, ...row.candidate } });
  });

  routes.get('/brief', async (c) => {
    const q = queryParams(c, ['repo', 'project', 'path', 'budget'], ['path']);
    const budget = parseOptionalInteger('budget', q.budget, BOUNDS.budget);
    const paths = c.req.queries('path');
    return send(c, { data: await hub.brief(grant(c), { repo: q.repo, project: q.project, ...(paths ? { paths } : {}), ...(budget ? { budget } : {}) }) });
  });

  return routes;
}
