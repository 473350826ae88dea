/**
 * Full-text search over current entries with SQLite FTS5 (issue #10 "Search without load
 * costs", docs/decisions/0021; issue #18 "Search answers plain questions", 0035): the index
 * lives in the projection (`entry_search_fts`, Porter stems, kept in the apply path's
 * transaction), so a search costs a few indexed queries and nothing is loaded.
 *
 * The query's words without English stop words (src/search/query-terms.ts) match by their
 * stems, as words or prefixes; a word that starts nothing in the vocabulary is widened to the
 * vocabulary stems within a small edit distance (typo tolerance; src/projection/sqlite/search-words.ts).
 * A query is a question: a hit may hold any of the words. FTS5 ranks the matches by BM25 with
 * field weights title 3, tags 2, payload 1.5, rationale 1 (two adjacent query words as a phrase
 * score higher); hits are then ranked by BM25 times the share of the words the hit holds
 * (src/search/coordination.ts), the title factor (src/search/title-match.ts) and the status
 * weight (src/search/in-force.ts: entries no longer in force count half), looking up only the
 * hits that can still reach the page (exact; {@link ranked}).
 * Cost (docs/decisions/0047, 0059): FTS5's ranking pass over the matches — two when the first
 * head falls short, the second calling an SQL function per match — one rowid-only pass per query
 * word (which rows hold it, in any field and in the title), and a row lookup per hit that can
 * still reach the page (~20–40 for a page of 20), not per match.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';
import { coordination } from '../../search/coordination.js';
import { titleFactor } from '../../search/title-match.js';
import { statusWeight } from '../../search/in-force.js';
import { ftsString, searchQuery } from '../../search/query-terms.js';
import { relevanceScores } from '../../search/relevance.js';
import { planWords, type WordPlan } from './search-words.js';

/** One hit: the entry id and its relevance score in (0, 1] (src/search/relevance.ts). */
export interface SearchHit {
  entry_id: string;
  relevance_score: number;
}

/** Options of {@link searchEntries}. */
export interface SearchQuery {
  query: string;
  /** One project (absent: any). */
  projectId?: string;
  /** Only these projects (a hub token's scope, src/projection/backend.ts); absent: any. */
  projects?: readonly string[];
  kind?: string;
  /** Maximum hits (default 20). */
  limit?: number;
}

/**
 * The SQL function giving a match's factor after BM25 — coordination × title factor, by the rules
 * of src/search — from the rowid-only passes of the query running ({@link ranked} sets it; the
 * search is synchronous, so no other query's factors can be in place).
 */
const FACTOR_FUNCTION = 'brain_search_factor';
let factorOf: (doc: number) => number = () => 1;

const MATCHES = 'FROM entry_search_fts WHERE entry_search_fts MATCH ?';
const BM25 = 'bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0)';

/**
 * The ranking queries (exported for the plan test): the FTS5 index alone, the top N by BM25
 * (`rank`), or by BM25 × {@link FACTOR_FUNCTION} (`bound`: the best score a match can reach, the
 * status weight being at most 1; a call into JavaScript per match, ~0.5–0.7 µs). Filters are applied
 * to the few ranked rows afterwards ({@link DOC_SQL}): joining every match to `entry_search`
 * before ranking cost ~4× the ranking itself at 20 000 entries (a common word matches half of
 * them). Rows are `[doc, score]`.
 */
export const RANK_SQL = {
  rank: `SELECT rowid AS doc, ${BM25} AS score ${MATCHES} ORDER BY score LIMIT ?`,
  bound: `SELECT rowid AS doc, ${BM25} * ${FACTOR_FUNCTION}(rowid) AS score ${MATCHES} ORDER BY score LIMIT ?`,
} as const;

/** One ranked row's entry, project, kind and status (rowid lookup). */
export const DOC_SQL = 'SELECT entry_id, project_id, entry_kind, status FROM entry_search WHERE doc = ?';

/**
 * The rows holding one word's expression (rowids only: FTS5 walks the doclists, no BM25 and no
 * document sizes). A lookup per ranked rowid instead (`rowid IN (…)`) cost ~1 ms per row for a
 * prefix at 20 000 entries: a prefix expands to every term it starts, each looked up.
 */
