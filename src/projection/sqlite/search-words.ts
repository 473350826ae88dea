/**
 * How each query word matches in the SQLite search (docs/decisions/0021, 0035). The index holds
 * Porter stems (src/projection/sqlite/schema.ts), so a word is first stemmed as FTS5 stems it
 * (src/search/porter-stems.ts): "backups" → "backup", "databse" → "databs". Two vocabulary
 * probes then tell whether the stem is itself an indexed term and whether longer indexed terms
 * start with it; the search asks FTS5 only for the phrases that can match — the word itself,
 * the word as a prefix, or both, so that BM25 ranks the word itself ("log") above the longer
 * words it starts ("logic").
 *
 * Typo tolerance (issue #10 "keep typo tolerance"): a word whose stem starts no indexed term,
 * of 4+ characters, is widened to the indexed stems within edit distance 1 (a stem of 4–7
 * characters) or 2 (8 and more) of its stem, at most 8 (src/search/typo-rule.ts); stems of stop words are never
 * offered. Only this fallback needs the whole vocabulary (src/projection/sqlite/search-vocabulary.ts:
 * the cache's `search_terms`, kept by the apply path, read once per handle and projection state;
 * docs/decisions/0085); the stems near the word are then probed one by one for their document counts.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';
import { vocabularyTerms } from './search-vocabulary.js';
import { porterStems } from '../../search/porter-stems.js';
import { foldTerm } from '../../search/query-terms.js';
import { allowedDistance, pickAlternatives, withinDistance } from '../../search/typo-rule.js';

/** How one query word matches. */
export interface WordPlan {
  /** Its stem is an indexed term (the word, in some inflection, is in some entry). */
  exact: boolean;
  /** Longer indexed terms start with its stem. */
  longer: boolean;
  /** Indexed stems standing in for a typo: empty unless nothing starts with the stem. */
  alternatives: string[];
}

interface State {
  /** A term's document count (no row: not an indexed term). */
  docs: Database.Statement<unknown[]>;
  longer: Database.Statement<unknown[]>;
}
const states = new WeakMap<CacheDb, State>();

function stateOf(db: CacheDb): State {
  let s = states.get(db);
  if (!s) {
    s = {
      docs: db.prepare('SELECT doc FROM entry_search_vocab WHERE term = ?').pluck(),
      longer: db.prepare('SELECT 1 FROM entry_search_vocab WHERE term > ? AND term < ? LIMIT 1'),
    };
    states.set(db, s);
  }
  return s;
}

/** The typo alternatives of `stem` within distance `max`: the near stems the index still holds, with their counts, in the rule's order. */
function alternativesOf(db: CacheDb, s: State, stem: string, max: number): string[] {
  const near = withinDistance(stem, vocabularyTerms(db), max).flatMap((word) => {
    const docs = s.docs.get(word) as number | undefined;
    return docs === undefined ? [] : [{ word, docs }];
  });
  return pickAlternatives(stem, near, max);
}

/**
 * The plan of each of `words` (query words). A word FTS5 makes no token or several tokens of is
 * left to FTS5 as a prefix (`longer`, no alternatives). Errors: SQLite errors only.
 */
export function planWords(db: CacheDb, words: readonly string[]): Map<string, WordPlan> {
  const s = stateOf(db);
  const folded = words.map(foldTerm);
  const stems = porterStems(folded);
  return new Map(words.map((word, i) => {
    const [stem, ...more] = stems.get(folded[i]!) ?? [];
    if (stem === undefined || more.length > 0) return [word, { exact: false, longer: true, alternatives: [] }];
    const exact = s.docs.get(stem) !== undefined;
    const longer = s.longer.get(stem, `${stem}\u{10FFFF}`) !== undefined;
    const max = allowedDistance(stem);
    const alternatives = exact || longer || max === 0 ? [] : alternativesOf(db, s, stem, max);
    return [word, { exact, longer, alternatives }];
  }));
}
