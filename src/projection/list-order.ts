/**
 * The list order of every projection backend (src/projection/backend.ts): `recorded_at`
 * descending, then `entry_id`, then `repo` ascending, all compared as byte strings (SQLite's
 * and `COLLATE "C"` order) — and keyset pagination over it ({@link ListCursor}).
 */
import type { ListCursor, RepoRow } from './backend.js';

/** Byte (UTF-8) order, as SQLite's BINARY and PostgreSQL's `COLLATE "C"` compare; UTF-16 `<` differs beyond the BMP. */
const cmp = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** The cursor of `row` (the key a next page starts after). */
export const cursorOf = (row: RepoRow): ListCursor => ({ recorded_at: row.entry.recorded_at, entry_id: row.entry.entry_id, repo: row.repo });

/** Negative when `a` comes first in the list order (also the order of candidates, keyed by candidate id). */
export function compareKeys(a: ListCursor, b: ListCursor): number {
  return cmp(b.recorded_at, a.recorded_at) || cmp(a.entry_id, b.entry_id) || cmp(a.repo, b.repo);
}

/** {@link compareKeys} of two rows. */
export const compareListOrder = (a: RepoRow, b: RepoRow): number => compareKeys(cursorOf(a), cursorOf(b));

/**
 * The rows of one repository strictly after `after` in the list order, at most `limit`.
 * `page(after, limit)` reads that repository's rows after a (recorded_at, entry_id) key, as a
 * single-repository query does; because the same entry id may exist in two repositories (a
 * fork registered beside its upstream), rows at the cursor's own instant are read from the
 * start of that instant and kept only when their full key (with `repo`) is after the cursor.
 */
export function listAfter(page: (after: { recorded_at: string; entry_id: string } | undefined, limit: number | undefined) => RepoRow[], after: ListCursor | undefined, limit: number | undefined): RepoRow[] {
  if (after === undefined) return page(undefined, limit);
  const out: RepoRow[] = [];
  let from = { recorded_at: after.recorded_at, entry_id: '' };
  for (;;) {
    const rows = page(from, limit);
    for (const row of rows) if (compareKeys(cursorOf(row), after) > 0) out.push(row);
    const last = rows[rows.length - 1];
    if (limit === undefined || rows.length < limit || out.length >= limit || last === undefined) break;
    from = { recorded_at: last.entry.recorded_at, entry_id: last.entry.entry_id };
  }
  return limit !== undefined ? out.slice(0, limit) : out;
}
