/**
 * Typo tolerance for FTS5 search (issue #10: "keep typo tolerance", docs/decisions/0021, 0035):
 * a query word whose stem no indexed stem starts with is widened to the indexed stems within a
 * small edit distance of its stem — 1 for words of 4–7 characters, 2 for 8 and more, none below
 * 4 (too many neighbours), at most 8 (src/search/typo-rule.ts); stems of stop words are never
 * offered. The index holds Porter stems (src/projection/sqlite/schema.ts), so the word is first
 * stemmed as FTS5 stems it (src/search/porter-stems.ts): "backups" ("backup") is a known word,
 * "databse" ("databs") a typo of "databas". A word the vocabulary knows costs one range probe;
 * only the fallback reads the vocabulary (`entry_search_vocab`, ~20–40 ms at 10 000 entries:
 * FTS5 walks every doclist to list it), once per query, and keeps it per database handle until
 * the projection moves.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from '../projection/sqlite/open-cache.js';
import { getMeta } from '../projection/sqlite/open-cache.js';
import { porterStems } from './porter-stems.js';
import { foldTerm } from './query-terms.js';
import { ENGLISH_STOP_WORDS } from './stop-words.js';
import { allowedDistance, pickAlternatives } from './typo-rule.js';

interface State {
  probe: Database.Statement<unknown[]>;
  all: Database.Statement<unknown[]>;
  /** The vocabulary as of `projected`, without stems of stop words (null: not read yet). */
  vocabulary: { projected: string | null; words: { word: string; docs: number }[] } | null;
}
const states = new WeakMap<CacheDb, State>();
let stopStems: ReadonlySet<string> | null = null;

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

function vocabulary(db: CacheDb, s: State): { word: string; docs: number }[] {
  const projected = getMeta(db, 'projected_oid');
  if (s.vocabulary?.projected !== projected) {
    stopStems ??= new Set([...porterStems(ENGLISH_STOP_WORDS).values()].flat());
    const skip = stopStems;
    const words = (s.all.all() as [string, number][]).filter(([word]) => !skip.has(word)).map(([word, docs]) => ({ word, docs }));
    s.vocabulary = { projected, words };
  }
  return s.vocabulary.words;
}

/**
 * For each of `terms` (query words) whose stem no indexed stem starts with and that is long
 * enough, the indexed stems within its allowed edit distance; terms the vocabulary knows (and
 * words FTS5 does not make exactly one token of) are absent from the map. Errors: SQLite errors only.
 */
export function typoAlternatives(db: CacheDb, terms: readonly string[]): Map<string, string[]> {
  const s = stateOf(db);
  const candidates = terms.map((term) => ({ term, folded: foldTerm(term) })).map((t) => ({ ...t, max: allowedDistance([...t.folded].length) })).filter((t) => t.max > 0);
  const result = new Map<string, string[]>();
  if (candidates.length === 0) return result;
  const stems = porterStems(candidates.map((t) => t.folded));
  for (const { term, folded, max } of candidates) {
    const [stem, ...more] = stems.get(folded) ?? [];
    // A word FTS5 makes no token or several tokens of is left to FTS5 as typed.
    if (stem === undefined || more.length > 0 || s.probe.get(stem, `${stem}\u{10FFFF}`) !== undefined) continue;
    result.set(term, pickAlternatives(stem, vocabulary(db, s), max));
  }
  return result;
}
