/**
 * The read-only REST API (DESIGN §6, issue #3), mounted at `/api/projects/:project`:
 *
 * | GET | query | `data` |
 * |---|---|---|
 * | `/brain` | `kind status tag author related_task path updated_since limit cursor` (`path`: a prefix or glob) | `Entry[]`, newest first (recorded_at desc, entry_id asc) + `pagination: {limit, next_cursor, has_more}` |
 * | `/brain/search` | `q` (required), `kind`, `limit` (≤ 100, default 20) | `{entry, relevance_score}[]` |
 * | `/brain/context` | `budget`, `path`…, `related_task`… | the brief `{markdown, tokens, included, omitted}` (DESIGN §7) |
 * | `/brain/:entry_id` | `revision` | `Entry` (any unique id prefix, like the CLI) |
 * | `/brain/:entry_id/history` | — | `{entry, sha256, path, commit: {oid, author, email, time} \| null}[]`, oldest first |
 * | `/candidates` | `status` (`pending` default, `approved`, `rejected`, `all`) | candidate revisions (docs/format.md "Candidates"), newest first (issue #20) |
 * | `/candidates/:candidate_id` | — | one candidate (any unique id prefix) |
 *
 * and, mounted at `/api/projects` ({@link createProjectsRoute}): `GET /api/projects` → `data:
 * {project_id, entries, by_kind}[]`, every project on the branch, sorted (issue #7).
 *
 * `limit` defaults to 50, max 500. `cursor` is opaque (base64url of the keyset of the last row
 * served); a walk visits every entry not revised during the walk exactly once. `updated_since`
 * is ISO 8601 with a zone (or a bare date, UTC). Unknown or repeated parameters are 400s. Every
 * 200 carries a strong ETag (etag.ts) and `If-None-Match` is answered 304.
 */
import { Hono, type Context } from 'hono';
import type { Brain } from '../service.js';
import { BrainError } from '../model/errors.js';
import { BOUNDS, parseOptionalInteger } from '../model/number-text.js';
import { isWildcard, notModified, projectionEtag, contentEtag } from './etag.js';
import { historyWithCommits } from '../service/history.js';
import { encodeKeyset } from '../service/keyset-cursor.js';
import { decodeApiCursor, listLimit, queryParams, searchParams } from './query-params.js';

/** Options of {@link createRestRoutes}. */
export interface RestOptions {
  /** The Brain serving a project id. Errors: `invalid_argument` (not a slug), `not_found` (no such project). */
  brainFor: (projectId: string) => Promise<Brain>;
}

const bad = (message: string, hint?: string) => new BrainError('invalid_argument', message, hint ? { hint } : {});

/** The opaque cursor of a keyset position (service/keyset-cursor.ts). */
export function encodeCursor(key: { recorded_at: string; entry_id: string }): string {
  return encodeKeyset([key.recorded_at, key.entry_id]);
}

/**
 * Answers a GET with `{data, pagination?}` and its ETag, or 304. The body and the ETag are from
 * the same projected oid: if the branch moves while producing, the body is produced again (up
 * to 3 times; then the ETag is the hash of the bytes sent, still strong and exact).
 */
