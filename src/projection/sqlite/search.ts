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
 * score higher); the best {@link HEAD} of them (filters applied) are then reranked by BM25 times
 * the share of the words the hit holds (src/search/coordination.ts), the title factor
 * (src/search/title-match.ts) and the status weight (src/search/in-force.ts: entries no longer
 * in force count half), growing the head until no hit beyond it can reach the page (exact).
 * Cost (docs/decisions/0047): FTS5's ranking pass over the matches, one rowid-only pass per
 * query word (which rows hold it, in any field and in the title), and a lookup per row of the
 * head — which, for a common word whose matches score alike, may grow to many of its matches.
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
 * The ranking query (exported for the plan test): the FTS5 index alone, BM25 top-N. Filters
 * are applied to the few ranked rows afterwards ({@link DOC_SQL}): joining every match to
 * `entry_search` before ranking cost ~4× the ranking itself at 20 000 entries (a common word
 * matches half of them).
 */
export const RANK_SQL = `
SELECT rowid AS doc, bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS score
FROM entry_search_fts WHERE entry_search_fts MATCH ? ORDER BY score LIMIT ?`;

/** One ranked row's entry, project, kind and status (rowid lookup). */
export const DOC_SQL = 'SELECT entry_id, project_id, entry_kind, status FROM entry_search WHERE doc = ?';

/**
 * The rows holding one word's expression (rowids only: FTS5 walks the doclists, no BM25 and no
 * document sizes). A lookup per ranked rowid instead (`rowid IN (…)`) cost ~1 ms per row for a
 * prefix at 20 000 entries: a prefix expands to every term it starts, each looked up.
 */
export const HELD_SQL = 'SELECT rowid FROM entry_search_fts WHERE entry_search_fts MATCH ?';

/**
 * How many BM25 hits are reranked first (at least; 2 × the limit when more): the factors after
 * BM25 (share of words, title, status) reorder these, and {@link ranked} grows the head only
 * while a hit beyond it could still reach the page (decision 0047).
 */
export const HEAD = 40;

const statements = new WeakMap<CacheDb, { rank: Database.Statement<unknown[]>; doc: Database.Statement<unknown[]>; held: Database.Statement<unknown[]> }>();

type Doc = { entry_id: string; project_id: string; entry_kind: string; status: string };
type Ranked = { entry_id: string; score: number; held: number };

/**
 * The best `limit` rows matching any of the word expressions `words` in the project (and kind),
 * by score — BM25 (negative, lower is better) × coordination × title factor × status weight —
 * then entry id. `held` is how many of the words a row holds. Exact, by a threshold: the first
 * rows by BM25 (at least {@link HEAD}, ×4 while needed) are reranked, and the head grows until
 * the `limit`-th score beats the best any row beyond it could reach — the head's last BM25 ×
 * the best coordination × title factor any match has (both known for every match from the
 * rowid-only passes; status weight at most 1). A head cut by a fixed size instead lost in-force
 * hits to superseded ones when many matches have close BM25 (a common word), and disagreed with
 * PostgreSQL (test/hub/parity.test.ts).
 */
function ranked(db: CacheDb, words: readonly string[], filter: { inProject: (projectId: string) => boolean; kind: string | null; limit: number }): Ranked[] {
  let s = statements.get(db);
  if (!s) {
    s = { rank: db.prepare(RANK_SQL), doc: db.prepare(DOC_SQL), held: db.prepare(HELD_SQL).pluck() };
    statements.set(db, s);
  }
  const rowsOf = (expression: string) => new Set(s!.held.all(expression) as number[]);
  const holding = words.length > 1 ? words.map(rowsOf) : null; // one word: every match holds it
  const titled = words.map((w) => rowsOf(`title : ${w}`));
  const factorOf = (doc: number) => {
    const held = holding ? holding.filter((rows) => rows.has(doc)).length : 1;
    const inTitle = titled.filter((rows) => rows.has(doc)).length;
    return { held, factor: coordination(held, words.length) * titleFactor(inTitle, words.length) };
  };
  // The best factor of any match, computed only when the first head did not rank every match: of one word, 1 or, when
  // some title holds it, the title factor; of more, the best over the rows holding a word (a title's word is held too).
  let best: number | null = null;
  const bestFactor = (): number => {
    if (best !== null) return best;
    if (!holding) return (best = titled[0]!.size > 0 ? titleFactor(1, 1) : 1);
    best = 0;
    for (const doc of new Set(holding.flatMap((rows) => [...rows]))) best = Math.max(best, factorOf(doc).factor);
    return best;
  };
  const docs = new Map<number, Doc | null>();
  let out: Ranked[] = [];
  for (let n = Math.max(filter.limit * 2, HEAD); ; n *= 4) {
    const rows = s.rank.all(words.join(' OR '), n) as { doc: number; score: number }[];
    out = [];
    for (const r of rows) {
      if (!docs.has(r.doc)) docs.set(r.doc, (s.doc.get(r.doc) as Doc | undefined) ?? null);
      const d = docs.get(r.doc);
      if (!d || !filter.inProject(d.project_id) || (filter.kind !== null && d.entry_kind !== filter.kind)) continue;
      const { held, factor } = factorOf(r.doc);
      out.push({ entry_id: d.entry_id, held, score: r.score * factor * statusWeight(d.status) });
    }
    out.sort((a, b) => a.score - b.score || (a.entry_id < b.entry_id ? -1 : a.entry_id > b.entry_id ? 1 : 0));
    const last = rows[rows.length - 1];
    if (rows.length < n || last === undefined) break; // every match ranked
    const kth = out[filter.limit - 1];
    if (kth !== undefined && kth.score < last.score * bestFactor()) break; // nothing beyond can reach the page
  }
  return out.slice(0, filter.limit);
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
