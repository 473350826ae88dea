/**
 * Read queries over the projection (DESIGN §4): current state with filters, one revision,
 * history, id-prefix resolution, counts. Every result is parsed entry JSON, as stored on the
 * branch.
 */
import type { Entry } from '../../model/entry.js';
import { assertPathFilter, isGlob, pathFilterMatches } from '../../model/path-match.js';
import { entriesBesideBase, entriesConcerning, filterBase, pathsUnderBase } from './path-candidates.js';
import { revisionPath } from './schema.js';
import type { CacheDb } from './open-cache.js';
import { prepared } from './prepared.js';
import { kindStatusCounts } from './counts.js';

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
  /** The current revision's file on the branch. */
  path: string;
}

/** The columns {@link toRow} needs, as `SELECT ${CURRENT_COLUMNS}` of `current c`. */
export const CURRENT_COLUMNS = 'c.json, c.forked, c.revision_count, c.path';

/** A `current` row as selected by {@link CURRENT_COLUMNS}. */
export interface CurrentDbRow {
  json: string;
  forked: number;
  revision_count: number;
  path: string;
}

/** Parses a selected `current` row. */
export const toRow = (r: CurrentDbRow): CurrentRow => ({
  entry: JSON.parse(r.json) as Entry,
  forked: r.forked === 1,
  revision_count: r.revision_count,
  path: r.path,
});

/**
 * Current entries matching `filter`, most recently recorded first, then by entry_id. Every
 * filter reads an index whose order is the list order, so a page costs its rows (issue #10):
 * a tag or task filter walks `entry_tags_tag` / `entry_tasks_task` (which carry recorded_at),
 * a path filter with a base directory walks `entry_path_dirs` for it (plus the few entries
 * beside it: path-candidates.ts), others `current`'s indexes; a path glob without a literal
 * base (`**\/*.sql`) costs the entries that match it (path-candidates.ts).
 */
export function listCurrent(db: CacheDb, filter: ListFilter): CurrentRow[] {
  const run = (q: { sql: string; params: Record<string, unknown> }) => (prepared(db, q.sql).all(q.params) as CurrentDbRow[]).map(toRow);
  if (filter.path === undefined) return run(listQuery(filter));
  const path = assertPathFilter(filter.path);
  const base = filterBase(path);
  if (base === null) return run(listQuery(filter, { ids: entriesConcerning(db, filter.projectId, path) }));
  // Entries with a literal path in `base`, in list order; a glob keeps those its rule matches,
  // reading on until the page is full (a literal prefix matches every one of them).
  const inside: CurrentRow[] = [];
  const glob = isGlob(path);
  const { limit, ...unlimited } = filter;
  const q = listQuery(glob ? unlimited : filter, { dir: base });
  for (const raw of db.prepare(q.sql).iterate(q.params) as IterableIterator<CurrentDbRow>) {
    const row = toRow(raw);
    if (glob && !row.entry.paths.some((p) => pathFilterMatches(path, p))) continue;
    inside.push(row);
    if (limit !== undefined && inside.length >= limit) break;
  }
  const beside = entriesBesideBase(db, filter.projectId, path, base);
  if (beside.length === 0) return inside;
  // Both lists are pages of the same order and limit: their merge's first page is the answer.
  const merged = new Map([...inside, ...run(listQuery(filter, { ids: beside }))].map((r) => [r.entry.entry_id, r]));
  const rows = [...merged.values()].sort((a, b) => (a.entry.recorded_at === b.entry.recorded_at ? (a.entry.entry_id < b.entry.entry_id ? -1 : 1) : a.entry.recorded_at < b.entry.recorded_at ? 1 : -1));
  return limit !== undefined ? rows.slice(0, limit) : rows;
}

/**
 * How many current entries match `filter` — what {@link listCurrent} would return, its `limit`
 * and `after` ignored — with one `SELECT count(*)` over the same filters ({@link listQuery}),
 * never reading an entry's JSON. A path filter counts the ids its rule concerns
 * (path-candidates.ts: the same candidates and `pathFilterMatches`); a literal prefix counts
 * its directory's rows of `entry_path_dirs` and the entries beside it in SQL.
 */
export function countCurrent(db: CacheDb, filter: ListFilter): number {
  const { limit: _l, after: _a, ...all } = filter;
  const q = listQuery(all, countSource(db, all), 'count');
  return (prepared(db, q.sql).get(q.params) as { n: number }).n;
}

