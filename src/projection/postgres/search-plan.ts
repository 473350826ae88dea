/**
 * What a PostgreSQL search looks for (issue #18; docs/decisions/0035): the query's words and
 * adjacent pairs (src/search/query-terms.ts, shared with SQLite), each word folded as the index
 * holds it (search-doc.ts) and stemmed by the `english` configuration's stemmer, as tsqueries —
 * a word as its stem OR the stem as a prefix (a hit holding the word itself matches both and
 * ranks higher), or, for a stem nothing starts with, OR its typo alternatives (search-typos.ts);
 * a pair as a phrase. One round trip reads the stems and, from `proj_vocab`, how many entries
 * hold a word each stem starts and whether a longer word starts with it; typo lookups follow only
 * for unknown words. The BM25 phrases (search-rank.ts) are the phrases SQLite's MATCH
 * expression holds (src/projection/sqlite/search.ts `wordExpression`), so both backends sum the
 * same terms: per word its stem as a word, its stem as a prefix when a longer vocabulary word
 * starts with it, each typo alternative; per pair of adjacent words the phrase of their stems.
 */
import type pg from 'pg';
import { searchQuery } from '../../search/query-terms.js';
import { englishStemSql } from './english-stems.js';
import type { PgNames } from './schema.js';
import { indexWords } from './search-doc.js';
import { typoAlternativesPg } from './search-typos.js';

/** One BM25 phrase: a lexeme as a word, as a prefix, or followed by `next` (a pair: adjacent positions). */
export interface Phrase {
  lexeme: string;
  prefix: boolean;
  next?: string;
}

/** A search's tsqueries. */
export interface SearchPlan {
  /** BM25's phrases (module comment), each scored with its own IDF. */
  phrases: Phrase[];
  /** One per word, to score it: the stem OR the stem as a prefix (OR the typo alternatives). */
  words: string[];
  /** One per pair of adjacent words (a phrase). */
  pairs: string[];
  /** The words' conjunction and disjunction, to match: each stem as a prefix only (the same rows, half the work). */
  all: string;
  any: string;
  /** The query words widened for typos, as typed, with the vocabulary stems searched instead (ProjectionBackend.searchTypos). */
  typos: { word: string; alternatives: string[] }[];
  /**
   * At least the number of entries holding any word: the sum of the vocabulary's counts of the
   * words the query's lexemes start (or are), at most the visible repositories' entries (a
   * question of many common words over a small corpus counts each entry once per word).
   */
  bound: number;
}

/** A lexeme as a tsquery operand (letters and digits only: nothing to escape). */
const operand = (lexeme: string, prefix: boolean) => `'${lexeme}'${prefix ? ':*' : ''}`;

/**
 * Each of `words` (folded) with its English stem, the entries of `repos` holding a vocabulary word
 * that starts with it, and whether a vocabulary word longer than the stem starts with it; `entries`:
 * how many entries the visible repositories hold (the empty word's count).
 */
async function stemCounts(db: pg.ClientBase, s: string, repos: readonly string[], words: readonly string[]): Promise<{ counts: Map<string, { stem: string; docs: number; longer: boolean }>; entries: number }> {
  const r = await db.query<{ w: string; stem: string; docs: string; longer: boolean; entries: string }>(`SELECT x.w, x.stem, y.docs, y.longer,
      (SELECT coalesce(sum(e.docs), 0) FROM ${s}.proj_vocab e WHERE e.repo = ANY($1::text[]) AND e.word = '') AS entries
    FROM (SELECT w, ${englishStemSql('w')} AS stem FROM unnest($2::text[]) AS w) x,
    LATERAL (SELECT coalesce(sum(v.docs), 0) AS docs, coalesce(bool_or(v.word <> x.stem), false) AS longer FROM ${s}.proj_vocab v
      WHERE v.repo = ANY($1::text[]) AND v.word >= x.stem AND v.word < x.stem || chr(1114111)) y`, [[...repos], [...new Set(words)]]);
  return { counts: new Map(r.rows.map((row) => [row.w, { stem: row.stem, docs: Number(row.docs), longer: row.longer }])), entries: Number(r.rows[0]?.entries ?? 0) };
}

/** The plan of `query` over `repos`, read in `db`'s transaction; null when no word survives folding. Errors: `invalid_argument` (no words), PostgreSQL errors. */
export async function searchPlan(db: pg.ClientBase, names: PgNames, repos: readonly string[], query: string): Promise<SearchPlan | null> {
  const { words, pairs } = searchQuery(query);
  // A word typed with combining marks may fold into several index words: all of them, as prefixes.
  const pieces = new Map(words.map((w) => [w, indexWords(w)] as const).filter(([, p]) => p.length > 0));
  if (pieces.size === 0) return null;
  const { counts, entries } = await stemCounts(db, names.s, repos, [...pieces.values()].flat());
  const lexemes = new Map([...pieces].map(([w, p]) => [w, p.map((x) => counts.get(x)!)]));
  const single = new Map([...lexemes].filter(([, l]) => l.length === 1).map(([w, l]) => [w, l[0]!.stem]));
  const typos = await typoAlternativesPg(db, names, repos, new Map([...lexemes].filter(([, l]) => l.length === 1 && l[0]!.docs === 0).map(([w, l]) => [w, l[0]!.stem])));
  let bound = 0;
  const scored: string[] = [];
  const matched: string[] = [];
  const phrases: Phrase[] = [];
  for (const [w, l] of lexemes) {
    bound += l.reduce((n, x) => n + x.docs, 0);
    if (l.length > 1) {
      scored.push(`(${l.map((x) => operand(x.stem, true)).join(' & ')})`);
      matched.push(scored[scored.length - 1]!);
      phrases.push(...l.map((x) => ({ lexeme: x.stem, prefix: true })));
      continue;
    }
    phrases.push({ lexeme: l[0]!.stem, prefix: false });
    if (l[0]!.longer) phrases.push({ lexeme: l[0]!.stem, prefix: true });
    phrases.push(...(typos.get(w) ?? []).map((a) => ({ lexeme: a.word, prefix: false })));
    const alternatives = (typos.get(w) ?? []).map((a) => operand(a.word, false));
    bound += (typos.get(w) ?? []).reduce((n, a) => n + a.docs, 0);
    scored.push(`(${[operand(l[0]!.stem, false), operand(l[0]!.stem, true), ...alternatives].join(' | ')})`);
    matched.push(`(${[operand(l[0]!.stem, true), ...alternatives].join(' | ')})`);
  }
  const adjacent = pairs.filter(([a, b]) => single.has(a) && single.has(b)).map(([a, b]) => [single.get(a)!, single.get(b)!] as const);
  const pairQueries = adjacent.map(([a, b]) => `${operand(a, false)} <-> ${operand(b, false)}`);
  phrases.push(...adjacent.map(([lexeme, next]) => ({ lexeme, prefix: false, next })));
  const widened = [...typos].filter(([, a]) => a.length > 0).map(([word, a]) => ({ word, alternatives: a.map((x) => x.word) }));
  return { phrases, words: scored, pairs: pairQueries, all: matched.join(' & '), any: matched.join(' | '), typos: widened, bound: Math.min(bound, entries) };
}
