/**
 * The hub's read-only dashboard (issue #11 "the dashboard … served by the hub too";
 * docs/decisions/0028), mounted at `/` by ../http/app.ts after the API routes:
 *
 * | method | path | query | page |
 * |---|---|---|---|
 * | GET | `/` | `repo project kind status tag path task author cursor` | board (sign-in form without a session) |
 * | GET | `/repos` | — | repositories: sync state, counts, problems |
 * | GET | `/repos/:repo/entries/:entry_id` | `revision` | entry with its history (full id; a past revision with `revision`) — the daemon's page (read-pages.ts) |
 * | GET | `/repos/:repo/graph` | `project relation resolved entry page` | the graph of one project (the daemon's page, picture-pages.ts) |
 * | GET | `/repos/:repo/timeline` | `project kind before cursor` | the timeline of one project: its picture and its list of changes (the daemon's page, picture-pages.ts) |
 * | GET | `/repos/:repo/candidates` | `project status cursor` | the candidates of one project (the daemon's page, candidates-page.ts) |
 * | GET | `/repos/:repo/candidates/:candidate_id` | `project` | one candidate and its history (any unique id prefix) |
 * | GET | `/graph`, `/timeline`, `/candidates` | — | 302 to that page of the first repository the token can read |
 * | GET | `/search` | `q kind repo` | search (the daemon's page, read-pages.ts, with a repository field) |
 * | GET | `/brief` | `repo project budget` | brief across repositories (the daemon's page, read-pages.ts) |
 * | POST | `/session` | form `token` | sign in: sets the session cookie, 303 to `/` (401 form on a bad token) |
 * | POST | `/session/end` | — | sign out: clears it, 303 to `/` |
 * | GET | `/assets/dashboard.css` | `v` | the daemon dashboard's stylesheet |
 * | GET | `/assets/icon.svg` | — | the pages' icon |
 *
 * Pages read through the session token's reader (hub-reader.ts) or HubService with that
 * token, exactly as REST does, so entries outside its scope are invisible everywhere. No script (the daemon's CSP and security
 * headers, but `Referrer-Policy: same-origin`), `Cache-Control: private, no-cache` (pages
 * depend on the token), errors as HTML.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type pg from 'pg';
import { BrainError } from '../../model/errors.js';
import { toErrorResponse } from '../../http/errors.js';
import { hubError, pageHint } from '../hub-hints.js';
import { renderErrorPage } from '../../http/dashboard/error-page.js';
import { renderPage, type PageName } from '../../http/dashboard/layout.js';
import { pageParams } from '../../http/query-params.js';
import { ICON_PATH, SECURITY_HEADERS, sendIcon, sendStylesheet } from '../../http/dashboard/security.js';
import { h, type Html } from '../../http/dashboard/html.js';
import { tokenOfSecret } from '../http/auth.js';
import { briefPage, candidatePage, candidatesPage, entryPage, searchPage, type PageSource } from '../../http/dashboard/read-pages.js';
import { boardPage, BOARD_PARAMS } from '../../http/dashboard/board-page.js';
import { boardProblemsLine } from '../hub-problems-line.js';
import { hubReader } from '../hub-reader.js';
import type { HubService } from '../hub-service.js';
import type { TokenRecord } from '../tokens.js';
import { repoCandidateLinks, repoLinks, repoPictureUrl } from './links.js';
import type { CandidateList } from '../../service/candidate-page.js';
import { graphPage, graphRequest, GRAPH_PARAMS, timelinePage, timelineRequest } from '../../http/dashboard/picture-pages.js';
import { pictureLinks, projectField } from './picture-pages.js';
import { renderRepos } from './repos-page.js';
import { assertSameOrigin, endSession, readSession, startSession } from './session.js';
import { renderSignIn } from './signin-page.js';
import { repoSelect } from './repo-select.js';

/** Options of {@link createHubDashboard}. */
export interface HubDashboardOptions {
  pool: pg.Pool;
  hub: HubService;
  /** Logs a failed request (`status` ≥ 500 are bugs or outages). */
  log: (fields: Record<string, unknown>) => void;
}

type DashEnv = { Variables: { session: TokenRecord } };

// `same-origin`, not the daemon's `no-referrer`: see HubChrome in layout.ts (the sign-in form's Origin).
/** The hub's page headers: the dashboard's, with the referrer policy its sign-in form needs. */
export const HUB_HEADERS = { ...SECURITY_HEADERS, 'Referrer-Policy': 'same-origin' };
const PAGE_HEADERS = { 'Cache-Control': 'private, no-cache', Vary: 'Cookie', ...HUB_HEADERS };
const FORM_HEADERS = { 'Cache-Control': 'no-store', ...HUB_HEADERS };

