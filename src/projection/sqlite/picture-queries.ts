/**
 * Read queries of the dashboard's pictures (issue #22): the entries that record a link of the
 * graph, a window of decisions and plan revisions by their own date for the timeline, the
 * supersede links touching a set of entries, and the lookups that resolve references in entry
 * text (id prefixes, ADR numbers). Only the fields a picture draws are read: `json_extract`
 * picks them out of `current.json`, so no rationale is parsed. Every query is bounded by the
 * project's rows of a few kinds, an index, or a LIMIT.
 */
import type { CacheDb } from './open-cache.js';
import { UNKNOWN_DAY_AT } from '../../model/decision-origin.js';

/** What an entry records that the graph draws: JSON values as stored (absent: null). */
export interface LinkRow {
  entry_id: string;
  entry_kind: string;
  title: string;
  status: string;
  related: unknown;
  tasks: unknown;
  supersedes: unknown;
  depends_on: unknown;
  dependency_kind: unknown;
  supersedes_plan: unknown;
}

// One json_extract of every field drawn: each row's JSON (rationale and all) is parsed once, not once per field (issue 21: six
// single-path extracts were 11 µs a dependency, one multi-path extract 4). It answers a JSON array of the values, in this order.
const LINK_COLUMNS = `c.entry_id, c.entry_kind, c.title, c.status, json_extract(c.json, '$.related_entry_ids', '$.related_task_ids',
  '$.supersedes_entry_id', '$.payload.depends_on', '$.payload.dependency_kind', '$.payload.supersedes_plan_entry_id') AS fields`;

/**
 * The current entries of `projectId` that record a link: dependencies (open ones; all with
 * `includeResolved`), blockers (blocked; all with `includeResolved`), entries that supersede
 * another, plan revisions that name the plan they supersede (read through the partial index
 * `current_supersedes_plan`: only those plans). By entry_id, each once.
 */
export function linkRows(db: CacheDb, args: { projectId: string; includeResolved: boolean }): LinkRow[] {
  const open = (status: string) => (args.includeResolved ? '' : ` AND c.status = '${status}'`);
  const sql = `SELECT ${LINK_COLUMNS} FROM current c WHERE c.project_id = @p AND c.entry_kind = 'dependency'${open('open')}
    UNION ALL SELECT ${LINK_COLUMNS} FROM current c WHERE c.project_id = @p AND c.entry_kind = 'blocker'${open('blocked')}
    UNION ALL SELECT ${LINK_COLUMNS} FROM current c WHERE c.project_id = @p AND c.entry_id IN (SELECT l.entry_id FROM entry_links l WHERE l.relation = 'supersedes')
    UNION ALL SELECT ${LINK_COLUMNS} FROM current c INDEXED BY current_supersedes_plan WHERE c.entry_kind = 'plan_revision' AND json_extract(c.json, '$.payload.supersedes_plan_entry_id') IS NOT NULL AND c.project_id = @p
    ORDER BY 1`;
  const out: LinkRow[] = [];
  for (const r of db.prepare(sql).all({ p: args.projectId }) as { entry_id: string; entry_kind: string; title: string; status: string; fields: string }[]) {
    // An entry in two branches (a dependency that supersedes another) comes twice, side by side: the rows are the same.
    if (out[out.length - 1]?.entry_id === r.entry_id) continue;
    const [related, tasks, supersedes, depends_on, dependency_kind, supersedes_plan] = JSON.parse(r.fields) as unknown[];
    out.push({ entry_id: r.entry_id, entry_kind: r.entry_kind, title: r.title, status: r.status, related, tasks, supersedes, depends_on, dependency_kind, supersedes_plan });
  }
  return out;
}

/** A decision or plan revision placed on the timeline. `date` is an ISO 8601 instant. */
export interface DatedRow {
  entry_id: string;
  entry_kind: string;
  title: string;
  status: string;
  date: string;
  /** 1 when `date` is the decision's own day (`payload.decision_date`), 0 when it is the current revision's recorded_at. */
  own_date: number;
}

