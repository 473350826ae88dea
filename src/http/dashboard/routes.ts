/**
 * The read-only dashboard (DESIGN §6, issue #8 part 2), mounted at `/` by app.ts:
 *
 * | GET | query | page |
 * |---|---|---|
 * | `/` | — | 302 to the default project's board |
 * | `/projects` | `project` | 303 to that project's board (the switcher form) |
 * | `/projects/:project` | `kind status tag path task author cursor` | board |
 * | `/projects/:project/entries/:entry_id` | `revision` | entry (any unique id prefix; a past revision with `revision`) |
 * | `/projects/:project/search` | `q kind` | search |
 * | `/projects/:project/brief` | `budget` | re-entry brief |
 * | `/projects/:project/timeline` | `kind cursor before` | timeline: the picture of decisions and plans (`before`: an older window), then every change |
 * | `/projects/:project/graph` | `relation resolved entry page` | the graph (SVG and its table) |
 * | `/projects/:project/dependencies` | `resolved` | 301 to the graph (its name before issue #22) |
 * | `/projects/:project/candidates` | `status cursor` | candidates (`pending` default, `approved`, `rejected`, `all`) with the reviewer's verdict beside the entry it concerns (issue #20) |
 * | `/projects/:project/candidates/:candidate_id` | — | one candidate and its history (any unique id prefix) |
 * | `/assets/dashboard.css` | `v` | the stylesheet, cached for a year |
 * | `/assets/icon.svg` | — | the pages' icon |
 *
 * Every page: strong ETag (projected oid + URL + stylesheet version) answered 304 on
 * `If-None-Match` without rendering, the rendered bytes kept by ETag for other clients
 * (page-cache.ts; a request with `Cache-Control: no-cache` renders afresh), `Cache-Control: no-cache`, and a Content-Security-Policy
 * that allows no script at all. The navigation counts the project's pending candidates. Errors are HTML pages with the status of ../errors.ts.
 */
import { Hono, type Context } from 'hono';
import { PROJECT_ID_PATTERN } from '../../model/limits.js';
import { BrainError } from '../../model/errors.js';
import type { Log } from '../../service/log.js';
import { errorFields } from '../../service/log.js';
import type { Brain } from '../../service.js';
import { listProjectIds } from '../../service/board.js';
import { pendingCandidateCount } from '../../service/candidate-page.js';
import { withPictureReader } from '../../service/picture-reader.js';
import { cloneReader } from '../../service/clone-reader.js';
import { cloneTimelineSource } from '../../service/timeline.js';
import { assertProjectId } from '../../service/project-id.js';
import { upstreamStatus, type UpstreamStatus } from '../../service/upstream-status.js';
import { brainProblemsLine } from '../../service/problems-line.js';
import { toErrorResponse } from '../errors.js';
import { contentEtag, isWildcard, notModified, projectionEtag } from '../etag.js';
import { boardPage } from './board-page.js';
import { projectCandidateLinks } from './candidate-parts.js';
import { renderErrorPage } from './error-page.js';
import { renderPage } from './layout.js';
import { createPageCache, type PageCache } from './page-cache.js';
import { pageUrl, type UrlQuery } from './parts.js';
import { graphPage, graphRequest, GRAPH_PARAMS, timelinePage, timelineRequest } from './picture-pages.js';
import { checkBoardCursor, pageParams } from '../query-params.js';
import { briefPage, candidatePage, candidatesPage, entryPage, searchPage, type PageParts, type PageSource } from './read-pages.js';
import { ICON_PATH, SECURITY_HEADERS, sendIcon, sendStylesheet } from './security.js';
import { STYLE_HASH } from './style.js';

export { DASHBOARD_CSP } from './security.js';

/** Options of {@link createDashboard}. */
export interface DashboardOptions {
  /** The Brain serving a project id (as for the REST API). */
  brainFor: (projectId: string) => Promise<Brain>;
  /** The daemon's default project, or null when the docs branch does not exist yet. */
  defaultProject: () => Promise<string | null>;
  log: Log;
}

/** The pages' reads and links of one clone's project (read-pages.ts). */
function pageSource(brain: Brain, project: string): PageSource {
  return { reader: cloneReader(brain), pictures: (_at, fn) => withPictureReader(brain, fn), links: () => project };
}

