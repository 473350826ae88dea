/**
 * The search document of an entry (docs/decisions/0021, issue #10 "Search without load
 * costs"): one `entry_search` row per current entry — title, tags, every string inside the
 * payload, rationale, and the status search ranks by (docs/decisions/0035) — replaced in the apply path's transaction whenever the entry's current
 * revision is recomputed (src/projection/sqlite/current.ts clears `entry_search` with the other side
 * tables, then calls {@link insertSearchRow}), so an entry without a current revision has
 * none. The FTS5 index follows through the table's triggers (src/projection/sqlite/schema.ts);
 * the typo vocabulary is told of each row (src/projection/sqlite/search-vocabulary.ts).
 */
import type Database from 'better-sqlite3';
import type { Entry } from '../../model/entry.js';
import type { CacheDb } from './open-cache.js';
import { noteSearchRow } from './search-vocabulary.js';

/** Every string inside `payload` (nested objects and arrays too), one per line, in key order. */
export function payloadText(payload: Record<string, unknown>): string {
  const parts: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(payload);
  return parts.join('\n');
}

const cache = new WeakMap<CacheDb, Database.Statement>();

/**
 * Inserts the search row of `entry`, the current revision of its entry (call inside the apply
 * transaction, after the entry's previous row was deleted). Errors: SQLite errors only.
 */
export function insertSearchRow(db: CacheDb, entry: Entry): void {
  let insert = cache.get(db);
  if (!insert) {
    insert = db.prepare(
      `INSERT INTO entry_search (entry_id, project_id, entry_kind, status, title, tags, payload_text, rationale)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    cache.set(db, insert);
  }
  const { lastInsertRowid } = insert.run(entry.entry_id, entry.project_id, entry.entry_kind, entry.status, entry.title, entry.tags.join(' '), payloadText(entry.payload), entry.rationale);
  noteSearchRow(db, lastInsertRowid);
}
