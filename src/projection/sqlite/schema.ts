/**
 * The SQLite projection's schema (DESIGN §4). Disposable: rebuilt from git whenever
 * `CACHE_FORMAT` changes. `meta.projected_oid` is written in the same transaction as the data.
 *
 * Lean by design (issue #10 "A lean cache"): `revisions` keeps no bodies — a past revision is
 * read from git by `blob_oid` when asked for — and no paths: a file's path is
 * `projects/<project_id>/<entry_kind>/<fan>/<entry_id>/<file>` ({@link revisionPath}); only
 * `current` keeps its revision's path. Hashes
 * and oids are stored as bytes, not hex. Only `current` keeps each entry's JSON (lists and the
 * brief answer from it). Every list filter has an index ending in `(recorded_at DESC,
 * entry_id)`, the list order, so a first page reads only its rows (test/cache/query-plans.test.ts).
 * Candidates (issue #20) have their own two tables, `candidate_revisions` and `candidates`
 * (the current revision of each): nothing that lists, searches or briefs entries reads them.
 */
import { entryDir } from '../../store/layout.js';
import type { EntryKind } from '../../model/kinds.js';
import { COUNT_TABLES_SQL, COUNT_TRIGGERS_SQL } from './counts.js';

export const CACHE_FORMAT = 16; // 12: a decision of unknown day is ordered at UNKNOWN_DAY_AT (model/decision-origin.ts); 13: current_ordered and current_supersedes_plan indexes; 14: entry_adr_numbers; 15: the missing_revision entry check (docs/decisions/0063), so a cache built before it finds damage already on the branch; 16: search_terms, the typo vocabulary kept by the apply path (docs/decisions/0085)

/**
 * The FTS5 tokenizer of the search index: Porter stems of `unicode61` words with diacritics
 * removed (docs/decisions/0035: "backups" finds "Backup Strategy"). Stop words stay indexed.
 */
