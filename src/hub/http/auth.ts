/**
 * Bearer authentication of hub requests (issue #11 "Scoped tokens"; RFC 6750 §2.1), through the
 * header rules the daemon shares (src/service/bearer-auth.ts): exactly one `Authorization:
 * Bearer <token>` header, the scheme case-insensitive, one token of base64url characters.
 * Anything else — no header, another scheme, a token in the query string, two tokens, an
 * unknown, revoked or foreign token — is `unauthorized` (401 with `WWW-Authenticate: Bearer
 * realm="brain"`, RFC 6750 §3 error codes), with the same message whatever the reason;
 * `data.reason` says only what the client sent (`missing`, `malformed`, `invalid`), never
 * whether a token exists.
 */
import type { MiddlewareHandler } from 'hono';
import type pg from 'pg';
import type { BrainError } from '../../model/errors.js';
import { readBearer, unauthorizedError, type UnauthorizedReason } from '../../service/bearer-auth.js';
import { findToken, type TokenRecord } from '../tokens.js';

/** The Hono environment of authenticated routes: the caller's token. */
export interface HubEnv {
  Variables: { token: TokenRecord };
}

const SECRET = /^[A-Za-z0-9_-]{16,200}$/;
const HINT = 'send "Authorization: Bearer <token>"; a hub operator issues tokens with `brain hub token create`';

/** The `unauthorized` error every failed authentication gets (one message; `reason` as in bearer-auth.ts). */
export function unauthorized(reason: UnauthorizedReason): BrainError {
  return unauthorizedError(reason, 'a valid hub token is required', HINT);
}

/** The live token whose secret is `secret` (the hub dashboard's session cookie or sign-in form), or null: malformed, unknown, revoked. */
export async function tokenOfSecret(pool: pg.Pool, secret: string | undefined): Promise<TokenRecord | null> {
  return secret !== undefined && SECRET.test(secret) ? findToken(pool, secret) : null;
}

/** The live token an `Authorization` header value carries. Errors: `unauthorized`. */
export async function tokenOf(pool: pg.Pool, authorization: string | undefined): Promise<TokenRecord> {
  let secret: string | null;
  try {
    secret = readBearer(authorization, HINT);
  } catch {
    throw unauthorized('malformed');
  }
  if (secret === null) throw unauthorized('missing');
  const token = await tokenOfSecret(pool, secret);
  if (token === null) throw unauthorized('invalid');
  return token;
}

/** Middleware: authenticates the request and sets `token`; refuses `access_token` in the query (RFC 6750 §2.3 is not supported: URLs are logged). */
export function requireToken(pool: pg.Pool): MiddlewareHandler<HubEnv> {
  return async (c, next) => {
    if (new URL(c.req.url).searchParams.has('access_token')) throw unauthorized('malformed');
    c.set('token', await tokenOf(pool, c.req.header('authorization')));
    await next();
  };
}
