/**
 * Opaque page cursors of every paged read (REST, MCP `brain_list`, the dashboards, the hub):
 * the keyset position of the last row served — e.g. `[recorded_at, entry_id]` of a clone's
 * list, `[recorded_at, entry_id, repo]` of the hub's — as base64url JSON of an array of
 * strings. A cursor stays valid while entries change: the next page starts after that
 * position. A tampered cursor can only move a page's start: scopes and filters still apply.
 */
import { BrainError } from '../model/errors.js';

/** Longest part a cursor may carry (characters): ids, instants and branch paths are far shorter. */
const PART_MAX = 1000;

/** The cursor of a keyset position (`parts`, in the read's order). */
export function encodeKeyset(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

/**
 * The `count` parts a cursor made by {@link encodeKeyset} names. Errors: `invalid_argument`
 * with `refusal`'s message and hint (the surface says what to pass back) for anything else.
 */
export function decodeKeyset(cursor: string, count: number, refusal: { message: string; hint: string; data?: Record<string, unknown> }): string[] {
  let value: unknown = null;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    /* refused below */
  }
  if (Array.isArray(value) && value.length === count && value.every((x) => typeof x === 'string' && x.length <= PART_MAX)) return value as string[];
  throw new BrainError('invalid_argument', refusal.message, { hint: refusal.hint, ...(refusal.data ? { data: refusal.data } : {}) });
}
