/**
 * Read queries over the projection (DESIGN §4): current state with filters, one revision,
 * history, id-prefix resolution, counts. Every result is parsed entry JSON, as stored on the
 * branch.
 */
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { assertPathFilter, pathFilterMatches } from '../model/path-match.js';
import type { CacheDb } from './open-cache.js';

/** Filters of {@link listCurrent}; all optional, combined with AND. */
export interface ListFilter {
  projectId: string;
  kind?: string;
  status?: string;
  tag?: string;
  author?: string;
  relatedTask?: string;
  /** A path prefix or glob (`src/payments/**`): entries whose `paths` concern it (model/path-match.ts `pathFilterMatches`). */
  path?: string;
  /** ISO 8601; entries whose current revision was recorded at or after it. */
  updatedSince?: string;
  /** Max rows (default: all). */
  limit?: number;
  /** Keyset pagination: only rows after this one in the list order (recorded_at desc, entry_id). */
  after?: { recorded_at: string; entry_id: string };
}

/** A current entry plus projection facts. */
export interface CurrentRow {
  entry: Entry;
  forked: boolean;
  revision_count: number;
  path: string;
}

interface CurrentDbRow {
  json: string;
  forked: number;
  revision_count: number;
  path: string;
}

const toRow = (r: CurrentDbRow): CurrentRow => ({
  entry: JSON.parse(r.json) as Entry,
  forked: r.forked === 1,
  revision_count: r.revision_count,
  path: r.path,
});

/** Current entries matching `filter`, most recently recorded first, then by entry_id. */
export function listCurrent(db: CacheDb, filter: ListFilter): CurrentRow[] {
  const where = ['c.project_id = @projectId'];
  if (filter.kind) where.push('c.entry_kind = @kind');
  if (filter.status) where.push('c.status = @status');
  if (filter.author) where.push('c.author = @author');
  if (filter.updatedSince) where.push('c.recorded_at >= @updatedSince');
  if (filter.tag) where.push('EXISTS (SELECT 1 FROM entry_tags t WHERE t.entry_id = c.entry_id AND t.tag = @tag)');
  if (filter.relatedTask) where.push('EXISTS (SELECT 1 FROM entry_tasks k WHERE k.entry_id = c.entry_id AND k.task_id = @relatedTask)');
  if (filter.path !== undefined) where.push('c.entry_id IN (SELECT value FROM json_each(@pathEntryIds))');
  if (filter.after) where.push('(c.recorded_at < @afterRecordedAt OR (c.recorded_at = @afterRecordedAt AND c.entry_id > @afterEntryId))');
  const limit = filter.limit !== undefined ? ' LIMIT @limit' : '';
  const sql = `SELECT c.json, c.forked, c.revision_count, c.path FROM current c WHERE ${where.join(' AND ')} ORDER BY c.recorded_at DESC, c.entry_id${limit}`;
  const { after, path, ...rest } = filter;
  const params: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (path !== undefined) params.pathEntryIds = JSON.stringify(entriesConcerning(db, filter.projectId, assertPathFilter(path)));
  if (after) Object.assign(params, { afterRecordedAt: after.recorded_at, afterEntryId: after.entry_id });
  return (db.prepare(sql).all(params) as CurrentDbRow[]).map(toRow);
}

/** Ids of the project's current entries with a path that {@link pathFilterMatches} `filter` (globs are matched in JS). */
function entriesConcerning(db: CacheDb, projectId: string, filter: string): string[] {
  const rows = db.prepare('SELECT p.entry_id, p.path FROM entry_paths p JOIN current c ON c.entry_id = p.entry_id WHERE c.project_id = ?').all(projectId) as { entry_id: string; path: string }[];
  return [...new Set(rows.filter((r) => pathFilterMatches(filter, r.path)).map((r) => r.entry_id))];
}

/**
 * The project's revisions recorded at or after `since` (ISO 8601 UTC; its whole second counts:
 * `YYYY-MM-DDTHH:MM:SS` is compared as text with the stored `recorded_at`, so any fraction of
 * that second is included), in the order (recorded_at, entry_id, revision, sha256).
 */
