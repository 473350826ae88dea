/**
 * Opaque page cursors of a clone's entry list (`brain_list`; read-scope.ts): the keyset position (recorded_at, entry_id) of the last
 * entry of a page, in the list order of the projection (DESIGN §4: newest first, then id),
 * coded as every cursor is (src/service/keyset-cursor.ts).
 */
import { decodeKeyset, encodeKeyset } from './keyset-cursor.js';

/** A keyset position, as `ListFilter.after` takes it. */
export interface ListPosition {
  recorded_at: string;
  entry_id: string;
}

/** The cursor of the position after `entry`. */
export function encodeCursor(position: ListPosition): string {
  return encodeKeyset([position.recorded_at, position.entry_id]);
}

/** The position a cursor names. Errors: `invalid_argument` for anything not made by {@link encodeCursor}. */
export function decodeCursor(cursor: string): ListPosition {
  const [recorded_at, entry_id] = decodeKeyset(cursor, 2, {
    message: 'cursor is not a next_cursor of a previous page',
    hint: 'pass next_cursor from the previous page (a brain_list result, REST pagination) unchanged, or omit it for the first page',
    data: { cursor },
  }) as [string, string];
  return { recorded_at, entry_id };
}
