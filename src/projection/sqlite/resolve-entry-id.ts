/**
 * Entry ids as people type them: a unique prefix within a project, like git's short hashes, with
 * a `not_found` that says where the id is when it is not there — another project, or an entry
 * none of whose revisions is valid (unreadable-entry.ts, docs/decisions/0060).
 */
import { BrainError } from '../../model/errors.js';
import type { CacheDb } from './open-cache.js';
import { unreadableEntryError } from './unreadable-entry.js';

/**
 * The one entry (any project) whose id is or starts with `prefix`, or null when none or several:
 * ids are unique per brain, so a miss in one project may be a hit in another. One range scan on
 * the primary key, run only on the not-found path.
 */
function otherProjectOf(db: CacheDb, prefix: string): { entry_id: string; project_id: string } | null {
  const rows = db
    .prepare('SELECT entry_id, project_id FROM current WHERE entry_id >= ? AND entry_id < ? ORDER BY entry_id LIMIT 2')
    .all(prefix, `${prefix}\uffff`) as { entry_id: string; project_id: string }[];
  return rows.length === 1 && rows[0] ? rows[0] : null;
}

/**
 * Resolves a unique id prefix (like git short hashes) within `projectId` to a full entry id.
 * Errors: `not_found` (its hint names the project holding the id, if another one does;
 * `data.in_project`; or the invalid files of an entry none of whose revisions is valid,
 * unreadable-entry.ts), `ambiguous_id` (lists the candidates).
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
    const elsewhere = otherProjectOf(db, prefix);
    if (!elsewhere) {
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
