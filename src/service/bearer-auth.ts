/**
 * Bearer-token authentication shared by the daemon and the hub (RFC 6750; issue #17 "a wrong
 * token is refused"; docs/decisions/0032). Below both surfaces, so neither imports the other:
 * reading the `Authorization` header, the one `unauthorized` error and its `WWW-Authenticate`
 * challenge, and how secrets are made, stored (hashed) and compared.
 *
 * The header: exactly one `Authorization: Bearer <token>` (scheme case-insensitive, RFC 9110
 * §11.1; the token a b64token, RFC 6750 §2.1). No header at all is "no credentials" — the
 * daemon's read-only guest, the hub's refusal. Anything else that is not exactly that — another
 * scheme, an empty token, a token with spaces, two headers (which arrive joined by `, `) — is
 * malformed, and a well-formed token that matches none is invalid: both are `unauthorized`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BrainError } from '../model/errors.js';

/** Why a request is unauthorized: no credentials, a malformed `Authorization` header, or a token that matches none (unknown, revoked, foreign). */
export type UnauthorizedReason = 'missing' | 'malformed' | 'invalid';

/** RFC 6750 §2.1 `b64token`. */
const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The `unauthorized` error (HTTP 401): `data.reason` says which {@link UnauthorizedReason}.
 * `message` and `hint` are the surface's (the daemon names its token files, the hub its CLI).
 */
export function unauthorizedError(reason: UnauthorizedReason, message: string, hint: string): BrainError {
  return new BrainError('unauthorized', message, { hint, data: { reason } });
}

/**
 * The bearer token of an `Authorization` header value (undefined: the request has none), or
 * null when there is no header. Errors: `unauthorized` (`malformed`) for a header that is not
 * exactly one `Bearer <b64token>`; `hint` is the surface's.
 */
export function readBearer(authorization: string | undefined, hint: string): string | null {
  if (authorization === undefined) return null;
  const match = BEARER.exec(authorization.trim());
  if (!match?.[1]) throw unauthorizedError('malformed', 'the Authorization header must be exactly one "Bearer <token>"', hint);
  return match[1];
}

/**
 * The `WWW-Authenticate` value of an `unauthorized` response (RFC 6750 §3): `Bearer
 * realm="brain"`, plus `error="invalid_request"` for a malformed header or
 * `error="invalid_token"` for a token that matches none; no error code when the request
 * carried no credentials (§3.1).
 */
export function bearerChallenge(err: BrainError): string {
  const reason = err.data.reason;
  const error = reason === 'malformed' ? 'invalid_request' : reason === 'invalid' ? 'invalid_token' : null;
  return `Bearer realm="brain"${error ? `, error="${error}"` : ''}`;
}

/** A new secret: `prefix` + 256 random bits, base64url (43 characters). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a secret: SHA-256 of its UTF-8 bytes, lower-case hex (a leaked store grants nothing). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** True when `secret` hashes to `sha256Hex` (compared in constant time). */
export function secretMatches(secret: string, sha256Hex: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const wanted = Buffer.from(sha256Hex, 'hex');
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