/**
 * {@link countCurrent} per kind and status (the dashboard board's counts), with one
 * `GROUP BY` over the same rows; no row for a count of 0. Without a tag, task, author, path or
 * date filter, read from the count table (counts.ts) instead: its cost does not grow with the
 * brain (issue 21).
 */
export function countCurrentByKindStatus(db: CacheDb, filter: ListFilter): { entry_kind: string; status: string; n: number }[] {
  const { limit: _l, after: _a, ...all } = filter;
  if (all.tag === undefined && all.author === undefined && all.relatedTask === undefined && all.path === undefined && all.updatedSince === undefined) {
    return kindStatusCounts(db, all.projectId).filter((c) => (all.kind === undefined || c.entry_kind === all.kind) && (all.status === undefined || c.status === all.status));
  }
  const q = listQuery(all, countSource(db, all), 'counts');
  return prepared(db, q.sql).all(q.params) as { entry_kind: string; status: string; n: number }[];
}

/** Where a count's path filter takes its entries from (see {@link countCurrent}); undefined without one. */
function countSource(db: CacheDb, filter: ListFilter): PathSource | undefined {
  if (filter.path === undefined) return undefined;
  const path = assertPathFilter(filter.path);
  const base = filterBase(path);
  // A literal prefix matches every entry with a path in its directory (entry_path_dirs, counted in SQL) and the few beside it;
  // a glob with a base, the entries of the distinct paths under it its rule matches (joined in SQL) and the few beside it;
  // a glob without one, the ids its rule matched over every path of the project.
  if (base === null) return { ids: entriesConcerning(db, filter.projectId, path) };
  const beside = entriesBesideBase(db, filter.projectId, path, base);
  return isGlob(path) ? { under: base, paths: pathsUnderBase(db, filter.projectId, path, base), beside } : { dir: base, beside };
}

/**
 * Where a path filter's entries come from: a directory of `entry_path_dirs` (for a count, with
 * the ids of the entries `beside` it: their union), a list of ids, or (a count only) the
 * entries with one of `paths` at or under the directory `under`, with those `beside` it.
 */
export type PathSource = { dir: string; beside?: readonly string[] } | { ids: readonly string[] } | { under: string; paths: readonly string[]; beside: readonly string[] };

/**
 * The SQL and parameters of {@link listCurrent} (exported for the query-plan test). With a
 * path filter, `source` says where its entries come from (required then, ignored otherwise).
 * `shape` `count`: `SELECT count(*) AS n` over the same rows, unordered ({@link countCurrent});
 * `counts`: the same per `entry_kind, status` ({@link countCurrentByKindStatus}).
 */