async function respond(c: Context, brain: Brain, produce: () => Promise<Record<string, unknown>>): Promise<Response> {
  const url = new URL(c.req.url);
  const inm = c.req.header('if-none-match');
  const send = (etag: string, text: string | null) => {
    const headers = { ETag: etag, 'Cache-Control': 'no-cache' };
    if (text === null || notModified(inm, etag)) return c.body(null, 304, headers);
    return c.body(text, 200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    // One refresh per request: the reads inside `produce` answer from it (Brain.readScope).
    const done = await brain.readScope(async () => {
      const oid = brain.projectedOid();
      const etag = projectionEtag({ oid, url: url.pathname + url.search });
      if (!isWildcard(inm) && notModified(inm, etag)) return send(etag, null);
      const body = JSON.stringify(await produce());
      return brain.projectedOid() === oid ? send(etag, body) : null;
    });
    if (done !== null) return done;
  }
  const body = JSON.stringify(await produce());
  return send(contentEtag(body), body);
}

/** Options of {@link createProjectsRoute}. */
export interface ProjectsRouteOptions {
  /** A Brain on the repository and branch (any project: the list does not depend on it). Errors: `not_initialized`. */
  brain: () => Promise<Brain>;
}

/**
 * `GET /api/projects` (issue #7): `{data: {project_id, entries, by_kind}[]}`, every project
 * with at least one entry, sorted by project_id, with a strong ETag like every REST GET. No
 * query parameters (any is a 400). Mount with `app.route('/api/projects', createProjectsRoute(…))`.
 */
export function createProjectsRoute(options: ProjectsRouteOptions): Hono {
  const routes = new Hono();
  routes.get('/', async (c) => {
    queryParams(c, []);
    const brain = await options.brain();
    return respond(c, brain, async () => ({ data: await brain.projects() }));
  });
  return routes;
}

/** The REST routes; mount with `app.route('/api/projects/:project', createRestRoutes(…))`. */
export function createRestRoutes(options: RestOptions): Hono {
  const routes = new Hono();
  const brainOf = (c: Context) => options.brainFor(c.req.param('project') ?? '');

  routes.get('/brain', async (c) => {
    const q = queryParams(c, ['kind', 'status', 'tag', 'author', 'related_task', 'path', 'updated_since', 'limit', 'cursor']);
    if ((c.req.queries('path')?.length ?? 0) > 1) throw bad('query parameter "path" given more than once', 'one path prefix or glob, e.g. path=src/payments/**');
    const limit = listLimit(q.limit);
    const [recorded_at, entry_id] = q.cursor === undefined ? [] : decodeApiCursor(q.cursor, 2);
    const after = recorded_at !== undefined && entry_id !== undefined ? { recorded_at, entry_id } : undefined;
    const brain = await brainOf(c);
    return respond(c, brain, async () => {
      const rows = await brain.list({
        // A given filter is passed even when empty (`tag=`): the service refuses what can never match (issue #17).
        ...(q.kind !== undefined ? { kind: q.kind } : {}), ...(q.status !== undefined ? { status: q.status } : {}), ...(q.tag !== undefined ? { tag: q.tag } : {}),
        ...(q.author !== undefined ? { author: q.author } : {}), ...(q.related_task !== undefined ? { relatedTask: q.related_task } : {}),
        ...(q.path !== undefined ? { path: q.path } : {}), ...(q.updated_since !== undefined ? { updatedSince: q.updated_since } : {}), ...(after ? { after } : {}), limit: limit + 1,
      });
      const page = rows.slice(0, limit).map((r) => r.entry);
      const last = page[page.length - 1];
      const hasMore = rows.length > limit && last !== undefined;
      return { data: page, pagination: { limit, has_more: hasMore, next_cursor: hasMore ? encodeCursor(last) : null } };
    });
  });

  routes.get('/brain/search', async (c) => {
    const q = queryParams(c, ['q', 'kind', 'limit']);
    const { query, limit } = searchParams(q, 'GET …/brain/search?q=sqlite+cache');
    const brain = await brainOf(c);
    return respond(c, brain, async () => ({ data: await brain.search({ query, ...(q.kind !== undefined ? { kind: q.kind } : {}), ...(limit ? { limit } : {}) }) }));
  });

  routes.get('/brain/context', async (c) => {
    queryParams(c, ['budget', 'path', 'related_task', 'task'], ['path', 'related_task', 'task']); // `task`: the spelling before issue #19
    const budget = parseOptionalInteger('budget', c.req.query('budget'), BOUNDS.budget);
    const paths = c.req.queries('path');
    const tasks = [...(c.req.queries('related_task') ?? []), ...(c.req.queries('task') ?? [])];
    const taskIds = tasks.length > 0 ? tasks : undefined;
    const brain = await brainOf(c);
    return respond(c, brain, async () => ({ data: await brain.context({ ...(budget ? { budget } : {}), ...(paths ? { paths } : {}), ...(taskIds ? { taskIds } : {}) }) }));
  });

  routes.get('/brain/:entry_id/history', async (c) => {
    queryParams(c, []);
    const brain = await brainOf(c);
    return respond(c, brain, async () => ({ data: await historyWithCommits(brain, { entryId: c.req.param('entry_id') }) }));
  });

  routes.get('/candidates', async (c) => {
    const q = queryParams(c, ['status']);
    const status = q.status ?? 'pending';
    if (!['pending', 'approved', 'rejected', 'all'].includes(status)) throw bad(`unknown candidate status "${status.slice(0, 40)}"`, 'status=pending (default), approved, rejected or all');
    const brain = await brainOf(c);
    return respond(c, brain, async () => ({ data: (await brain.candidates.list(status === 'all' ? {} : { status: status as 'pending' | 'approved' | 'rejected' })).map((r) => r.candidate) }));
  });

  routes.get('/candidates/:candidate_id', async (c) => {
    queryParams(c, []);
    const brain = await brainOf(c);
    return respond(c, brain, async () => ({ data: (await brain.candidates.get({ candidateId: c.req.param('candidate_id') })).candidate }));
  });

  routes.get('/brain/:entry_id', async (c) => {
    const q = queryParams(c, ['revision']);
    const revision = parseOptionalInteger('revision', q.revision, BOUNDS.revision);
    const brain = await brainOf(c);
    return respond(c, brain, async () => ({ data: (await brain.get({ entryId: c.req.param('entry_id'), ...(revision ? { revision } : {}) })).entry }));
  });

  return routes;
}
