/**
 * The daemon's read-only REST API (DESIGN §6, issue #3): the reads of read-routes.ts over the
 * clone's reader (src/service/clone-reader.ts), mounted at `/api/projects/:project`:
 *
 * | GET | read (read-routes.ts) |
 * |---|---|
 * | `/brain` | list (`path`: a prefix or glob) |
 * | `/brain/search` | search |
 * | `/brain/context` | brief (DESIGN §7) |
 * | `/brain/:entry_id` | get (any unique id prefix, like the CLI) |
 * | `/brain/:entry_id/history` | history |
 * | `/candidates` | candidates (issue #20) |
 * | `/candidates/:candidate_id` | candidate |
 *
 * and, mounted at `/api/projects` ({@link createProjectsRoute}): `GET /api/projects` → `data:
 * {project_id, entries, by_kind}[]`, every project on the branch, sorted (issue #7).
 *
 * `limit` defaults to 50, max 500. `cursor` is opaque (base64url of the keyset of the last row
 * served); a walk visits every entry not revised during the walk exactly once. `updated_since`
 * is ISO 8601 with a zone (or a bare date, UTC). Unknown or repeated parameters are 400s. Every
 * 200 carries a strong ETag (etag.ts) and `If-None-Match` is answered 304.
 */
import type { Context, Hono } from 'hono';
import type { BlankEnv } from 'hono/types';
import type { Brain } from '../service.js';
import { cloneReader } from '../service/clone-reader.js';
import { isWildcard, notModified, projectionEtag, contentEtag } from './etag.js';
import { createReadRoutes, type Produce, type ReadMount } from './read-routes.js';

/** The opaque cursor of a clone's list position (service/list-cursor.ts; the dashboard's board pages with it). */
export { encodeCursor } from '../service/list-cursor.js';

/** Options of {@link createRestRoutes}. */
export interface RestOptions {
  /** The Brain serving a project id. Errors: `invalid_argument` (not a slug), `not_found` (no such project). */
  brainFor: (projectId: string) => Promise<Brain>;
}

/**
 * Answers a GET with `{data, pagination?}` and its ETag, or 304. The body and the ETag are from
 * the same projected oid: if the branch moves while producing, the body is produced again (up
 * to 3 times; then the ETag is the hash of the bytes sent, still strong and exact).
 */
async function respond(c: Context, brain: Brain, produce: Produce): Promise<Response> {
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

/** The clone's reads of `brainFor(c)`, answered with ETags. */
function cloneMount(brainFor: (c: Context) => Promise<Brain>): ReadMount<BlankEnv> {
  return {
    spans: false,
    async open(c) {
      const brain = await brainFor(c);
      return { reader: cloneReader(brain), answer: (produce: Produce) => respond(c, brain, produce) };
    },
  };
}

/**
 * `GET /api/projects` (issue #7): `{data: {project_id, entries, by_kind}[]}`, every project
 * with at least one entry, sorted by project_id, with a strong ETag like every REST GET. No
 * query parameters (any is a 400). Mount with `app.route('/api/projects', createProjectsRoute(…))`.
 */
export function createProjectsRoute(options: ProjectsRouteOptions): Hono {
  return createReadRoutes(cloneMount(() => options.brain()), { projects: '/' });
}

/** The REST routes; mount with `app.route('/api/projects/:project', createRestRoutes(…))`. */
export function createRestRoutes(options: RestOptions): Hono {
  return createReadRoutes(cloneMount((c) => options.brainFor(c.req.param('project') ?? '')), {
    list: '/brain', search: '/brain/search', brief: '/brain/context', history: '/brain/:entry_id/history',
    candidates: '/candidates', candidate: '/candidates/:candidate_id', get: '/brain/:entry_id',
  });
}
