/**
 * Typo tolerance for FTS5 search (issue #10: "keep typo tolerance", docs/decisions/0021): a
 * query word that is not the prefix of any indexed word is widened to the indexed words within
 * a small edit distance — 1 for words of 4–7 characters, 2 for 8 and more, none below 4 (too
 * many neighbours). Only that fallback reads the whole vocabulary (`entry_search_vocab`);
 * a word the vocabulary knows costs one range probe.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from '../cache/open-cache.js';
import { boundedDistance, foldTerm } from './query-terms.js';

/** The edit distance allowed for a word of `length` characters. */
export function allowedDistance(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** At most this many alternatives per word, closest first (then most documents, then A–Z). */
const MAX_ALTERNATIVES = 8;

interface Statements {
  probe: Database.Statement<unknown[]>;
  all: Database.Statement<unknown[]>;
}
const statements = new WeakMap<CacheDb, Statements>();

/**
 * Vocabulary words within the allowed edit distance of `term`, when no vocabulary word starts
 * with `term` (empty otherwise, and for short words). Errors: SQLite errors only.
 */
export function typoAlternatives(db: CacheDb, term: string): string[] {
  const folded = foldTerm(term);
  const max = allowedDistance([...folded].length);
  if (max === 0) return [];
  let s = statements.get(db);
  if (!s) {
    s = {
      probe: db.prepare('SELECT 1 FROM entry_search_vocab WHERE term >= ? AND term < ? LIMIT 1'),
      all: db.prepare('SELECT term, doc FROM entry_search_vocab').raw(),
    };
    statements.set(db, s);
  }
  if (s.probe.get(folded, `${folded}\u{10FFFF}`) !== undefined) return [];
  const found: { term: string; distance: number; docs: number }[] = [];
  for (const [word, docs] of s.all.iterate() as IterableIterator<[string, number]>) {
    const distance = boundedDistance(folded, word, max);
    if (distance <= max) found.push({ term: word, distance, docs });
  }
  found.sort((a, b) => a.distance - b.distance || b.docs - a.docs || (a.term < b.term ? -1 : 1));
  return found.slice(0, MAX_ALTERNATIVES).map((f) => f.term);
}
