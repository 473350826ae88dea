/**
 * The headers every dashboard response carries — the daemon's (routes.ts) and the hub's
 * (src/hub/dashboard/) — and the stylesheet response they share (docs/decisions/0019): a
 * Content-Security-Policy that allows no script at all, no sniffing, no referrer, no framing.
 */
import type { Context } from 'hono';
import { notModified } from '../etag.js';
import { pageParams } from '../query-params.js';
import { STYLE, STYLE_HASH } from './style.js';

/** The Content-Security-Policy of every dashboard response: no scripts, styles only from the stylesheet route. */
export const DASHBOARD_CSP = "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Security headers of every dashboard response (pages, redirects, errors, the stylesheet). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = { 'Content-Security-Policy': DASHBOARD_CSP, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' };

/** `GET /assets/dashboard.css?v=<hash>`: the stylesheet, cached for a year (its URL changes with its content), 304 on a matching `If-None-Match`. Errors: `invalid_argument` (other query parameters). */
export function sendStylesheet(c: Context): Response {
  pageParams(c, ['v']);
  const etag = `"${STYLE_HASH}"`;
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=31536000, immutable', ...SECURITY_HEADERS };
  if (notModified(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  return c.body(STYLE, 200, { ...headers, 'Content-Type': 'text/css; charset=utf-8' });
}

/** The pages' icon: one circle, no script, no external reference. */
const ICON = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><circle cx='8' cy='8' r='7' fill='#4f6bd8'/></svg>";
const ICON_ETAG = '"icon-1"';

/** Where the pages' `<link rel="icon">` points: without one a browser asks for /favicon.ico, a 404 it logs as an error on every first load. */
export const ICON_PATH = '/assets/icon.svg';

/** `GET /assets/icon.svg`: the icon, cached for a day, 304 on a matching `If-None-Match`. Errors: `invalid_argument` (any query parameter). */
export function sendIcon(c: Context): Response {
  pageParams(c, []);
  const headers = { ETag: ICON_ETAG, 'Cache-Control': 'public, max-age=86400', ...SECURITY_HEADERS };
  if (notModified(c.req.header('if-none-match'), ICON_ETAG)) return c.body(null, 304, headers);
  return c.body(ICON, 200, { ...headers, 'Content-Type': 'image/svg+xml' });
}
