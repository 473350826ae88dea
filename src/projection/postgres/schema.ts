/**
 * The PostgreSQL projection's schema (DESIGN §4, §11; issue #11; docs/decisions/0026). Every
 * table is prefixed `proj_` and every row carries `repo`, so one database holds the
 * projections of many repositories beside the hub's own tables, which are never touched.
 * Disposable like SQLite's cache: when `proj_meta.format` differs from {@link PG_FORMAT} the
 * `proj_` tables are dropped and created again (each repository is then rebuilt from git).
 *
 * Every text column is `COLLATE "C"`: comparisons and orders are byte orders, as in SQLite,
 * whatever the server's locale. Hashes and oids are hex text (their byte order is the hex
 * order). `proj_current.json` keeps the revision file's text exactly (not jsonb);
 * `proj_current.ordered_at` is a decision's own day, else recorded_at (model/decision-origin.ts
 * `orderedAt`, as SQLite's `current.ordered_at`: the timeline's date, postgres/picture-queries.ts).
 * `proj_path_dirs` holds every directory of every literal entry path (and the path itself,
 * normalized) with the entry's recorded_at, indexed in list order (a path filter's page:
 * path-list.ts). `proj_current.search` is the entry's weighted tsvector (search-doc.ts) and
 * `search_length` its number of words (BM25's document length, search-rank.ts), `proj_vocab` the
 * words of those vectors per repository with their document counts (typo tolerance, BM25's IDF)
 * and the summed lengths of the entries holding each (the empty word's: BM25's average length).
 * `proj_adr_numbers` the number of each entry labelled `ADR-NNNN` (docs/decisions/0052).
 * `proj_candidate_revisions` and `proj_candidates` hold candidates (issue #20, candidate-rows.ts).
 */
import type pg from 'pg';
import { BrainError } from '../../model/errors.js';
import { inTransaction } from './transaction.js';

/** Bumped whenever a table's shape or meaning changes: a mismatch resets every `proj_` table. */
export const PG_FORMAT = 11; // 8: proj_adr_numbers (docs/decisions/0052); 9: proj_revisions (repo, project_id, recorded_at) index (docs/decisions/0046); 10: the missing_revision entry check (docs/decisions/0063); 11: proj_current.search_length, proj_vocab.tokens (BM25, docs/decisions/0074)

/** The data tables of one repository, in a fixed order (cleared on rebuild, compared by verify). */
export const PG_DATA_TABLES = ['proj_revisions', 'proj_current', 'proj_tags', 'proj_tasks', 'proj_paths', 'proj_path_dirs', 'proj_links', 'proj_adr_numbers', 'proj_problems', 'proj_ledger_lines', 'proj_vocab', 'proj_candidate_revisions', 'proj_candidates'] as const;

const T = 'text COLLATE "C" NOT NULL';

