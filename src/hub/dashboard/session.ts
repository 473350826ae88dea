/**
 * Signing in to the hub's dashboard without script (docs/decisions/0028): a browser cannot
 * send a bearer header from a plain page, so `POST /session` takes a pasted hub token and keeps
 * its secret in the cookie {@link SESSION_COOKIE} (`HttpOnly; SameSite=Strict; Path=/`, plus
 * `Secure` when the request's own URL is https — `X-Forwarded-Proto` is not trusted). The
 * cookie is read by the dashboard pages only; `/api/*`, `/mcp` and `POST /api/tokens` stay
 * bearer-only (auth.ts never looks at cookies). Every page looks the token up again, so a
 * revoked token ends its sessions at the next page.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type pg from 'pg';
import { BrainError } from '../../model/errors.js';
import { tokenOfSecret } from '../http/auth.js';
import type { TokenRecord } from '../tokens.js';

/** The session cookie's name; its value is the token's secret. */
export const SESSION_COOKIE = 'brain_hub_session';

/** The caller's session: its live token, or null; `presented`: a session cookie was sent (then null means it is no longer valid). */
export async function readSession(pool: pg.Pool, c: Context): Promise<{ token: TokenRecord | null; presented: boolean }> {
  const secret = getCookie(c, SESSION_COOKIE);
  return { token: await tokenOfSecret(pool, secret), presented: secret !== undefined };
}

const secure = (c: Context) => new URL(c.req.url).protocol === 'https:';

/** Sets the session cookie to `secret` (a browser-session cookie: no Max-Age, it ends with the browser or `POST /session/end`). */
export function startSession(c: Context, secret: string): void {
  setCookie(c, SESSION_COOKIE, secret, { httpOnly: true, sameSite: 'Strict', path: '/', secure: secure(c) });
}

/** Clears the session cookie (`Max-Age=0`, same attributes). */
export function endSession(c: Context): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Strict', path: '/', secure: secure(c) });
}

/**
 * The CSRF guard of the session routes, besides SameSite=Strict: refuses (`forbidden`) a POST
 * whose `Origin` names another host than the request's `Host` (an absent Origin passes: older
 * clients and curl send none), or whose `Sec-Fetch-Site` says it came from another site. The
 * host is compared, not the scheme: behind a TLS proxy the hub sees http while the browser
 * says https.
 */
export function assertSameOrigin(c: Context): void {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  let sameHost = true;
  if (origin !== undefined) {
    try {
      const o = new URL(origin);
      sameHost = (o.protocol === 'http:' || o.protocol === 'https:') && o.host.toLowerCase() === (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase();
    } catch {
      sameHost = false; // "null" (a sandboxed or privacy-sensitive context) or garbage
    }
  }
  if (!sameHost || site === 'cross-site' || site === 'same-site') {
    throw new BrainError('forbidden', 'this form was sent from another site', { hint: 'open the hub dashboard itself and sign in there' });
  }
}
