/**
 * The SQLite projection's schema (DESIGN §4). Disposable: rebuilt from git whenever
 * `CACHE_FORMAT` changes. `meta.projected_oid` is written in the same transaction as the data.
 * Full-text search lives here too (docs/decisions/0021): `entry_search` holds one document per
 * current entry, `entry_search_fts` is an FTS5 index over it (external content, kept equal by
 * triggers), `entry_search_vocab` its term vocabulary (typo fallback).
 */
export const CACHE_FORMAT = 3;

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
CREATE TABLE IF NOT EXISTS entry_search (
  doc INTEGER PRIMARY KEY,
  entry_id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL,
  entry_kind TEXT NOT NULL,
  title TEXT NOT NULL,
  tags TEXT NOT NULL,
  payload_text TEXT NOT NULL,
  rationale TEXT NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS entry_search_fts USING fts5(
  title, tags, payload_text, rationale,
  content = 'entry_search', content_rowid = 'doc', tokenize = 'unicode61 remove_diacritics 2'
);
CREATE VIRTUAL TABLE IF NOT EXISTS entry_search_vocab USING fts5vocab(entry_search_fts, 'row');
CREATE TRIGGER IF NOT EXISTS entry_search_ai AFTER INSERT ON entry_search BEGIN
  INSERT INTO entry_search_fts (rowid, title, tags, payload_text, rationale) VALUES (new.doc, new.title, new.tags, new.payload_text, new.rationale);
END;
CREATE TRIGGER IF NOT EXISTS entry_search_ad AFTER DELETE ON entry_search BEGIN
  INSERT INTO entry_search_fts (entry_search_fts, rowid, title, tags, payload_text, rationale) VALUES ('delete', old.doc, old.title, old.tags, old.payload_text, old.rationale);
END;
CREATE TRIGGER IF NOT EXISTS entry_search_au AFTER UPDATE ON entry_search BEGIN
  INSERT INTO entry_search_fts (entry_search_fts, rowid, title, tags, payload_text, rationale) VALUES ('delete', old.doc, old.title, old.tags, old.payload_text, old.rationale);
  INSERT INTO entry_search_fts (rowid, title, tags, payload_text, rationale) VALUES (new.doc, new.title, new.tags, new.payload_text, new.rationale);
END;
`;

/**
 * Every data table, in a fixed order (used to clear on rebuild and to compare caches).
 * Clearing `entry_search` clears its FTS5 index through the delete trigger.
 */
export const DATA_TABLES = ['revisions', 'current', 'entry_tags', 'entry_tasks', 'entry_paths', 'entry_links', 'problems', 'ledger_lines', 'entry_search'] as const;

/**
 * The query that lists a data table's rows for comparison (verify --cache, the property
 * test): every column except `entry_search.doc`, a rowid that depends on the order entries
 * were applied in, not on the tree (docs/decisions/0003).
 */
export function comparableRowsSql(table: (typeof DATA_TABLES)[number]): string {
  if (table === 'entry_search') return 'SELECT entry_id, project_id, entry_kind, title, tags, payload_text, rationale FROM entry_search';
  return `SELECT * FROM ${table}`;
}

/**
 * Checks that the FTS5 index equals its content table `entry_search` (FTS5 `integrity-check`
 * with rank 1 compares the index with the external content). Returns null when it does, the
 * SQLite message otherwise (a damaged index raises `SQLITE_CORRUPT_VTAB`).
 */
export function searchIndexProblem(db: { exec(sql: string): unknown }): string | null {
  try {
    db.exec("INSERT INTO entry_search_fts (entry_search_fts, rank) VALUES ('integrity-check', 1)");
    return null;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT')) return (err as Error).message;
    throw err;
  }
}