function tablesSql(s: string, trgm: string): string {
  return `
CREATE TABLE IF NOT EXISTS ${s}.proj_repos (repo ${T} PRIMARY KEY, projected_oid text COLLATE "C");
CREATE TABLE IF NOT EXISTS ${s}.proj_revisions (repo ${T}, entry_id ${T}, project_id ${T}, entry_kind ${T}, file ${T}, revision integer NOT NULL,
  status ${T}, recorded_at ${T}, sha256 ${T}, blob_oid ${T}, PRIMARY KEY (repo, entry_id, project_id, entry_kind, file));
CREATE INDEX IF NOT EXISTS proj_revisions_changes ON ${s}.proj_revisions (repo, project_id, recorded_at DESC);
CREATE TABLE IF NOT EXISTS ${s}.proj_current (repo ${T}, entry_id ${T}, project_id ${T}, entry_kind ${T}, status ${T}, title ${T}, author ${T},
  revision integer NOT NULL, revision_count integer NOT NULL, forked boolean NOT NULL, recorded_at ${T}, rank_score double precision NOT NULL, ordered_at ${T},
  sha256 ${T}, path ${T}, json text NOT NULL, search tsvector NOT NULL, search_length integer NOT NULL, PRIMARY KEY (repo, entry_id));
CREATE INDEX IF NOT EXISTS proj_current_recent ON ${s}.proj_current (recorded_at DESC, entry_id, repo);
CREATE INDEX IF NOT EXISTS proj_current_project ON ${s}.proj_current (repo, project_id, recorded_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS proj_current_kind ON ${s}.proj_current (repo, entry_kind, status, recorded_at DESC, entry_id);
CREATE INDEX IF NOT EXISTS proj_current_dated ON ${s}.proj_current (repo, project_id, entry_kind, ordered_at DESC, entry_id);
-- The search vector inline (compressed) and the JSON out of line: ranking reads one heap row per match instead of
-- TOAST chunks (issue #11 search: 96 000 → 5 600 buffers, 101 → 37 ms for a 12 500-match query at 20 000 entries).
ALTER TABLE ${s}.proj_current ALTER COLUMN search SET STORAGE MAIN, ALTER COLUMN json SET STORAGE EXTERNAL;
CREATE INDEX IF NOT EXISTS proj_current_search ON ${s}.proj_current USING gin (search);
-- The title and tags words (weights A and B) alone: the first tier of search.ts finds its rows here, not among every match.
CREATE INDEX IF NOT EXISTS proj_current_head ON ${s}.proj_current USING gin (ts_filter(search, '{a,b}'));
CREATE TABLE IF NOT EXISTS ${s}.proj_tags (repo ${T}, entry_id ${T}, tag ${T}, PRIMARY KEY (repo, entry_id, tag));
CREATE INDEX IF NOT EXISTS proj_tags_tag ON ${s}.proj_tags (repo, tag);
CREATE TABLE IF NOT EXISTS ${s}.proj_tasks (repo ${T}, entry_id ${T}, task_id ${T}, PRIMARY KEY (repo, entry_id, task_id));
CREATE INDEX IF NOT EXISTS proj_tasks_task ON ${s}.proj_tasks (repo, task_id);
CREATE TABLE IF NOT EXISTS ${s}.proj_paths (repo ${T}, entry_id ${T}, path ${T}, project_id ${T}, norm ${T}, glob boolean NOT NULL, PRIMARY KEY (repo, entry_id, path));
CREATE INDEX IF NOT EXISTS proj_paths_norm ON ${s}.proj_paths (repo, glob, norm);
CREATE TABLE IF NOT EXISTS ${s}.proj_path_dirs (repo ${T}, entry_id ${T}, dir ${T}, project_id ${T}, recorded_at ${T}, PRIMARY KEY (repo, entry_id, dir));
CREATE INDEX IF NOT EXISTS proj_path_dirs_dir ON ${s}.proj_path_dirs (dir, recorded_at DESC, entry_id, repo);
CREATE INDEX IF NOT EXISTS proj_path_dirs_repo ON ${s}.proj_path_dirs (repo, dir, recorded_at DESC, entry_id);
CREATE TABLE IF NOT EXISTS ${s}.proj_links (repo ${T}, entry_id ${T}, target_id ${T}, relation ${T}, PRIMARY KEY (repo, entry_id, target_id, relation));
CREATE INDEX IF NOT EXISTS proj_links_target ON ${s}.proj_links (repo, target_id);
CREATE TABLE IF NOT EXISTS ${s}.proj_adr_numbers (repo ${T}, entry_id ${T}, project_id ${T}, adr_number bigint NOT NULL, PRIMARY KEY (repo, entry_id));
CREATE INDEX IF NOT EXISTS proj_adr_numbers_number ON ${s}.proj_adr_numbers (adr_number, repo, project_id);
CREATE TABLE IF NOT EXISTS ${s}.proj_problems (repo ${T}, path ${T}, blob_oid ${T}, code ${T}, message ${T}, PRIMARY KEY (repo, path));
CREATE TABLE IF NOT EXISTS ${s}.proj_ledger_lines (repo ${T}, entry_id ${T}, project_id ${T}, entry_kind ${T}, file ${T}, revision integer NOT NULL,
  sha256 ${T}, PRIMARY KEY (repo, entry_id, project_id, entry_kind, file));
CREATE TABLE IF NOT EXISTS ${s}.proj_candidate_revisions (repo ${T}, project_id ${T}, candidate_id ${T}, file ${T}, revision integer NOT NULL,
  status ${T}, recorded_at ${T}, sha256 ${T}, blob_oid ${T}, PRIMARY KEY (repo, project_id, candidate_id, file));
CREATE TABLE IF NOT EXISTS ${s}.proj_candidates (repo ${T}, project_id ${T}, candidate_id ${T}, status ${T}, relation ${T}, recorded_at ${T},
  revision integer NOT NULL, revision_count integer NOT NULL, forked boolean NOT NULL, sha256 ${T}, path ${T}, json text NOT NULL,
  PRIMARY KEY (repo, project_id, candidate_id));
CREATE INDEX IF NOT EXISTS proj_candidates_status ON ${s}.proj_candidates (repo, project_id, status, recorded_at DESC, candidate_id);
CREATE TABLE IF NOT EXISTS ${s}.proj_vocab (repo ${T}, word ${T}, docs integer NOT NULL, tokens bigint NOT NULL, PRIMARY KEY (repo, word));
CREATE INDEX IF NOT EXISTS proj_vocab_trgm ON ${s}.proj_vocab USING gin (word ${trgm}.gin_trgm_ops);
`;
}

