/**
 * Query parameters of the hub's REST routes, checked as the daemon's are (src/http/rest.ts):
 * unknown or repeated parameters are 400s, integers are bounded, and the list cursor is opaque
 * (base64url of the keyset `[recorded_at, entry_id, repo]` of the last row served). A tampered
 * cursor can only move the page's start: the token's scope still filters every row.
 */
import type { Context } from 'hono';
import { BrainError } from '../../model/errors.js';
import type { ListCursor, RepoRow } from '../../projection/backend.js';
import { cursorOf } from '../../projection/list-order.js';

const bad = (message: string, hint?: string) => new BrainError('invalid_argument', message, hint ? { hint } : {});

/** The single-valued parameters of `c`; `multi` may repeat (all values are then in `c.req.queries`). Errors: `invalid_argument`. */
export function params(c: Context, allowed: string[], multi: string[] = []): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!allowed.includes(name)) throw bad(`unknown query parameter "${name.slice(0, 40)}"`, `allowed: ${allowed.join(', ') || 'none'}`);
    if (values.length > 1 && !multi.includes(name)) throw bad(`query parameter "${name}" given ${values.length} times`, `give ${name} once${multi.length ? ` (only ${multi.join(', ')} may repeat)` : ''}`);
    out[name] = values[0];
  }
  return out;
}

/** The opaque cursor of a row. */
export function encodeCursor(key: ListCursor): string {
  return Buffer.from(JSON.stringify([key.recorded_at, key.entry_id, key.repo])).toString('base64url');
}

/** The cursor of the page after `page` (its last row's list key), or null on the last page. */
export function nextCursor(page: { rows: readonly RepoRow[]; has_more: boolean }): string | null {
  const last = page.rows[page.rows.length - 1];
  return page.has_more && last ? encodeCursor(cursorOf(last)) : null;
}

/** Inverse of {@link encodeCursor}. Errors: `invalid_argument`. */
export function decodeCursor(cursor: string): ListCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 3 && v.every((x) => typeof x === 'string' && x.length <= 200)) return { recorded_at: v[0], entry_id: v[1], repo: v[2] };
  } catch {
    /* fall through */
  }
  throw bad('invalid cursor', 'pass back the next_cursor of a previous page unchanged');
}
