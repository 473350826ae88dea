/**
 * A list with a path filter that has a base directory (`src/payments`, `src/payments/**`;
 * sqlite/path-candidates.ts `filterBase`) on the PostgreSQL projection, at the cost of its page
 * (issue #10 "Queries cost O(result)", issue #11): the same plan as SQLite's `listCurrent`.
 *
 * (a) `proj_path_dirs` holds every directory of every literal entry path (and the path itself)
 * with the entry's recorded_at, indexed in list order, so the entries with a literal path in
 * the base are one ordered index range joined to `proj_current`; a glob filter keeps those that
 * model/path-match.ts `pathFilterMatches`, reading on in batches until the page is full (a
 * literal filter matches every one of them). (b) The few entries beside the base — a literal
 * path that is a strict ancestor of it, or a glob path (path-candidates.ts `entriesBesideBase`)
 * — come from `proj_paths`. Both are pages of the same order and limit: their merge, cut to the
 * limit, is the answer.
 */
import type pg from 'pg';
import { isGlob, pathFilterMatches, selfAndAncestors } from '../../model/path-match.js';
import type { ListCursor, ProjectionListQuery, RepoRow } from '../backend.js';
import { Params, ROW_COLUMNS, afterWhere, entryWhere, filterWhere, scopeWhere, toRepoRow } from './list-sql.js';
import { compareListOrder } from '../list-order.js';

/** Rows read per batch by a glob filter at most (batches double from the page size). */
const MAX_BATCH = 10_000;

/** Up to `limit` rows (all when undefined) of `q` with a literal path in `dir`, after `after`, in list order. */
async function dirRows(db: pg.Pool, s: string, q: ProjectionListQuery, dir: string, after: ListCursor | undefined, limit: number | undefined): Promise<RepoRow[]> {
  const p = new Params();
  // One repository by equality: its (repo, dir, recorded_at, entry_id) index range is then in list order.
  const where = [q.repos.length === 1 ? `d.repo = ${p.add(q.repos[0])}` : `d.repo = ANY(${p.add([...q.repos])}::text[])`, `d.dir = ${p.add(dir)}`];
  if (q.projects) where.push(`d.project_id = ANY(${p.add([...q.projects])}::text[])`);
  if (q.projectId !== undefined) where.push(`d.project_id = ${p.add(q.projectId)}`);
  if (q.updatedSince) where.push(`d.recorded_at >= ${p.add(q.updatedSince)}`);
  if (after) where.push(afterWhere(p, after, 'd'));
  where.push(...entryWhere(s, q, p));
  const sql = `SELECT ${ROW_COLUMNS} FROM ${s}.proj_path_dirs d JOIN ${s}.proj_current c ON c.repo = d.repo AND c.entry_id = d.entry_id
    WHERE ${where.join(' AND ')} ORDER BY d.recorded_at DESC, d.entry_id, d.repo${limit !== undefined ? ` LIMIT ${p.add(limit)}` : ''}`;
  return (await db.query(sql, p.values)).rows.map(toRepoRow);
}

/** (a): the first `q.limit` entries with a literal path in `base` that `filter` concerns. */
async function inside(db: pg.Pool, s: string, q: ProjectionListQuery, filter: string, base: string): Promise<RepoRow[]> {
  if (!isGlob(filter)) return dirRows(db, s, q, base, q.after, q.limit);
  const kept: RepoRow[] = [];
  let after = q.after;
  let batch = q.limit;
  for (;;) {
    const rows = await dirRows(db, s, q, base, after, batch);
    for (const row of rows) {
      if (!row.entry.paths.some((path) => pathFilterMatches(filter, path))) continue;
      kept.push(row);
      if (q.limit !== undefined && kept.length >= q.limit) return kept;
    }
    const last = rows[rows.length - 1];
    if (batch === undefined || rows.length < batch || !last) return kept;
    after = { recorded_at: last.entry.recorded_at, entry_id: last.entry.entry_id, repo: last.repo };
    batch = Math.min(batch * 2, MAX_BATCH);
  }
}

/** (b): the first `q.limit` entries whose literal path is a strict ancestor of `base`, or with a glob path, that `filter` concerns. */
async function beside(db: pg.Pool, s: string, q: ProjectionListQuery, filter: string, base: string): Promise<RepoRow[]> {
  const p = new Params();
  const where = scopeWhere(p, q, 'e');
  if (q.projectId !== undefined) where.push(`e.project_id = ${p.add(q.projectId)}`);
  where.push(`(e.glob OR e.norm = ANY(${p.add(selfAndAncestors(base).slice(0, -1))}::text[]))`);
  const paths = await db.query<{ repo: string; entry_id: string; path: string }>(`SELECT e.repo, e.entry_id, e.path FROM ${s}.proj_paths e WHERE ${where.join(' AND ')}`, p.values);
  const keys = [...new Set(paths.rows.filter((r) => pathFilterMatches(filter, r.path)).map((r) => `${r.repo}\0${r.entry_id}`))].map((k) => k.split('\0'));
  if (keys.length === 0) return [];
  const c = new Params();
  const cond = [...filterWhere(s, q, c), `(c.repo, c.entry_id) IN (SELECT * FROM unnest(${c.add(keys.map((k) => k[0]))}::text[], ${c.add(keys.map((k) => k[1]))}::text[]))`];
  if (q.after) cond.push(afterWhere(c, q.after));
  const limit = q.limit !== undefined ? ` LIMIT ${c.add(q.limit)}` : '';
  const sql = `SELECT ${ROW_COLUMNS} FROM ${s}.proj_current c WHERE ${cond.join(' AND ')} ORDER BY c.recorded_at DESC, c.entry_id, c.repo${limit}`;
  return (await db.query(sql, c.values)).rows.map(toRepoRow);
}

/**
 * Current entries matching `q` whose paths the (checked) path filter `filter` concerns, `base`
 * being its base directory (non-null), in list order, at most `q.limit` (ProjectionBackend.list).
 * Errors: PostgreSQL errors.
 */
export async function listByPathDir(db: pg.Pool, s: string, q: ProjectionListQuery, filter: string, base: string): Promise<RepoRow[]> {
  if (q.limit === 0) return [];
  const [a, b] = await Promise.all([inside(db, s, q, filter, base), beside(db, s, q, filter, base)]);
  if (b.length === 0) return a;
  const merged = new Map([...a, ...b].map((r) => [`${r.repo}\0${r.entry.entry_id}`, r]));
  const rows = [...merged.values()].sort(compareListOrder);
  return q.limit !== undefined ? rows.slice(0, q.limit) : rows;
}
