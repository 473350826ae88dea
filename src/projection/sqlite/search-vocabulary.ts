/**
 * The typo fallback's vocabulary, kept current across writes (docs/decisions/0059, "Typo
 * vocabulary at scale"). The fallback (src/projection/sqlite/search-words.ts) compares a word
 * nothing in the index starts with against every indexed stem. Listing them is a scan of
 * `entry_search_vocab` that walks every term's doclist (fts5vocab counts documents as it goes,
 * whatever columns are read: ~200 ms of CPU at 40 000 entries), and fts5vocab has no index by
 * length or edit distance, so no bounded query can list only the candidates.
 *
 * So a handle holds the stems once read, a *superset* of the index's terms, and keeps it so:
 * every search row this handle inserts is noted ({@link noteSearchRow}); an incremental apply
 * of this handle that moves the projection from the state held to the next
 * ({@link vocabularyMoved}; the apply checks `projected_oid` inside its write transaction, so
 * nothing else wrote between) keeps the set, and the rows noted are tokenized, by FTS5 itself
 * (src/search/porter-stems.ts), only when a typo next needs the set (a few: past a tenth of the
 * entries, a whole read is cheaper). A term whose last row went
 * stays in the set; the caller probes each near stem for its document count (`term = ?`, that
 * term's doclist only) and drops those the index no longer holds, so the alternatives are those
 * of a full read. Anything else that moved the projection (another process or handle, a full
 * rebuild) makes the next typo read the whole vocabulary again.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';
import { getMeta } from './open-cache.js';
import { indexTerms, porterStems } from '../../search/porter-stems.js';
import { ENGLISH_STOP_WORDS } from '../../search/stop-words.js';

interface State {
  /** The projection state `terms` holds every term of (null: never read). */
  projected: string | null;
  terms: Set<string>;
  /** Search rows inserted since, not yet tokenized (their `doc`). */
  noted: number[];
  /** Search rows at the whole read. */
  entries: number;
  all: Database.Statement<unknown[]>;
  count: Database.Statement<unknown[]>;
  row: Database.Statement<unknown[]>;
}
const states = new WeakMap<CacheDb, State>();
let stopStems: ReadonlySet<string> | null = null;

/**
 * Noted rows beyond which the set is dropped and read whole again (a bulk import): tokenizing a
 * row's text costs ~10× what a whole read costs per entry (~0.05 ms against ~0.005 ms, the
 * synthetic brain), so past a tenth of the entries the whole read is the cheaper way back.
 */
function notedMax(entries: number): number {
  return Math.max(100, Math.floor(entries / 10));
}

/**
 * Notes that this handle inserted the search row `doc` (call from the insert; cheap: a number
 * pushed, and only once a typo has read the set). Errors: none.
 */
export function noteSearchRow(db: CacheDb, doc: number | bigint): void {
  const s = states.get(db);
  if (!s || s.projected === null) return;
  if (s.noted.length < notedMax(s.entries)) {
    s.noted.push(Number(doc));
  } else {
    s.projected = null;
    s.noted = [];
  }
}

/**
 * Tells the vocabulary this handle's apply moved the projection from `fromOid` to `toOid` (as
 * stored in `meta.projected_oid`, '' for none), after its transaction committed: a set held as
 * of `fromOid` is then as of `toOid` once the noted rows are added. `fromOid` null (a full
 * rebuild) drops the set: the next typo reads the whole vocabulary. Errors: none.
 */
export function vocabularyMoved(db: CacheDb, fromOid: string | null, toOid: string): void {
  const s = states.get(db);
  if (!s) return;
  if (fromOid !== null && s.projected === fromOid) {
    s.projected = toOid;
  } else {
    s.projected = null;
    s.noted = [];
  }
}

/**
 * A superset of the index's stems, without stems of stop words, as of the projection now
 * (read whole on the first call and after a move this handle did not make; otherwise the
 * rows noted since are tokenized and added). Errors: SQLite errors only.
 */
export function vocabularyTerms(db: CacheDb): ReadonlySet<string> {
  let s = states.get(db);
  if (!s) {
    s = {
      projected: null, terms: new Set(), noted: [], entries: 0,
      all: db.prepare('SELECT term FROM entry_search_vocab').pluck(),
      count: db.prepare('SELECT count(*) FROM entry_search').pluck(),
      row: db.prepare('SELECT title, tags, payload_text, rationale FROM entry_search WHERE doc = ?').raw(),
    };
    states.set(db, s);
  }
  stopStems ??= new Set([...porterStems(ENGLISH_STOP_WORDS).values()].flat());
  const skip = stopStems;
  const projected = getMeta(db, 'projected_oid');
  if (s.projected !== projected) {
    s.terms = new Set((s.all.all() as string[]).filter((term) => !skip.has(term)));
    s.entries = s.count.get() as number;
    s.projected = projected;
    s.noted = [];
  } else if (s.noted.length > 0) {
    const texts = [...new Set(s.noted)].flatMap((doc) => (s.row.get(doc) as string[] | undefined) ?? []);
    s.noted = [];
    for (const term of indexTerms(texts)) if (!skip.has(term)) s.terms.add(term);
  }
  return s.terms;
}
