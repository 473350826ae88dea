/**
 * The most BM25 a match lacking some of the query's words can reach (issue 21 "top-20 by relevance
 * must not cost a pass over every match", docs/decisions/0072): what lets a search rank the rows
 * holding every word first and prove that no other row can enter the page.
 *
 * FTS5's `bm25()` (its `fts5_aux.c`) sums, over the query's phrases, `IDF × f × (k1 + 1) / (f + k1 ×
 * (1 − b + b × |D| / avgdl))` with k1 = 1.2, b = 0.75, `f` the phrase's column-weighted count in
 * the row and `IDF = log((N − n + 0.5) / (n + 0.5))` (floored at 1e-6), `n` the rows holding the
 * phrase and `N` the rows of the index. Each term is below `IDF × (k1 + 1)` whatever the row, and a
 * phrase the row does not hold adds nothing: so a row holding only some words scores at most
 * the sum of `(k1 + 1) × IDF` over the phrases those words can make. `n` is counted (a rowid-only
 * pass per phrase, no BM25), `N` read where FTS5 reads it (the index's averages record).
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';

/** One phrase of the MATCH expression, in the expression's order, and the query words (bit i: word i) a row needs to hold it. */
export interface Phrase {
  text: string;
  needs: number;
}

/** FTS5's bm25 constant k1 (fts5_aux.c). */
const K1 = 1.2;
/** Above the float rounding of FTS5's sum (a few ulps): the ceiling must never fall under a real score. */
const MARGIN = 1 + 1e-9;
/** The largest query (in words) whose subsets are enumerated; a longer one is ranked as before. */
export const MAX_CEILING_WORDS = 12;

interface Statements { count: Database.Statement<unknown[]>; rows: Database.Statement<unknown[]>; any: Database.Statement<unknown[]>; averages: Database.Statement<unknown[]> }
const statements = new WeakMap<CacheDb, Statements>();

function statementsOf(db: CacheDb): Statements {
  let s = statements.get(db);
  if (!s) {
    s = {
      count: db.prepare('SELECT count(*) FROM entry_search_fts WHERE entry_search_fts MATCH ?').pluck(),
      rows: db.prepare('SELECT rowid FROM entry_search_fts WHERE entry_search_fts MATCH ?').pluck(),
      any: db.prepare('SELECT 1 FROM entry_search_fts WHERE entry_search_fts MATCH ? LIMIT 1').pluck(),
      // FTS5's averages record (rowid 1 of its %_data table): a varint row count, then the column totals.
      averages: db.prepare('SELECT block FROM entry_search_fts_data WHERE id = 1').pluck(),
    };
    statements.set(db, s);
  }
  return s;
}

/** The SQLite varint at the start of `bytes` (1–9 bytes, big-endian 7-bit groups, the ninth byte whole). */
function varint(bytes: Uint8Array): number {
  let value = 0;
  for (let i = 0; i < 9 && i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (i === 8) return value * 256 + byte;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  return value;
}

/** The number of rows of the index, as `bm25()` reads it (0 for an empty index). Errors: SQLite errors only. */
export function indexRowCount(db: CacheDb): number {
  const block = statementsOf(db).averages.get() as Uint8Array | undefined;
  return block ? varint(block) : 0;
}

/** What one search learns of its phrases, each asked once ({@link phraseStats}). */
export interface PhraseStats {
  /** How many rows hold the phrase (`bm25()`'s `n`). */
  count: (text: string) => number;
  /** The rows holding it (rowids, ascending). */
  rows: (text: string) => readonly number[];
  /** Whether any row holds it (stops at the first). */
  exists: (text: string) => boolean;
}

/**
 * Counts and rows of phrases for one search, to be used inside its read transaction: each a
 * rowid-only pass (no BM25), a count reusing the rows when they were read; whether any row holds
 * a phrase stops at the first that does. Errors: SQLite errors only.
 */
export function phraseStats(db: CacheDb): PhraseStats {
  const s = statementsOf(db);
  const counts = new Map<string, number>();
  const rows = new Map<string, number[]>();
  return {
    count: (text) => {
      let n = counts.get(text) ?? rows.get(text)?.length;
      if (n === undefined) counts.set(text, (n = s.count.get(text) as number));
      return n;
    },
    rows: (text) => {
      let r = rows.get(text);
      if (r === undefined) rows.set(text, (r = s.rows.all(text) as number[]));
      return r;
    },
    exists: (text) => {
      const n = counts.get(text) ?? rows.get(text)?.length;
      return n !== undefined ? n > 0 : s.any.get(text) !== undefined;
    },
  };
}

/**
 * The ceiling of each phrase's share of `bm25()`, `(k1 + 1) × IDF` (0 when no row holds it), in
 * the order of `phrases` (a BM25 score is the negated sum of the shares); `count` is a
 * {@link PhraseStats} count. Errors: SQLite errors only.
 */
export function phraseCeilings(db: CacheDb, phrases: readonly Phrase[], count: (text: string) => number): number[] {
  const rows = indexRowCount(db);
  return phrases.map((p) => {
    const hits = count(p.text);
    if (hits === 0) return 0; // no row holds it: it adds nothing to any score
    const idf = Math.log((rows - hits + 0.5) / (hits + 0.5));
    return (K1 + 1) * (idf <= 0 ? 1e-6 : idf) * MARGIN;
  });
}

/**
 * For each number of words held `k` (index 0 … words): the most `-bm25()` a row holding exactly `k`
 * of the `words` query words can reach — the largest, over the sets of `k` words, of the ceilings
 * (`ceilings`, one per phrase of `phrases`) of the phrases those words can make. `b` (the
 * length normalization) is unused: the ceiling holds for any row length. Pure; `words` ≤
 * {@link MAX_CEILING_WORDS}.
 */
export function ceilingByWordsHeld(phrases: readonly Phrase[], ceilings: readonly number[], words: number): number[] {
  const out = new Array<number>(words + 1).fill(0);
  for (let set = 1; set < 1 << words; set++) {
    let k = 0;
    for (let bits = set; bits !== 0; bits &= bits - 1) k++;
    let sum = 0;
    phrases.forEach((p, i) => {
      if ((p.needs & set) === p.needs) sum += ceilings[i]!;
    });
    out[k] = Math.max(out[k]!, sum);
  }
  return out;
}
