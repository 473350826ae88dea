/**
 * Full-text search over current entries with SQLite FTS5 (issue #10 "Search without load
 * costs", docs/decisions/0021): the index lives in the projection (`entry_search_fts`, kept in
 * the apply path's transaction), so a search costs one indexed query and nothing is loaded.
 * Ranking is BM25 with field weights title 3, tags 2, payload 1.5, rationale 1. Every query
 * word is a prefix match; all words must match (AND), and when that finds nothing, any word
 * (OR). A word that matches nothing in the vocabulary is widened to the vocabulary words within
 * a small edit distance (typo tolerance, src/search/typo-expansion.ts).
 */
import { BrainError } from '../model/errors.js';
import type Database from 'better-sqlite3';
import type { CacheDb } from '../cache/open-cache.js';
import { ftsString, queryTerms } from './query-terms.js';
import { typoAlternatives } from './typo-expansion.js';

/** One hit: the entry id and a relevance score in [0, 1] relative to the best hit (the best is 1). */
export interface SearchHit {
  entry_id: string;
  relevance_score: number;
}

/** Options of {@link searchEntries}. */
export interface SearchQuery {
  query: string;
  projectId: string;
  kind?: string;
  /** Maximum hits (default 20). */
  limit?: number;
}

/** The query: FTS5 MATCH, rowid join to `entry_search` for the filters, BM25 order (exported for the plan test). */
export const SEARCH_SQL = `
SELECT s.entry_id AS entry_id, bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS score
FROM entry_search_fts JOIN entry_search s ON s.doc = entry_search_fts.rowid
WHERE entry_search_fts MATCH ? AND s.project_id = ? AND (? IS NULL OR s.entry_kind = ?)
ORDER BY score, s.entry_id
LIMIT ?`;

const statements = new WeakMap<CacheDb, Database.Statement<unknown[]>>();

/** The MATCH expression of one word: a prefix match, or the prefix OR its typo alternatives. */
function termExpression(term: string, alternatives: readonly string[] = []): string {
  if (alternatives.length === 0) return ftsString(term, true);
  return `(${[ftsString(term, true), ...alternatives.map((a) => ftsString(a, false))].join(' OR ')})`;
}

/**
 * Hits for `q.query` in project `q.projectId` (optionally one entry kind), best first; ties by
 * entry id. The query text is hostile input: only its words reach FTS5, each quoted.
 * Errors: `invalid_argument` when the query has no word (letters or digits).
 */
export function searchEntries(db: CacheDb, q: SearchQuery): SearchHit[] {
  const terms = queryTerms(q.query);
  if (terms.length === 0) {
    throw new BrainError('invalid_argument', `the search query ${JSON.stringify(q.query)} has no words to search for`, { hint: 'brain search "words to find" (letters and digits; punctuation is ignored)' });
  }
  let stmt = statements.get(db);
  if (!stmt) {
    stmt = db.prepare(SEARCH_SQL);
    statements.set(db, stmt);
  }
  const typos = typoAlternatives(db, terms);
  const expressions = terms.map((t) => termExpression(t, typos.get(t)));
  const kind = q.kind ?? null;
  const limit = q.limit ?? 20;
  const run = (match: string) => stmt.all(match, q.projectId, kind, kind, limit) as { entry_id: string; score: number }[];
  let rows = run(expressions.join(' AND '));
  if (rows.length === 0 && expressions.length > 1) rows = run(expressions.join(' OR '));
  const best = rows[0]?.score ?? -1;
  // bm25() is negative, lower is better; a score of 0 (a word in every document) ranks as 1.
  return rows.map((r) => ({ entry_id: r.entry_id, relevance_score: best === 0 ? 1 : Math.round((r.score / best) * 1e6) / 1e6 }));
}
