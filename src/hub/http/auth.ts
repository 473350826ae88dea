/**
 * Bearer authentication of hub requests (issue #11 "Scoped tokens"; RFC 6750 §2.1): exactly
 * one `Authorization: Bearer <token>` header, the scheme case-insensitive, one token of
 * base64url characters. Anything else — no header, another scheme, a token in the query
 * string, two tokens, an unknown, revoked or foreign token — is `unauthorized` (401 with
 * `WWW-Authenticate: Bearer`), with the same message whatever the reason.
 */
import type { MiddlewareHandler } from 'hono';
import type pg from 'pg';
import { BrainError } from '../../model/errors.js';
import { findToken, type TokenRecord } from '../tokens.js';

/** The Hono environment of authenticated routes: the caller's token. */
export interface HubEnv {
  Variables: { token: TokenRecord };
}

const BEARER = /^bearer[ ]+([A-Za-z0-9_-]{16,200})$/i;
const SECRET = /^[A-Za-z0-9_-]{16,200}$/;

/** The `unauthorized` error every failed authentication gets. */
export function unauthorized(): BrainError {
  return new BrainError('unauthorized', 'a valid hub token is required', { hint: 'send "Authorization: Bearer <token>"; a hub operator issues tokens with `brain hub token create`' });
}

/** The live token whose secret is `secret` (the hub dashboard's session cookie or sign-in form), or null: malformed, unknown, revoked. */
export async function tokenOfSecret(pool: pg.Pool, secret: string | undefined): Promise<TokenRecord | null> {
  return secret !== undefined && SECRET.test(secret) ? findToken(pool, secret) : null;
}

/** The live token an `Authorization` header value carries. Errors: `unauthorized`. */
export async function tokenOf(pool: pg.Pool, authorization: string | undefined): Promise<TokenRecord> {
  const secret = authorization === undefined ? undefined : BEARER.exec(authorization)?.[1];
  const token = secret === undefined ? null : await findToken(pool, secret);
  if (token === null) throw unauthorized();
  return token;
}

/** Middleware: authenticates the request and sets `token`; refuses `access_token` in the query (RFC 6750 §2.3 is not supported: URLs are logged). */
export function requireToken(pool: pg.Pool): MiddlewareHandler<HubEnv> {
  return async (c, next) => {
    if (new URL(c.req.url).searchParams.has('access_token')) throw unauthorized();
    c.set('token', await tokenOf(pool, c.req.header('authorization')));
    await next();
  };
}
