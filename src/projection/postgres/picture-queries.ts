/**
 * The picture reads (../picture-reader.ts; issue #22) of one project of one repository of the
 * PostgreSQL projection — the queries of ../sqlite/picture-queries.ts over the `proj_` tables:
 * link records, the dated window (by `proj_current.ordered_at`, a decision's own day, else
 * recorded_at; a decision of unknown day left out), supersede links, links into an entry, the
 * timeline's changes, facts, id prefixes and ADR labels. JSON fields are read from
 * `proj_current.json` only for the rows a query keeps; every order is a byte order.
 */
import type pg from 'pg';
import { UNKNOWN_DAY_AT } from '../../model/decision-origin.js';
import { projectedOid } from './apply.js';
import { toAdrLabels, toLinkRecord, type ChangeKey, type EntryFacts, type PictureReader, type RawLinkRecord } from '../picture-reader.js';

const FACTS = 'c.entry_id, c.title, c.entry_kind, c.status';
const DAY_MIDNIGHT = "'^[0-9]{4}-[01][0-9]-[0-3][0-9]T00:00:00\\.000Z$'";
// A JSON value other than null (a JSON null reads as absent, as SQLite's json_extract gives NULL).
const present = (path: string) => `jsonb_typeof(c.json::jsonb #> '${path}') <> 'null'`;

/** One object per (pool, schema, repository): the scope of a reader's `version` (its projected oid moves with the rows). */
const scopes = new WeakMap<pg.Pool, Map<string, object>>();
function scopeOf(db: pg.Pool, s: string, repo: string): object {
  const byRepo = scopes.get(db) ?? scopes.set(db, new Map()).get(db) as Map<string, object>;
  const key = `${s}\0${repo}`;
  return byRepo.get(key) ?? byRepo.set(key, {}).get(key) as object;
}

/**
 * The reader of `projectId` in `repo` (schema `s`, already quoted), reading through `db`.
 * Callers check the repository and project are in the caller's scope. Errors: PostgreSQL errors.
 */
