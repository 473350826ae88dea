/**
 * Entry ids as people type them: a unique prefix within a project, like git's short hashes, with
 * a `not_found` that says where the id is when it is not there — another project, or an entry
 * none of whose revisions is valid (unreadable-entry.ts, docs/decisions/0060).
 */
import { BrainError } from '../../model/errors.js';
import type { CacheDb } from './open-cache.js';
import { unreadableEntryError } from './unreadable-entry.js';
import { prepared } from './prepared.js';

/**
 * The one entry (any project) whose id is or starts with `prefix`, or null when none or several:
 * ids are unique per brain, so a miss in one project may be a hit in another. One range scan on
 * the primary key, run only on the not-found path.
 */
function otherProjectOf(db: CacheDb, prefix: string): { entry_id: string; project_id: string } | null {
  const rows = prepared(db, 'SELECT entry_id, project_id FROM current WHERE entry_id >= ? AND entry_id < ? ORDER BY entry_id LIMIT 2')
    .all(prefix, `${prefix}\uffff`) as { entry_id: string; project_id: string }[];
  return rows.length === 1 && rows[0] ? rows[0] : null;
}

/**
 * The not-found error of a candidate id given where an entry id goes (`brain show cand-…`,
 * brain_get of the id brain_propose answered): what became of the candidate — the entry an
 * approval wrote, or where a pending or rejected one is read — instead of "no entry" and a hint
 * to list entries (newcomer round fourteen, docs/decisions/0103). Null when no one candidate of
 * the project has that id or prefix.
 */
function candidateNotEntry(db: CacheDb, projectId: string, prefix: string): BrainError | null {
  if (!prefix.startsWith('cand-')) return null;
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = prepared(db, "SELECT candidate_id, status, json FROM candidates WHERE project_id = ? AND candidate_id LIKE ? ESCAPE '\\' ORDER BY candidate_id LIMIT 2")
    .all(projectId, `${escaped}%`) as { candidate_id: string; status: string; json: string }[];
  const row = rows.length === 1 ? rows[0] : rows.find((r) => r.candidate_id === prefix);
  if (!row) return null;
  const decision = (JSON.parse(row.json) as { decision?: { action?: string; entry_id?: string | null } }).decision;
  const entryId = row.status === 'approved' && typeof decision?.entry_id === 'string' ? decision.entry_id : null;
  const id = row.candidate_id;
  const what = entryId ? `approved: ${decision?.action === 'accept' ? 'it wrote' : `its approval (${decision?.action ?? 'accept'}) wrote`} ${entryId}` : row.status;
  return new BrainError('not_found', `no entry ${prefix} in project ${projectId}: ${id} is a candidate (${what})`, {
    hint: entryId ? `read the entry: brain show ${entryId}; the candidate: brain candidates ${id}` : `a candidate is read with brain candidates ${id}${row.status === 'pending' ? '; it becomes an entry when a person approves it (brain approve)' : ''}`,
    data: { entry_id: prefix, project_id: projectId, candidate_id: id, candidate_status: row.status, ...(entryId ? { written_entry_id: entryId } : {}) },
  });
}

/**
 * Resolves a unique id prefix (like git short hashes) within `projectId` to a full entry id.
 * Errors: `not_found` (its hint names the project holding the id, if another one does;
 * `data.in_project`; or the invalid files of an entry none of whose revisions is valid,
 * unreadable-entry.ts), `ambiguous_id` (lists the candidates).
 */
export function resolveEntryId(db: CacheDb, projectId: string, prefix: string): string {
  const exact = prepared(db, 'SELECT entry_id FROM current WHERE entry_id = ? AND project_id = ?').get(prefix, projectId) as { entry_id: string } | undefined;
  if (exact) return exact.entry_id;
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = prepared(db, "SELECT entry_id FROM current WHERE project_id = ? AND entry_id LIKE ? ESCAPE '\\' ORDER BY entry_id LIMIT 11")
    .all(projectId, `${escaped}%`) as { entry_id: string }[];
  if (rows.length === 1 && rows[0]) return rows[0].entry_id;
  if (rows.length === 0) {
    const elsewhere = otherProjectOf(db, prefix);
    if (!elsewhere) {
      const candidate = candidateNotEntry(db, projectId, prefix);
      if (candidate) throw candidate;
      const unreadable = unreadableEntryError(db, projectId, prefix);
      if (unreadable) throw unreadable;
    }
    throw new BrainError('not_found', `no entry ${prefix} in project ${projectId}`, {
      hint: elsewhere
        ? `it is in project ${elsewhere.project_id}: brain --project ${elsewhere.project_id} show ${elsewhere.entry_id}`
        : 'list entries with `brain list`; pass --project if it lives in another project',
      data: { entry_id: prefix, project_id: projectId, ...(elsewhere ? { in_project: elsewhere.project_id, full_entry_id: elsewhere.entry_id } : {}) },
    });
  }
  throw new BrainError('ambiguous_id', `${prefix} matches several entries: ${rows.slice(0, 10).map((r) => r.entry_id).join(', ')}`, {
    hint: 'give more characters of the id',
    data: { candidates: rows.map((r) => r.entry_id) },
  });
}
