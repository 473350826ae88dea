/**
 * Full-text search over the PostgreSQL projection (issue #11; issue #18 "Search answers plain
 * questions"; docs/decisions/0026, 0035), the counterpart of src/projection/sqlite/search.ts: the
 * query's words without English stop words, as English stems matched as words or prefixes,
 * or widened to near vocabulary stems, and its adjacent word pairs (search-plan.ts), against
 * the weighted `proj_current.search` tsvector (GIN index). Scope, project and kind filter
 * inside the query.
 *
 * A query is a question: a hit may hold any of the words. When the vocabulary shows at most
 * {@link RANK_ALL_LIMIT} entries (a projection option) holding any word, every match is ranked
 * by BM25 times the share of the words it holds, as on SQLite (search-rank.ts). Beyond that (a
 * common word across a hub's repositories), ranking every match costs too much (decision 0026,
 * "Search ranking"): the hits holding every word come first, then those holding any, each of
 * the two word sets ranked in two tiers:
 *
 * 1. matches with a query word in the title or tags (weights A, B; found through the
 *    `proj_current_head` index) by `ts_rank` with the field weights, times the status weight
 *    (src/search/in-force.ts), ties newest first;
 * 2. when that leaves room, matches only in the payload or rationale, newest first
 *    (recorded_at desc, entry id, repo): those in force, then the others.
 *
 * `relevance_score` follows src/search/relevance.ts. All queries of one search read one
 * snapshot (REPEATABLE READ, read only).
 */
import type pg from 'pg';
import { NOT_IN_FORCE, NOT_IN_FORCE_WEIGHT } from '../../search/in-force.js';
import { searchQuery } from '../../search/query-terms.js';
import { relevanceScores } from '../../search/relevance.js';
import type { ProjectionSearchQuery, RepoSearchHit, Scope } from '../backend.js';
import { Params, ROW_COLUMNS, toRepoRow } from './list-sql.js';
import type { PgNames } from './schema.js';
import { searchPlan, type SearchPlan } from './search-plan.js';
import { heldSql, rankAll, RANK_ALL_LIMIT, searchWhere, type ScoredRow } from './search-rank.js';
import { inTransaction } from './transaction.js';

/** The tiers' `ts_rank` weights {D, C, B, A}: rationale 1, payload 1.5, tags 2, title 3, divided by 3. */
export const WEIGHTS = '{0.333333,0.5,0.666667,1}';

/**
 * The tiers' `ts_rank` normalization: 1 (divide by 1 + the logarithm of the document's length)
 * | 16 (and by 1 + the logarithm of its number of distinct words), docs/decisions/0047. Ranking
 * every match uses BM25 itself instead (search-rank.ts, docs/decisions/0074).
 */
export const LENGTH_NORMALIZATION = 17;

/** The title and tags words of a row: the expression of the `proj_current_head` index (schema.ts). */
const HEAD = `ts_filter(c.search, '{a,b}')`;

/**
 * One tier's rows matching `match` (decision 0026's two tiers, for many matches): tier 1
 * (`inForce` null) those whose title or tags match `head`, best weighted `ts_rank` first; tier
 * 2 the others, in force or not as `inForce` says, newest first — the list order, so the
 * newest entries are walked only until the page is full.
 */