export const HELD_SQL = `SELECT rowid ${MATCHES}`;

/**
 * How many rows a ranking pass hands over (at least; 8 × the limit when more), ×4 while a hit
 * beyond them could still reach the page (decision 0047). Only the rows whose bound can still
 * reach the page are looked up (~20–40 for a page of 20); FTS5's sort of the matches costs more
 * with a larger limit (~+5 % at 160, +20–40 % at 640, at 10 000–40 000 entries).
 */
export const HEAD = 160;

/** Statements of one cache handle. */
interface Statements { rank: Database.Statement<unknown[]>; bound: Database.Statement<unknown[]>; doc: Database.Statement<unknown[]>; held: Database.Statement<unknown[]> }
const statements = new WeakMap<CacheDb, Statements>();

type Doc = { entry_id: string; project_id: string; entry_kind: string; status: string };
type Ranked = { entry_id: string; score: number; held: number };

function statementsOf(db: CacheDb): Statements {
  let s = statements.get(db);
  if (!s) {
    db.function(FACTOR_FUNCTION, { deterministic: false }, (doc) => factorOf(Number(doc)));
    s = { rank: db.prepare(RANK_SQL.rank).raw(), bound: db.prepare(RANK_SQL.bound).raw(), doc: db.prepare(DOC_SQL), held: db.prepare(HELD_SQL).pluck() };
    statements.set(db, s);
  }
  return s;
}

/**
 * For each row holding any of `words`: how many of them it holds (`held`) and the factor after
 * BM25 (coordination × title factor), from one rowid-only pass per word and one per word in the
 * title ({@link HELD_SQL}; one word: every match holds it, only the title pass runs); `best` is
 * the largest factor any match has.
 */
function factors(s: Statements, words: readonly string[]): { held: (doc: number) => number; factor: (doc: number) => number; best: number } {
  const single = words.length === 1 ? 1 : 0;
  const counts = new Map<number, number>(); // held in the low 16 bits, in the title above
  const add = (expression: string, step: number) => {
    for (const doc of s.held.all(expression) as number[]) counts.set(doc, (counts.get(doc) ?? single) + step);
  };
  if (!single) for (const w of words) add(w, 1);
  for (const w of words) add(`title : ${w}`, 0x10000);
  const of = (c: number) => coordination(c & 0xffff, words.length) * titleFactor(c >>> 16, words.length);
  let best = of(single);
  for (const c of counts.values()) best = Math.max(best, of(c));
  return { held: (doc) => (counts.get(doc) ?? single) & 0xffff, factor: (doc) => of(counts.get(doc) ?? single), best };
}

/**
 * The best `limit` rows matching any of the word expressions `words` in the project (and kind),
 * by score — BM25 (negative, lower is better) × coordination × title factor × status weight —
 * then entry id. `held` is how many of the words a row holds. Exact, by bounds: a row's bound,
 * BM25 × coordination × title factor, is the best score it can reach (the status weight is at
 * most 1). The rows ranked (at least {@link HEAD}) are looked up in the order of their bounds
 * until the `limit`-th score beats the next bound, and the page is final when it also beats the
 * best any row beyond them could reach. The first pass ranks by BM25 (no call per match): a row
 * beyond can reach the last BM25 × the best factor of any match. If that falls short, the next
 * pass ranks by the bound itself ({@link RANK_SQL}: ~1.5× the cost of a BM25 pass), where a row
 * beyond can reach no more than the last bound, and only statuses or filters pushing the page
 * past the head make a third (4× as many rows). Growing a BM25 head ×4 instead, each time a new
 * pass over every match, took 2–4 passes for a question of several common words
 * (docs/decisions/0059). A head cut by a fixed size lost in-force hits to superseded ones when
 * many matches have close BM25 (a common word), and disagreed with PostgreSQL
 * (test/hub/parity.test.ts).
 */
