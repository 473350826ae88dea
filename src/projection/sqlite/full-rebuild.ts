/**
 * The bulk writes of a full rebuild (issue #10 "cold rebuild ≤ 2× ls-tree + cat-file"), run by
 * the one apply path (src/projection/sqlite/apply-changes.ts) inside its transaction: the same rows as
 * applying every file one by one to an empty projection (the `incremental == full rebuild`
 * property test holds them equal), written the cheap way —
 *
 * - the secondary indexes, the FTS5 and the count triggers are dropped first and created again
 *   at the end (one sort per index; the FTS5 index built in one pass by its `rebuild` command,
 *   the counts in one GROUP BY each, src/projection/sqlite/counts.ts), all
 *   inside the transaction, so another connection sees either the old projection or the new
 *   one, never a projection without its indexes;
 * - rows go in primary-key order (B-tree appends);
 * - the entry checks are computed from what the apply read, not queried back per directory.
 */
import { setCurrent } from './current.js';
import { entryDirProblems, insertDuplicateProblems, insertEntryProblems, type EntryDirFacts } from './entry-checks.js';
import type { DuplicateProblem } from '../decide-current.js';
import type { CacheDb } from './open-cache.js';
import type { CurrentChange, ParsedRevision } from './plan-current.js';
import { DATA_TABLES, INDEXES_SQL, REBUILD_TRIGGERS_SQL, createdNames } from './schema.js';
import { fillCounts } from './counts.js';
import { insertParsedRows } from './row-writes.js';
import type { Parsed } from '../parse-file.js';

/** A ledger file the apply read: its directory's key and its lines (sha256 as hex). */
export interface ParsedLedger {
  kind: 'ledger';
  path: string;
  where: { entry_id: string; project_id: string; entry_kind: string; dir: string };
  lines: { revision: number; file: string; sha256: string }[];
}

/** A file that failed its checks (or lies where no brain file belongs). */
export interface ParsedProblem {
  kind: 'problem';
  path: string;
  oid: string;
  code: string;
  message: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Entry dir facts from the files read: only directories that hold a ledger or a revision file (also used by the PostgreSQL full rebuild, src/projection/postgres/apply.ts). */
export function gatherFacts(dirs: ReadonlySet<string>, revisions: readonly ParsedRevision[], ledgers: readonly ParsedLedger[], problems: readonly ParsedProblem[]): Map<string, EntryDirFacts> {
  const facts = new Map<string, EntryDirFacts>();
  for (const dir of dirs) facts.set(dir, { lines: [], valid: new Map(), invalid: new Set() });
  for (const l of ledgers) {
    const f = facts.get(l.where.dir)!;
    const seen = new Set(f.lines.map((x) => x.file));
    for (const line of l.lines) if (!seen.has(line.file)) (seen.add(line.file), f.lines.push(line));
  }
  for (const r of revisions) {
    const dir = r.path.slice(0, r.path.length - r.file.length - 1);
    facts.get(dir)!.valid.set(r.file, { sha256: r.sha256, revision: r.row.revision });
  }
  for (const p of problems) {
    // Every directory prefix of the path that is an entry directory (the `dir/` range of checkEntryDir).
    for (let slash = p.path.indexOf('/'); slash !== -1; slash = p.path.indexOf('/', slash + 1)) {
      facts.get(p.path.slice(0, slash))?.invalid.add(p.path.slice(slash + 1));
    }
  }
  return facts;
}

/**
 * The first step of a full rebuild (call inside its transaction): drops the secondary indexes
 * and the rebuild's triggers and clears every data table. Errors: SQLite errors.
 */
export function beginFullRebuild(db: CacheDb): void {
  const dropped = [...createdNames(INDEXES_SQL).map((n) => `DROP INDEX IF EXISTS ${n};`), ...createdNames(REBUILD_TRIGGERS_SQL).map((n) => `DROP TRIGGER IF EXISTS ${n};`)];
  db.exec(dropped.join('\n'));
  for (const table of DATA_TABLES) db.exec(`DELETE FROM ${table}`);
}

/**
 * The per-file rows of a full rebuild — `revisions`, `problems`, `ledger_lines` — of the parsed
 * files in `parsed` (candidates are written with their plan). Between {@link beginFullRebuild}
 * and {@link finishRebuildTables}; a cold build calls it per chunk as the blobs arrive
 * (src/projection/sqlite/streamed-rebuild.ts). Errors: SQLite errors.
 */
export function insertReadRows(db: CacheDb, parsed: readonly Parsed[]): void {
  for (const p of parsed) if (p.kind === 'revision') insertParsedRows(db, p);
  for (const p of parsed) if (p.kind === 'problem' || p.kind === 'ledger') insertParsedRows(db, p);
}

/** What {@link finishFullRebuild} writes from: every file the rebuild read. */
export interface FullRebuildFacts {
  revisions: ParsedRevision[];
  ledgers: ParsedLedger[];
  problems: ParsedProblem[];
  /** Each entry's state (no `counts` changes in a full rebuild). */
  plan: ReadonlyMap<string, CurrentChange>;
  /** Every entry directory holding a ledger or revision path (valid or not). */
  dirs: ReadonlySet<string>;
  /** The `duplicate_entry_id` problems the plan found (src/projection/decide-current.ts). */
  duplicates: readonly DuplicateProblem[];
}

/**
 * The rest of a full rebuild, after the per-file rows: `current` and its side tables, the entry
 * checks, the FTS5 index, the counts, then the indexes and triggers again. Errors: SQLite errors.
 */
export function finishFullRebuild(db: CacheDb, args: FullRebuildFacts): void {
  const facts = gatherFacts(args.dirs, args.revisions, args.ledgers, args.problems);
  for (const entryId of [...args.plan.keys()].sort(byText)) {
    const change = args.plan.get(entryId)!;
    if (change.type === 'state') setCurrent(db, entryId, change.state, true);
  }
  for (const [dir, f] of facts) insertEntryProblems(db, entryDirProblems(dir, f));
  insertDuplicateProblems(db, args.duplicates);
  finishRebuildTables(db);
}

/**
 * The last step of every full rebuild, once its entry rows are in: the FTS5 index in one pass,
 * the counts, then the indexes and triggers {@link beginFullRebuild} dropped. Errors: SQLite errors.
 */
export function finishRebuildTables(db: CacheDb): void {
  db.exec("INSERT INTO entry_search_fts (entry_search_fts) VALUES ('rebuild')");
  fillCounts(db);
  db.exec(INDEXES_SQL + REBUILD_TRIGGERS_SQL);
}

/**
 * Replaces every data table's rows with the ones the parsed files give (call inside the apply
 * transaction; meta is the caller's), the revision rows in primary-key order.
 * Errors: SQLite errors.
 */
export function writeFullRebuild(db: CacheDb, args: FullRebuildFacts): void {
  beginFullRebuild(db);
  const revisionKey = (p: ParsedRevision) => `${p.row.entry_id}\0${p.row.project_id}\0${p.row.entry_kind}\0${p.file}`;
  const sorted = args.revisions.map((p) => ({ key: revisionKey(p), p })).sort((a, b) => byText(a.key, b.key));
  for (const { p } of sorted) insertParsedRows(db, p);
  for (const p of [...args.problems, ...args.ledgers]) insertParsedRows(db, p);
  finishFullRebuild(db, args);
}