// `current.ordered_at` is a decision's own day at 00:00 UTC when its payload records one (model/decision-origin.ts
// `orderedAt`), else its recorded_at — which the ADR importer may set to that same day, so the payload says which it is
// (read last: only for a decision whose ordered_at is a midnight, so no other row's JSON is parsed).
const OWN_DAY = "c.entry_kind = 'decision' AND c.ordered_at GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]-[0-3][0-9]T00:00:00.000Z' AND json_type(c.json, '$.payload.decision_date') = 'text'";

/**
 * Up to `limit` current entries of `kinds` (decision, plan_revision) of `projectId`, newest
 * first by their date — `current.ordered_at`: a decision's own day, else the current revision's
 * recorded_at, as the brief orders them (docs/decisions/0034) — then by entry_id, strictly after
 * the keyset `after` (the last row of the previous window). A decision whose day is unknown
 * (`UNKNOWN_DAY_AT`) has no place on a time axis and is left out: the board and the timeline's
 * events list it by its recorded day. No revision is read. Each kind is
 * one range of the `current_ordered` index read in this order up to `limit` rows, and the
 * kinds' pages are merged: a window costs its rows, not the project's (issue 21: one pass
 * over every decision and plan revision, sorted, was 10 ms at 2 300 of them).
 */
export function datedRows(db: CacheDb, args: { projectId: string; kinds: readonly string[]; limit: number; after?: { date: string; entry_id: string } }): DatedRow[] {
  const keyset = args.after ? 'AND (c.ordered_at < @afterDate OR (c.ordered_at = @afterDate AND c.entry_id > @afterId))' : '';
  const stmt = db.prepare(`SELECT c.entry_id, c.entry_kind, c.title, c.status, (${OWN_DAY}) AS own_date, c.ordered_at AS date
    FROM current c WHERE c.project_id = @p AND c.entry_kind = @kind AND c.ordered_at <> '${UNKNOWN_DAY_AT}' ${keyset} ORDER BY c.ordered_at DESC, c.entry_id LIMIT @limit`);
  const params = { p: args.projectId, limit: args.limit, ...(args.after ? { afterDate: args.after.date, afterId: args.after.entry_id } : {}) };
  const rows = [...new Set(args.kinds)].flatMap((kind) => stmt.all({ ...params, kind }) as DatedRow[]);
  // SQLite's text order is by bytes; ids and ISO dates are ASCII, where JavaScript's < agrees.
  rows.sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.entry_id < b.entry_id ? -1 : a.entry_id > b.entry_id ? 1 : 0));
  return rows.slice(0, args.limit);
}

/** A plan revision's `payload.supersedes_plan_entry_id`, as the `current_supersedes_plan` index holds it. */
const PLAN_TARGET = "json_extract(c.json, '$.payload.supersedes_plan_entry_id')";

/**
 * Supersede links of `projectId` with either end among `ids`: `supersedes_entry_id`, and a plan
 * revision's `payload.supersedes_plan_entry_id`. `successor` supersedes `superseded`. Each end
 * is looked up by an index (`entry_links` and its target index; `current`'s primary key and the
 * partial `current_supersedes_plan` index), so the cost follows `ids`, not the project.
 */
