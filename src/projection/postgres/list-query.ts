/**
 * List, count, get and id prefixes over the PostgreSQL projection (issue #11 "Queries across repositories";
 * src/projection/backend.ts): the same filters and order as SQLite's `listCurrent`
 * (src/projection/sqlite/queries.ts) plus the `repo` dimension and the {@link Scope} — rows
 * outside the scope are filtered in the query, never after. A path filter keeps the entries
 * with a `paths` value that model/path-match.ts `pathFilterMatches`: a list with a filter that
 * has a base directory walks `proj_path_dirs` in list order (path-list.ts); a count, or a glob
 * without a base (`**\/*.sql`), collects the matching entries from `proj_paths`, narrowed by
 * its index exactly as SQLite's `entriesConcerning` narrows (path-candidates.ts).
 */
import type pg from 'pg';
import { assertPathFilter, pathFilterMatches, selfAndAncestors } from '../../model/path-match.js';
import { ADR_MATCHES_LIMIT } from '../../model/adr-label-query.js';
import type { KindStatusCount, ProjectionListQuery, RepoRow, Scope } from '../backend.js';
import { filterBase } from '../sqlite/path-candidates.js';
import { Params, ROW_COLUMNS, afterWhere, filterWhere, scopeWhere, toRepoRow } from './list-sql.js';
import { listByPathDir } from './path-list.js';


/** The (repo, entry id) pairs in scope whose paths a path filter concerns. */
async function pathMatches(db: pg.Pool, s: string, q: ProjectionListQuery, filter: string): Promise<[string[], string[]]> {
  const p = new Params();
  const where = scopeWhere(p, q, 'e');
  if (q.projectId !== undefined) where.push(`e.project_id = ${p.add(q.projectId)}`);
  const base = filterBase(filter);
  if (base !== null) where.push(`(e.glob OR e.norm = ANY(${p.add(selfAndAncestors(base))}::text[]) OR (e.norm >= ${p.add(`${base}/`)} AND e.norm < ${p.add(`${base}0`)}))`);
  const rows = await db.query<{ repo: string; entry_id: string; path: string }>(`SELECT e.repo, e.entry_id, e.path FROM ${s}.proj_paths e WHERE ${where.join(' AND ')}`, p.values);
  const keys = new Set(rows.rows.filter((r) => pathFilterMatches(filter, r.path)).map((r) => `${r.repo}\0${r.entry_id}`));
  const split = [...keys].map((k) => k.split('\0'));
  return [split.map((k) => k[0]!), split.map((k) => k[1]!)];
}

/** The WHERE conditions of a list or count query, the path filter read through {@link pathMatches}. */
async function listWhere(db: pg.Pool, s: string, q: ProjectionListQuery, p: Params): Promise<string[]> {
  const where = filterWhere(s, q, p);
  if (q.path !== undefined) {
    const [repos, ids] = await pathMatches(db, s, q, assertPathFilter(q.path));
    where.push(`(c.repo, c.entry_id) IN (SELECT * FROM unnest(${p.add(repos)}::text[], ${p.add(ids)}::text[]))`);
  }
  return where;
}

/** Current entries matching `q`, newest first, then by entry id and repo (ProjectionBackend.list). Errors: `invalid_argument` for a blank path filter. */
export async function listRows(db: pg.Pool, s: string, q: ProjectionListQuery): Promise<RepoRow[]> {
  if (q.repos.length === 0) return [];
  const base = q.path !== undefined ? filterBase(assertPathFilter(q.path)) : null;
  if (q.path !== undefined && base !== null) return listByPathDir(db, s, q, q.path, base);
  const p = new Params();
  const where = await listWhere(db, s, q, p);
  if (q.after) where.push(afterWhere(p, q.after));
  const limit = q.limit !== undefined ? ` LIMIT ${p.add(q.limit)}` : '';
  const sql = `SELECT ${ROW_COLUMNS} FROM ${s}.proj_current c WHERE ${where.join(' AND ')} ORDER BY c.recorded_at DESC, c.entry_id, c.repo${limit}`;
  return (await db.query(sql, p.values)).rows.map(toRepoRow);
}

