/**
 * The typo rule of search (issue #10 typo tolerance; issue #11: the same rule on every
 * projection backend): a query word nothing in the vocabulary starts with is widened to the
 * vocabulary words within a small edit distance of its stem (an adjacent swap is one edit) — 1
 * for a stem of 4–7 characters, 2 from 8, none below 4 nor for a word with a digit — at most 8, closest first, then the words in most documents, then A–Z. Where candidates
 * come from is the backend's (SQLite: the whole FTS5 vocabulary, src/projection/sqlite/search-words.ts;
 * PostgreSQL: pg_trgm neighbours, src/projection/postgres/search-typos.ts).
 */
import { boundedDistance } from './query-terms.js';

/**
 * The edit distance allowed for `word` (folded; the backends pass the Porter stem the distance is
 * measured on, so "tempates" → "tempat" may be one edit from "templat" but not two from
 * "compat", which offered "compatibility" for it): by its length in characters, and none for a word
 * holding a digit — a number or a version is not misspelled ("0030" is not "0008", "ipv6" not
 * "ipv4"): an ADR label typed into search must find that ADR or nothing.
 */
export function allowedDistance(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const length = [...word].length;
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** At most this many alternatives per word. */
const MAX_ALTERNATIVES = 8;

/**
 * The `candidates` within distance `max` of `word` (folded), in their order: the words the
 * alternatives are picked from (a backend probes these few for their document counts, where
 * it holds no count for every word; src/projection/sqlite/search-vocabulary.ts).
 */
export function withinDistance(word: string, candidates: Iterable<string>, max: number): string[] {
  const found: string[] = [];
  for (const c of candidates) if (Math.abs(c.length - word.length) <= max && boundedDistance(word, c, max) <= max) found.push(c);
  return found;
}

/** The alternatives of `word` (folded) among `candidates` within distance `max`, in the rule's order. */
export function pickAlternatives(word: string, candidates: Iterable<{ word: string; docs: number }>, max: number): string[] {
  const found: { word: string; distance: number; docs: number }[] = [];
  for (const c of candidates) {
    if (Math.abs(c.word.length - word.length) > max) continue;
    const distance = boundedDistance(word, c.word, max);
    if (distance <= max) found.push({ ...c, distance });
  }
  found.sort((a, b) => a.distance - b.distance || b.docs - a.docs || (a.word < b.word ? -1 : 1));
  return found.slice(0, MAX_ALTERNATIVES).map((f) => f.word);
}
