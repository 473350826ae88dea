/**
 * Ranking every match of a PostgreSQL search by BM25 (issue #18 "rank by BM25 with field
 * weights … on both backends"; docs/decisions/0035), used when the vocabulary shows few enough
 * entries holding a query word (`SearchPlan.bound` ≤ {@link RANK_ALL_LIMIT}, search-plan.ts) — an ADR corpus
 * always. The same rule as SQLite's
 * FTS5 `bm25()` (src/projection/sqlite/search.ts), from PostgreSQL's parts:
 *
 * - each query word (its stem as a word or a prefix, or its typo alternatives) and each pair of
 *   adjacent words (a phrase) is a term; a term's weight is BM25's IDF, `ln((N − n + 0.5) /
 *   (n + 0.5))`, at least 1e-6 as in FTS5, with N the entries of the visible repositories (the
 *   empty word of `proj_vocab`, vocabulary.ts) and n the entries in scope matching the term;
 * - a hit's score is the sum over the terms it holds of IDF × `ts_rank` of that term with the
 *   field weights title 1, tags 2/3, payload 1/2, rationale 1/3 (FTS5's 3, 2, 1.5, 1 scaled to
 *   PostgreSQL's [0, 1]) and length normalization {@link LENGTH_NORMALIZATION} — saturating
 *   term frequency over document length, BM25's shape — times the share of the query's words
 *   the hit holds (src/search/coordination.ts), the title factor (src/search/title-match.ts: its title, the
 *   vector's weight A, holding a word) and the status weight (src/search/in-force.ts);
 * - ties newest first, entry id, repo.
 */
import type pg from 'pg';
import { NOT_IN_FORCE, NOT_IN_FORCE_WEIGHT } from '../../search/in-force.js';
import { TITLE_MATCH_WEIGHT } from '../../search/title-match.js';
import type { ProjectionSearchQuery } from '../backend.js';
import { Params, ROW_COLUMNS, scopeWhere, toRepoRow } from './list-sql.js';
import type { SearchPlan } from './search-plan.js';

/** Above this many entries holding a query word (`SearchPlan.bound`), search.ts ranks in two tiers instead (decision 0026). */
export const RANK_ALL_LIMIT = 500;

/** `ts_rank` weights {D, C, B, A}: rationale 1, payload 1.5, tags 2, title 3, divided by 3. */
export const WEIGHTS = '{0.333333,0.5,0.666667,1}';

/**
 * `ts_rank`'s normalization: 1 (divide by 1 + the logarithm of the document's length) | 16
 * (and by 1 + the logarithm of its number of distinct words). With 1 alone a long design
 * document holding every word of a question once, in passing, outranked the short ADR about
 * two of them, which FTS5's BM25 ranks first (its length normalization is stronger: k1 1.2,
 * b 0.75). Measured on the question set (docs/decisions/0047): mean recall@3 over ten corpora
 * 0.919 with 1, 0.932 with 17, no corpus's recall lower; 2 (divide by the length), 9, 24, 25 lost.
 */
export const LENGTH_NORMALIZATION = 17;

/** A selected row with its score and how many of the query's words it holds. */
export type ScoredRow = Parameters<typeof toRepoRow>[0] & { entry_id: string; score: number; held: number };

/** How many of the tsqueries `terms` (parameters) the vector `v` matches, as SQL. */
export const heldSql = (v: string, terms: readonly string[]): string => `(${terms.map((t) => `(${v} @@ ${t}::tsquery)::int`).join(' + ')})`;

/** The conditions of `q`'s scope, project and kind on `proj_current c`. */
export function searchWhere(p: Params, q: ProjectionSearchQuery): string[] {
  const where = scopeWhere(p, q);
  if (q.projectId !== undefined) where.push(`c.project_id = ${p.add(q.projectId)}`);
  if (q.kind !== undefined) where.push(`c.entry_kind = ${p.add(q.kind)}`);
  return where;
}

/** The best `limit` rows of every match of `plan.any`, in the order of the module comment. */
export async function rankAll(db: pg.ClientBase, s: string, q: ProjectionSearchQuery, plan: SearchPlan, limit: number): Promise<ScoredRow[]> {
  const p = new Params();
  const where = searchWhere(p, q).join(' AND ');
  const [any, out] = [p.add(plan.any), p.add([...NOT_IN_FORCE])];
  const terms = [...plan.words, ...plan.pairs].map((t) => p.add(t));
  const counts = terms.map((t, i) => `count(*) FILTER (WHERE v @@ ${t}::tsquery)::float8 AS d${i}`);
  const idf = (i: number) => `greatest(ln((n.n - d.d${i} + 0.5) / (d.d${i} + 0.5)), 1e-6)`;
  const rank = (t: string) => `ts_rank('${WEIGHTS}', m.v, ${t}::tsquery, ${LENGTH_NORMALIZATION})`;
  // A pair's ts_rank measures its words' proximity whether or not they are adjacent: it counts only as a phrase match.
  const sum = terms.map((t, i) => (i < plan.words.length ? `${idf(i)} * ${rank(t)}` : `(m.v @@ ${t}::tsquery)::int * ${idf(i)} * ${rank(t)}`));
  const words = terms.slice(0, plan.words.length);
  const held = plan.words.length <= 1 ? '1' : heldSql('m.v', words);
  const titled = `(1 + ${TITLE_MATCH_WEIGHT} * ${heldSql(`ts_filter(m.v, '{a}')`, words)}::float8 / ${plan.words.length})`;
  const score = `(CASE WHEN m.status = ANY(${out}::text[]) THEN ${NOT_IN_FORCE_WEIGHT} ELSE 1 END) * ${held}::float8 / ${plan.words.length} * ${titled} * (${sum.join(' + ')})`;
  const sql = `WITH m AS MATERIALIZED (SELECT c.repo, c.entry_id, c.recorded_at, c.status, c.search AS v
      FROM ${s}.proj_current c WHERE ${where} AND c.search @@ ${any}::tsquery),
    n AS (SELECT coalesce(sum(docs), 0)::float8 AS n FROM ${s}.proj_vocab WHERE repo = ANY(${p.add([...q.repos])}::text[]) AND word = ''),
    d AS (SELECT ${counts.join(', ')} FROM m)
    SELECT ${ROW_COLUMNS}, c.entry_id, k.score, k.held FROM (SELECT m.repo, m.entry_id, m.recorded_at, ${score} AS score, ${held} AS held
      FROM m, n, d ORDER BY score DESC, m.recorded_at DESC, m.entry_id, m.repo LIMIT ${p.add(limit)}) k
    JOIN ${s}.proj_current c USING (repo, entry_id) ORDER BY k.score DESC, k.recorded_at DESC, c.entry_id, c.repo`;
  return (await db.query(sql, p.values)).rows as ScoredRow[];
}