export function supersedeRows(db: CacheDb, args: { projectId: string; ids: readonly string[] }): { successor: string; superseded: string }[] {
  if (args.ids.length === 0) return [];
  const sql = `WITH ids(id) AS (SELECT value FROM json_each(@ids)),
    links(successor, superseded) AS (
      SELECT l.entry_id, l.target_id FROM entry_links l WHERE l.relation = 'supersedes' AND l.entry_id IN ids
      UNION SELECT l.entry_id, l.target_id FROM entry_links l WHERE l.relation = 'supersedes' AND l.target_id IN ids
      UNION SELECT c.entry_id, ${PLAN_TARGET} FROM current c WHERE c.entry_kind = 'plan_revision' AND c.entry_id IN ids
      UNION SELECT c.entry_id, ${PLAN_TARGET} FROM current c WHERE c.entry_kind = 'plan_revision' AND ${PLAN_TARGET} IN ids)
    SELECT DISTINCT successor, superseded FROM links k CROSS JOIN current s ON s.entry_id = k.successor AND s.project_id = @p
    WHERE typeof(superseded) = 'text' ORDER BY 1, 2`;
  return db.prepare(sql).all({ p: args.projectId, ids: JSON.stringify([...new Set(args.ids)]) }) as { successor: string; superseded: string }[];
}

/** Up to 2 current entries of `projectId` whose id is `prefix` or starts with it (2: the prefix is ambiguous). */
export function idPrefixRows(db: CacheDb, args: { projectId: string; prefix: string }): { entry_id: string; title: string; entry_kind: string; status: string }[] {
  const exact = db.prepare('SELECT entry_id, title, entry_kind, status FROM current WHERE entry_id = ? AND project_id = ?').all(args.prefix, args.projectId) as { entry_id: string; title: string; entry_kind: string; status: string }[];
  if (exact.length > 0) return exact;
  const escaped = args.prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  return db.prepare("SELECT entry_id, title, entry_kind, status FROM current WHERE project_id = ? AND entry_id LIKE ? ESCAPE '\\' ORDER BY entry_id LIMIT 2").all(args.projectId, `${escaped}%`) as { entry_id: string; title: string; entry_kind: string; status: string }[];
}

/**
 * Imported ADRs of `projectId` whose label (`ADR-0006`: the locator of a `file` citation, as
 * the ADR importer records it; model/adr-label.ts) is among `labels`.
 */
export function adrRows(db: CacheDb, args: { projectId: string; labels: readonly string[] }): { entry_id: string; title: string; status: string; label: string }[] {
  if (args.labels.length === 0) return [];
  const sql = `SELECT c.entry_id, c.title, c.status, j.value ->> '$.locator' AS label
    FROM current c, json_each(c.json, '$.citations') j
    WHERE c.project_id = @p AND c.entry_kind = 'decision' AND j.value ->> '$.source_kind' = 'file'
      AND j.value ->> '$.locator' IN (SELECT value FROM json_each(@labels)) ORDER BY c.entry_id`;
  return db.prepare(sql).all({ p: args.projectId, labels: JSON.stringify([...new Set(args.labels)]) }) as { entry_id: string; title: string; status: string; label: string }[];
}

/** The `citations` JSON text (null when absent) of the current entries of `projectId` among `ids`. */
export function citationRows(db: CacheDb, args: { projectId: string; ids: readonly string[] }): { entry_id: string; citations: string | null }[] {
  if (args.ids.length === 0) return [];
  const sql = `SELECT entry_id, json_extract(json, '$.citations') AS citations FROM current
    WHERE project_id = @p AND entry_id IN (SELECT value FROM json_each(@ids))`;
  return db.prepare(sql).all({ p: args.projectId, ids: JSON.stringify([...new Set(args.ids)]) }) as { entry_id: string; citations: string | null }[];
}

/** The entries of project `projectId` whose links name `entryId`, with their facts, by relation then entry_id (sqlite-pictures.ts `linksInto`). */
export function linkIntoRows(db: CacheDb, args: { projectId: string; entryId: string }): { entry_id: string; title: string; entry_kind: string; status: string; relation: string }[] {
  return db.prepare(`SELECT c.entry_id, c.title, c.entry_kind, c.status, l.relation FROM entry_links l JOIN current c ON c.entry_id = l.entry_id AND c.project_id = ?
    WHERE l.target_id = ? ORDER BY l.relation, c.entry_id`).all(args.projectId, args.entryId) as { entry_id: string; title: string; entry_kind: string; status: string; relation: string }[];
}
