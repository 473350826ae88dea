/**
 * The entry lookups the candidate reviewer's comparison set needs (issue #20; docs/decisions/
 * 0043), beside the full-text search: current entries sharing a candidate's scope (tags,
 * related tasks, literal paths), the entries that supersede given ones (lineage), and current
 * rows with their file hash (the review records which revision it compared with).
 */
import { normalizePath } from '../../model/path-match.js';
import type { CacheDb } from './open-cache.js';
import { foldTerm } from '../../search/query-terms.js';
import { CURRENT_COLUMNS, toRow, type CurrentDbRow, type CurrentRow } from './queries.js';

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/**
 * Ids of current entries of `projectId` that share a tag, a related task or a literal path with
 * `scope`, most recently recorded first, at most `limit`, sorted by id.
 */
export function entriesSharingScope(db: CacheDb, projectId: string, scope: { tags: readonly string[]; tasks: readonly string[]; paths: readonly string[] }, limit: number): string[] {
  const ids = new Set<string>();
  const run = (sql: string, values: readonly string[]) => {
    if (values.length === 0) return;
    for (const r of db.prepare(sql).all(projectId, ...values, limit) as { entry_id: string }[]) ids.add(r.entry_id);
  };
  run(`SELECT entry_id FROM entry_tags WHERE project_id = ? AND tag IN (${placeholders(scope.tags.length)}) ORDER BY recorded_at DESC, entry_id LIMIT ?`, scope.tags);
  run(`SELECT entry_id FROM entry_tasks WHERE project_id = ? AND task_id IN (${placeholders(scope.tasks.length)}) ORDER BY recorded_at DESC, entry_id LIMIT ?`, scope.tasks);
  const paths = [...new Set(scope.paths.map(normalizePath))];
  run(`SELECT DISTINCT entry_id FROM entry_paths WHERE project_id = ? AND norm IN (${placeholders(paths.length)}) ORDER BY entry_id LIMIT ?`, paths);
  return [...ids].sort().slice(0, limit);
}

/** Ids of current entries that supersede one of `ids` (the `supersedes` links pointing at them), sorted. */
export function successorsOf(db: CacheDb, ids: readonly string[]): string[] {
  if (ids.length === 0) return [];
  const rows = db.prepare(`SELECT DISTINCT entry_id FROM entry_links WHERE relation = 'supersedes' AND target_id IN (${placeholders(ids.length)}) ORDER BY entry_id`).all(...ids) as { entry_id: string }[];
  return rows.map((r) => r.entry_id);
}

/** The current rows of `ids` in project `projectId` with their revision file's sha256 (hex), by id; ids without a current row are left out. */
export function currentWithHashes(db: CacheDb, projectId: string, ids: readonly string[]): (CurrentRow & { sha256: string })[] {
  if (ids.length === 0) return [];
  const rows = db.prepare(`SELECT ${CURRENT_COLUMNS}, c.sha256 FROM current c WHERE c.project_id = ? AND c.entry_id IN (${placeholders(ids.length)}) ORDER BY c.entry_id`).all(projectId, ...ids) as (CurrentDbRow & { sha256: string })[];
  return rows.map((r) => ({ ...toRow(r), sha256: r.sha256 }));
}

/**
 * How many search documents (current entries, every project of the cache) hold each of `words`
 * as the full-text index folds them (lower case, diacritics removed), from the FTS5 vocabulary;
 * words no document holds are left out. `documents`: all search documents. The reviewer's word
 * weights (docs/decisions/0043).
 */
export function documentFrequencies(db: CacheDb, words: Iterable<string>): { documents: number; df: Map<string, number> } {
  const probe = db.prepare('SELECT doc FROM entry_search_vocab WHERE term = ?').pluck();
  const df = new Map<string, number>();
  for (const word of new Set(words)) {
    const doc = probe.get(foldTerm(word)) as number | undefined;
    if (doc !== undefined) df.set(word, doc);
  }
  const documents = db.prepare('SELECT count(*) FROM entry_search').pluck().get() as number;
  return { documents, df };
}