export function postgresPictures(db: pg.Pool, s: string, args: { repo: string; projectId: string }): PictureReader {
  const { repo, projectId } = args;
  const query = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []) => (await db.query<R>(sql, [repo, projectId, ...values])).rows;
  return {
    projectId,
    async version() {
      const oid = await projectedOid(db, s, repo);
      return oid ? { scope: scopeOf(db, s, repo), version: oid } : null;
    },
    async linkRecords({ includeResolved }) {
      const open = (status: string) => (includeResolved ? '' : ` AND c.status = '${status}'`);
      const rows = await query<RawLinkRecord>(`SELECT ${FACTS}, c.json::jsonb -> 'related_entry_ids' AS related, c.json::jsonb -> 'related_task_ids' AS tasks,
          c.json::jsonb -> 'supersedes_entry_id' AS supersedes, c.json::jsonb #> '{payload,depends_on}' AS depends_on,
          c.json::jsonb #> '{payload,dependency_kind}' AS dependency_kind, c.json::jsonb #> '{payload,supersedes_plan_entry_id}' AS supersedes_plan
        FROM ${s}.proj_current c WHERE c.repo = $1 AND c.project_id = $2 AND (
          (c.entry_kind = 'dependency'${open('open')}) OR (c.entry_kind = 'blocker'${open('blocked')})
          OR EXISTS (SELECT 1 FROM ${s}.proj_links l WHERE l.repo = c.repo AND l.entry_id = c.entry_id AND l.relation = 'supersedes')
          OR (c.entry_kind = 'plan_revision' AND ${present('{payload,supersedes_plan_entry_id}')}))
        ORDER BY c.entry_id`);
      return rows.map(toLinkRecord);
    },
    async facts(ids) {
      if (ids.length === 0) return new Map();
      const rows = await query<EntryFacts>(`SELECT ${FACTS} FROM ${s}.proj_current c WHERE c.repo = $1 AND c.project_id = $2 AND c.entry_id = ANY($3::text[])`, [[...new Set(ids)]]);
      return new Map(rows.map((r) => [r.entry_id, r]));
    },
    async dated({ kinds, limit, after }) {
      const keyset = after ? ' AND (c.ordered_at < $5 OR (c.ordered_at = $5 AND c.entry_id > $6))' : '';
      return query(`SELECT ${FACTS}, c.ordered_at AS date,
          CASE WHEN c.entry_kind = 'decision' AND c.ordered_at ~ ${DAY_MIDNIGHT} THEN jsonb_typeof(c.json::jsonb #> '{payload,decision_date}') = 'string' ELSE false END AS own_date
        FROM ${s}.proj_current c WHERE c.repo = $1 AND c.project_id = $2 AND c.entry_kind = ANY($3::text[]) AND c.ordered_at <> '${UNKNOWN_DAY_AT}'${keyset}
        ORDER BY c.ordered_at DESC, c.entry_id LIMIT $4`, [[...kinds], limit, ...(after ? [after.date, after.entry_id] : [])]);
    },
    async supersedeLinks(ids) {
      if (ids.length === 0) return [];
      return query(`WITH links(successor, superseded) AS (
          SELECT l.entry_id, to_jsonb(l.target_id) FROM ${s}.proj_links l WHERE l.repo = $1 AND l.relation = 'supersedes' AND (l.entry_id = ANY($3::text[]) OR l.target_id = ANY($3::text[]))
          UNION SELECT c.entry_id, c.json::jsonb #> '{payload,supersedes_plan_entry_id}' FROM ${s}.proj_current c
            WHERE c.repo = $1 AND c.project_id = $2 AND c.entry_kind = 'plan_revision' AND ${present('{payload,supersedes_plan_entry_id}')})
        SELECT DISTINCT l.successor, (l.superseded #>> '{}') COLLATE "C" AS superseded FROM links l JOIN ${s}.proj_current cur ON cur.repo = $1 AND cur.entry_id = l.successor AND cur.project_id = $2
        WHERE jsonb_typeof(l.superseded) = 'string' AND (l.successor = ANY($3::text[]) OR (l.superseded #>> '{}') = ANY($3::text[])) ORDER BY 1, 2`, [[...new Set(ids)]]);
    },
    async changes({ kind, limit, after }) {
      // $4 kind, $5 and $6 the keyset (null: none; the driver's one-off plans fold them away).
      const path = `('projects/' || r.project_id || '/' || r.entry_kind || '/' || substr(r.entry_id, strpos(r.entry_id, '-') + 1, 2) || '/' || r.entry_id || '/' || r.file) COLLATE "C"`;
      const rows = await query<ChangeKey & { entry_kind: string }>(`SELECT * FROM (SELECT r.entry_id, r.recorded_at, ${path} AS path, r.blob_oid, r.entry_kind, r.revision, r.status,
          (SELECT p.status FROM ${s}.proj_revisions p WHERE p.repo = r.repo AND p.entry_id = r.entry_id AND p.project_id = r.project_id AND p.revision < r.revision
            ORDER BY p.revision DESC, p.recorded_at DESC, p.sha256 DESC LIMIT 1) AS previous_status
        FROM ${s}.proj_revisions r WHERE r.repo = $1 AND r.project_id = $2 AND ($4::text IS NULL OR r.entry_kind = $4)
          AND ($5::text IS NULL OR (r.recorded_at <= $5 AND (r.recorded_at < $5 OR ${path} > $6)))) r
        WHERE r.entry_kind IN ('decision', 'plan_revision') OR r.revision = 1 OR r.previous_status IS NULL OR r.previous_status <> r.status
        ORDER BY r.recorded_at DESC, r.path LIMIT $3`, [limit, kind ?? null, after?.recorded_at ?? null, after?.path ?? null]);
      return rows.map((r) => ({ entry_id: r.entry_id, recorded_at: r.recorded_at, path: r.path, blob_oid: r.blob_oid, previous_status: r.previous_status }));
    },
    async linksInto(entryId) {
      return query<EntryFacts & { relation: string }>(`SELECT ${FACTS}, l.relation FROM ${s}.proj_links l JOIN ${s}.proj_current c ON c.repo = l.repo AND c.entry_id = l.entry_id AND c.project_id = $2
        WHERE l.repo = $1 AND l.target_id = $3 ORDER BY l.relation, c.entry_id`, [entryId]);
    },
    async idMatches(prefix) {
      const exact = await query<EntryFacts>(`SELECT ${FACTS} FROM ${s}.proj_current c WHERE c.repo = $1 AND c.project_id = $2 AND c.entry_id = $3`, [prefix]);
      if (exact.length > 0) return exact;
      return query<EntryFacts>(`SELECT ${FACTS} FROM ${s}.proj_current c WHERE c.repo = $1 AND c.project_id = $2 AND starts_with(c.entry_id, $3) ORDER BY c.entry_id LIMIT 2`, [prefix]);
    },
    async adrs(labels) {
      if (labels.length === 0) return [];
      return query(`SELECT ${FACTS}, (j.value ->> 'locator') COLLATE "C" AS label
        FROM ${s}.proj_current c, jsonb_array_elements(CASE WHEN jsonb_typeof(c.json::jsonb -> 'citations') = 'array' THEN c.json::jsonb -> 'citations' ELSE '[]'::jsonb END) j(value)
        WHERE c.repo = $1 AND c.project_id = $2 AND c.entry_kind = 'decision' AND jsonb_typeof(j.value) = 'object' AND j.value ->> 'source_kind' = 'file'
          AND (j.value ->> 'locator') = ANY($3::text[]) ORDER BY c.entry_id`, [[...new Set(labels)]]);
    },
    async adrLabels(ids) {
      if (ids.length === 0) return new Map();
      const rows = await query<{ entry_id: string; citations: unknown }>(`SELECT c.entry_id, c.json::jsonb -> 'citations' AS citations FROM ${s}.proj_current c
        WHERE c.repo = $1 AND c.project_id = $2 AND c.entry_id = ANY($3::text[])`, [[...new Set(ids)]]);
      return toAdrLabels(rows);
    },
  };
}
