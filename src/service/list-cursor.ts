/**
 * Opaque page cursors of the entry lists (`brain_list`, REST, the dashboards; read-scope.ts):
 * the keyset position of the last entry of a page in the list order of the projection
 * (DESIGN §4: newest first, then id) — a clone's `[recorded_at, entry_id]`, the hub's
 * `[recorded_at, entry_id, repo]` — coded as every cursor is (src/service/keyset-cursor.ts), so
 * cursors handed out before stay valid. A tampered cursor can only move a page's start: the
 * filters and the hub token's scope still apply to every row.
 */
import type { ListCursor, RepoRow } from '../projection/backend.js';
import { cursorOf } from '../projection/list-order.js';
import { BrainError } from '../model/errors.js';
import { decodeKeyset, encodeKeyset } from './keyset-cursor.js';

/** A keyset position, as `ListFilter.after` takes it. */
export interface ListPosition {
  recorded_at: string;
  entry_id: string;
  /**
   * The projected commit the list's first page was read at, carried from page to page so a
   * later page can say what changed meanwhile (changed-entries.ts, decision 0099); absent in
   * cursors made before it.
   */
  since?: string;
}

const OID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

/** The cursor of the position after `entry` (with the first page's commit, when known). */
export function encodeCursor(position: ListPosition): string {
  return encodeKeyset(position.since === undefined ? [position.recorded_at, position.entry_id] : [position.recorded_at, position.entry_id, position.since]);
}

/** The position a cursor names. Errors: `invalid_argument` for anything not made by {@link encodeCursor}. */
export function decodeCursor(cursor: string): ListPosition {
  const refusal = {
    message: 'cursor is not a next_cursor of a previous page',
    hint: 'pass next_cursor from the previous page (a brain_list result, REST pagination) unchanged, or omit it for the first page',
    data: { cursor },
  };
  let parts: string[];
  try {
    parts = decodeKeyset(cursor, 3, refusal);
  } catch {
    parts = decodeKeyset(cursor, 2, refusal); // a cursor handed out before decision 0099
  }
  const [recorded_at = '', entry_id = '', since] = parts;
  if (since !== undefined && !OID.test(since)) throw new BrainError('invalid_argument', refusal.message, { hint: refusal.hint, data: refusal.data });
  return { recorded_at, entry_id, ...(since !== undefined ? { since } : {}) };
}

/** The cursor of a hub list position (`[recorded_at, entry_id, repo]`). */
export function encodeRepoCursor(key: ListCursor): string {
  return encodeKeyset([key.recorded_at, key.entry_id, key.repo]);
}

/** The cursor of the hub list page after `page` (its last row's list key), or null on the last page. */
export function nextRepoCursor(page: { rows: readonly RepoRow[]; has_more: boolean }): string | null {
  const last = page.rows[page.rows.length - 1];
  return page.has_more && last ? encodeRepoCursor(cursorOf(last)) : null;
}

/** The hub list position a cursor names. Errors: `invalid_argument` for anything not made by {@link encodeRepoCursor}. */
export function decodeRepoCursor(cursor: string): ListCursor {
  const [recorded_at, entry_id, repo] = decodeKeyset(cursor, 3, { message: 'invalid cursor', hint: 'pass back the next_cursor of a previous page unchanged' }) as [string, string, string];
  return { recorded_at, entry_id, repo };
}
