/**
 * Counts kept with the projection (issue 21: `/api/health` recounted the brain on every
 * request, 165 ms at 500 000 revisions). A count changes only when the projection moves, so it
 * is moved with it, in the apply transaction: `kind_counts` holds the current entries per
 * (project, kind, status), `revision_counts` the revisions per project, both maintained by
 * triggers on `current` and `revisions` (every insert and delete, whoever makes it) and filled
 * in one GROUP BY by a full rebuild, which drops the triggers while it bulk-inserts. Forked
 * entries are read through a partial index (`current_forked`), i.e. in O(forked).
 *
 * Like every data table, both are a function of the tree: `verify --cache` and the
 * `incremental == full rebuild` property compare them row for row. A count that drops to 0 is
 * deleted, as a GROUP BY would not produce it.
 */
import type { CacheDb } from './open-cache.js';
import { prepared } from './prepared.js';

/** The count tables (created with the schema). */
export const COUNT_TABLES_SQL = `
CREATE TABLE IF NOT EXISTS kind_counts (project_id TEXT NOT NULL, entry_kind TEXT NOT NULL, status TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (project_id, entry_kind, status)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS revision_counts (project_id TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
`;

const KEY = 'project_id = old.project_id AND entry_kind = old.entry_kind AND status = old.status';
const ADD_KIND = `INSERT INTO kind_counts (project_id, entry_kind, status, n) VALUES (new.project_id, new.entry_kind, new.status, 1)
    ON CONFLICT (project_id, entry_kind, status) DO UPDATE SET n = n + 1;`;
const DROP_KIND = `UPDATE kind_counts SET n = n - 1 WHERE ${KEY};
  DELETE FROM kind_counts WHERE ${KEY} AND n = 0;`;
const ADD_REVISION = `INSERT INTO revision_counts (project_id, n) VALUES (new.project_id, 1) ON CONFLICT (project_id) DO UPDATE SET n = n + 1;`;
const DROP_REVISION = `UPDATE revision_counts SET n = n - 1 WHERE project_id = old.project_id;
  DELETE FROM revision_counts WHERE project_id = old.project_id AND n = 0;`;

/** The triggers that keep the count tables equal to `current` and `revisions`. */
export const COUNT_TRIGGERS_SQL = `
CREATE TRIGGER IF NOT EXISTS kind_counts_ai AFTER INSERT ON current BEGIN
  ${ADD_KIND}
END;
CREATE TRIGGER IF NOT EXISTS kind_counts_ad AFTER DELETE ON current BEGIN
  ${DROP_KIND}
END;
CREATE TRIGGER IF NOT EXISTS kind_counts_au AFTER UPDATE OF project_id, entry_kind, status ON current BEGIN
  ${DROP_KIND}
  ${ADD_KIND}
END;
CREATE TRIGGER IF NOT EXISTS revision_counts_ai AFTER INSERT ON revisions BEGIN
  ${ADD_REVISION}
END;
CREATE TRIGGER IF NOT EXISTS revision_counts_ad AFTER DELETE ON revisions BEGIN
  ${DROP_REVISION}
END;
CREATE TRIGGER IF NOT EXISTS revision_counts_au AFTER UPDATE OF project_id ON revisions BEGIN
  ${DROP_REVISION}
  ${ADD_REVISION}
END;
`;

/**
 * Fills the (empty) count tables from `current` and `revisions` in one pass each: the full
 * rebuild's way, with the triggers dropped (call inside its transaction). Errors: SQLite errors.
 */
export function fillCounts(db: CacheDb): void {
  db.exec(`INSERT INTO kind_counts (project_id, entry_kind, status, n) SELECT project_id, entry_kind, status, COUNT(*) FROM current GROUP BY project_id, entry_kind, status;
INSERT INTO revision_counts (project_id, n) SELECT project_id, COUNT(*) FROM revisions GROUP BY project_id;`);
}

/** Current entries per kind and status of `projectId` (no row for a count of 0). */
export function kindStatusCounts(db: CacheDb, projectId: string): { entry_kind: string; status: string; n: number }[] {
  return prepared(db, 'SELECT entry_kind, status, n FROM kind_counts WHERE project_id = ? ORDER BY entry_kind, status').all(projectId) as { entry_kind: string; status: string; n: number }[];
}

/** Current entries per project and kind, every project with at least one (sorted by project, kind). */
export function projectKindCounts(db: CacheDb): { project_id: string; entry_kind: string; n: number }[] {
  return prepared(db, 'SELECT project_id, entry_kind, SUM(n) AS n FROM kind_counts GROUP BY project_id, entry_kind ORDER BY project_id, entry_kind').all() as { project_id: string; entry_kind: string; n: number }[];
}

/**
 * `brain status`'s counts of `projectId`: current entries (total and per kind and status),
 * revisions, and the forked entries' ids (sorted). Reads the count tables and the forked
 * index only: its cost does not grow with the brain. Errors: SQLite errors.
 */
export function countProject(db: CacheDb, projectId: string): { entries: number; revisions: number; by_kind: Record<string, Record<string, number>>; forked: string[] } {
  const by_kind: Record<string, Record<string, number>> = {};
  let entries = 0;
  for (const r of kindStatusCounts(db, projectId)) {
    (by_kind[r.entry_kind] ??= {})[r.status] = r.n;
    entries += r.n;
  }
  const revisions = (prepared(db, 'SELECT n FROM revision_counts WHERE project_id = ?').get(projectId) as { n: number } | undefined)?.n ?? 0;
  const forked = (prepared(db, 'SELECT entry_id FROM current WHERE project_id = ? AND forked = 1 ORDER BY entry_id').all(projectId) as { entry_id: string }[]).map((r) => r.entry_id);
  return { entries, revisions, by_kind, forked };
}
