/**
 * Friendly error pages: a BrainError (or an adapter HttpError) rendered as HTML with its
 * message and hint, the status from the HTTP surface's one mapping (../errors.ts), and the
 * code for reference. Unknown errors say "internal error" without internals, like the API.
 */
import { toErrorResponse } from '../errors.js';
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
