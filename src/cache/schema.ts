/**
 * The SQLite projection's schema (DESIGN §4). Disposable: rebuilt from git whenever
 * `CACHE_FORMAT` changes. `meta.projected_oid` is written in the same transaction as the data.
 */
export const CACHE_FORMAT = 2;

export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS revisions (
  path TEXT PRIMARY KEY,
  blob_oid TEXT NOT NULL,
  project_id TEXT NOT NULL,
  entry_id TEXT NOT NULL,
  entry_kind TEXT NOT NULL,
  revision INTEGER NOT NULL,
  status TEXT NOT NULL,
  title TEXT NOT NULL,
  author TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS revisions_entry ON revisions (entry_id, revision);
CREATE INDEX IF NOT EXISTS revisions_recorded ON revisions (project_id, recorded_at, path);
CREATE TABLE IF NOT EXISTS current (
  entry_id TEXT PRIMARY KEY,
  project_id TEXT NOT NULL,
  entry_kind TEXT NOT NULL,
  status TEXT NOT NULL,
  title TEXT NOT NULL,
  author TEXT NOT NULL,
  revision INTEGER NOT NULL,
  revision_count INTEGER NOT NULL,
  forked INTEGER NOT NULL,
  recorded_at TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  path TEXT NOT NULL,
  json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS current_kind_status ON current (project_id, entry_kind, status);
CREATE INDEX IF NOT EXISTS current_recorded ON current (project_id, recorded_at);
CREATE TABLE IF NOT EXISTS entry_tags (entry_id TEXT NOT NULL, tag TEXT NOT NULL, PRIMARY KEY (entry_id, tag));
CREATE INDEX IF NOT EXISTS entry_tags_tag ON entry_tags (tag);
CREATE TABLE IF NOT EXISTS entry_tasks (entry_id TEXT NOT NULL, task_id TEXT NOT NULL, PRIMARY KEY (entry_id, task_id));
CREATE INDEX IF NOT EXISTS entry_tasks_task ON entry_tasks (task_id);
CREATE TABLE IF NOT EXISTS entry_paths (entry_id TEXT NOT NULL, path TEXT NOT NULL, PRIMARY KEY (entry_id, path));
CREATE TABLE IF NOT EXISTS entry_links (entry_id TEXT NOT NULL, target_id TEXT NOT NULL, relation TEXT NOT NULL, PRIMARY KEY (entry_id, target_id, relation));
CREATE INDEX IF NOT EXISTS entry_links_target ON entry_links (target_id);
CREATE TABLE IF NOT EXISTS problems (path TEXT PRIMARY KEY, blob_oid TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS ledger_lines (dir TEXT NOT NULL, file TEXT NOT NULL, revision INTEGER NOT NULL, sha256 TEXT NOT NULL, PRIMARY KEY (dir, file));
`;

/** Every data table, in a fixed order (used to clear on rebuild and to compare caches). */
export const DATA_TABLES = ['revisions', 'current', 'entry_tags', 'entry_tasks', 'entry_paths', 'entry_links', 'problems', 'ledger_lines'] as const;