export const FTS_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/** The tables (and their primary keys). */
const TABLES_SQL = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS revisions (
  entry_id TEXT NOT NULL,
  project_id TEXT NOT NULL,
  entry_kind TEXT NOT NULL,
  file TEXT NOT NULL,
  revision INTEGER NOT NULL,
  status TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  sha256 BLOB NOT NULL,
  blob_oid BLOB NOT NULL,
  PRIMARY KEY (entry_id, project_id, entry_kind, file)
) WITHOUT ROWID;
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
  rank_score REAL NOT NULL,
  ordered_at TEXT NOT NULL,
  sha256 TEXT NOT NULL,
  path TEXT NOT NULL,
  json TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entry_tags (entry_id TEXT NOT NULL, tag TEXT NOT NULL, project_id TEXT NOT NULL, recorded_at TEXT NOT NULL, PRIMARY KEY (entry_id, tag)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entry_tasks (entry_id TEXT NOT NULL, task_id TEXT NOT NULL, project_id TEXT NOT NULL, recorded_at TEXT NOT NULL, PRIMARY KEY (entry_id, task_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entry_paths (entry_id TEXT NOT NULL, path TEXT NOT NULL, project_id TEXT NOT NULL, norm TEXT NOT NULL, glob INTEGER NOT NULL, PRIMARY KEY (entry_id, path)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entry_path_dirs (project_id TEXT NOT NULL, dir TEXT NOT NULL, recorded_at TEXT NOT NULL, entry_id TEXT NOT NULL, PRIMARY KEY (project_id, dir, recorded_at DESC, entry_id)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entry_links (entry_id TEXT NOT NULL, target_id TEXT NOT NULL, relation TEXT NOT NULL, PRIMARY KEY (entry_id, target_id, relation)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entry_adr_numbers (entry_id TEXT PRIMARY KEY, project_id TEXT NOT NULL, adr_number INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS problems (path TEXT PRIMARY KEY, blob_oid TEXT NOT NULL, code TEXT NOT NULL, message TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ledger_lines (entry_id TEXT NOT NULL, project_id TEXT NOT NULL, entry_kind TEXT NOT NULL, file TEXT NOT NULL, revision INTEGER NOT NULL, sha256 BLOB NOT NULL, PRIMARY KEY (entry_id, project_id, entry_kind, file)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS candidate_revisions (
  project_id TEXT NOT NULL,
  candidate_id TEXT NOT NULL,
  file TEXT NOT NULL,
  revision INTEGER NOT NULL,
  status TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  sha256 BLOB NOT NULL,
  blob_oid BLOB NOT NULL,
  PRIMARY KEY (project_id, candidate_id, file)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS candidates (
  project_id TEXT NOT NULL,
  candidate_id TEXT NOT NULL,
  status TEXT NOT NULL,
  relation TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  revision INTEGER NOT NULL,
  revision_count INTEGER NOT NULL,
  forked INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  path TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (project_id, candidate_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entry_search (
  doc INTEGER PRIMARY KEY,
  entry_id TEXT NOT NULL UNIQUE,
  project_id TEXT NOT NULL,
  entry_kind TEXT NOT NULL,
  status TEXT NOT NULL,
  title TEXT NOT NULL,
  tags TEXT NOT NULL,
  payload_text TEXT NOT NULL,
  rationale TEXT NOT NULL
);
CREATE VIRTUAL TABLE IF NOT EXISTS entry_search_fts USING fts5(
  title, tags, payload_text, rationale,
  content = 'entry_search', content_rowid = 'doc', tokenize = '${FTS_TOKENIZER}'
);
CREATE VIRTUAL TABLE IF NOT EXISTS entry_search_vocab USING fts5vocab(entry_search_fts, 'row');
-- A superset of entry_search_vocab's terms for the typo fallback, kept by the apply path
-- (search-vocabulary.ts; docs/decisions/0085): derived from the index, not compared by verify.
CREATE TABLE IF NOT EXISTS search_terms (term TEXT PRIMARY KEY) WITHOUT ROWID;
`;

/**
 * The secondary indexes. A full rebuild drops them and creates them again after its bulk
 * insert (issue #10 cold rebuild: one sort per index instead of a B-tree insert per row).
 */
export const INDEXES_SQL = `
CREATE INDEX IF NOT EXISTS revisions_recorded ON revisions (project_id, recorded_at);
CREATE INDEX IF NOT EXISTS current_recent ON current (project_id, recorded_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS current_kind ON current (project_id, entry_kind, recorded_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS current_kind_status ON current (project_id, entry_kind, status, recorded_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS current_status ON current (project_id, status, recorded_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS current_author ON current (project_id, author, recorded_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS current_rank ON current (project_id, entry_kind, status, rank_score DESC, ordered_at DESC);
CREATE INDEX IF NOT EXISTS entry_tags_tag ON entry_tags (project_id, tag, recorded_at DESC);
CREATE INDEX IF NOT EXISTS entry_tasks_task ON entry_tasks (project_id, task_id, recorded_at DESC);
CREATE INDEX IF NOT EXISTS entry_paths_norm ON entry_paths (project_id, glob, norm);
CREATE INDEX IF NOT EXISTS entry_path_dirs_entry ON entry_path_dirs (entry_id);
CREATE INDEX IF NOT EXISTS entry_links_target ON entry_links (target_id);
CREATE INDEX IF NOT EXISTS entry_adr_numbers_number ON entry_adr_numbers (adr_number, project_id);
CREATE INDEX IF NOT EXISTS candidates_status ON candidates (project_id, status, recorded_at DESC, candidate_id);
CREATE INDEX IF NOT EXISTS current_forked ON current (project_id, entry_id) WHERE forked = 1;
CREATE INDEX IF NOT EXISTS current_ordered ON current (project_id, entry_kind, ordered_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS current_supersedes_plan ON current (json_extract(json, '$.payload.supersedes_plan_entry_id')) WHERE entry_kind = 'plan_revision';
`;

/**
 * The triggers that keep the FTS5 index equal to `entry_search`. A full rebuild drops them,
 * fills `entry_search`, rebuilds the index in one pass and creates them again.
 */
export const SEARCH_TRIGGERS_SQL = `
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

/** The triggers a full rebuild drops while it bulk-inserts: search (FTS5) and counts (counts.ts). */
export const REBUILD_TRIGGERS_SQL = SEARCH_TRIGGERS_SQL + COUNT_TRIGGERS_SQL;

/** The whole schema, as a fresh cache gets it. */
export const SCHEMA_SQL = TABLES_SQL + COUNT_TABLES_SQL + INDEXES_SQL + REBUILD_TRIGGERS_SQL;

/** The names of the objects created by `sql` (`CREATE INDEX|TRIGGER IF NOT EXISTS <name>`). */
export const createdNames = (sql: string): string[] => [...sql.matchAll(/CREATE (?:INDEX|TRIGGER) IF NOT EXISTS (\w+)/g)].map((m) => m[1]!);

/**
 * Every data table, in a fixed order (used to clear on rebuild and to compare caches).
 * Clearing `entry_search` clears its FTS5 index through the delete trigger.
 */
export const DATA_TABLES = ['revisions', 'current', 'entry_tags', 'entry_tasks', 'entry_paths', 'entry_path_dirs', 'entry_links', 'entry_adr_numbers', 'problems', 'ledger_lines', 'entry_search', 'candidate_revisions', 'candidates', 'kind_counts', 'revision_counts'] as const;

/**
 * The query that lists a data table's rows for comparison (verify --cache, the property
 * test): every column except `entry_search.doc`, a rowid that depends on the order entries
 * were applied in, not on the tree (docs/decisions/0003).
 */
export function comparableRowsSql(table: (typeof DATA_TABLES)[number]): string {
  if (table === 'entry_search') return 'SELECT entry_id, project_id, entry_kind, status, title, tags, payload_text, rationale FROM entry_search';
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


/** Where a projected revision file lives on the branch: `projects/<p>/<kind>/<fan>/<entry_id>/<file>` (DESIGN §3). */
export function revisionPath(row: { project_id: string; entry_kind: string; entry_id: string; file: string }): string {
  return `${entryDir(row.project_id, row.entry_kind as EntryKind, row.entry_id)}/${row.file}`;
}

/** Hex text → bytes, as `sha256` and `blob_oid` are stored. */
export const hexBytes = (hex: string): Buffer => Buffer.from(hex, 'hex');