/** Where the projection lives: its quoted schema and the quoted schema of pg_trgm's functions and operators. */
export interface PgNames {
  /** The quoted schema, e.g. `"public"`. */
  s: string;
  /** The quoted schema holding pg_trgm. */
  trgm: string;
}

/** `name` as a quoted identifier. Errors: `invalid_argument` unless it is a plain lower-case identifier. */
export function quoteSchema(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
    throw new BrainError('invalid_argument', `PostgreSQL schema name ${JSON.stringify(name.slice(0, 80))} is not a plain identifier`, { hint: 'use lower-case letters, digits and _ (e.g. brain or public)' });
  }
  return `"${name}"`;
}

/**
 * Creates the schema, pg_trgm and the `proj_` tables when missing; on a format mismatch drops
 * the `proj_` tables (only those) and creates them again. Serialized across processes with a
 * transaction-scoped advisory lock. Errors: PostgreSQL errors (e.g. pg_trgm not installable).
 */
export async function ensureSchema(pool: pg.Pool, schema: string): Promise<PgNames> {
  const s = quoteSchema(schema);
  return inTransaction(pool, async (client) => {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const ext = await client.query<{ nspname: string }>("SELECT n.nspname FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'");
    const trgm = `"${ext.rows[0]!.nspname.replace(/"/g, '""')}"`;
    await client.query(`CREATE TABLE IF NOT EXISTS ${s}.proj_meta (key text COLLATE "C" PRIMARY KEY, value text NOT NULL)`);
    const format = await client.query<{ value: string }>(`SELECT value FROM ${s}.proj_meta WHERE key = 'format'`);
    if (format.rows[0]?.value !== String(PG_FORMAT)) {
      await client.query(['proj_repos', ...PG_DATA_TABLES].map((t) => `DROP TABLE IF EXISTS ${s}.${t};`).join('\n'));
      await client.query(`INSERT INTO ${s}.proj_meta (key, value) VALUES ('format', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value`, [String(PG_FORMAT)]);
    }
    await client.query(tablesSql(s, trgm));
    return { s, trgm };
  }, { lock: 'brain projection schema' });
}
