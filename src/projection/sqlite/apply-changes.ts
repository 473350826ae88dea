/**
 * The one apply path of the projection (DESIGN §4): every change — a write, a pull, a full
 * rebuild — goes through {@link applyChanges}, which reads the changed blobs, decides each
 * touched entry's new current state ({@link planCurrent}), and then, in one SQLite
 * transaction, updates revisions, problems, ledger lines, the current table and its side
 * tables, the candidate tables (issue #20, candidate-rows.ts), and moves `meta.projected_oid`.
 * Files that fail to parse or validate land in `problems` and never stop the projection.
 */
import { parseBrainPath, parseCandidatePath } from '../../store/layout.js';
import { getMeta, setMeta, type CacheDb } from './open-cache.js';
import { insertParsedRows } from './row-writes.js';
import { setCurrent, setCurrentCounts } from './current.js';
import { planCurrent, type ParsedRevision } from './plan-current.js';
import { checkEntryDir, insertDuplicateProblems } from './entry-checks.js';
import { DUPLICATE_ID_CODE } from '../decide-current.js';
import { finishRebuildTables, writeFullRebuild, type ParsedLedger, type ParsedProblem } from './full-rebuild.js';
import { streamFullRebuild } from './streamed-rebuild.js';
import type { Parsed } from '../parse-file.js';
import { readParsed, type FileChange, type ReadBlobs, type ReadProgress } from '../read-changes.js';
import type { ParsedCandidate } from '../decide-candidates.js';
import { planCandidates, writeCandidateRows } from './candidate-rows.js';
import { dropNotedRows, recordSearchTerms } from './search-vocabulary.js';

export type { FileChange };

/** Counts of what an apply did. */
export interface ApplyStats {
  files: number;
  revisions: number;
  problems: number;
  entries: number;
}

/** Thrown when another process moved the projection while this one was reading blobs. */
export class StaleProjectionError extends Error {}

/** Options of {@link applyChanges}. */
export interface ApplyOptions {
  db: CacheDb;
  readBlob: (oid: string) => Promise<Buffer>;
  /** Reads a chunk of blobs at once (ObjectReader.readBlobs); without it, blobs are read one by one. */
  readBlobs?: ReadBlobs;
  changes: FileChange[];
  /** The oid the projection must still be at (ignored when `full`). */
  fromOid: string | null;
  toOid: string | null;
  /** Clear every table first (a full rebuild). */
  full: boolean;
  /**
   * With `full`: `db` is a private build file no other connection reads (a cold build,
   * src/projection/sqlite/cold-build.ts), so one transaction spans the read and each entry's
   * rows are written as the read leaves its directory (streamed-rebuild.ts) instead of after
   * the last blob.
   */
  private?: boolean;
  /** Told after each chunk of blobs read (a person watching a long rebuild: src/cli/progress.ts). */
  onProgress?: (progress: ReadProgress) => void;
}

function statementsFor(db: CacheDb) {
  return {
    deleteRevision: db.prepare('DELETE FROM revisions WHERE entry_id = ? AND project_id = ? AND entry_kind = ? AND file = ?'),
    deleteProblem: db.prepare('DELETE FROM problems WHERE path = ?'),
    deleteLedger: db.prepare('DELETE FROM ledger_lines WHERE entry_id = ? AND project_id = ? AND entry_kind = ?'),
    deleteDuplicate: db.prepare(`DELETE FROM problems WHERE path = ? AND code = '${DUPLICATE_ID_CODE}'`),
  };
}

/**
 * Applies `changes` and moves the projection to `toOid`, atomically.
 * Errors: {@link StaleProjectionError} when `meta.projected_oid` is no longer `fromOid`.
 */
export async function applyChanges(options: ApplyOptions): Promise<ApplyStats> {
  if (options.full && options.private === true) return applyStreamed(options);
  return applyRead(options, await readParsed(options.changes, options.readBlob, options.readBlobs, options.onProgress ? { onProgress: options.onProgress } : {}));
}

