/**
 * The words of a search query (issue #10 "Search without load costs"): lower-cased runs of
 * letters and digits — the same words the dashboard highlights (src/http/dashboard/markdown.ts)
 * and, after diacritics are removed, the tokens FTS5's `unicode61` tokenizer indexes. Nothing
 * else of the query text survives, so quotes, `*`, `-`, `NEAR`, `:`, parentheses never reach
 * FTS5 syntax (docs/decisions/0021).
 */
import { BrainError } from '../model/errors.js';

/** Distinct words of `query` in order of first appearance (at most 32; the rest are ignored). */
export function queryTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, 32);
}

/**
 * The words of a search query ({@link queryTerms}), shared by every projection backend
 * so they search for the same words. Errors: `invalid_argument` when it has none (letters or digits).
 */
export function searchWords(query: string): string[] {
  const terms = queryTerms(query);
  if (terms.length === 0) {
    // Every surface (CLI, daemon, hub, MCP) reaches this: a hint in no surface's syntax.
    throw new BrainError('invalid_argument', `the search query ${JSON.stringify(query.slice(0, 200))} has no words to search for`, { hint: 'search for words of letters or digits (punctuation is ignored), e.g. "sqlite cache"' });
  }
  return terms;
}

/** `term` as FTS5's `unicode61 remove_diacritics 2` folds it (how it appears in the vocabulary). */
export function foldTerm(term: string): string {
  return term.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A term as an FTS5 string (double quotes doubled), optionally as a prefix query. */
export function ftsString(term: string, prefix: boolean): string {
  return `"${term.replace(/"/g, '""')}"${prefix ? '*' : ''}`;
}

/**
 * The Levenshtein distance of `a` and `b` when it is at most `max`, else `max + 1` (banded:
 * stops as soon as a whole row exceeds `max`). Used for typo expansion over the vocabulary.
 */
export function boundedDistance(left: string, right: string, max: number): number {
  const a = [...left];
  const b = [...right];
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev = cur;
  }
  return Math.min(prev[b.length]!, max + 1);
}