/**
 * Sends a page with its ETag, or 304. Like the REST API, the body and the ETag come from the
 * same projected oid: if the branch moves while rendering, the page is rendered again (up to 3
 * times; then the ETag is the hash of the bytes sent, still strong and exact).
 */
async function sendPage(c: Context, brain: Brain, cache: PageCache, produce: () => Promise<PageParts>): Promise<Response> {
  const url = new URL(c.req.url);
  const inm = c.req.header('if-none-match');
  const project = await brain.projectId();
  const send = (etag: string, body: string | null) => {
    const headers = { ETag: etag, 'Cache-Control': 'no-cache', ...SECURITY_HEADERS };
    if (body === null || notModified(inm, etag)) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' });
  };
  const render = async (oid: string | null, upstream: UpstreamStatus | null) => {
    const [parts, projects] = await Promise.all([produce(), listProjectIds(brain)]);
    const pendingCandidates = await pendingCandidateCount(brain);
    const problems = await brainProblemsLine(brain);
    return renderPage({ ...parts, project, projects, oid, upstream, pendingCandidates, problems });
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    // One refresh per request: the reads inside the page answer from it (Brain.readScope, as REST does).
    const done = await brain.readScope(async () => {
      const oid = brain.projectedOid();
      // The header says how the branch stands against its upstream: a fetch changes the page, not the oid.
      const upstream = await upstreamStatus(brain);
      const etag = projectionEtag({ oid, url: `dashboard ${STYLE_HASH} ${upstream?.summary ?? ''} ${url.pathname}${url.search}` });
      if (!isWildcard(inm) && notModified(inm, etag)) return send(etag, null);
      // A hard reload (`Cache-Control: no-cache`) renders afresh.
      const cached = /no-cache/i.test(c.req.header('cache-control') ?? '') ? undefined : cache.get(etag);
      if (cached !== undefined) return send(etag, cached);
      const body = await render(oid, upstream);
      if (brain.projectedOid() !== oid) return null;
      cache.set(etag, body);
      return send(etag, body);
    });
    if (done) return done;
  }
  const body = await render(brain.projectedOid(), await upstreamStatus(brain));
  return send(contentEtag(body), body);
}