export function listQuery(filter: ListFilter, source?: PathSource, shape: 'rows' | 'count' | 'counts' = 'rows'): { sql: string; params: Record<string, unknown> } {
  const where: string[] = [];
  const byPath = filter.path !== undefined ? source : undefined;
  // A count of a directory and the entries beside it: their union of ids, probed from `current` (below).
  const union = shape !== 'rows' && byPath && 'dir' in byPath;
  // The table whose index gives the order: a path prefix's directory rows, a path filter's matching ids, else a tag's or task's rows, else `current`.
  // A count needs no order: it reads `current` through a covering index (current_kind_status) and probes the tag's or task's
  // ids (decision 0081: a row fetched by id per tagged entry was 3–4 times the cost).
  const counted = shape !== 'rows';
  const driver = byPath && 'dir' in byPath && !union ? { table: 'entry_path_dirs', column: 'dir', param: 'pathDir' } : byPath || counted ? null : filter.tag ? { table: 'entry_tags', column: 'tag', param: 'tag' } : filter.relatedTask ? { table: 'entry_tasks', column: 'task_id', param: 'relatedTask' } : null;
  const by = driver ? 'd' : 'c';
  if (driver) where.push(`d.project_id = @projectId AND d.${driver.column} = @${driver.param}`);
  else where.push('c.project_id = @projectId');
  if (filter.kind) where.push('c.entry_kind = @kind');
  if (filter.status) where.push('c.status = @status');
  if (filter.author) where.push('c.author = @author');
  if (filter.updatedSince) where.push(`${by}.recorded_at >= @updatedSince`);
  if (filter.tag && driver?.table !== 'entry_tags') where.push(counted ? 'c.entry_id IN (SELECT t.entry_id FROM entry_tags t WHERE t.project_id = @projectId AND t.tag = @tag)' : 'EXISTS (SELECT 1 FROM entry_tags t WHERE t.entry_id = c.entry_id AND t.tag = @tag)');
  if (filter.relatedTask && driver?.table !== 'entry_tasks') where.push(counted ? 'c.entry_id IN (SELECT k.entry_id FROM entry_tasks k WHERE k.project_id = @projectId AND k.task_id = @relatedTask)' : 'EXISTS (SELECT 1 FROM entry_tasks k WHERE k.entry_id = c.entry_id AND k.task_id = @relatedTask)');
  if (filter.after) where.push(`${by}.recorded_at <= @afterRecordedAt AND (${by}.recorded_at < @afterRecordedAt OR ${by}.entry_id > @afterEntryId)`);
  const limit = filter.limit !== undefined ? ' LIMIT @limit' : '';
  // A glob's count: the project's rows of `current` whose id is among the entries of its matching paths (the planner reads
  // `current_kind_status` as a covering index and probes the set: no entry row is fetched by id).
  const under = counted && byPath && 'under' in byPath ? byPath : null;
  if (under) where.push('c.entry_id IN (SELECT entry_id FROM entry_paths WHERE project_id = @projectId AND glob = 0 AND (norm = @pathDir OR (norm >= @pathLow AND norm < @pathHigh)) AND path IN (SELECT value FROM json_each(@pathValues)) UNION SELECT value FROM json_each(@pathEntryIds))');
  // A count of a directory and the entries beside it, or of a list of ids: the same probe of their ids.
  if (union) where.push('c.entry_id IN (SELECT entry_id FROM entry_path_dirs WHERE project_id = @projectId AND dir = @pathDir UNION SELECT value FROM json_each(@pathEntryIds))');
  // A list of ids (a glob without a base) is probed too, as `current` is read in list order: a page reads its rows' JSON only.
  else if (byPath && 'ids' in byPath) where.push('c.entry_id IN (SELECT value FROM json_each(@pathEntryIds))');
  const from = driver ? `${driver.table} d CROSS JOIN current c ON c.entry_id = d.entry_id` : 'current c';
  const sql =
    shape === 'count' ? `SELECT count(*) AS n FROM ${from} WHERE ${where.join(' AND ')}`
      : shape === 'counts' ? `SELECT c.entry_kind, c.status, count(*) AS n FROM ${from} WHERE ${where.join(' AND ')} GROUP BY c.entry_kind, c.status`
        : `SELECT ${CURRENT_COLUMNS} FROM ${from} WHERE ${where.join(' AND ')} ORDER BY ${by}.recorded_at DESC, ${by}.entry_id${limit}`;
  const { after, path, ...rest } = filter;
  const params: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  if (byPath && 'dir' in byPath) params.pathDir = byPath.dir;
  if (under) Object.assign(params, { pathDir: under.under, pathLow: `${under.under}/`, pathHigh: `${under.under}0`, pathValues: JSON.stringify(under.paths), pathEntryIds: JSON.stringify(under.beside) });
  if (union) params.pathEntryIds = JSON.stringify(byPath.beside ?? []);
  else if (byPath && 'ids' in byPath) params.pathEntryIds = JSON.stringify(byPath.ids);
  if (after) Object.assign(params, { afterRecordedAt: after.recorded_at, afterEntryId: after.entry_id });
  return { sql, params };
}

/** A revision of an entry: its bytes parsed, its sha256 and its file on the branch. */
export interface RevisionRow {
  entry: Entry;
  sha256: string;
  path: string;
}

interface RevisionDbRow {
  entry_id: string;
  project_id: string;
  entry_kind: string;
  file: string;
  sha256: Buffer;
  blob_oid: Buffer;
}

/** Reads the bodies of `rows` from git by `blob_oid` (the cache keeps none: issue #10 "A lean cache"). */
async function withBodies(rows: RevisionDbRow[], readBlob: (oid: string) => Promise<Buffer>): Promise<RevisionRow[]> {
  const bodies = await Promise.all(rows.map((r) => readBlob(r.blob_oid.toString('hex'))));
  return rows.map((r, i) => ({ entry: JSON.parse((bodies[i] as Buffer).toString('utf8')) as Entry, sha256: r.sha256.toString('hex'), path: revisionPath(r) }));
}