async function tier(db: pg.ClientBase, s: string, q: ProjectionSearchQuery, t: { match: string; head: string; words: readonly string[]; inForce: boolean | null; limit: number }): Promise<ScoredRow[]> {
  const p = new Params();
  const match = p.add(t.match);
  const where = searchWhere(p, q);
  const first = t.inForce === null;
  // A row whose title or tags match the whole query matches it: tier 1 of a one-word query needs only the head index.
  if (!first || t.head !== t.match) where.push(`c.search @@ ${match}::tsquery`);
  where.push(`${first ? '' : 'NOT '}(${HEAD} @@ ${p.add(t.head)}::tsquery)`);
  const out = `c.status = ANY(${p.add([...NOT_IN_FORCE])}::text[])`;
  if (!first) where.push(t.inForce ? `NOT ${out}` : out);
  const rank = `(CASE WHEN ${out} THEN ${NOT_IN_FORCE_WEIGHT} ELSE 1 END) * ts_rank('${WEIGHTS}', c.search, ${match}::tsquery, ${LENGTH_NORMALIZATION})`;
  const order = first ? `${rank} DESC, c.recorded_at DESC, c.entry_id, c.repo` : 'c.recorded_at DESC, c.entry_id, c.repo';
  // The page's keys first (the sort carries no vector or JSON), then its rows by primary key, scored again: in tier 2 only they pay for ts_rank.
  const held = heldSql('c.search', t.words.map((w) => p.add(w)));
  const sql = `SELECT ${ROW_COLUMNS}, c.entry_id, ${rank} AS score, ${held} AS held FROM (SELECT c.repo, c.entry_id FROM ${s}.proj_current c
    WHERE ${where.join(' AND ')} ORDER BY ${order} LIMIT ${p.add(t.limit)}) k JOIN ${s}.proj_current c USING (repo, entry_id) ORDER BY ${order}`;
  return (await db.query(sql, p.values)).rows as ScoredRow[];
}

/** Both tiers of one tsquery (tier 2 in force first), at most `limit` rows. */
async function tiers(db: pg.ClientBase, s: string, q: ProjectionSearchQuery, match: string, head: string, words: readonly string[], limit: number): Promise<ScoredRow[]> {
  const rows: ScoredRow[] = [];
  for (const inForce of [null, true, false]) {
    if (rows.length < limit) rows.push(...(await tier(db, s, q, { match, head, words, inForce, limit: limit - rows.length })));
  }
  return rows;
}

/** The all-words hits, then the any-word ones, in two tiers each (many matches). */
async function tiered(db: pg.ClientBase, s: string, q: ProjectionSearchQuery, plan: SearchPlan, limit: number): Promise<ScoredRow[]> {
  const rows = await tiers(db, s, q, plan.all, plan.any, plan.words, limit);
  if (rows.length < limit && plan.words.length > 1) {
    const key = (r: ScoredRow) => `${r.repo}\0${r.entry_id}`;
    const listed = new Set(rows.map(key));
    rows.push(...(await tiers(db, s, q, plan.any, plan.any, plan.words, limit)).filter((r) => !listed.has(key(r))).slice(0, limit - rows.length));
  }
  return rows;
}

/**
 * Hits for `q.query` in the visible repositories, in the order of the module doc
 * (ProjectionBackend.search); every match is ranked when at most `rankAllLimit` entries hold a
 * query word (as the vocabulary counts them). Errors: `invalid_argument` when the query has no
 * word (letters or digits); PostgreSQL errors.
 */
export async function searchRows(db: pg.Pool, names: PgNames, q: ProjectionSearchQuery, rankAllLimit = RANK_ALL_LIMIT): Promise<RepoSearchHit[]> {
  searchQuery(q.query); // a query without words is an error whatever the scope
  if (q.repos.length === 0) return [];
  const limit = q.limit ?? 20;
  const { rows, words } = await inTransaction(db, async (client) => {
    const p = await searchPlan(client, names, q.repos, q.query);
    if (p === null) return { rows: [], words: 1 };
    return { rows: await (p.bound <= rankAllLimit ? rankAll(client, names.s, q, p, limit) : tiered(client, names.s, q, p, limit)), words: p.words.length };
  }, { snapshot: true });
  const relevance = relevanceScores(rows.map((r) => r.score), rows.length > 0 ? Number(rows[0]!.held) / words : 1);
  return rows.map((r, i) => ({ ...toRepoRow(r), relevance_score: relevance[i]! }));
}

/** The typo-widened words of `q.query` over `q.repos` (ProjectionBackend.searchTypos), read as the search plans them. Errors: as {@link searchRows}. */
export async function searchTyposPg(db: pg.Pool, names: PgNames, q: Scope & { query: string }): Promise<{ word: string; alternatives: string[] }[]> {
  searchQuery(q.query);
  if (q.repos.length === 0) return [];
  return inTransaction(db, async (client) => (await searchPlan(client, names, q.repos, q.query))?.typos ?? [], { snapshot: true });
}
