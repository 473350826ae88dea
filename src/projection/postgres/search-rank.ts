/**
 * Ranking every match of a PostgreSQL search by BM25 (issue #18 "rank by BM25 with field
 * weights … on both backends"; docs/decisions/0035, 0074), used when the vocabulary shows few
 * enough entries holding a query word (`SearchPlan.bound` ≤ {@link RANK_ALL_LIMIT},
 * search-plan.ts) — an ADR corpus always. The rule of SQLite's FTS5 `bm25()` (its
 * `fts5Bm25Function`; src/projection/sqlite/search.ts), computed from the weighted vectors:
 *
 * - the terms are the plan's phrases, those of SQLite's MATCH expression (search-plan.ts): per
 *   word its stem as a word, as a prefix when longer words start with it, its typo
 *   alternatives; per pair of adjacent words their phrase;
 * - a term's weight is BM25's IDF, `ln((N − n + 0.5) / (n + 0.5))`, at least 1e-6 as in FTS5,
 *   with N the entries of the visible repositories (the empty word of `proj_vocab`,
 *   vocabulary.ts) and n those of them matching the term — the population of N, whatever the
 *   project or kind searched, as FTS5 counts over its whole table and filters after ranking;
 * - a term's frequency in a hit is the sum over its occurrences of the field's weight, title 3,
 *   tags 2, payload 1.5, rationale 1 (FTS5's column weights; a vector position's weight letter
 *   A–D names the field, `unnest(tsvector)`); a pair's occurrences are adjacent positions in
 *   one field, weighed by the field;
 * - a hit's BM25 is Σ IDF × tf (k1 + 1) / (tf + k1 (1 − b + b D / avgdl)), k1 1.2, b 0.75, D
 *   its number of words (`proj_current.search_length`), avgdl the visible entries' mean (the
 *   empty word's `tokens` over its `docs`);
 * - its score is BM25 times the share of the query's words the hit holds
 *   (src/search/coordination.ts), the title factor (src/search/title-match.ts: its title, the
 *   vector's weight A, holding a word) and the status weight (src/search/in-force.ts);
 * - ties newest first, entry id, repo.
 */
import type pg from 'pg';
import { NOT_IN_FORCE, NOT_IN_FORCE_WEIGHT } from '../../search/in-force.js';
import { TITLE_MATCH_WEIGHT } from '../../search/title-match.js';
import type { ProjectionSearchQuery } from '../backend.js';
import { Params, ROW_COLUMNS, scopeWhere, toRepoRow } from './list-sql.js';
import type { Phrase, SearchPlan } from './search-plan.js';

/** Above this many entries holding a query word (`SearchPlan.bound`), search.ts ranks in two tiers instead (decision 0026). */
export const RANK_ALL_LIMIT = 500;

/** BM25's parameters, FTS5's: term-frequency saturation k1 and length normalization b. */
export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** A vector position's field weight, FTS5's column weights (src/projection/sqlite/search.ts): title (A) 3, tags (B) 2, payload (C) 1.5, rationale (D) 1. */
const FIELD_WEIGHT = `(CASE x.w WHEN 'A' THEN 3 WHEN 'B' THEN 2 WHEN 'C' THEN 1.5 ELSE 1 END)`;

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

/** A phrase as a tsquery (letters and digits only: nothing to escape). */
const phraseQuery = (f: Phrase) => (f.next !== undefined ? `'${f.lexeme}' <-> '${f.next}'` : `'${f.lexeme}'${f.prefix ? ':*' : ''}`);

/** A phrase's frequency in a hit, as SQL over its occurrences `o` (and `o2`, the next position's, for a pair). */
function frequencySql(p: Params, f: Phrase): string {
  const lexeme = p.add(f.lexeme);
  if (f.next !== undefined) return `sum(CASE WHEN o.lexeme = ${lexeme} AND o2.lexeme = ${p.add(f.next)} THEN o.weight END)`;
  return `sum(CASE WHEN ${f.prefix ? `starts_with(o.lexeme, ${lexeme})` : `o.lexeme = ${lexeme}`} THEN o.weight END)`;
}

