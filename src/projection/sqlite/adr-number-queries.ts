/**
 * Current entries by ADR number (docs/decisions/0052): `entry_adr_numbers` holds the number of
 * each entry whose label is `ADR-NNNN` (model/adr-label-query.ts `adrNumberOf`, written with the
 * current row by current.ts), indexed by number then project, so `brain show ADR-0030` and a
 * search for `adr 30` read one index range, never the entries' JSON.
 */
import { ADR_MATCHES_LIMIT } from '../../model/adr-label-query.js';
import type { CacheDb } from './open-cache.js';
import { CURRENT_COLUMNS, toRow, type CurrentDbRow, type CurrentRow } from './queries.js';

/**
 * The current entries numbered `adr_number`, in `projectId` or the `projects` given, of `kind`
 * when given, by entry id, at most {@link ADR_MATCHES_LIMIT}.
 */
export function adrNumberMatches(db: CacheDb, q: { adr_number: number; projectId?: string; projects?: readonly string[]; kind?: string }): CurrentRow[] {
  const where = ['a.adr_number = ?'];
  const params: (string | number)[] = [q.adr_number];
  if (q.projectId !== undefined) where.push('a.project_id = ?'), params.push(q.projectId);
  if (q.projects) where.push(`a.project_id IN (${q.projects.map(() => '?').join(', ') || 'NULL'})`), params.push(...q.projects);
  if (q.kind !== undefined) where.push('c.entry_kind = ?'), params.push(q.kind);
  const sql = `SELECT ${CURRENT_COLUMNS} FROM entry_adr_numbers a CROSS JOIN current c ON c.entry_id = a.entry_id WHERE ${where.join(' AND ')} ORDER BY a.entry_id LIMIT ?`;
  return (db.prepare(sql).all(...params, ADR_MATCHES_LIMIT) as CurrentDbRow[]).map(toRow);
}
