/**
 * Maintains the `current` table and its side tables for one entry (DESIGN §4: the latest
 * revision per entry, maintained on apply). The current revision is the last in DESIGN §3
 * invariant-5 order (revision, recorded_at, sha256); an entry whose top revision number is
 * held by two files is `forked`.
 */
import type Database from 'better-sqlite3';
import type { Entry } from '../model/entry.js';
import type { CacheDb } from './open-cache.js';
import { insertSearchRow } from './search-rows.js';

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

const SIDE_TABLES = ['current', 'entry_tags', 'entry_tasks', 'entry_paths', 'entry_links', 'entry_search'] as const;

/** Prepared statements, once per database handle (preparing is most of the cost at 10 000 entries). */
function statementsFor(db: CacheDb) {
  return {
    clear: SIDE_TABLES.map((table) => db.prepare(`DELETE FROM ${table} WHERE entry_id = ?`)),
    revisions: db.prepare('SELECT * FROM revisions WHERE entry_id = ? ORDER BY revision DESC, recorded_at DESC, sha256 DESC'),
    insertCurrent: db.prepare(
      `INSERT INTO current (entry_id, project_id, entry_kind, status, title, author, revision, revision_count, forked, recorded_at, sha256, path, json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    tag: db.prepare('INSERT OR IGNORE INTO entry_tags (entry_id, tag) VALUES (?, ?)'),
    task: db.prepare('INSERT OR IGNORE INTO entry_tasks (entry_id, task_id) VALUES (?, ?)'),
    path: db.prepare('INSERT OR IGNORE INTO entry_paths (entry_id, path) VALUES (?, ?)'),
    link: db.prepare('INSERT OR IGNORE INTO entry_links (entry_id, target_id, relation) VALUES (?, ?, ?)'),
  };
}

const cache = new WeakMap<CacheDb, ReturnType<typeof statementsFor>>();

/** Recomputes `current`, tags, tasks, paths and links of `entryId` from `revisions`. */
export function recomputeCurrent(db: CacheDb, entryId: string): void {
  let s = cache.get(db);
  if (!s) {
    s = statementsFor(db);
    cache.set(db, s);
  }
  for (const clear of s.clear) clear.run(entryId);
  const rows = s.revisions.all(entryId) as RevisionRow[];
  const top = rows[0];
  if (!top) return;
  const forked = rows.filter((r) => r.revision === top.revision).length > 1 ? 1 : 0;
  s.insertCurrent.run(entryId, top.project_id, top.entry_kind, top.status, top.title, top.author, top.revision, rows.length, forked, top.recorded_at, top.sha256, top.path, top.json);
  const entry = JSON.parse(top.json) as Entry;
  insertSearchRow(db, entry);
  const insertAll = (stmt: Database.Statement, values: readonly string[]) => values.forEach((v) => stmt.run(entryId, v));
  insertAll(s.tag, entry.tags);
  insertAll(s.task, entry.related_task_ids);
  insertAll(s.path, entry.paths);
  for (const target of entry.related_entry_ids) s.link.run(entryId, target, 'related');
  if (entry.supersedes_entry_id) s.link.run(entryId, entry.supersedes_entry_id, 'supersedes');
  const dependsOn = entry.payload.depends_on;
  if (entry.entry_kind === 'dependency' && typeof dependsOn === 'string') s.link.run(entryId, dependsOn, 'depends_on');
}