/** Per visible repository, how many current entries match `q` (ProjectionBackend.count), by repo. */
export async function countRows(db: pg.Pool, s: string, q: ProjectionListQuery): Promise<{ repo: string; entries: number }[]> {
  if (q.repos.length === 0) return [];
  const p = new Params();
  const where = await listWhere(db, s, q, p);
  const sql = `SELECT c.repo, count(*)::int AS entries FROM ${s}.proj_current c WHERE ${where.join(' AND ')} GROUP BY c.repo ORDER BY c.repo`;
  return (await db.query<{ repo: string; entries: number }>(sql, p.values)).rows;
}

/** Per visible repository, kind and status, how many current entries match `q` (ProjectionBackend.tally). */
export async function tallyRows(db: pg.Pool, s: string, q: ProjectionListQuery): Promise<KindStatusCount[]> {
  if (q.repos.length === 0) return [];
  const p = new Params();
  const where = await listWhere(db, s, q, p);
  const sql = `SELECT c.repo, c.entry_kind, c.status, count(*)::int AS n FROM ${s}.proj_current c WHERE ${where.join(' AND ')} GROUP BY c.repo, c.entry_kind, c.status ORDER BY c.repo, c.entry_kind, c.status`;
  return (await db.query<KindStatusCount>(sql, p.values)).rows;
}

/** One entry by full id in the visible repositories, by repo (ProjectionBackend.get). */
export async function getRows(db: pg.Pool, s: string, args: Scope & { entryId: string }): Promise<RepoRow[]> {
  const p = new Params();
  const where = [...scopeWhere(p, args), `c.entry_id = ${p.add(args.entryId)}`];
  return (await db.query(`SELECT ${ROW_COLUMNS} FROM ${s}.proj_current c WHERE ${where.join(' AND ')} ORDER BY c.repo`, p.values)).rows.map(toRepoRow);
}

/** Up to 2 current entries in scope whose id starts with `prefix`, by entry id then repo (ProjectionBackend.idMatches). */
export async function idPrefixRows(db: pg.Pool, s: string, q: Scope & { prefix: string; projectId?: string; kind?: string }): Promise<RepoRow[]> {
  const p = new Params();
  // The range reads the primary key (repo, entry_id; collation C): every id is [a-z0-9-], all below '~'.
  const where = [...scopeWhere(p, q), `c.entry_id >= ${p.add(q.prefix)}`, `c.entry_id < ${p.add(`${q.prefix}~`)}`, `starts_with(c.entry_id, ${p.add(q.prefix)})`];
  if (q.projectId !== undefined) where.push(`c.project_id = ${p.add(q.projectId)}`);
  if (q.kind !== undefined) where.push(`c.entry_kind = ${p.add(q.kind)}`);
  return (await db.query(`SELECT ${ROW_COLUMNS} FROM ${s}.proj_current c WHERE ${where.join(' AND ')} ORDER BY c.entry_id, c.repo LIMIT 2`, p.values)).rows.map(toRepoRow);
}

/** The current entries in scope numbered `adr_number` (proj_adr_numbers), by entry id then repo, at most {@link ADR_MATCHES_LIMIT} (ProjectionBackend.adrMatches). */
export async function adrNumberRows(db: pg.Pool, s: string, q: Scope & { adr_number: number; projectId?: string; kind?: string }): Promise<RepoRow[]> {
  const p = new Params();
  const where = [...scopeWhere(p, q, 'a'), `a.adr_number = ${p.add(q.adr_number)}`];
  if (q.projectId !== undefined) where.push(`a.project_id = ${p.add(q.projectId)}`);
  if (q.kind !== undefined) where.push(`c.entry_kind = ${p.add(q.kind)}`);
  const sql = `SELECT ${ROW_COLUMNS} FROM ${s}.proj_adr_numbers a JOIN ${s}.proj_current c ON c.repo = a.repo AND c.entry_id = a.entry_id
    WHERE ${where.join(' AND ')} ORDER BY a.entry_id, a.repo LIMIT ${ADR_MATCHES_LIMIT}`;
  return (await db.query(sql, p.values)).rows.map(toRepoRow);
}
