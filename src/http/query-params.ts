/**
 * Query parameters of every HTTP read — the daemon's and the hub's REST routes and dashboard
 * pages (issue #22: one parser for both). Unknown or repeated parameters are
 * `invalid_argument` (a 400), integers are bounded by their callers (model/number-text.ts).
 * The REST API takes values as given; a dashboard page counts an empty value as absent,
 * because a GET form sends every field, filled or not (`?kind=&tag=ui`).
 */
import type { Context } from 'hono';
import { BrainError } from '../model/errors.js';
import { parseOptionalInteger } from '../model/number-text.js';
import { decodeKeyset } from '../service/keyset-cursor.js';
import { decodeCursor } from '../service/list-cursor.js';

const bad = (message: string, hint?: string) => new BrainError('invalid_argument', message, hint ? { hint } : {});

/** `limit` bounds of a REST list page (the daemon's `/brain`, the hub's `/api/entries`). */
export const LIST_LIMIT = { default: 50, max: 500 } as const;

/** The `limit` of a REST list page (default 50). Errors: `invalid_argument` (not an integer in 1…500). */
export function listLimit(text: string | undefined): number {
  return parseOptionalInteger('limit', text, { min: 1, max: LIST_LIMIT.max, example: LIST_LIMIT.default }) ?? LIST_LIMIT.default;
}

/**
 * The words and `limit` (1…100; undefined: the search's default of 20) of a REST search;
 * `example` is the URL the hint shows. Errors: `invalid_argument` (no words, bad limit).
 */
export function searchParams(q: Record<string, string | undefined>, example: string): { query: string; limit: number | undefined } {
  if (q.q === undefined || q.q.trim() === '') throw bad('q is required: the words to search for', example);
  return { query: q.q, limit: parseOptionalInteger('limit', q.limit, { min: 1, max: 100, example: 20 }) };
}

/** Longest value a dashboard page takes (characters). */
const PAGE_VALUE_MAX = 1000;

/**
 * The first value of each parameter of `c` (REST). `repeatable` names may repeat (all their
 * values are in `c.req.queries(name)`). Errors: `invalid_argument` (unknown or repeated).
 */
export function queryParams(c: Context, allowed: readonly string[], repeatable: readonly string[] = []): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!allowed.includes(name)) throw bad(`unknown query parameter "${name.slice(0, 40)}"`, `allowed: ${allowed.join(', ') || 'none'}`);
    if (values.length > 1 && !repeatable.includes(name)) throw bad(`query parameter "${name}" given ${values.length} times`, `give ${name} once${repeatable.length ? ` (only ${repeatable.join(', ')} may repeat)` : ''}`);
    out[name] = values[0];
  }
  return out;
}

/** The parameters of a dashboard page `c`, restricted to `allowed`; empty values are left out. Errors: `invalid_argument` (unknown, repeated, over 1 000 characters). */
export function pageParams(c: Context, allowed: readonly string[]): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!allowed.includes(name)) throw bad(`unknown query parameter "${name.slice(0, 40)}"`, `this page takes: ${allowed.join(', ') || 'no parameters'}`);
    const given = values.filter((v) => v !== '');
    if (given.length > 1) throw bad(`query parameter "${name}" given ${given.length} times`, `give ${name} once`);
    if (given[0] !== undefined && given[0].length > PAGE_VALUE_MAX) throw bad(`query parameter "${name}" is longer than 1 000 characters`);
    if (given[0] !== undefined) out[name] = given[0];
  }
  return out;
}

/**
 * Checks a board page cursor — the list cursor of a clone (service/list-cursor.ts: two parts, or
 * three with the first page's commit, decision 0099). Errors: `invalid_argument` with the page's words.
 */
export function checkBoardCursor(cursor: string): void {
  try {
    decodeCursor(cursor);
  } catch {
    throw new BrainError('invalid_argument', 'invalid page cursor', { hint: 'follow the "Next page" link, or go back to the first page' });
  }
}

/** The two parts of a dashboard page cursor (service/keyset-cursor.ts). Errors: `invalid_argument`. */
export function decodePageCursor(cursor: string): [string, string] {
  return decodeKeyset(cursor, 2, { message: 'invalid page cursor', hint: 'follow the "Next page" link, or go back to the first page' }) as [string, string];
}
