/**
 * The HTTP surface's ONE mapping from errors to responses (DESIGN §10: "mapped in one place
 * each to HTTP status, MCP error, and CLI exit code"). Body: `{"error": {code, message, hint?,
 * data?}}` (issue #3). Statuses as RFC 9110 §15 defines them:
 *
 * - 400 Bad Request — the request itself is invalid: `invalid_argument`, `invalid_entry`, `illegal_status`.
 * - 422 Unprocessable Content — well-formed and valid, but refused for what it holds:
 *   `secret_detected` (a credential in a field; RFC 9110 §15.5.21).
 * - 404 Not Found — no such entry, revision, project or route: `not_found`.
 * - 409 Conflict — valid, but conflicts with the current state of the resource and the client
 *   can resolve it: `ambiguous_id` (the prefix matches several entries *now*; send more
 *   characters), `revision_conflict`, `conflict` (an entry id another project holds), `ref_conflict`, `branch_exists`, `ambiguous_remote` (several remotes
 *   have the docs branch and none is origin: the operator picks one).
 * - 503 Service Unavailable (+ `Retry-After`) — temporary, retrying later can succeed:
 *   `not_initialized` (no docs branch yet: `brain init`), `lock_timeout`, `ref_locked`.
 * - 401 Unauthorized (+ `WWW-Authenticate: Bearer realm="brain"[, error=…]`, src/service/bearer-auth.ts)
 *   — `unauthorized`: a wrong or malformed bearer token (daemon and hub), none at all (hub) (RFC 6750 §3).
 * - 403 Forbidden — `forbidden`: a valid token asking for more than its scope or capabilities.
 * - 502 Bad Gateway — `remote_error` (a remote git server failed; RFC 9110 §15.6.3).
 * - 500 — everything else (`git_error`, `io_error`, `unsupported_format`, `verify_failed`,
 *   `not_a_repository`, unknown errors as `internal`, without internals in the message).
 *
 * - 499 — `client_closed_request`: the client went away before its request was complete
 *   ({@link asClientAbort}); logged as the client's doing, answered to no one.
 *
 * Adapter-level failures (wrong method, host, origin, route, a client's abort) are {@link HttpError}s.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BrainError, type BrainErrorCode } from '../model/errors.js';
import { bearerChallenge } from '../service/bearer-auth.js';

/** Status per BrainError code (exhaustive: a new code fails to compile until mapped here). */
export const STATUS_BY_CODE: Readonly<Record<BrainErrorCode, ContentfulStatusCode>> = {
  invalid_argument: 400,
  invalid_identity: 400,
  invalid_entry: 400,
  illegal_status: 400,
  secret_detected: 422,
  not_found: 404,
  ambiguous_id: 409,
  revision_conflict: 409,
  conflict: 409,
  ref_conflict: 409,
  branch_exists: 409,
  ambiguous_remote: 409,
  not_initialized: 503,
  lock_timeout: 503,
  ref_locked: 503,
  not_a_repository: 500,
  unsupported_format: 500,
  verify_failed: 500,
  git_error: 500,
  io_error: 500,
  remote_error: 502,
  unauthorized: 401,
  forbidden: 403,
};

/** Seconds sent as `Retry-After` with each 503. */
const RETRY_AFTER: Partial<Record<BrainErrorCode, number>> = { not_initialized: 5, lock_timeout: 1, ref_locked: 1 };

/** The error envelope. */
export interface ErrorBody {
  error: { code: string; message: string; hint?: string; data?: Record<string, unknown> };
}

/** A failure of the HTTP adapter itself (not of the service): its own code, status and headers. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: 'not_found' | 'method_not_allowed' | 'misdirected_request' | 'forbidden_origin' | 'client_closed_request',
    message: string,
    readonly hint?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/**
 * `err` as the client's abort when the client closed the connection before its request was
 * complete (an upload cut off: the body read fails with `ECONNRESET` and the request's signal
 * is aborted): an {@link HttpError} 499 `client_closed_request` (nginx's "Client Closed
 * Request"), logged as the client's doing instead of a 500 `internal` (issue #17). Anything
 * else is returned as is. Nobody reads the response: the client is gone.
 */
export function asClientAbort(c: Context, err: unknown): unknown {
  // Both: the body read failed with the connection reset, and the request is aborted. An
  // ECONNRESET alone may be a server-side connection (PostgreSQL) failing: a 500.
  if (!c.req.raw.signal.aborted || (err as NodeJS.ErrnoException | null)?.code !== 'ECONNRESET') return err;
  return new HttpError(499 as ContentfulStatusCode, 'client_closed_request', 'the client closed the connection before the request was complete', 'nothing to do on the server: the client gave up (a cut connection or a cancelled upload); it may retry');
}

/** A resolved error response: status, body and extra headers. */
export interface ErrorResponse {
  status: ContentfulStatusCode;
  body: ErrorBody;
  headers: Record<string, string>;
}

/** Maps any thrown value to its response (see the module doc for the table). */
export function toErrorResponse(err: unknown): ErrorResponse {
  if (err instanceof HttpError) {
    return { status: err.status, body: { error: { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) } }, headers: err.headers };
  }
  if (err instanceof BrainError) {
    const retry = RETRY_AFTER[err.code];
    const headers: Record<string, string> = retry === undefined ? {} : { 'Retry-After': String(retry) };
    if (err.code === 'unauthorized') headers['WWW-Authenticate'] = bearerChallenge(err);
    return { status: STATUS_BY_CODE[err.code], body: { error: err.toJSON() }, headers };
  }
  return {
    status: 500,
    body: { error: { code: 'internal', message: 'internal error', hint: 'see the daemon log (stderr) for details; this is a bug in brain' } },
    headers: {},
  };
}

/** Sends {@link toErrorResponse}`(err)` as JSON with `Cache-Control: no-store`. */
export function errorResponse(c: Context, err: unknown): Response {
  const { status, body, headers } = toErrorResponse(err);
  return c.json(body, status, { ...headers, 'Cache-Control': 'no-store' });
}
