/**
 * Maintains the `current` table and its side tables for one entry (DESIGN §4: the latest
 * revision per entry, maintained on apply). The current revision is the last in DESIGN §3
 * invariant-5 order (revision, recorded_at, sha256); an entry whose top revision number is
 * held by two files is `forked`. {@link setCurrent} is the one place where "this entry's
 * current revision changed" is written — a full rebuild and an incremental apply both call it
 * (src/projection/sqlite/apply-changes.ts decides the state; issue #10: no per-entry re-reads).
 */
import type { Entry } from '../../model/entry.js';
import { isGlob, normalizePath, selfAndAncestors } from '../../model/path-match.js';
import { orderedAt } from '../../model/decision-origin.js';
import { rankScore } from '../../model/rank-score.js';
import { adrNumberOf } from '../../model/adr-label-query.js';
import type { CacheDb } from './open-cache.js';
import { insertSearchRow } from './search-rows.js';

/** What `current` says about an entry: its top revision (parsed) and counts. */
export interface CurrentState {
  entry: Entry;
  /** The revision file's bytes as text (stored: lists answer from it). */
  json: string;
  sha256: string;
  /** The revision file's path on the branch. */
  path: string;
  revision_count: number;
  forked: boolean;
}

const SIDE_TABLES = ['current', 'entry_tags', 'entry_tasks', 'entry_paths', 'entry_path_dirs', 'entry_links', 'entry_adr_numbers', 'entry_search'] as const;

function statementsFor(db: CacheDb) {
  return {
    clear: SIDE_TABLES.map((table) => db.prepare(`DELETE FROM ${table} WHERE entry_id = ?`)),
    insertCurrent: db.prepare(
      `INSERT INTO current (entry_id, project_id, entry_kind, status, title, author, revision, revision_count, forked, recorded_at, rank_score, ordered_at, sha256, path, json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    counts: db.prepare('UPDATE current SET revision_count = ?, forked = ? WHERE entry_id = ?'),
    tag: db.prepare('INSERT OR IGNORE INTO entry_tags (entry_id, tag, project_id, recorded_at) VALUES (?, ?, ?, ?)'),
    task: db.prepare('INSERT OR IGNORE INTO entry_tasks (entry_id, task_id, project_id, recorded_at) VALUES (?, ?, ?, ?)'),
    path: db.prepare('INSERT OR IGNORE INTO entry_paths (entry_id, path, project_id, norm, glob) VALUES (?, ?, ?, ?, ?)'),
    dir: db.prepare('INSERT OR IGNORE INTO entry_path_dirs (project_id, dir, recorded_at, entry_id) VALUES (?, ?, ?, ?)'),
    link: db.prepare('INSERT OR IGNORE INTO entry_links (entry_id, target_id, relation) VALUES (?, ?, ?)'),
    adrNumber: db.prepare('INSERT INTO entry_adr_numbers (entry_id, project_id, adr_number) VALUES (?, ?, ?)'),
  };
}

const cache = new WeakMap<CacheDb, ReturnType<typeof statementsFor>>();
const statements = (db: CacheDb) => {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statementsFor(db)));
  return s;
};

/**
 * Writes `entryId`'s current row and its tags, tasks, paths, links and ADR number (docs/decisions/0052) from `state` (null: the
 * entry has no valid revision left, so it is removed). `fresh`: the tables hold nothing of
 * this entry yet (a full rebuild), so nothing is deleted first.
 */
export function setCurrent(db: CacheDb, entryId: string, state: CurrentState | null, fresh = false): void {
  const s = statements(db);
  if (!fresh) for (const clear of s.clear) clear.run(entryId);
  if (state === null) return;
  const e = state.entry;
  s.insertCurrent.run(entryId, e.project_id, e.entry_kind, e.status, e.title, e.author, e.revision, state.revision_count, state.forked ? 1 : 0, e.recorded_at, rankScore(e), orderedAt(e), state.sha256, state.path, state.json);
  insertSearchRow(db, e);
  for (const tag of new Set(e.tags)) s.tag.run(entryId, tag, e.project_id, e.recorded_at);
  for (const task of new Set(e.related_task_ids)) s.task.run(entryId, task, e.project_id, e.recorded_at);
  for (const path of new Set(e.paths)) {
    const glob = isGlob(path);
    s.path.run(entryId, path, e.project_id, normalizePath(path), glob ? 1 : 0);
    // Every directory a literal path lies in (and the path itself): a prefix filter's first page is then one ordered index range.
    if (!glob) for (const dir of selfAndAncestors(normalizePath(path))) s.dir.run(e.project_id, dir, e.recorded_at, entryId);
  }
  for (const target of e.related_entry_ids) s.link.run(entryId, target, 'related');
  if (e.supersedes_entry_id) s.link.run(entryId, e.supersedes_entry_id, 'supersedes');
  const dependsOn = e.payload.depends_on;
  if (e.entry_kind === 'dependency' && typeof dependsOn === 'string') s.link.run(entryId, dependsOn, 'depends_on');
  const adrNumber = adrNumberOf(e);
  if (adrNumber !== null) s.adrNumber.run(entryId, e.project_id, adrNumber);
}

/** Only the counts changed (an older revision or a fork sibling was added or removed below the top). */
export function setCurrentCounts(db: CacheDb, entryId: string, counts: { revision_count: number; forked: boolean }): void {
  statements(db).counts.run(counts.revision_count, counts.forked ? 1 : 0, entryId);
}