export function listRevisionsSince(db: CacheDb, args: { projectId: string; since: string }): { entry: Entry; sha256: string; path: string }[] {
  const rows = db
    .prepare('SELECT json, sha256, path FROM revisions WHERE project_id = ? AND recorded_at >= ? ORDER BY recorded_at, entry_id, revision, sha256')
    .all(args.projectId, args.since.slice(0, 19)) as { json: string; sha256: string; path: string }[];
  return rows.map((r) => ({ entry: JSON.parse(r.json) as Entry, sha256: r.sha256, path: r.path }));
}

/** The current row of `entryId`, or null. */
export function getCurrent(db: CacheDb, entryId: string): CurrentRow | null {
  const row = db.prepare('SELECT json, forked, revision_count, path FROM current WHERE entry_id = ?').get(entryId) as CurrentDbRow | undefined;
  return row ? toRow(row) : null;
}

/** Every revision of `entryId`, oldest first (DESIGN §3 invariant-5 order). */
export function listRevisions(db: CacheDb, entryId: string): { entry: Entry; sha256: string; path: string }[] {
  const rows = db
    .prepare('SELECT json, sha256, path FROM revisions WHERE entry_id = ? ORDER BY revision, recorded_at, sha256')
    .all(entryId) as { json: string; sha256: string; path: string }[];
  return rows.map((r) => ({ entry: JSON.parse(r.json) as Entry, sha256: r.sha256, path: r.path }));
}

/**
 * Resolves a unique id prefix (like git short hashes) within `projectId` to a full entry id.
 * Errors: `not_found`, `ambiguous_id` (lists the candidates).
 */
export function resolveEntryId(db: CacheDb, projectId: string, prefix: string): string {
  const exact = db.prepare('SELECT entry_id FROM current WHERE entry_id = ? AND project_id = ?').get(prefix, projectId) as { entry_id: string } | undefined;
  if (exact) return exact.entry_id;
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = db
    .prepare("SELECT entry_id FROM current WHERE project_id = ? AND entry_id LIKE ? ESCAPE '\\' ORDER BY entry_id LIMIT 11")
    .all(projectId, `${escaped}%`) as { entry_id: string }[];
  if (rows.length === 1 && rows[0]) return rows[0].entry_id;
  if (rows.length === 0) {
    throw new BrainError('not_found', `no entry ${prefix} in project ${projectId}`, {
      hint: 'list entries with `brain list`; pass --project if it lives in another project',
      data: { entry_id: prefix, project_id: projectId },
    });
  }
  throw new BrainError('ambiguous_id', `${prefix} matches several entries: ${rows.slice(0, 10).map((r) => r.entry_id).join(', ')}`, {
    hint: 'give more characters of the id',
    data: { candidates: rows.map((r) => r.entry_id) },
  });
}

/** Counts for `brain status`: entries and revisions of a project, per kind and status. */
export function countProject(db: CacheDb, projectId: string): { entries: number; revisions: number; by_kind: Record<string, Record<string, number>>; forked: string[] } {
  const entries = (db.prepare('SELECT COUNT(*) AS n FROM current WHERE project_id = ?').get(projectId) as { n: number }).n;
  const revisions = (db.prepare('SELECT COUNT(*) AS n FROM revisions WHERE project_id = ?').get(projectId) as { n: number }).n;
  const by_kind: Record<string, Record<string, number>> = {};
  const rows = db.prepare('SELECT entry_kind, status, COUNT(*) AS n FROM current WHERE project_id = ? GROUP BY entry_kind, status ORDER BY entry_kind, status').all(projectId) as { entry_kind: string; status: string; n: number }[];
  for (const r of rows) (by_kind[r.entry_kind] ??= {})[r.status] = r.n;
  const forked = (db.prepare('SELECT entry_id FROM current WHERE project_id = ? AND forked = 1 ORDER BY entry_id').all(projectId) as { entry_id: string }[]).map((r) => r.entry_id);
  return { entries, revisions, by_kind, forked };
}

/** Files on the branch that failed to parse or validate. */
export function listProblems(db: CacheDb): { path: string; code: string; message: string }[] {
  return db.prepare('SELECT path, code, message FROM problems ORDER BY path').all() as { path: string; code: string; message: string }[];
}
