/**
 * Which entries supersede an entry (DESIGN §2): those whose `supersedes_entry_id` names it (the
 * `supersedes` link, indexed by target) and plan revisions whose payload
 * `supersedes_plan_entry_id` names it (the project's plan revisions, by the kind index). Asked
 * only when a write would mark an entry superseded (model/lifecycle.ts).
 */
import type { CacheDb } from './open-cache.js';

/** Ids of the current entries of `projectId` that supersede `entryId`, sorted; [] when none. */
export function successorsOf(db: CacheDb, projectId: string, entryId: string): string[] {
  const rows = db
    .prepare(
      `SELECT c.entry_id FROM entry_links l CROSS JOIN current c ON c.entry_id = l.entry_id
         WHERE l.target_id = @id AND l.relation = 'supersedes' AND c.project_id = @p
       UNION SELECT entry_id FROM current
         WHERE project_id = @p AND entry_kind = 'plan_revision' AND json_extract(json, '$.payload.supersedes_plan_entry_id') = @id
       ORDER BY 1`,
    )
    .all({ id: entryId, p: projectId }) as { entry_id: string }[];
  return rows.map((r) => r.entry_id);
}
