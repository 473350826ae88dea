/**
 * Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2) for the read-only REST API.
 *
 * A REST representation is a function of the projected commit oid and the request URL (path +
 * query: the project, filters, cursor, budget…), so its strong ETag is derived from exactly
 * those — a 304 can be answered without running the query. Representations that are not a
 * function of the oid (`/api/health`: lag, uptime, watcher counters) use {@link contentEtag}.
 */
import { createHash } from 'node:crypto';

/** Bumped when a representation changes shape for the same oid and URL (daemon upgrade). */
export const REPRESENTATION_VERSION = 'v1';

function tag(parts: string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

/**
 * The strong ETag (quoted, e.g. `"Zk3…"`, 32 base64url chars of a sha256) of the
 * representation of `url` (pathname + search, as sent) at projected commit `oid` (null: no
 * projection yet).
 */
export function projectionEtag(args: { oid: string | null; url: string }): string {
  return tag([REPRESENTATION_VERSION, args.oid ?? 'none', args.url]);
}

/** The strong ETag of exact response bytes. */
export function contentEtag(body: string): string {
  return tag(['content', body]);
}

/**
 * Parses an `If-None-Match` value: `'*'`, or the list of entity tags (weakness prefix
 * stripped: If-None-Match uses the weak comparison, RFC 9110 §13.1.2). Returns null for an
 * absent or unparseable header (a malformed field is ignored, as if absent).
 */
export function parseIfNoneMatch(header: string | undefined): '*' | string[] | null {
  if (header === undefined) return null;
  const value = header.trim();
  if (value === '*') return '*';
  const tags: string[] = [];
  const re = /\s*(?:W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/gy;
  let match: RegExpExecArray | null;
  while (re.lastIndex < value.length && (match = re.exec(value)) !== null) {
    if (match[1]) tags.push(match[1]);
    if (match[0] === '') break;
  }
  if (re.lastIndex !== value.length || tags.length === 0) return null;
  return tags;
}

/**
 * True when the `If-None-Match` condition is false for a current representation with strong
 * tag `etag` — i.e. a GET/HEAD must be answered 304 (RFC 9110 §13.1.2): the field is `*`
 * (a current representation exists), or one listed tag weakly matches `etag`.
 */
export function notModified(header: string | undefined, etag: string): boolean {
  const parsed = parseIfNoneMatch(header);
  if (parsed === null) return false;
  if (parsed === '*') return true;
  return parsed.includes(etag);
}

/** True when the header lists exactly `*` (needs an existing representation, not a tag). */
export function isWildcard(header: string | undefined): boolean {
  return parseIfNoneMatch(header) === '*';
}
