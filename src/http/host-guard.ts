/**
 * DNS-rebinding protection for the loopback daemon (issue #3; MCP spec 2025-06-18, Streamable
 * HTTP "Security Warning": servers MUST validate the Origin header and SHOULD bind to
 * localhost only). Binding 127.0.0.1 keeps other machines out; this keeps out web pages on
 * other origins that got a hostile DNS name to resolve to 127.0.0.1:
 *
 * - `Host` must name the loopback interface — `localhost`, `127.0.0.1` or `[::1]`, any port —
 *   else **421 Misdirected Request** (RFC 9110 §15.5.20: this server is not authoritative for
 *   that authority), code `misdirected_request`.
 * - `Origin`, when sent, must be `http://` one of those names, else **403 Forbidden**, code
 *   `forbidden_origin` (the `null` origin of sandboxed pages and files is refused too).
 */
import type { MiddlewareHandler } from 'hono';
import { HttpError } from './errors.js';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `host[:port]` → lower-cased host part, or null when malformed. */
function hostPart(authority: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/i.exec(authority.trim());
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** True when a `Host` header value names the loopback interface. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (host === undefined) return false;
  const name = hostPart(host);
  return name !== null && LOOPBACK_NAMES.has(name);
}

/** True when an `Origin` header value is an `http:` loopback origin. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname.toLowerCase()) && url.pathname === '/';
}

/**
 * Middleware rejecting requests whose Host is not loopback (421) or whose Origin, if any, is
 * not a loopback origin (403). Throws {@link HttpError}; the app's error handler renders it.
 */
export function hostGuard(): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host');
    if (!isLoopbackHost(host)) {
      throw new HttpError(421, 'misdirected_request', `this daemon answers only to a loopback Host (localhost, 127.0.0.1, [::1]), not "${(host ?? '').slice(0, 100)}"`, 'connect to http://127.0.0.1:<port>/ directly');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined && !isLoopbackOrigin(origin)) {
      throw new HttpError(403, 'forbidden_origin', `requests from origin "${origin.slice(0, 100)}" are not allowed`, 'only pages served from a loopback origin may call this daemon');
    }
    await next();
  };
}
