/**
 * Opaque page cursors of `brain_list`: the keyset position (recorded_at, entry_id) of the last
 * entry of a page, in the list order of the projection (DESIGN §4: newest first, then id),
 * as base64url JSON. A cursor stays valid while entries change: the next page starts after
 * that position, whatever was written meanwhile.
 */
import { BrainError } from '../model/errors.js';

/** A keyset position, as `ListFilter.after` takes it. */
export interface ListPosition {
  recorded_at: string;
  entry_id: string;
}

/** The cursor of the position after `entry`. */
export function encodeCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.recorded_at, position.entry_id]), 'utf8').toString('base64url');
}

/** The position a cursor names. Errors: `invalid_argument` for anything not made by {@link encodeCursor}. */
export function decodeCursor(cursor: string): ListPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    value = null;
  }
  if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') {
    return { recorded_at: value[0], entry_id: value[1] };
  }
  throw new BrainError('invalid_argument', 'cursor is not a next_cursor of brain_list', {
    hint: 'pass next_cursor from the previous brain_list result unchanged, or omit it for the first page',
    data: { cursor },
  });
}