/** The best `limit` rows of every match of `plan.any`, in the order of the module comment. */
export async function rankAll(db: pg.ClientBase, s: string, q: ProjectionSearchQuery, plan: SearchPlan, limit: number): Promise<ScoredRow[]> {
  const p = new Params();
  const where = searchWhere(p, q).join(' AND ');
  const [any, out] = [p.add(plan.any), p.add([...NOT_IN_FORCE])];
  const phrases = plan.phrases;
  const single = phrases.filter((f) => f.next === undefined);
  const pairs = phrases.filter((f) => f.next !== undefined);
  // Only the occurrences of the query's lexemes leave the vectors: those equal to one, or starting with a prefix.
  const exact = p.add([...new Set(phrases.flatMap((f) => (f.prefix ? [] : [f.lexeme, ...(f.next === undefined ? [] : [f.next])])))]);
  const prefixes = p.add([...new Set(single.filter((f) => f.prefix).map((f) => `${f.lexeme}%`))]);
  const counts = phrases.map((f, i) => `count(*) FILTER (WHERE v @@ ${p.add(phraseQuery(f))}::tsquery)::float8 AS d${i}`);
  const repos = p.add([...q.repos]);
  // n over the visible repositories: the matches themselves unless a project, kind or project scope narrows them.
  const population = q.projectId === undefined && q.kind === undefined && q.projects === undefined ? 'm'
    : `(SELECT c.search AS v FROM ${s}.proj_current c WHERE c.repo = ANY(${repos}::text[]) AND c.search @@ ${any}::tsquery) a`;
  const tf = (i: number) => `coalesce(${i < single.length ? 'f' : 'g'}.t${i}, 0)`;
  const bm25 = phrases.map((_, i) => `greatest(ln((n.n - d.d${i} + 0.5) / (d.d${i} + 0.5)), 1e-6) * ${tf(i)} * ${BM25_K1 + 1} / (${tf(i)} + ${BM25_K1} * (${1 - BM25_B} + ${BM25_B} * m.len / n.avgdl))`);
  const words = plan.words.map((t) => p.add(t));
  const held = plan.words.length <= 1 ? '1' : heldSql('m.v', words);
  const titled = `(1 + ${TITLE_MATCH_WEIGHT} * ${heldSql('m.title', words)}::float8 / ${plan.words.length})`;
  const score = `(CASE WHEN m.status = ANY(${out}::text[]) THEN ${NOT_IN_FORCE_WEIGHT} ELSE 1 END) * ${held}::float8 / ${plan.words.length} * ${titled} * (${bm25.join(' + ')})`;
  const pairSql = pairs.length === 0 ? '' : `,
    g AS MATERIALIZED (SELECT o.repo, o.entry_id, ${pairs.map((f, j) => `${frequencySql(p, f)} AS t${single.length + j}`).join(', ')}
      FROM o JOIN o o2 ON o2.repo = o.repo AND o2.entry_id = o.entry_id AND o2.pos = o.pos + 1 AND o2.w = o.w GROUP BY o.repo, o.entry_id)`;
  // The title's words once per row (ts_filter copies the vector), and only the query's lexemes out of each vector (a filter inside
  // the lateral subquery: on the joined unnest it cost twice as much, kuma's long records). Every CTE materialized: the planner
  // estimates one row for m, and inlined, n, d and the pair counts ran once per match (docs/decisions/0074).
  const sql = `WITH m AS MATERIALIZED (SELECT c.repo, c.entry_id, c.recorded_at, c.status, c.search AS v, ts_filter(c.search, '{a}') AS title, c.search_length AS len
      FROM ${s}.proj_current c WHERE ${where} AND c.search @@ ${any}::tsquery),
    n AS MATERIALIZED (SELECT coalesce(sum(docs), 0)::float8 AS n, greatest(coalesce(sum(tokens), 0)::float8 / greatest(sum(docs), 1), 1) AS avgdl
      FROM ${s}.proj_vocab WHERE repo = ANY(${repos}::text[]) AND word = ''),
    d AS MATERIALIZED (SELECT ${counts.join(', ')} FROM ${population}),
    o AS MATERIALIZED (SELECT m.repo, m.entry_id, u.lexeme, x.pos, x.w, ${FIELD_WEIGHT} AS weight
      FROM m, LATERAL (SELECT * FROM unnest(m.v) u WHERE u.lexeme = ANY(${exact}::text[]) OR u.lexeme LIKE ANY(${prefixes}::text[])) u,
        unnest(u.positions, u.weights) x(pos, w)),
    f AS MATERIALIZED (SELECT o.repo, o.entry_id${single.map((f, i) => `, ${frequencySql(p, f)} AS t${i}`).join('')} FROM o GROUP BY o.repo, o.entry_id)${pairSql}
    SELECT ${ROW_COLUMNS}, c.entry_id, k.score, k.held FROM (SELECT m.repo, m.entry_id, m.recorded_at, ${score} AS score, ${held} AS held
      FROM m CROSS JOIN n CROSS JOIN d LEFT JOIN f USING (repo, entry_id) ${pairs.length === 0 ? '' : 'LEFT JOIN g USING (repo, entry_id)'}
      ORDER BY score DESC, m.recorded_at DESC, m.entry_id, m.repo LIMIT ${p.add(limit)}) k
    JOIN ${s}.proj_current c USING (repo, entry_id) ORDER BY k.score DESC, k.recorded_at DESC, c.entry_id, c.repo`;
  return (await db.query(sql, p.values)).rows as ScoredRow[];
}
