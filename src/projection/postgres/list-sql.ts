/**
 * The pieces every list query of the PostgreSQL projection is built from (issue #11 "Queries
 * across repositories"; src/projection/backend.ts): numbered parameters, the {@link Scope}
 * conditions (rows outside the scope are filtered in the query, never after), the filters of
 * SQLite's `listCurrent` (src/projection/sqlite/queries.ts) other than the path, the keyset
 * cursor, and the list order itself (recorded_at desc, entry_id, repo — byte orders).
 */
import type { Entry } from '../../model/entry.js';
import type { ListCursor, ProjectionListQuery, RepoRow, Scope } from '../backend.js';

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

/**
 * The conditions of `q`'s scope, project, kind, status, author, updatedSince, tag and task on
 * `proj_current c` (the path filter is the caller's: list-query.ts, path-list.ts).
 */
export function filterWhere(s: string, q: ProjectionListQuery, p: Params): string[] {
  const where = scopeWhere(p, q);
  if (q.projectId !== undefined) where.push(`c.project_id = ${p.add(q.projectId)}`);
  if (q.updatedSince) where.push(`c.recorded_at >= ${p.add(q.updatedSince)}`);
  return [...where, ...entryWhere(s, q, p)];
}

/** The conditions of `q`'s kind, status, author, tag and task on `proj_current c` (not scope, project or updatedSince). */
export function entryWhere(s: string, q: ProjectionListQuery, p: Params): string[] {
  const where: string[] = [];
  if (q.kind) where.push(`c.entry_kind = ${p.add(q.kind)}`);
  if (q.status) where.push(`c.status = ${p.add(q.status)}`);
  if (q.author) where.push(`c.author = ${p.add(q.author)}`);
  if (q.tag) where.push(`EXISTS (SELECT 1 FROM ${s}.proj_tags t WHERE t.repo = c.repo AND t.entry_id = c.entry_id AND t.tag = ${p.add(q.tag)})`);
  if (q.relatedTask) where.push(`EXISTS (SELECT 1 FROM ${s}.proj_tasks k WHERE k.repo = c.repo AND k.entry_id = c.entry_id AND k.task_id = ${p.add(q.relatedTask)})`);
  return where;
}

/** The condition keeping alias `a`'s rows strictly after `after` in the list order. */
export function afterWhere(p: Params, after: ListCursor, a = 'c'): string {
  const [r, e, repo] = [p.add(after.recorded_at), p.add(after.entry_id), p.add(after.repo)];
  return `(${a}.recorded_at < ${r} OR (${a}.recorded_at = ${r} AND (${a}.entry_id > ${e} OR (${a}.entry_id = ${e} AND ${a}.repo > ${repo}))))`;
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