function page(c: Context, parts: { title: string; body: Html; active: PageName; query?: string; problems?: string | null }, place?: { repo: string; project: string }): Response {
  return c.body(renderPage({ ...parts, project: null, hub: { signedIn: true, ...(place ? { place } : {}) } }), 200, { ...PAGE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
}

function signIn(c: Context, status: 200 | 401, message?: string): Response {
  return c.body(renderSignIn(message ? { message } : {}), status, { ...FORM_HEADERS, 'Content-Type': 'text/html; charset=utf-8' });
}

const redirectHome = (c: Context) => c.body(null, 303, { Location: '/', ...FORM_HEADERS });

/** The `not_found` of an entry page: one message whether the entry, its repository, or the token's view of it is missing. */
function noSuchEntry(repo: string, entryId: string): BrainError {
  return new BrainError('not_found', `no entry ${entryId.slice(0, 80)} in repository ${repo.slice(0, 100)}`, { hint: 'the entry or its repository does not exist, or this token cannot read it; find entries on the board or with search' });
}

/** The pages' reads and links within the session's token (../../http/dashboard/read-pages.ts): an entry's links stay in its repository. */
function hubPageSource(hub: HubService, grant: TokenRecord): PageSource {
  return {
    reader: hubReader(hub, grant),
    pictures: async (at, fn) => fn((await hub.pictures(grant, { repo: at.repo ?? '', project: at.project })).reader),
    links: (repo) => repoLinks(repo ?? ''),
  };
}

/** The dashboard routes; mount with `app.route('/', createHubDashboard(…))` after `/api`, `/mcp` and `/hooks/git`. */
export function createHubDashboard(options: HubDashboardOptions): Hono<DashEnv> {
  const { hub, pool } = options;
  const routes = new Hono<DashEnv>();
  const pageSource = (grant: TokenRecord) => hubPageSource(hub, grant);

  routes.get('/assets/dashboard.css', (c) => sendStylesheet(c));
  routes.get(ICON_PATH, (c) => sendIcon(c));

  routes.post('/session', bodyLimit({ maxSize: 8 * 1024, onError: () => { throw new BrainError('invalid_argument', 'the sign-in form is over 8 KiB'); } }), async (c) => {
    assertSameOrigin(c);
    const form = await c.req.parseBody();
    const secret = typeof form.token === 'string' ? form.token.trim() : undefined;
    if (secret === undefined || (await tokenOfSecret(pool, secret)) === null) return signIn(c, 401, 'That token is not valid: it is unknown, revoked or mistyped. Paste the whole token, starting with bh_.');
    startSession(c, secret);
    return redirectHome(c);
  });

  routes.post('/session/end', (c) => {
    assertSameOrigin(c);
    endSession(c);
    return redirectHome(c);
  });

  // Every page needs a live session: without one, the sign-in form (200 on a first visit to `/`, 401 otherwise).
  for (const path of ['/', '/repos', '/repos/*', '/search', '/brief', '/graph', '/timeline', '/candidates']) {
    routes.get(path, async (c, next) => {
      const session = await readSession(pool, c);
      if (session.token === null) {
        if (session.presented) endSession(c);
        if (!session.presented && c.req.path === '/') return signIn(c, 200);
        return signIn(c, 401, session.presented ? 'Your session has ended: its token was revoked or is no longer valid. Sign in with a valid token.' : 'Sign in to see this page.');
      }
      c.set('session', session.token);
      await next();
    });
  }

  routes.get('/', async (c) => {
    const q = pageParams(c, [...BOARD_PARAMS, 'task', 'cursor']); // `task`: the name before issue #19
    if (q.related_task === undefined && q.task !== undefined) q.related_task = q.task;
    const { task: _task, ...filters } = q;
    const { repos } = await hub.scope(c.get('session'));
    const fields = h`${repoSelect({ id: 'f-repo', repos, selected: q.repo })}
<div><label for="f-project">Project</label><input id="f-project" type="text" name="project" value="${q.project ?? ''}" placeholder="e.g. payments"></div>
`;
    const everything = h`Current state of every entry in the ${repos.length} ${repos.length === 1 ? 'repository' : 'repositories'} this token can read, newest first.`;
    // The tiles count entries only: say which repositories in view hold revisions that never became one (decision 0088).
    const board = await boardPage(pageSource(c.get('session')), filters, { fields, everything });
    const problems = boardProblemsLine(await hub.problems(c.get('session'), { repo: q.repo, project: q.project }), q.project ?? null);
    return page(c, { ...board, problems });
  });

  routes.get('/repos', async (c) => {
    pageParams(c, []);
    const [repos, problems] = await Promise.all([hub.repos(c.get('session')), hub.problems(c.get('session'))]);
    return page(c, { ...renderRepos({ repos, problems }), active: 'repos' });
  });

  routes.get('/repos/:repo/entries/:entry_id', async (c) => {
    const q = pageParams(c, ['revision']);
    const repo = c.req.param('repo');
    const entryId = c.req.param('entry_id');
    try {
      return page(c, await entryPage(pageSource(c.get('session')), { repo, entryId, revision: q.revision }));
    } catch (err) {
      // One answer whether the entry, its repository or the token's view of it is missing (no existence leak); a missing past revision says so.
      if (err instanceof BrainError && err.code === 'not_found' && err.data?.revision === undefined) throw noSuchEntry(repo, entryId);
      throw err;
    }
  });

  routes.get('/repos/:repo/graph', async (c) => {
    const q = pageParams(c, ['project', ...GRAPH_PARAMS]);
    const request = graphRequest(q);
    const repo = c.req.param('repo');
    const at = await hub.pictures(c.get('session'), { repo, project: q.project });
    const links = pictureLinks(repo, 'graph', q.project, projectField('g-project', at.projects, at.project));
    return page(c, { ...(await graphPage((fn) => fn(at.reader), request, links)), active: 'graph' }, { repo, project: at.project });
  });

  routes.get('/repos/:repo/timeline', async (c) => {
    const q = pageParams(c, ['project', 'kind', 'cursor', 'before']);
    const request = timelineRequest(q);
    const repo = c.req.param('repo');
    const at = await hub.timelineSource(c.get('session'), { repo, project: q.project });
    const links = pictureLinks(repo, 'timeline', q.project, projectField('t-project', at.projects, at.project));
    return page(c, await timelinePage(at.source, request, links), { repo, project: at.project });
  });

  routes.get('/repos/:repo/candidates', async (c) => {
    const q = pageParams(c, ['project', 'status', 'cursor']);
    const repo = c.req.param('repo');
    // Several projects: a project form above the daemon's page (the status chip is kept).
    const form = ({ list, projects }: { list: CandidateList; projects: string[] }) => {
      const field = projectField('c-project', projects, list.project_id);
      return field ? h`<form class="panel filters" method="get" action="${repoPictureUrl(repo, 'candidates')}" aria-label="Choose the project">${field}${list.status === 'pending' ? '' : h`<input type="hidden" name="status" value="${list.status}">`}<div class="actions"><button type="submit">Show</button></div></form>` : '';
    };
    return page(c, await candidatesPage(pageSource(c.get('session')), { ...q, repo }, repoCandidateLinks(repo, q.project), form));
  });

  routes.get('/repos/:repo/candidates/:candidate_id', async (c) => {
    const q = pageParams(c, ['project']);
    const repo = c.req.param('repo');
    return page(c, await candidatePage(pageSource(c.get('session')), { repo, project: q.project, candidateId: c.req.param('candidate_id') }, repoCandidateLinks(repo, q.project)));
  });

  for (const sub of ['graph', 'timeline', 'candidates'] as const) {
    routes.get(`/${sub}`, async (c) => {
      pageParams(c, []);
      const [first] = (await hub.scope(c.get('session'))).repos;
      if (first === undefined) throw new BrainError('not_found', 'this token can read no repository', { hint: 'the Repositories page lists what it can read; ask for a token with a repository in its scope' });
      return c.body(null, 302, { Location: repoPictureUrl(first, sub), ...FORM_HEADERS });
    });
  }

  routes.get('/repos/*', (c) => {
    throw new BrainError('not_found', `no such page: ${c.req.path.slice(0, 200)}`, { hint: 'entries are at /repos/<repo>/entries/<entry id>; the board at / lists them' });
  });

  routes.get('/search', async (c) => {
    const q = pageParams(c, ['q', 'kind', 'repo']);
    const { repos } = await hub.scope(c.get('session'));
    return page(c, await searchPage(pageSource(c.get('session')), q, repoSelect({ id: 's-repo', repos, selected: q.repo })));
  });

  routes.get('/brief', async (c) => {
    const q = pageParams(c, ['repo', 'project', 'budget']);
    const { repos } = await hub.scope(c.get('session'));
    const fields = h`${repoSelect({ id: 'b-repo', repos, selected: q.repo })}
<div><label for="b-project">Project</label><input id="b-project" type="text" name="project" value="${q.project ?? ''}" placeholder="e.g. payments"></div>`;
    return page(c, await briefPage(pageSource(c.get('session')), q, { action: '/brief', fields }));
  });

  routes.onError((thrown, c) => {
    const hubbed = hubError(thrown); // the hub's hints, as REST and MCP give, said in pages (pageHint)
    const err = hubbed instanceof BrainError && hubbed.hint ? new BrainError(hubbed.code, hubbed.message, { hint: pageHint(hubbed.hint), data: hubbed.data, cause: hubbed }) : hubbed;
    const { body } = toErrorResponse(err);
    const errorPage = renderErrorPage(err, null, { signedIn: c.get('session') !== undefined });
    options.log({ method: c.req.method, path: c.req.path, status: errorPage.status, code: body.error.code, message: body.error.message, ...(errorPage.status >= 500 && err instanceof Error ? { stack: err.stack } : {}) });
    return c.body(errorPage.html, errorPage.status, { ...errorPage.headers, 'Content-Type': 'text/html; charset=utf-8', ...FORM_HEADERS });
  });
  return routes;
}
