/**
 * Typo tolerance for FTS5 search (issue #10: "keep typo tolerance", docs/decisions/0021): a
 * query word that is not the prefix of any indexed word is widened to the indexed words within
 * a small edit distance — 1 for words of 4–7 characters, 2 for 8 and more, none below 4 (too
 * many neighbours). A word the vocabulary knows costs one range probe; only the fallback reads
 * the vocabulary (`entry_search_vocab`, ~20–40 ms at 10 000 entries: FTS5 walks every doclist
 * to list it), once per query, and keeps it per database handle until the projection moves.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from '../projection/sqlite/open-cache.js';
import { getMeta } from '../projection/sqlite/open-cache.js';
import { foldTerm } from './query-terms.js';
import { allowedDistance, pickAlternatives } from './typo-rule.js';


interface State {
  probe: Database.Statement<unknown[]>;
  all: Database.Statement<unknown[]>;
  /** The vocabulary as of `projected` (null: not read yet). */
  vocabulary: { projected: string | null; words: [string, number][] } | null;
}
const states = new WeakMap<CacheDb, State>();

function stateOf(db: CacheDb): State {
  let s = states.get(db);
  if (!s) {
    s = {
      probe: db.prepare('SELECT 1 FROM entry_search_vocab WHERE term >= ? AND term < ? LIMIT 1'),
      all: db.prepare('SELECT term, doc FROM entry_search_vocab').raw(),
      vocabulary: null,
    };
    states.set(db, s);
  }
  return s;
}

function vocabulary(db: CacheDb, s: State): [string, number][] {
  const projected = getMeta(db, 'projected_oid');
  if (s.vocabulary?.projected !== projected) s.vocabulary = { projected, words: s.all.all() as [string, number][] };
  return s.vocabulary.words;
}

/**
 * For each of `terms` (query words) that no vocabulary word starts with and that is long
 * enough, the vocabulary words within its allowed edit distance; terms the vocabulary knows
 * are absent from the map. Errors: SQLite errors only.
 */
export function typoAlternatives(db: CacheDb, terms: readonly string[]): Map<string, string[]> {
  const s = stateOf(db);
  const unknown = terms
    .map((term) => ({ term, folded: foldTerm(term) }))
    .map((t) => ({ ...t, max: allowedDistance([...t.folded].length) }))
    .filter((t) => t.max > 0 && s.probe.get(t.folded, `${t.folded}\u{10FFFF}`) === undefined);
  const result = new Map<string, string[]>();
  if (unknown.length === 0) return result;
  const words = vocabulary(db, s);
  for (const { term, folded, max } of unknown) result.set(term, pickAlternatives(folded, words.map(([word, docs]) => ({ word, docs })), max));
  return result;
}
