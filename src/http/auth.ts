/**
 * Who is calling the daemon (issue #17 "a wrong token is refused"; docs/decisions/0032),
 * decided once per request, before any route (after the host guard):
 *
 * - no `Authorization` header at all → the read-only guest (`caller` null): REST, dashboard and
 *   MCP read tools; MCP write tools refuse with `unauthorized`;
 * - `Authorization: Bearer <token>` of one of the daemon's tokens (the default
 *   `.git/brain/token`, or one from `brain daemon token create`) → that token's name and
 *   capabilities;
 * - anything else — a token that matches none, another scheme, an empty token, two headers —
 *   → **401** `unauthorized` on every route, JSON `{error: {code, message, hint, data:
 *   {reason}}}` with `WWW-Authenticate: Bearer realm="brain", error="invalid_token"` (or
 *   `"invalid_request"` for a malformed header; RFC 6750 §3). Nothing runs, nothing is written.
 *
 * The header rules live below the surfaces (src/service/bearer-auth.ts), shared with the hub.
 */
import type { MiddlewareHandler } from 'hono';
import { readBearer, unauthorizedError } from '../service/bearer-auth.js';
import type { DaemonCaller } from '../service/daemon-tokens.js';

/** The Hono environment of the daemon's routes: the authenticated caller, null for the guest. */
export interface CallerEnv {
  Variables: { caller: DaemonCaller | null };
}

/** What the daemon tells a refused caller to do. */
export const DAEMON_AUTH_HINT =
  'send "Authorization: Bearer <token>" with the token in .git/brain/token or one made by `brain daemon token create --name NAME` (see `brain daemon token list`); send no Authorization header at all to read as a guest; the file is read on every request, so read it again if it changed (the running daemon writes it back, unchanged, if .git/brain/ was cleared)';

/**
 * Middleware: sets `caller` from the `Authorization` header through `authenticate` (a token's
 * secret → its caller, or null when it matches none). Errors: `unauthorized` (see module doc).
 */
export function authenticateCaller(authenticate: (secret: string) => DaemonCaller | null): MiddlewareHandler<CallerEnv> {
  return async (c, next) => {
    const secret = readBearer(c.req.header('authorization'), DAEMON_AUTH_HINT);
    const caller = secret === null ? null : authenticate(secret);
    if (secret !== null && caller === null) throw unauthorizedError('invalid', 'the bearer token matches no token of this daemon (unknown or revoked)', DAEMON_AUTH_HINT);
    c.set('caller', caller);
    await next();
  };
}
