/**
 * The words of a search query (issue #10 "Search without load costs"): lower-cased runs of
 * letters and digits — the same words the dashboard highlights (src/http/dashboard/markdown.ts)
 * and, after diacritics are removed, the tokens FTS5's `unicode61` tokenizer indexes. Nothing
 * else of the query text survives, so quotes, `*`, `-`, `NEAR`, `:`, parentheses never reach
 * FTS5 syntax (docs/decisions/0021).
 */
import { BrainError } from '../model/errors.js';
import { decidingWords } from './question-frame.js';
import { contentWords } from './stop-words.js';

/** Distinct words of `query` in order of first appearance (at most 32; the rest are ignored). */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 32);
}

/** What a search looks for (see {@link searchQuery}). */
export interface SearchQueryWords {
  /** The words, distinct, in order of first appearance. */
  words: string[];
  /** Pairs of `words` that stand next to each other in the query ("ingress controller"), distinct. */
  pairs: [string, string][];
}

/**
 * What a search looks for, shared by every projection backend so they search for the same
 * words: the words of the query ({@link queryTerms}) without English stop words, or all of them
 * when each is one (src/search/stop-words.ts), less the verb of a "why did we choose X" frame
 * (src/search/question-frame.ts), and the pairs of those words that are adjacent
 * in the query — a hit holding such a pair as a phrase ranks higher (docs/decisions/0035).
 * Errors: `invalid_argument` when the query has no word (letters or digits).
 */
export function searchQuery(query: string): SearchQueryWords {
  const sequence = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 64);
  const words = withoutDeciding(contentWords(queryTerms(query)), sequence);
  if (words.length === 0) {
    // Every surface (CLI, daemon, hub, MCP) reaches this: a hint in no surface's syntax.
    throw new BrainError('invalid_argument', `the search query ${JSON.stringify(query.slice(0, 200))} has no words to search for`, { hint: 'search for words of letters or digits (punctuation is ignored), e.g. "sqlite cache"' });
  }
  const kept = new Set(words);
  const pairs = new Map<string, [string, string]>();
  for (let i = 1; i < sequence.length; i++) {
    const [a, b] = [sequence[i - 1]!, sequence[i]!];
    if (a !== b && kept.has(a) && kept.has(b)) pairs.set(`${a} ${b}`, [a, b]);
  }
  return { words, pairs: [...pairs.values()] };
}

/**
 * `words` without the verbs of deciding of the question's frame (src/search/question-frame.ts),
 * unless a word is also used outside the frame or nothing else would be left.
 */
function withoutDeciding(words: string[], sequence: readonly string[]): string[] {
  const frame = decidingWords(sequence);
  if (frame.size === 0) return words;
  const outside = new Set(sequence.filter((_, i) => !frame.has(i)));
  const framed = new Set(sequence.filter((_, i) => frame.has(i)));
  const kept = words.filter((w) => !framed.has(w) || outside.has(w));
  return kept.length > 0 ? kept : words;
}

/** The words of {@link searchQuery}. Errors: `invalid_argument` when the query has no word. */
export const searchWords = (query: string): string[] => searchQuery(query).words;

/** `term` as FTS5's `unicode61 remove_diacritics 2` folds it (how it appears in the vocabulary). */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A term as an FTS5 string (double quotes doubled), optionally as a prefix query. */
export function ftsString(term: string, prefix: boolean): string {
  return `"${term.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
}

/**
 * The edit distance of `left` and `right` counting an insertion, a deletion, a substitution or
 * a swap of two adjacent characters as one edit (optimal string alignment: "djnago" is one edit
 * from "django", the commonest typo, where Levenshtein counts two), when it is at most `max`,
 * else `max + 1` (banded: stops as soon as a whole row exceeds `max`; a swap extends a cell
 * two rows up, which is at least the diagonal cell one row up less one, so the stop stays
 * exact). Pure.
 * Used for typo expansion over the vocabulary (src/search/typo-rule.ts).
 */
export function boundedDistance(left: string, right: string, max: number): number {
  const a = [...left];
  const b = [...right];
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return Math.min(prev[b.length]!, max + 1);
}
