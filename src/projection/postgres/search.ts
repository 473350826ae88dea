/**
 * Full-text search over the PostgreSQL projection (issue #11; docs/decisions/0026), the
 * counterpart of src/search/fts-search.ts: the query's words (src/search/query-terms.ts, so
 * both backends see the same words) each a prefix match (`'word':*`) against the weighted
 * `proj_current.search` tsvector (GIN index); all words must match (AND), and when that finds
 * nothing, any word (OR); a word nothing starts with is widened to near vocabulary words
 * (search-typos.ts). Scope, project and kind filter inside the query.
 *
 * Ranking in two tiers (decision 0026, "Search ranking"), so that a query never ranks every
 * match of a common word (issue #11 search p50 ≤ 30 ms; `cache` matches 25 000 of 40 000
 * entries in the bench):
 *
 * 1. matches with a query word in the title or tags (weights A, B; found through the
 *    `proj_current_head` index) by `ts_rank` with the field weights of SQLite's BM25 (title 3,
 *    tags 2, payload 1.5, rationale 1, scaled to PostgreSQL's [0, 1] weights) and length
 *    normalization 1, ties newest first;
 * 2. when that leaves room, matches only in the payload or rationale, newest first (the
 *    list order: recorded_at desc, entry id, repo), found by walking the newest entries.
 *
 * `relevance_score` is each hit's `ts_rank` over the first hit's, capped by the hit before it:
 * in (0, 1], the first hit 1, never rising down the list. All queries of one search read one
 * snapshot (REPEATABLE READ, read only).
 */
import type pg from 'pg';
import { searchWords } from '../../search/query-terms.js';
import type { ProjectionSearchQuery, RepoSearchHit } from '../backend.js';
import { Params, ROW_COLUMNS, scopeWhere, toRepoRow } from './list-sql.js';
import type { PgNames } from './schema.js';
import { indexWords } from './search-doc.js';
import { typoAlternativesPg } from './search-typos.js';
import { inTransaction } from './transaction.js';

/** `ts_rank` weights {D, C, B, A}: rationale 1, payload 1.5, tags 2, title 3, divided by 3. */
const WEIGHTS = '{0.333333,0.5,0.666667,1}';

/** The title and tags words of a row: the expression of the `proj_current_head` index (schema.ts). */
const HEAD = `ts_filter(c.search, '{a,b}')`;

/** A word as a tsquery operand (letters and digits only: nothing to escape). */
const operand = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/** The tsquery of one query word: its index words as prefixes (AND), or the word OR its typo alternatives. */
function termQuery(words: readonly string[], alternatives: readonly string[]): string {
  const prefix = words.map((w) => operand(w, true)).join(' & ');
  if (alternatives.length === 0) return words.length > 1 ? `(${prefix})` : prefix;
  return `(${[prefix, ...alternatives.map((a) => operand(a, false))].join(' | ')})`;
}

type ScoredRow = Parameters<typeof toRepoRow>[0] & { score: number };

/**
 * One tier's rows matching `match`: tier 1 those whose title or tags match `head`, best
 * `ts_rank` first; tier 2 the others, newest first.
 */
async function tier(db: pg.ClientBase, s: string, q: ProjectionSearchQuery, t: { match: string; head: string; first: boolean; limit: number }): Promise<ScoredRow[]> {
  const p = new Params();
  const match = p.add(t.match);
  const where = scopeWhere(p, q);
  // A row whose title or tags match the whole query matches it: tier 1 of a one-word query needs only the head index.
  if (!t.first || t.head !== t.match) where.push(`c.search @@ ${match}::tsquery`);
  where.push(`${t.first ? '' : 'NOT '}(${HEAD} @@ ${p.add(t.head)}::tsquery)`);
  if (q.projectId !== undefined) where.push(`c.project_id = ${p.add(q.projectId)}`);
  if (q.kind !== undefined) where.push(`c.entry_kind = ${p.add(q.kind)}`);
  const rank = `ts_rank('${WEIGHTS}', c.search, ${match}::tsquery, 1)`;
  const order = t.first ? `${rank} DESC, c.recorded_at DESC, c.entry_id, c.repo` : 'c.recorded_at DESC, c.entry_id, c.repo';
  // The page's keys first (the sort carries no vector or JSON), then its rows by primary key, scored again: in tier 2 only they pay for ts_rank.
  const sql = `SELECT ${ROW_COLUMNS}, ${rank} AS score FROM (SELECT c.repo, c.entry_id FROM ${s}.proj_current c
    WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${p.add(t.limit)}) k JOIN ${s}.proj_current c USING (repo, entry_id) ORDER BY ${order}`;
  return (await db.query(sql, p.values)).rows as ScoredRow[];
}

/** Both tiers of one tsquery, at most `limit` rows. */
async function ranked(db: pg.ClientBase, s: string, q: ProjectionSearchQuery, match: string, head: string, limit: number): Promise<ScoredRow[]> {
  const rows = await tier(db, s, q, { match, head, first: true, limit });
  if (rows.length < limit) rows.push(...(await tier(db, s, q, { match, head, first: false, limit: limit - rows.length })));
  return rows;
}

/**
 * Hits for `q.query` in the visible repositories, in the order of the module doc
 * (ProjectionBackend.search). Errors: `invalid_argument` when the query has no word (letters
 * or digits); PostgreSQL errors.
 */
export async function searchRows(db: pg.Pool, names: PgNames, q: ProjectionSearchQuery): Promise<RepoSearchHit[]> {
  // Each query word folded as the index holds it (a word typed with combining marks may fold into several); typos are looked up whole.
  const terms = searchWords(q.query).map(indexWords).filter((words) => words.length > 0);
  if (terms.length === 0 || q.repos.length === 0) return [];
  const limit = q.limit ?? 20;
  const rows = await inTransaction(db, async (client) => {
    const typos = await typoAlternativesPg(client, names, q.repos, terms.map((words) => words.join('')));
    const parts = terms.map((words) => termQuery(words, typos.get(words.join('')) ?? []));
    const any = parts.join(' | ');
    const all = await ranked(client, names.s, q, parts.join(' & '), any, limit);
    return all.length === 0 && parts.length > 1 ? ranked(client, names.s, q, any, any, limit) : all;
  }, { snapshot: true });
  const best = rows[0]?.score ?? 0;
  let previous = 1;
  return rows.map((r) => {
    const relative = best > 0 && r.score > 0 ? Math.round((r.score / best) * 1e6) / 1e6 : 1e-6;
    previous = Math.max(1e-6, Math.min(previous, relative));
    return { ...toRepoRow(r), relevance_score: previous };
  });
}
