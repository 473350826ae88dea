/**
 * Full-text search over current entries with SQLite FTS5 (issue #10 "Search without load
 * costs", docs/decisions/0021; issue #18 "Search answers plain questions", 0035): the index
 * lives in the projection (`entry_search_fts`, Porter stems, kept in the apply path's
 * transaction), so a search costs a few indexed queries and nothing is loaded.
 *
 * The query's words without English stop words (src/search/query-terms.ts) match by their
 * stems, as words or prefixes; a word that starts nothing in the vocabulary is widened to the
 * vocabulary stems within a small edit distance (typo tolerance; src/projection/sqlite/search-words.ts).
 * A query is a question: a hit may hold any of the words. Hits are ranked by BM25 with field
 * weights title 3, tags 2, payload 1.5, rationale 1 (two adjacent query words as a phrase score
 * higher), times the share of the words the hit holds (src/search/coordination.ts) and the
 * status weight (src/search/in-force.ts: entries no longer in force count half).
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';
import { coordination } from '../../search/coordination.js';
import { statusWeight } from '../../search/in-force.js';
import { ftsString, searchQuery } from '../../search/query-terms.js';
import { relevanceScores } from '../../search/relevance.js';
import { planWords, type WordPlan } from './search-words.js';

/** One hit: the entry id and a relevance score in [0, 1] relative to the best hit (the best is 1). */
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
 * Which of the rows (a JSON array of rowids) match one word's expression: FTS5 looks each rowid
 * up (plan `INDEX 0:=M`), so it costs the ranked rows, not the word's matches.
 */
export const HELD_SQL = 'SELECT rowid AS doc FROM entry_search_fts WHERE entry_search_fts MATCH ? AND rowid IN (SELECT value FROM json_each(?))';

const statements = new WeakMap<CacheDb, { rank: Database.Statement<unknown[]>; doc: Database.Statement<unknown[]>; held: Database.Statement<unknown[]> }>();

type Ranked = { entry_id: string; score: number };
type Doc = { entry_id: string; project_id: string; entry_kind: string; status: string };

/**
 * The best `limit` rows matching any of the word expressions `words` in the project (and kind),
 * ordered by score (BM25 × coordination × status weight; negative, lower is better) then entry
 * id. Ranks the top N of the whole index by BM25 and keeps what passes the filters; N grows (×4)
 * until `limit` rows pass and no row beyond them can tie with the last one, or the matches run
 * out — so the answer equals ranking only the filtered rows. A row beyond has BM25 ≥ the last
 * ranked one's, and its factors (≤ 1) only raise it.
 */
function ranked(db: CacheDb, words: readonly string[], filter: { inProject: (projectId: string) => boolean; kind: string | null; limit: number }): Ranked[] {
  let s = statements.get(db);
  if (!s) {
    s = { rank: db.prepare(RANK_SQL), doc: db.prepare(DOC_SQL), held: db.prepare(HELD_SQL) };
    statements.set(db, s);
  }
  const docs = new Map<number, Doc | undefined>();
  const held = new Map<number, number>(); // rowid → how many of the words it holds, once counted
  for (let n = Math.max(filter.limit * 2, 40); ; n *= 4) {
    const rows = s.rank.all(words.join(' OR '), n) as { doc: number; score: number }[];
    const fresh = rows.filter((r) => !held.has(r.doc));
    for (const r of fresh) held.set(r.doc, 0);
    if (words.length > 1 && fresh.length > 0) {
      const ids = JSON.stringify(fresh.map((r) => r.doc));
      for (const w of words) for (const r of s.held.all(w, ids) as { doc: number }[]) held.set(r.doc, held.get(r.doc)! + 1);
    }
    const kept: Ranked[] = [];
    for (const r of rows) {
      if (!docs.has(r.doc)) docs.set(r.doc, s.doc.get(r.doc) as Doc | undefined);
      const d = docs.get(r.doc);
      if (d && filter.inProject(d.project_id) && (filter.kind === null || d.entry_kind === filter.kind)) kept.push({ entry_id: d.entry_id, score: r.score * coordination(held.get(r.doc)!, words.length) * statusWeight(d.status) });
    }
    kept.sort((a, b) => a.score - b.score || (a.entry_id < b.entry_id ? -1 : a.entry_id > b.entry_id ? 1 : 0));
    const exhausted = rows.length < n;
    const last = kept[filter.limit - 1];
    if (exhausted || (last !== undefined && (rows[rows.length - 1]?.score ?? Infinity) > last.score)) return kept.slice(0, filter.limit);
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
  const relevance = relevanceScores(rows.map((r) => -r.score));
  return rows.map((r, i) => ({ entry_id: r.entry_id, relevance_score: relevance[i]! }));
}
