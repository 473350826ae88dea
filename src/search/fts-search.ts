/**
 * Full-text search over current entries with SQLite FTS5 (issue #10 "Search without load
 * costs", docs/decisions/0021): the index lives in the projection (`entry_search_fts`, kept in
 * the apply path's transaction), so a search costs one indexed query and nothing is loaded.
 * Ranking is BM25 with field weights title 3, tags 2, payload 1.5, rationale 1. Every query
 * word is a prefix match; all words must match (AND), and when that finds nothing, any word
 * (OR). A word that matches nothing in the vocabulary is widened to the vocabulary words within
 * a small edit distance (typo tolerance, src/search/typo-expansion.ts).
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from '../projection/sqlite/open-cache.js';
import { ftsString, searchWords } from './query-terms.js';
import { typoAlternatives } from './typo-expansion.js';

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
  /** Any word may match (OR) from the start, instead of all words first: the candidate reviewer's comparison set (issue #20). */
  anyWord?: boolean;
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

/** One ranked row's entry, project and kind (rowid lookup). */
export const DOC_SQL = 'SELECT entry_id, project_id, entry_kind FROM entry_search WHERE doc = ?';

const statements = new WeakMap<CacheDb, { rank: Database.Statement<unknown[]>; doc: Database.Statement<unknown[]> }>();

type Ranked = { entry_id: string; score: number };

/**
 * The best `limit` rows matching `match` in the project (and kind), ordered by score then
 * entry id. Ranks the top N of the whole index and keeps what passes the filters; N grows
 * (×4) until `limit` rows pass and no row beyond them can tie with the last one, or the
 * matches run out — so the answer equals ranking only the filtered rows.
 */
function ranked(db: CacheDb, match: string, filter: { inProject: (projectId: string) => boolean; kind: string | null; limit: number }): Ranked[] {
  let s = statements.get(db);
  if (!s) {
    s = { rank: db.prepare(RANK_SQL), doc: db.prepare(DOC_SQL) };
    statements.set(db, s);
  }
  const docs = new Map<number, { entry_id: string; project_id: string; entry_kind: string } | undefined>();
  for (let n = Math.max(filter.limit * 2, 40); ; n *= 4) {
    const rows = s.rank.all(match, n) as { doc: number; score: number }[];
    const kept: Ranked[] = [];
    for (const r of rows) {
      if (!docs.has(r.doc)) docs.set(r.doc, s.doc.get(r.doc) as { entry_id: string; project_id: string; entry_kind: string } | undefined);
      const d = docs.get(r.doc);
      if (d && filter.inProject(d.project_id) && (filter.kind === null || d.entry_kind === filter.kind)) kept.push({ entry_id: d.entry_id, score: r.score });
    }
    kept.sort((a, b) => a.score - b.score || (a.entry_id < b.entry_id ? -1 : a.entry_id > b.entry_id ? 1 : 0));
    const exhausted = rows.length < n;
    const last = kept[filter.limit - 1];
    if (exhausted || (last !== undefined && (rows[rows.length - 1]?.score ?? Infinity) > last.score)) return kept.slice(0, filter.limit);
  }
}

/** The MATCH expression of one word: a prefix match, or the prefix OR its typo alternatives. */
function termExpression(term: string, alternatives: readonly string[] = []): string {
  if (alternatives.length === 0) return ftsString(term, true);
  return `(${[ftsString(term, true), ...alternatives.map((a) => ftsString(a, false))].join(' OR ')})`;
}

/**
 * Hits for `q.query` in project `q.projectId` and `q.projects` (optionally one entry kind), best first; ties by
 * entry id. The query text is hostile input: only its words reach FTS5, each quoted.
 * Errors: `invalid_argument` when the query has no word (letters or digits).
 */
export function searchEntries(db: CacheDb, q: SearchQuery): SearchHit[] {
  const terms = searchWords(q.query);
  const typos = typoAlternatives(db, terms);
  const expressions = terms.map((t) => termExpression(t, typos.get(t)));
  const kind = q.kind ?? null;
  const limit = q.limit ?? 20;
  const only = q.projects ? new Set(q.projects) : null;
  const inProject = (p: string) => (q.projectId === undefined || p === q.projectId) && (only === null || only.has(p));
  const run = (match: string) => ranked(db, match, { inProject, kind, limit });
  let rows = q.anyWord === true ? [] : run(expressions.join(' AND '));
  if (rows.length === 0 && (expressions.length > 1 || q.anyWord === true)) rows = run(expressions.join(' OR '));
  const best = rows[0]?.score ?? -1;
  // bm25() is negative, lower is better; a score of 0 (a word in every document) ranks as 1.
  return rows.map((r) => ({ entry_id: r.entry_id, relevance_score: best === 0 ? 1 : Math.round((r.score / best) * 1e6) / 1e6 }));
}
