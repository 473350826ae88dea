/**
 * The hub dashboard's sign-in page (docs/decisions/0028): one form, `POST /session` with a
 * pasted hub token (`application/x-www-form-urlencoded`, field `token`), working without
 * JavaScript. `message` explains why it is shown again (a wrong token, an ended session).
 */
import { h } from '../../http/dashboard/html.js';
import { renderPage } from '../../http/dashboard/layout.js';

/** The sign-in page as a complete HTML document. */
export function renderSignIn(args: { message?: string } = {}): string {
  return renderPage({
    title: 'Sign in',
    project: null,
    active: 'signin',
    hub: { signedIn: false },
    body: h`<section class="signin panel" aria-labelledby="h-signin">
<h1 id="h-signin">Sign in to the hub</h1>
<p class="lede">Paste a hub token. The dashboard shows what that token may read: its repositories and projects, nothing else.</p>
${args.message ? h`<p class="warning" role="alert">${args.message}</p>` : ''}
<form method="post" action="/session">
<label for="token">Hub token</label>
<input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required placeholder="bh_…">
<button type="submit">Sign in</button>
</form>
<p class="small muted">A hub operator issues tokens with <span class="mono">brain hub token create</span>. The token is kept in an HttpOnly cookie of this browser until you sign out.</p>
</section>`,
  });
}
