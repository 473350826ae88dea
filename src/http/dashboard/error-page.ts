/**
 * Friendly error pages: a BrainError (or an adapter HttpError) rendered as HTML with its
 * message and hint, the status from the HTTP surface's one mapping (../errors.ts), and the
 * code for reference. Unknown errors say "internal error" without internals, like the API.
 */
import type { Context } from 'hono';
import { errorResponse, HttpError, toErrorResponse } from '../errors.js';
import { h } from './html.js';
import { renderPage, type HubChrome } from './layout.js';

const HEADLINE: Record<number, string> = {
  400: 'That request does not work',
  401: 'Sign in first',
  403: 'Not allowed',
  404: 'Not found',
  409: 'That is ambiguous',
  421: 'Wrong host',
  500: 'Something went wrong',
  502: 'A remote failed',
  503: 'Not available yet',
};

/** The status, headers and HTML document of `err`. `project`: link back to its board when known; `hub`: the hub's page shell (home is `/`). */
export function renderErrorPage(err: unknown, project: string | null, hub?: HubChrome): { status: ReturnType<typeof toErrorResponse>['status']; headers: Record<string, string>; html: string } {
  const { status, body, headers } = toErrorResponse(err);
  const { code, message, hint } = body.error;
  const home = project ? `/projects/${encodeURIComponent(project)}` : '/';
  const html = renderPage({
    title: HEADLINE[status] ?? `Error ${status}`,
    project: null,
    active: 'error',
    ...(hub ? { hub } : {}),
    body: h`<div class="error-page panel">
<p class="kind-label">Error ${status} · <span class="mono">${code}</span></p>
<h1>${HEADLINE[status] ?? 'Error'}</h1>
<p>${message}</p>
${hint ? h`<p class="muted"><strong>What to do:</strong> ${hint}</p>` : ''}
<p><a class="button quiet" href="${home}">${project ? 'Back to the board' : 'Dashboard home'}</a></p>
</div>`,
  });
  return { status, headers, html };
}

/**
 * The 404 for an address no route serves: the JSON error `not_found` with `apiHint` (where
 * the API lives) for API clients, or — when the client asks for HTML first, as a browser does
 * (`Accept: text/html,…`) — the HTML error page with a way home and no API routes in its words.
 * `headers`: the surface's page headers (CSP, referrer policy); `hub`: the hub's page shell.
 */
export function notFoundResponse(c: Context, options: { apiHint: string; headers: Readonly<Record<string, string>>; hub?: HubChrome }): Response {
  const path = c.req.path.slice(0, 200);
  if (!/^text\/html\b/i.test(c.req.header('accept') ?? '')) return errorResponse(c, new HttpError(404, 'not_found', `no such endpoint: ${path}`, options.apiHint));
  const page = renderErrorPage(new HttpError(404, 'not_found', `no such page: ${path}`, 'follow the links from the home page'), null, options.hub);
  return c.body(page.html, 404, { ...page.headers, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...options.headers });
}
