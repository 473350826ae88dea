/**
 * Read queries the dashboard needs beyond {@link listCurrent} and its counts (DESIGN §6, issue
 * #8 part 2): an entry's links in both directions, short facts about a set of ids, a page of
 * the timeline and the dependency rows.
 * Every query is bounded by an index or a LIMIT, so pages stay fast at 20 000 entries.
 */
import type { Entry } from '../../model/entry.js';
import type { ChangeCursor, ChangeKey } from '../picture-reader.js';
import type { CacheDb } from './open-cache.js';
import { revisionPath } from './schema.js';

/** An entry's links: `outgoing` (this entry → target) and `incoming` (source → this entry); relation is `related`, `supersedes` or `depends_on`. */
export function entryLinks(db: CacheDb, entryId: string): { outgoing: { target_id: string; relation: string }[]; incoming: { entry_id: string; relation: string }[] } {
  const outgoing = db.prepare('SELECT target_id, relation FROM entry_links WHERE entry_id = ? ORDER BY relation, target_id').all(entryId) as { target_id: string; relation: string }[];
  const incoming = db.prepare('SELECT entry_id, relation FROM entry_links WHERE target_id = ? ORDER BY relation, entry_id').all(entryId) as { entry_id: string; relation: string }[];
  return { outgoing, incoming };
}

/** Title, kind, status and project of each current entry among `ids` (missing ids are absent from the map). */
export function entryFacts(db: CacheDb, ids: readonly string[]): Map<string, { entry_id: string; title: string; entry_kind: string; status: string; project_id: string }> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare('SELECT entry_id, title, entry_kind, status, project_id FROM current WHERE entry_id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify([...new Set(ids)])) as { entry_id: string; title: string; entry_kind: string; status: string; project_id: string }[];
  return new Map(rows.map((r) => [r.entry_id, r]));
}

/** The revision file path of a `revisions r` row, as SQL (`projects/<p>/<kind>/<fan>/<entry_id>/<file>`, layout.ts). */
const PATH_SQL = "'projects/' || r.project_id || '/' || r.entry_kind || '/' || substr(r.entry_id, instr(r.entry_id, '-') + 1, 2) || '/' || r.entry_id || '/' || r.file";

/** The timeline's changes of a project (../picture-reader.ts `changes`: the rule, the order, the keyset). */
export function changeRows(db: CacheDb, args: { projectId: string; kind?: string | undefined; limit: number; after?: ChangeCursor | undefined }): ChangeKey[] {
  const where = ['r.project_id = @projectId'];
  if (args.kind) where.push('r.entry_kind = @kind');
  if (args.after) where.push(`r.recorded_at <= @afterAt AND (r.recorded_at < @afterAt OR ${PATH_SQL} > @afterPath)`);
  const sql = `SELECT r.entry_id, r.project_id, r.entry_kind, r.file, r.recorded_at, r.blob_oid,
      (SELECT p.status FROM revisions p WHERE p.entry_id = r.entry_id AND p.project_id = r.project_id AND p.revision < r.revision ORDER BY p.revision DESC, p.recorded_at DESC, p.sha256 DESC LIMIT 1) AS previous_status
    FROM revisions r
    WHERE ${where.join(' AND ')}
      AND (r.entry_kind IN ('decision', 'plan_revision') OR r.revision = 1 OR previous_status IS NULL OR previous_status <> r.status)
    ORDER BY r.recorded_at DESC, ${PATH_SQL} LIMIT @limit`;
  const params: Record<string, unknown> = { projectId: args.projectId, limit: args.limit };
  if (args.kind) params.kind = args.kind;
  if (args.after) Object.assign(params, { afterAt: args.after.recorded_at, afterPath: args.after.path });
  const rows = db.prepare(sql).all(params) as { entry_id: string; project_id: string; entry_kind: string; file: string; recorded_at: string; blob_oid: Buffer; previous_status: string | null }[];
  return rows.map((r) => ({ entry_id: r.entry_id, recorded_at: r.recorded_at, path: revisionPath(r), blob_oid: r.blob_oid.toString('hex'), previous_status: r.previous_status }));
}

/** Current dependency entries (open only unless `includeResolved`) and active blockers of a project, by entry_id. */
export function dependencyEntries(db: CacheDb, args: { projectId: string; includeResolved: boolean }): { dependencies: Entry[]; blockers: Entry[] } {
  const status = args.includeResolved ? '' : " AND status = 'open'";
  const parse = (rows: unknown[]) => (rows as { json: string }[]).map((r) => JSON.parse(r.json) as Entry);
  return {
    dependencies: parse(db.prepare(`SELECT json FROM current WHERE project_id = ? AND entry_kind = 'dependency'${status} ORDER BY entry_id`).all(args.projectId)),
    blockers: parse(db.prepare("SELECT json FROM current WHERE project_id = ? AND entry_kind = 'blocker' AND status = 'blocked' ORDER BY entry_id").all(args.projectId)),
  };
}
