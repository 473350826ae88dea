/**
 * The hub's list cursor (REST, MCP, dashboard): the keyset `[recorded_at, entry_id, repo]` of
 * the last row served, coded as every cursor is (src/service/keyset-cursor.ts). A tampered
 * cursor can only move the page's start: the token's scope still filters every row.
 */
import { decodeApiCursor } from '../../http/query-params.js';
import { encodeKeyset } from '../../service/keyset-cursor.js';
import type { ListCursor, RepoRow } from '../../projection/backend.js';
import { cursorOf } from '../../projection/list-order.js';

/** The opaque cursor of a row. */
export function encodeCursor(key: ListCursor): string {
  return encodeKeyset([key.recorded_at, key.entry_id, key.repo]);
}

/** The cursor of the page after `page` (its last row's list key), or null on the last page. */
export function nextCursor(page: { rows: readonly RepoRow[]; has_more: boolean }): string | null {
  const last = page.rows[page.rows.length - 1];
  return page.has_more && last ? encodeCursor(cursorOf(last)) : null;
}

/** Inverse of {@link encodeCursor}. Errors: `invalid_argument`. */
export function decodeCursor(cursor: string): ListCursor {
  const [recorded_at, entry_id, repo] = decodeApiCursor(cursor, 3) as [string, string, string];
  return { recorded_at, entry_id, repo };
}