/**
 * The project's revisions recorded at or after `since` (ISO 8601 UTC; its whole second counts:
 * `YYYY-MM-DDTHH:MM:SS` is compared as text with the stored `recorded_at`, so any fraction of
 * that second is included), in the order (recorded_at, entry_id, revision, sha256). Bodies are
 * read from git with `readBlob`. Errors: reader errors.
 */
export async function listRevisionsSince(db: CacheDb, readBlob: (oid: string) => Promise<Buffer>, args: { projectId: string; since: string }): Promise<RevisionRow[]> {
  // Only revisions of entries the project owns (another project's id in this project's tree is a problem, not history: docs/decisions/0029).
  const rows = prepared(
    db,
    'SELECT entry_id, project_id, entry_kind, file, sha256, blob_oid FROM revisions r WHERE project_id = ? AND recorded_at >= ? AND EXISTS (SELECT 1 FROM current c WHERE c.entry_id = r.entry_id AND c.project_id = r.project_id) ORDER BY recorded_at, entry_id, revision, sha256',
  ).all(args.projectId, args.since.slice(0, 19)) as RevisionDbRow[];
  return withBodies(rows, readBlob);
}

/**
 * The current row of `entryId`, or null; with `projectId`, null unless the entry is that
 * project's (an id is owned by one project: docs/decisions/0029).
 */
export function getCurrent(db: CacheDb, entryId: string, projectId?: string): CurrentRow | null {
  const row = (projectId === undefined
    ? prepared(db, `SELECT ${CURRENT_COLUMNS} FROM current c WHERE c.entry_id = ?`).get(entryId)
    : prepared(db, `SELECT ${CURRENT_COLUMNS} FROM current c WHERE c.entry_id = ? AND c.project_id = ?`).get(entryId, projectId)) as CurrentDbRow | undefined;
  return row ? toRow(row) : null;
}

/**
 * Up to 2 current entries whose id starts with `prefix` (ids are fixed-length, so a full id
 * matches itself alone), in `projectId` or the `projects` given, of `kind` when given, by
 * entry id: one row is the entry an id-shaped search names (service/id-search.ts), two an
 * ambiguous prefix. A range scan on the primary key.
 */
export function idPrefixMatches(db: CacheDb, q: { prefix: string; projectId?: string; projects?: readonly string[]; kind?: string }): CurrentRow[] {
  const where = ['c.entry_id >= ?', 'c.entry_id < ?'];
  const params: string[] = [q.prefix, `${q.prefix}\uffff`];
  if (q.projectId !== undefined) where.push('c.project_id = ?'), params.push(q.projectId);
  if (q.projects) where.push(`c.project_id IN (${q.projects.map(() => '?').join(', ') || 'NULL'})`), params.push(...q.projects);
  if (q.kind !== undefined) where.push('c.entry_kind = ?'), params.push(q.kind);
  const rows = prepared(db, `SELECT ${CURRENT_COLUMNS} FROM current c WHERE ${where.join(' AND ')} ORDER BY c.entry_id LIMIT 2`).all(...params) as CurrentDbRow[];
  return rows.map(toRow);
}

/**
 * Every revision of `entryId` in project `projectId`, oldest first (DESIGN §3 invariant-5
 * order); bodies read from git with `readBlob`. Only the project's own files: a branch where
 * another project holds the same id never mixes the two (docs/decisions/0029). Errors: reader errors.
 */
export async function listRevisions(db: CacheDb, readBlob: (oid: string) => Promise<Buffer>, args: { entryId: string; projectId: string }): Promise<RevisionRow[]> {
  const rows = prepared(db, 'SELECT entry_id, project_id, entry_kind, file, sha256, blob_oid FROM revisions WHERE entry_id = ? AND project_id = ? ORDER BY revision, recorded_at, sha256').all(args.entryId, args.projectId) as RevisionDbRow[];
  return withBodies(rows, readBlob);
}

/** Files on the branch that failed to parse or validate. */
export function listProblems(db: CacheDb): { path: string; code: string; message: string }[] {
  return prepared(db, 'SELECT path, code, message FROM problems ORDER BY path').all() as { path: string; code: string; message: string }[];
}
