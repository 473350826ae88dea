/**
 * Full-text search over the PostgreSQL projection (issue #11; docs/decisions/0026), the
 * counterpart of src/search/fts-search.ts: the query's words (src/search/query-terms.ts, so
 * both backends see the same words) each a prefix match (`'word':*`) against the weighted
 * `proj_current.search` tsvector (GIN index); all words must match (AND), and when that finds
 * nothing, any word (OR); a word nothing starts with is widened to near vocabulary words
 * (search-typos.ts). Ranked by `ts_rank` with the field weights of SQLite's BM25 (title 3,
 * tags 2, payload 1.5, rationale 1, scaled to PostgreSQL's [0, 1] weights) and length
 * normalization 1; ties by recorded_at (newest first), entry id, repo. Scope, project and kind
 * filter inside the query.
 */
import type pg from 'pg';
import { searchWords } from '../../search/query-terms.js';
import type { ProjectionSearchQuery, RepoSearchHit } from '../backend.js';
import { Params, ROW_COLUMNS, scopeWhere, toRepoRow } from './list-sql.js';
import type { PgNames } from './schema.js';
import { indexWords } from './search-doc.js';
import { typoAlternativesPg } from './search-typos.js';

/** `ts_rank` weights {D, C, B, A}: rationale 1, payload 1.5, tags 2, title 3, divided by 3. */
const WEIGHTS = '{0.333333,0.5,0.666667,1}';

/** A word as a tsquery operand (letters and digits only: nothing to escape). */
const operand = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/** The tsquery of one query word: its index words as prefixes (AND), or the word OR its typo alternatives. */
function termQuery(words: readonly string[], alternatives: readonly string[]): string {
  const prefix = words.map((w) => operand(w, true)).join(' & ');
  if (alternatives.length === 0) return words.length > 1 ? `(${prefix})` : prefix;
  return `(${[prefix, ...alternatives.map((a) => operand(a, false))].join(' | ')})`;
}

async function ranked(db: pg.Pool, s: string, q: ProjectionSearchQuery, tsquery: string, limit: number) {
  const p = new Params();
  const where = [...scopeWhere(p, q), `c.search @@ ${p.add(tsquery)}::tsquery`];
  if (q.projectId !== undefined) where.push(`c.project_id = ${p.add(q.projectId)}`);
  if (q.kind !== undefined) where.push(`c.entry_kind = ${p.add(q.kind)}`);
  const sql = `SELECT ${ROW_COLUMNS}, ts_rank('${WEIGHTS}', c.search, ${p.add(tsquery)}::tsquery, 1) AS score
    FROM ${s}.proj_current c WHERE ${where.join(' AND ')}
    ORDER BY score DESC, c.recorded_at DESC, c.entry_id, c.repo LIMIT ${p.add(limit)}`;
  return (await db.query(sql, p.values)).rows as (Parameters<typeof toRepoRow>[0] & { score: number })[];
}

/**
 * Hits for `q.query` in the visible repositories, best first (ProjectionBackend.search).
 * Errors: `invalid_argument` when the query has no word (letters or digits).
 */
export async function searchRows(db: pg.Pool, names: PgNames, q: ProjectionSearchQuery): Promise<RepoSearchHit[]> {
  const terms = searchWords(q.query).map((t) => ({ term: t, words: indexWords(t) })).filter((t) => t.words.length > 0);
  if (terms.length === 0 || q.repos.length === 0) return [];
  const typos = await typoAlternativesPg(db, names, q.repos, terms.map((t) => t.words.join('')));
  const parts = terms.map((t) => termQuery(t.words, typos.get(t.words.join('')) ?? []));
  const limit = q.limit ?? 20;
  let rows = await ranked(db, names.s, q, parts.join(' & '), limit);
  if (rows.length === 0 && parts.length > 1) rows = await ranked(db, names.s, q, parts.join(' | '), limit);
  const best = rows[0]?.score ?? 0;
  return rows.map((r) => ({ ...toRepoRow(r), relevance_score: best === 0 ? 1 : Math.round((r.score / best) * 1e6) / 1e6 }));
}
