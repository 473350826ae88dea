/**
 * The typo fallback's vocabulary, kept in the cache (docs/decisions/0059 "Typo vocabulary at
 * scale", 0085). The fallback (src/projection/sqlite/search-words.ts) compares a word nothing
 * in the index starts with against every indexed stem. Listing them from the FTS5 index is a
 * scan of `entry_search_vocab` that walks every term's doclist (fts5vocab counts documents as
 * it goes, whatever columns are read: ~200 ms of CPU at 100 000 entries), and fts5vocab has no
 * index by length or edit distance, so no bounded query can list only the candidates.
 *
 * So the projection keeps the list: `search_terms` holds a *superset* of the index's terms,
 * written by the apply path in the transaction that moves the projection
 * ({@link recordSearchTerms}), and `meta.search_terms_at` names the projected commit it is a
 * superset for. A full rebuild, or an apply that writes more search rows than a tenth of the
 * entries, fills it from one scan of the index's vocabulary; a smaller apply adds the terms of
 * the rows it wrote, tokenized by FTS5 itself (src/search/porter-stems.ts). A term whose last
 * row went stays until the next scan; the caller probes each near stem for its document count
 * (`term = ?`, that term's doclist only) and drops those the index no longer holds, so the
 * alternatives are those of a whole read. A handle keeps the set it read while the projection
 * stays where it was. A one-shot process reads the table (thousands of short rows), never the
 * index's whole vocabulary.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';
import { getMeta, setMeta } from './open-cache.js';
import { indexTerms, porterStems } from '../../search/porter-stems.js';
import { ENGLISH_STOP_WORDS } from '../../search/stop-words.js';

/** The `meta` key naming the projected commit `search_terms` is a superset of the index's terms for. */
export const SEARCH_TERMS_META_KEY = 'search_terms_at';

interface State {
  /** The projection state `terms` was read at (null: never read). */
  projected: string | null;
  terms: Set<string>;
  table: Database.Statement<unknown[]>;
  whole: Database.Statement<unknown[]>;
}
const states = new WeakMap<CacheDb, State>();
/** Search rows inserted by the apply running on a handle, not yet in `search_terms`. */
const pending = new WeakMap<CacheDb, number[]>();
let stopStems: ReadonlySet<string> | null = null;

/**
 * Written rows beyond which the terms are read from the index whole (a bulk import): tokenizing
 * a row's text costs ~10× what a whole read costs per entry (~0.05 ms against ~0.005 ms, the
 * synthetic brain), so past a tenth of the entries the whole read is the cheaper way.
 */
function notedMax(entries: number): number {
  return Math.max(100, Math.floor(entries / 10));
}

/**
 * Notes that the running apply inserted the search row `doc` (call from the insert; a number
 * pushed). {@link recordSearchTerms} adds its terms before the apply commits. Errors: none.
 */
export function noteSearchRow(db: CacheDb, doc: number | bigint): void {
  const docs = pending.get(db);
  if (docs === undefined) pending.set(db, [Number(doc)]);
  else docs.push(Number(doc));
}

/**
 * Brings `search_terms` to a superset of the index's terms as the apply running leaves it, and
 * stamps it for `toOid` (as stored in `meta.projected_oid`). Call inside the apply's
 * transaction, after its search rows and the FTS5 index are written and before
 * `projected_oid` moves. `full` (a rebuild), a table not in step with the projection before
 * this apply, or more rows written than {@link notedMax}: the table is filled from one scan of
 * the index's vocabulary; otherwise the written rows' terms are added. Errors: SQLite errors only.
 */
export function recordSearchTerms(db: CacheDb, toOid: string, full: boolean): void {
  const docs = pending.get(db) ?? [];
  pending.delete(db);
  const inStep = !full && getMeta(db, SEARCH_TERMS_META_KEY) === (getMeta(db, 'projected_oid') ?? '');
  // The rows are counted only when there are enough written rows to matter (a count walks the table).
  const bulk = docs.length > notedMax(0) && docs.length > notedMax(db.prepare('SELECT count(*) FROM entry_search').pluck().get() as number);
  if (!inStep || bulk) {
    db.exec('DELETE FROM search_terms; INSERT INTO search_terms (term) SELECT term FROM entry_search_vocab');
  } else if (docs.length > 0) {
    const row = db.prepare('SELECT title, tags, payload_text, rationale FROM entry_search WHERE doc = ?').raw();
    const texts = [...new Set(docs)].flatMap((doc) => (row.get(doc) as string[] | undefined) ?? []);
    const insert = db.prepare('INSERT OR IGNORE INTO search_terms (term) VALUES (?)');
    for (const term of indexTerms(texts)) insert.run(term);
  }
  setMeta(db, SEARCH_TERMS_META_KEY, toOid);
}

/**
 * Forgets the rows noted by an apply that did not commit (its transaction rolled back).
 * Errors: none.
 */
export function dropNotedRows(db: CacheDb): void {
  pending.delete(db);
}

/**
 * A superset of the index's stems, without stems of stop words, as of the projection now: the
 * handle's set while the projection has not moved, else `search_terms` read in one read
 * transaction with the stamp it is checked against — or, should the table not be in step (a
 * file written otherwise), the index's whole vocabulary. Errors: SQLite errors only.
 */
export function vocabularyTerms(db: CacheDb): ReadonlySet<string> {
  let s = states.get(db);
  if (!s) {
    s = {
      projected: null, terms: new Set(),
      table: db.prepare('SELECT term FROM search_terms').pluck(),
      whole: db.prepare('SELECT term FROM entry_search_vocab').pluck(),
    };
    states.set(db, s);
  }
  stopStems ??= new Set([...porterStems(ENGLISH_STOP_WORDS).values()].flat());
  const skip = stopStems;
  const state = s;
  db.transaction(() => {
    const projected = getMeta(db, 'projected_oid');
    if (state.projected === projected) return;
    const stamped = projected !== null && getMeta(db, SEARCH_TERMS_META_KEY) === projected;
    state.terms = new Set(((stamped ? state.table : state.whole).all() as string[]).filter((term) => !skip.has(term)));
    state.projected = projected;
  })();
  return s.terms;
}