/**
 * A full rebuild into a private build file: one transaction over the read, each entry written
 * as the listing leaves its directory (streamed-rebuild.ts), the rest after the last blob.
 */
async function applyStreamed(options: ApplyOptions): Promise<ApplyStats> {
  const { db, changes, readBlob } = options;
  db.exec('BEGIN IMMEDIATE');
  try {
    const read = await streamFullRebuild({ db, changes, readBlob, ...(options.readBlobs ? { readBlobs: options.readBlobs } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
    const plan = await planCandidates({ db, changes, parsed: read.candidates, full: true, readBlob });
    finishRebuildTables(db);
    writeCandidateRows(db, { changes, parsed: read.candidates, plan, full: true });
    recordSearchTerms(db, options.toOid ?? '', true);
    setMeta(db, 'projected_oid', options.toOid ?? '');
    db.exec('COMMIT');
    return { files: changes.length, revisions: read.revisions, problems: read.problems, entries: read.entries };
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    dropNotedRows(db);
    throw err;
  }
}

async function applyRead(options: ApplyOptions, parsed: Parsed[]): Promise<ApplyStats> {
  const { db } = options;
  const revisions = parsed.filter((p): p is ParsedRevision => p.kind === 'revision');
  const { plan, duplicates, clearDirs } = await planCurrent({ db, changes: options.changes, revisions, full: options.full, readBlob: options.readBlob });
  const candidates = parsed.filter((p): p is ParsedCandidate => p.kind === 'candidate');
  const candidatePlan = await planCandidates({ db, changes: options.changes, parsed: candidates, full: options.full, readBlob: options.readBlob });
  const candidateRows = { changes: options.changes, parsed: candidates, plan: candidatePlan, full: options.full };
  const dirs = new Set<string>();
  for (const change of options.changes) {
    const where = parseBrainPath(change.path);
    if (where.type === 'ledger' || where.type === 'revision') dirs.add(where.dir);
  }
  const problems = parsed.filter((p): p is ParsedProblem => p.kind === 'problem');
  const stats: ApplyStats = { files: options.changes.length, revisions: revisions.length, problems: problems.length, entries: plan.size };
  if (options.full) {
    const ledgers = parsed.filter((p): p is ParsedLedger => p.kind === 'ledger');
    const facts = { revisions, ledgers, problems, plan, dirs, duplicates };
    db.transaction(() => {
      writeFullRebuild(db, facts);
      writeCandidateRows(db, candidateRows);
      recordSearchTerms(db, options.toOid ?? '', true);
      setMeta(db, 'projected_oid', options.toOid ?? '');
    }).immediate();
    return stats;
  }
  const s = statementsFor(db);
  const run = db.transaction((): ApplyStats => {
    if (getMeta(db, 'projected_oid') !== (options.fromOid ?? '')) {
      throw new StaleProjectionError('projection moved during apply');
    }
    for (const change of options.changes) {
      const where = parseBrainPath(change.path);
      if (where.type === 'other') {
        if (parseCandidatePath(change.path).type !== 'other') s.deleteProblem.run(change.path);
        continue;
      }
      if (where.type === 'revision') s.deleteRevision.run(where.entry_id, where.project_id, where.entry_kind, where.file);
      s.deleteProblem.run(change.path);
      if (where.type === 'ledger') s.deleteLedger.run(where.entry_id, where.project_id, where.entry_kind);
    }
    for (const p of parsed) if (p.kind !== 'candidate') insertParsedRows(db, p);
    writeCandidateRows(db, candidateRows);
    for (const [entryId, change] of plan) {
      if (change.type === 'counts') setCurrentCounts(db, entryId, change);
      else setCurrent(db, entryId, change.state);
    }
    for (const dir of dirs) checkEntryDir(db, dir);
    for (const dir of clearDirs) s.deleteDuplicate.run(dir);
    insertDuplicateProblems(db, duplicates);
    recordSearchTerms(db, options.toOid ?? '', false);
    setMeta(db, 'projected_oid', options.toOid ?? '');
    return stats;
  });
  dropNotedRows(db); // what an apply that did not commit noted
  return run.immediate();
}