/** The dashboard routes; mount with `app.route('/', createDashboard(…))` after the API routes. */
export function createDashboard(options: DashboardOptions): Hono {
  const routes = new Hono();
  const cache = createPageCache();
  const brainOf = (c: Context) => options.brainFor(c.req.param('project') ?? '');

  /** The default project's page `sub` (with `search`, a query string), answered 302. */
  const toDefaultProject = async (sub: string, search = ''): Promise<Response> => {
    const project = await options.defaultProject();
    if (project === null) throw new BrainError('not_initialized', 'this repository has no brain yet: the docs branch does not exist', { hint: 'create it with `brain init`, or fetch a clone that has one; this page works as soon as it exists' });
    return new Response(null, { status: 302, headers: { Location: `${pageUrl(project, sub)}${search}`, 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
  };

  routes.get('/', () => toDefaultProject(''));

  routes.get('/projects', (c) => {
    const q = pageParams(c, ['project']);
    const target = q.project === undefined ? '/' : pageUrl(assertProjectId(q.project));
    return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
  });

  // A page's address without its project (`/search?q=…`, the hub's shape, or a link typed from
  // memory) opens that page of the default project rather than a 404 (decision 0088's left-out).
  for (const page of ['search', 'brief', 'timeline', 'graph', 'candidates']) {
    routes.get(`/${page}`, (c) => toDefaultProject(page, new URL(c.req.url).search));
  }

  routes.get('/assets/dashboard.css', (c) => sendStylesheet(c));
  routes.get(ICON_PATH, (c) => sendIcon(c));

  routes.get('/projects/:project', async (c) => {
    const q = pageParams(c, ['kind', 'status', 'tag', 'path', 'related_task', 'task', 'author', 'cursor']); // `task`: the name before issue #19
    if (q.cursor !== undefined) checkBoardCursor(q.cursor); // a bad cursor says so before anything is read ("invalid page cursor")
    const filters = { kind: q.kind, status: q.status, tag: q.tag, path: q.path, related_task: q.related_task ?? q.task, author: q.author, cursor: q.cursor };
    const brain = await brainOf(c);
    const src = pageSource(brain, await brain.projectId());
    return sendPage(c, brain, cache, () => boardPage(src, filters));
  });

  routes.get('/projects/:project/entries/:entry_id', async (c) => {
    const q = pageParams(c, ['revision']);
    const brain = await brainOf(c);
    const src = pageSource(brain, await brain.projectId());
    return sendPage(c, brain, cache, () => entryPage(src, { entryId: c.req.param('entry_id'), revision: q.revision }));
  });

  routes.get('/projects/:project/search', async (c) => {
    const q = pageParams(c, ['q', 'kind']);
    const brain = await brainOf(c);
    const src = pageSource(brain, await brain.projectId());
    return sendPage(c, brain, cache, () => searchPage(src, q));
  });

  routes.get('/projects/:project/brief', async (c) => {
    const q = pageParams(c, ['budget']);
    const brain = await brainOf(c);
    const project = await brain.projectId();
    return sendPage(c, brain, cache, () => briefPage(pageSource(brain, project), q, { action: pageUrl(project, 'brief') }));
  });

  routes.get('/projects/:project/timeline', async (c) => {
    const request = timelineRequest(pageParams(c, ['kind', 'cursor', 'before']));
    const brain = await brainOf(c);
    const project = await brain.projectId();
    const links = { base: project, url: (query: UrlQuery) => pageUrl(project, 'timeline', query) };
    return sendPage(c, brain, cache, () => timelinePage(cloneTimelineSource(brain), request, links));
  });

  routes.get('/projects/:project/graph', async (c) => {
    const request = graphRequest(pageParams(c, GRAPH_PARAMS));
    const brain = await brainOf(c);
    const project = await brain.projectId();
    return sendPage(c, brain, cache, async () => ({ ...(await graphPage((fn) => withPictureReader(brain, fn), request, { base: project, url: (query) => pageUrl(project, 'graph', query) })), active: 'graph' }));
  });

  routes.get('/projects/:project/dependencies', async (c) => {
    const q = pageParams(c, ['resolved', 'page']);
    const project = assertProjectId(c.req.param('project'));
    return new Response(null, { status: 301, headers: { Location: pageUrl(project, 'graph', { resolved: q.resolved }), 'Cache-Control': 'no-store', ...SECURITY_HEADERS } });
  });

  routes.get('/projects/:project/candidates', async (c) => {
    const q = pageParams(c, ['status', 'cursor']);
    const brain = await brainOf(c);
    const project = await brain.projectId();
    return sendPage(c, brain, cache, () => candidatesPage(pageSource(brain, project), q, projectCandidateLinks(project)));
  });

  routes.get('/projects/:project/candidates/:candidate_id', async (c) => {
    pageParams(c, []);
    const brain = await brainOf(c);
    const project = await brain.projectId();
    return sendPage(c, brain, cache, () => candidatePage(pageSource(brain, project), { candidateId: c.req.param('candidate_id') }, projectCandidateLinks(project)));
  });

  routes.get('/projects/:project/*', (c) => {
    throw new BrainError('not_found', `no such page: ${c.req.path.slice(0, 200)}`, { hint: 'the dashboard has a board, entries, search, brief, timeline, graph and candidates' });
  });

  routes.onError((err, c) => {
    const { body } = toErrorResponse(err);
    // Link the error page back to the project's board, unless the project itself is what failed.
    const param = c.req.param('project');
    const projectFailed = (body.error.code === 'not_found' && body.error.data?.project_id !== undefined && body.error.data.entry_id === undefined && body.error.data.candidate_id === undefined) || body.error.code === 'not_initialized';
    const project = param && PROJECT_ID_PATTERN.test(param) && !projectFailed ? param : null;
    const page = renderErrorPage(err, project);
    const fields = { method: c.req.method, path: c.req.path, status: page.status, code: body.error.code, message: page.status >= 500 ? errorFields(err).message : body.error.message };
    if (page.status >= 500) options.log.error('request_error', { ...fields, stack: err instanceof Error ? err.stack : undefined });
    else options.log.warn('request_error', fields);
    return c.body(page.html, page.status, { ...page.headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...SECURITY_HEADERS });
  });
  return routes;
}
