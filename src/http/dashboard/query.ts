/**
 * Query parameters of dashboard pages. Unknown or repeated parameters are `invalid_argument`
 * (a 400 page), like the REST API; an empty value counts as absent, because a GET form sends
 * every field, filled or not (`?kind=&tag=ui`).
 */
import type { Context } from 'hono';
import { BrainError } from '../../model/errors.js';

const bad = (message: string, hint?: string) => new BrainError('invalid_argument', message, hint ? { hint } : {});

/** The parameters of `c` restricted to `allowed`; empty values are left out. Errors: `invalid_argument`. */
export function pageParams(c: Context, allowed: readonly string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!allowed.includes(name)) throw bad(`unknown query parameter "${name.slice(0, 40)}"`, `this page takes: ${allowed.join(', ') || 'no parameters'}`);
    const given = values.filter((v) => v !== '');
    if (given.length > 1) throw bad(`query parameter "${name}" given ${given.length} times`);
    if (given[0] !== undefined && given[0].length > 1000) throw bad(`query parameter "${name}" is longer than 1 000 characters`);
    if (given[0] !== undefined) out[name] = given[0];
  }
  return out;
}

/** Encodes a dashboard page cursor: base64url JSON of two strings (see {@link decodePair}). */
export function encodePair(pair: [string, string]): string {
  return Buffer.from(JSON.stringify(pair)).toString('base64url');
}

/** Decodes a dashboard page cursor (base64url JSON of two strings). Errors: `invalid_argument`. */
export function decodePair(cursor: string): [string, string] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') return [value[0], value[1]];
  } catch {
    /* fall through */
  }
  throw bad('invalid page cursor', 'follow the "Next page" link, or go back to the first page');
}