function ranked(db: CacheDb, words: readonly string[], filter: { inProject: (projectId: string) => boolean; kind: string | null; limit: number }): Ranked[] {
  const s = statementsOf(db);
  const f = factors(s, words);
  const docs = new Map<number, Doc | null>();
  const byScore = (a: Ranked, b: Ranked) => a.score - b.score || (a.entry_id < b.entry_id ? -1 : a.entry_id > b.entry_id ? 1 : 0);
  let byBound = false;
  let n = Math.max(filter.limit * 8, HEAD);
  for (;;) {
    let rows: [number, number][];
    factorOf = f.factor;
    try {
      rows = (byBound ? s.bound : s.rank).all(words.join(' OR '), n) as [number, number][];
    } finally {
      factorOf = () => 1;
    }
    const bounded = rows.map(([doc, score]) => ({ doc, bound: byBound ? score : score * f.factor(doc) })).sort((a, b) => a.bound - b.bound);
    const out: Ranked[] = []; // sorted by score
    for (const { doc, bound } of bounded) {
      const kth = out[filter.limit - 1];
      if (kth !== undefined && kth.score < bound) break; // no row from here on can reach the page
      if (!docs.has(doc)) docs.set(doc, (s.doc.get(doc) as Doc | undefined) ?? null);
      const d = docs.get(doc);
      if (!d || !filter.inProject(d.project_id) || (filter.kind !== null && d.entry_kind !== filter.kind)) continue;
      const hit = { entry_id: d.entry_id, held: f.held(doc), score: bound * statusWeight(d.status) };
      let at = out.length;
      while (at > 0 && byScore(out[at - 1]!, hit) > 0) at--;
      out.splice(at, 0, hit);
    }
    const last = rows[rows.length - 1];
    const kth = out[filter.limit - 1];
    // Done when every match was ranked, or when no row beyond the ranked ones can reach the page.
    if (rows.length < n || last === undefined || (kth !== undefined && kth.score < last[1] * (byBound ? 1 : f.best))) return out.slice(0, filter.limit);
    if (byBound) n *= 4; // statuses or filters pushed the page past the head
    byBound = true;
  }
}

/**
 * The MATCH expression of one word (src/projection/sqlite/search-words.ts): its stem as a word when it is an
 * indexed term, as a prefix when longer terms start with it — both when both: BM25 sums the
 * phrases a hit holds, so the word itself ("log", any inflection) outranks the longer words it
 * merely starts ("logic") — or, for a typo, its alternatives, vocabulary stems, as prefixes
 * (FTS5 stems a query string again, and a stem of a stem may lose a letter: "databas" →
 * "databa"); OR the phrases of the word and each query word that follows it in `next`.
 */
function wordExpression(word: string, plan: WordPlan, next: readonly string[]): string {
  const phrases = [
    ...(plan.exact ? [ftsString(word, false)] : []),
    ...(plan.longer || (!plan.exact && plan.alternatives.length === 0) ? [ftsString(word, true)] : []),
    ...plan.alternatives.map((a) => ftsString(a, true)),
    ...next.map((n) => ftsString(`${word} ${n}`, false)),
  ];
  return phrases.length === 1 ? phrases[0]! : `(${phrases.join(' OR ')})`;
}

/**
 * Hits for `q.query` in project `q.projectId` and `q.projects` (optionally one entry kind), best
 * first: every hit holding any word, by score (module comment), ties by entry id. The query
 * text is hostile input: only its words reach FTS5, each quoted.
 * Errors: `invalid_argument` when the query has no word (letters or digits).
 */
export function searchEntries(db: CacheDb, q: SearchQuery): SearchHit[] {
  const { words, pairs } = searchQuery(q.query);
  const plans = planWords(db, words);
  // A pair's phrase joins its first word's group: it implies that word, so it changes no match, only the score.
  const expressions = words.map((w) => wordExpression(w, plans.get(w)!, pairs.filter(([a]) => a === w).map(([, b]) => b)));
  const kind = q.kind ?? null;
  const limit = q.limit ?? 20;
  const only = q.projects ? new Set(q.projects) : null;
  const inProject = (p: string) => (q.projectId === undefined || p === q.projectId) && (only === null || only.has(p));
  const rows = ranked(db, expressions, { inProject, kind, limit });
  // bm25() is negative, lower is better: relevance of its negation.
  const relevance = relevanceScores(rows.map((r) => -r.score), rows.length > 0 ? rows[0]!.held / words.length : 1);
  return rows.map((r, i) => ({ entry_id: r.entry_id, relevance_score: relevance[i]! }));
}
