/**
 * The factors after BM25 of a search's matches (docs/decisions/0047, 0059, 0072): for each row
 * holding any query word, how many words it holds (coordination, src/search/coordination.ts) and
 * how many its title holds (src/search/title-match.ts), from rowid-only passes; and what the
 * ranking's bounds need of them — the best factor, and of the rows holding every word, their
 * number, best and `k`-th factor, and the most a row lacking a word can reach.
 */
import { coordination } from '../../search/coordination.js';
import { titleFactor } from '../../search/title-match.js';

/** The factors after BM25 of the matches of a query's words ({@link factors}). */
export interface Factors {
  /** How many of the words the row `doc` holds. */
  held: (doc: number) => number;
  /** Its coordination × title factor. */
  factor: (doc: number) => number;
  /** Which words some row holds ("every word" below: every word some row holds). */
  present: readonly boolean[];
  /** The largest factor of any match, and of any match holding every word. */
  best: number;
  bestOfAll: number;
  /** How many rows hold every word (a query of several words; 0 for one word), of how many matches. */
  holdingAll: number;
  matches: number;
  /** The `k`-th largest factor of the rows holding every word (0 when fewer). */
  kthOfAll: (k: number) => number;
  /**
   * The largest `factor × ceiling[held]` of a match holding some words but not all (`ceiling`: by
   * words held): `bare` for most, `paired` for the rows `pairs` (those holding a pair's phrase).
   */
  bestPartial: (bare: readonly number[], paired: readonly number[], pairs: readonly (readonly number[])[]) => number;
}

/**
 * For each row holding any of `words`: how many of them it holds and the factor after BM25
 * (coordination × title factor), from one rowid-only pass per word and one per word in the
 * title (`heldBy`: the rows matching an FTS5 expression, rowids only; one word: every match
 * holds it, only the title pass runs). Errors: those of `heldBy`.
 */
export function factors(heldBy: (expression: string) => number[], words: readonly string[]): Factors {
  const n = words.length;
  const single = n === 1 ? 1 : 0;
  const counts = new Map<number, number>(); // held in the low 16 bits, in the title above
  const add = (expression: string, step: number) => {
    const docs = heldBy(expression);
    for (const doc of docs) counts.set(doc, (counts.get(doc) ?? single) + step);
    return docs.length > 0;
  };
  const present = single ? [true] : words.map((w) => add(w, 1));
  for (const w of words) add(`title : ${w}`, 0x10000);
  const of = (c: number) => coordination(c & 0xffff, n) * titleFactor(c >>> 16, n);
  const m = present.filter(Boolean).length; // no row holds more words than this
  const seen = new Map<number, number>(); // rows per (held, in title) pair present: at most (n + 1)² pairs
  let best = of(single);
  let bestOfAll = single ? best : 0;
  let holdingAll = 0;
  for (const c of counts.values()) {
    const factor = of(c);
    best = Math.max(best, factor);
    if (!single && (c & 0xffff) === m) {
      bestOfAll = Math.max(bestOfAll, factor);
      holdingAll++;
    }
    seen.set(c, (seen.get(c) ?? 0) + 1);
  }
  return {
    held: (doc) => (counts.get(doc) ?? single) & 0xffff,
    factor: (doc) => of(counts.get(doc) ?? single),
    present, best, bestOfAll, holdingAll, matches: counts.size,
    kthOfAll: (k) => {
      const all = [...seen].filter(([c]) => (c & 0xffff) === m).map(([c, rows]) => [of(c), rows] as const).sort((a, b) => b[0] - a[0]);
      for (const [factor, rows] of all) if ((k -= rows) <= 0) return factor;
      return 0;
    },
    bestPartial: (bare, paired, pairs) => {
      let most = 0;
      for (const c of seen.keys()) if ((c & 0xffff) < m) most = Math.max(most, of(c) * bare[c & 0xffff]!);
      for (const docs of pairs) {
        for (const doc of docs) {
          const c = counts.get(doc) ?? single;
          if ((c & 0xffff) < m) most = Math.max(most, of(c) * paired[c & 0xffff]!);
        }
      }
      return most;
    },
  };
}
