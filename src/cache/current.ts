/**
 * Maintains the `current` table and its side tables for one entry (DESIGN §4: the latest
 * revision per entry, maintained on apply). The current revision is the last in DESIGN §3
 * invariant-5 order (revision, recorded_at, sha256); an entry whose top revision number is
 * held by two files is `forked`.
 */
import type { Entry } from '../model/entry.js';
import type { CacheDb } from './open-cache.js';

interface RevisionRow {
  path: string;
  project_id: string;
  entry_kind: string;
  revision: number;
  status: string;
  title: string;
  author: string;
  recorded_at: string;
  sha256: string;
  json: string;
}

/** Recomputes `current`, tags, tasks, paths and links of `entryId` from `revisions`. */
export function recomputeCurrent(db: CacheDb, entryId: string): void {
  for (const table of ['current', 'entry_tags', 'entry_tasks', 'entry_paths', 'entry_links']) {
    db.prepare(`DELETE FROM ${table} WHERE entry_id = ?`).run(entryId);
  }
  const rows = db
    .prepare('SELECT * FROM revisions WHERE entry_id = ? ORDER BY revision DESC, recorded_at DESC, sha256 DESC')
    .all(entryId) as RevisionRow[];
  const top = rows[0];
  if (!top) return;
  const forked = rows.filter((r) => r.revision === top.revision).length > 1 ? 1 : 0;
  db.prepare(
    `INSERT INTO current (entry_id, project_id, entry_kind, status, title, author, revision, revision_count, forked, recorded_at, sha256, path, json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(entryId, top.project_id, top.entry_kind, top.status, top.title, top.author, top.revision, rows.length, forked, top.recorded_at, top.sha256, top.path, top.json);
  const entry = JSON.parse(top.json) as Entry;
  const insert = (table: string, column: string, values: readonly string[]) => {
    const stmt = db.prepare(`INSERT OR IGNORE INTO ${table} (entry_id, ${column}) VALUES (?, ?)`);
    for (const value of values) stmt.run(entryId, value);
  };
  insert('entry_tags', 'tag', entry.tags);
  insert('entry_tasks', 'task_id', entry.related_task_ids);
  insert('entry_paths', 'path', entry.paths);
  const link = db.prepare('INSERT OR IGNORE INTO entry_links (entry_id, target_id, relation) VALUES (?, ?, ?)');
  for (const target of entry.related_entry_ids) link.run(entryId, target, 'related');
  if (entry.supersedes_entry_id) link.run(entryId, entry.supersedes_entry_id, 'supersedes');
  const dependsOn = entry.payload.depends_on;
  if (entry.entry_kind === 'dependency' && typeof dependsOn === 'string') link.run(entryId, dependsOn, 'depends_on');
}
