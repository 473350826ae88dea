/**
 * List, count and get over the PostgreSQL projection (issue #11 "Queries across repositories";
 * src/projection/backend.ts): the same filters and order as SQLite's `listCurrent`
 * (src/projection/sqlite/queries.ts) plus the `repo` dimension and the {@link Scope} — rows
 * outside the scope are filtered in the query, never after. A path filter keeps the entries
 * with a `paths` value that model/path-match.ts `pathFilterMatches`, narrowed first by the
 * `proj_paths` index exactly as SQLite's `entriesConcerning` narrows (path-candidates.ts).
 */
import type pg from 'pg';
import type { Entry } from '../../model/entry.js';
import { assertPathFilter, pathFilterMatches, selfAndAncestors } from '../../model/path-match.js';
import type { ProjectionListQuery, RepoRow, Scope } from '../backend.js';
import { filterBase } from '../sqlite/path-candidates.js';

/** Numbered query parameters. */
export class Params {
  readonly values: unknown[] = [];
  /** Adds `value`, returns its placeholder (`$n`). */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** The conditions that keep alias `a`'s rows inside `scope`. */
export function scopeWhere(p: Params, scope: Scope, a = 'c'): string[] {
  const where = [`${a}.repo = ANY(${p.add([...scope.repos])}::text[])`];
  if (scope.projects) where.push(`${a}.project_id = ANY(${p.add([...scope.projects])}::text[])`);
  return where;
}

/** The columns {@link toRepoRow} reads from `proj_current c`. */
export const ROW_COLUMNS = 'c.repo, c.json, c.forked, c.revision_count, c.path';

/** A selected current row as a {@link RepoRow}. */
export const toRepoRow = (r: { repo: string; json: string; forked: boolean; revision_count: number; path: string }): RepoRow => ({
  entry: JSON.parse(r.json) as Entry,
  forked: r.forked,
  revision_count: r.revision_count,
  path: r.path,
  repo: r.repo,
});

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

/** The WHERE conditions of a list or count query. */
async function listWhere(db: pg.Pool, s: string, q: ProjectionListQuery, p: Params): Promise<string[]> {
  const where = scopeWhere(p, q);
  if (q.projectId !== undefined) where.push(`c.project_id = ${p.add(q.projectId)}`);
  if (q.kind) where.push(`c.entry_kind = ${p.add(q.kind)}`);
  if (q.status) where.push(`c.status = ${p.add(q.status)}`);
  if (q.author) where.push(`c.author = ${p.add(q.author)}`);
  if (q.updatedSince) where.push(`c.recorded_at >= ${p.add(q.updatedSince)}`);
  if (q.tag) where.push(`EXISTS (SELECT 1 FROM ${s}.proj_tags t WHERE t.repo = c.repo AND t.entry_id = c.entry_id AND t.tag = ${p.add(q.tag)})`);
  if (q.relatedTask) where.push(`EXISTS (SELECT 1 FROM ${s}.proj_tasks k WHERE k.repo = c.repo AND k.entry_id = c.entry_id AND k.task_id = ${p.add(q.relatedTask)})`);
  if (q.path !== undefined) {
    const [repos, ids] = await pathMatches(db, s, q, assertPathFilter(q.path));
    where.push(`(c.repo, c.entry_id) IN (SELECT * FROM unnest(${p.add(repos)}::text[], ${p.add(ids)}::text[]))`);
  }
  return where;
}

/** Current entries matching `q`, newest first, then by entry id and repo (ProjectionBackend.list). Errors: `invalid_argument` for a blank path filter. */
export async function listRows(db: pg.Pool, s: string, q: ProjectionListQuery): Promise<RepoRow[]> {
  if (q.repos.length === 0) return [];
  const p = new Params();
  const where = await listWhere(db, s, q, p);
  if (q.after) {
    const [r, e, repo] = [p.add(q.after.recorded_at), p.add(q.after.entry_id), p.add(q.after.repo)];
    where.push(`(c.recorded_at < ${r} OR (c.recorded_at = ${r} AND (c.entry_id > ${e} OR (c.entry_id = ${e} AND c.repo > ${repo}))))`);
  }
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

/** One entry by full id in the visible repositories, by repo (ProjectionBackend.get). */
export async function getRows(db: pg.Pool, s: string, args: Scope & { entryId: string }): Promise<RepoRow[]> {
  const p = new Params();
  const where = [...scopeWhere(p, args), `c.entry_id = ${p.add(args.entryId)}`];
  return (await db.query(`SELECT ${ROW_COLUMNS} FROM ${s}.proj_current c WHERE ${where.join(' AND ')} ORDER BY c.repo`, p.values)).rows.map(toRepoRow);
}
