/**
 * The one apply path of the projection (DESIGN §4): every change — a write, a pull, a full
 * rebuild — goes through {@link applyChanges}, which reads the changed blobs, decides each
 * touched entry's new current state ({@link planCurrent}), and then, in one SQLite
 * transaction, updates revisions, problems, ledger lines, the current table and its side
 * tables, and moves `meta.projected_oid`. Files that fail to parse or validate land in
 * `problems` and never stop the projection.
 */
import { parseBrainPath } from '../store/layout.js';
import { parseLedger } from '../store/ledger.js';
import { RevisionProblem, readRevisionFile } from '../store/revision-file.js';
import { getMeta, setMeta, type CacheDb } from './open-cache.js';
import { hexBytes } from './schema.js';
import { setCurrent, setCurrentCounts } from './current.js';
import { planCurrent, type ParsedRevision } from './plan-current.js';
import { checkEntryDir } from './entry-checks.js';
import { writeFullRebuild, type ParsedLedger, type ParsedProblem } from './full-rebuild.js';

/** A changed file of the branch tree. */
export interface FileChange {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  newOid: string | null;
}

/** Counts of what an apply did. */
export interface ApplyStats {
  files: number;
  revisions: number;
  problems: number;
  entries: number;
}

/** Thrown when another process moved the projection while this one was reading blobs. */
export class StaleProjectionError extends Error {}

type Parsed = ParsedRevision | ParsedProblem | ParsedLedger;

/** Blobs asked of the reader at a time; the next chunk is asked before this one is parsed. */
const READ_CHUNK = 2_000;

/**
 * Reads and parses every changed file, in change order. Two chunks are in flight at once, so
 * git answers the next chunk while this process parses the current one (issue #10: no idle
 * wait between chunks).
 */
async function readAll(changes: readonly FileChange[], readBlob: (oid: string) => Promise<Buffer>): Promise<Parsed[]> {
  const start = (i: number) => (i < changes.length ? Promise.all(changes.slice(i, i + READ_CHUNK).map((c) => parseChange(c, readBlob))) : null);
  const parsed: Parsed[] = [];
  let next = start(0);
  for (let i = 0; next !== null; i += READ_CHUNK) {
    const current = next;
    next = start(i + READ_CHUNK);
    // A rejected chunk still in flight must not become an unhandled rejection.
    next?.catch(() => undefined);
    for (const p of await current) if (p) parsed.push(p);
  }
  return parsed;
}

async function parseChange(change: FileChange, readBlob: (oid: string) => Promise<Buffer>): Promise<Parsed | null> {
  const where = parseBrainPath(change.path);
  if (where.type === 'other' || change.newOid === null) return null;
  const oid = change.newOid;
  if (where.type === 'stray') return { kind: 'problem', path: change.path, oid, code: 'stray_file', message: where.reason };
  const bytes = await readBlob(oid);
  if (where.type === 'ledger') {
    try {
      const lines = parseLedger(bytes.toString('utf8')).map(({ revision, file, sha256 }) => ({ revision, file, sha256 }));
      return { kind: 'ledger', path: change.path, where, lines };
    } catch (err) {
      return { kind: 'problem', path: change.path, oid, code: 'invalid_ledger', message: (err as Error).message };
    }
  }
  try {
    const { entry, sha256 } = readRevisionFile(where, bytes);
    return { kind: 'revision', path: change.path, file: where.file, oid, entry, sha256, json: bytes.toString('utf8') };
  } catch (err) {
    if (err instanceof RevisionProblem) return { kind: 'problem', path: change.path, oid, code: err.code, message: err.message };
    throw err;
  }
}

/** Options of {@link applyChanges}. */
export interface ApplyOptions {
  db: CacheDb;
  readBlob: (oid: string) => Promise<Buffer>;
  changes: FileChange[];
  /** The oid the projection must still be at (ignored when `full`). */
  fromOid: string | null;
  toOid: string | null;
  /** Clear every table first (a full rebuild). */
  full: boolean;
}

function statementsFor(db: CacheDb) {
  return {
    deleteRevision: db.prepare('DELETE FROM revisions WHERE entry_id = ? AND project_id = ? AND entry_kind = ? AND file = ?'),
    deleteProblem: db.prepare('DELETE FROM problems WHERE path = ?'),
    insertRevision: db.prepare('INSERT INTO revisions (entry_id, project_id, entry_kind, file, revision, status, recorded_at, sha256, blob_oid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)'),
    insertProblem: db.prepare('INSERT INTO problems (path, blob_oid, code, message) VALUES (?, ?, ?, ?)'),
    deleteLedger: db.prepare('DELETE FROM ledger_lines WHERE entry_id = ? AND project_id = ? AND entry_kind = ?'),
    insertLedgerLine: db.prepare('INSERT OR IGNORE INTO ledger_lines (entry_id, project_id, entry_kind, file, revision, sha256) VALUES (?, ?, ?, ?, ?, ?)'),
  };
}

/**
 * Applies `changes` and moves the projection to `toOid`, atomically.
 * Errors: {@link StaleProjectionError} when `meta.projected_oid` is no longer `fromOid`.
 */
export async function applyChanges(options: ApplyOptions): Promise<ApplyStats> {
  const parsed = await readAll(options.changes, options.readBlob);
  const { db } = options;
  const revisions = parsed.filter((p): p is ParsedRevision => p.kind === 'revision');
  const plan = await planCurrent({ db, changes: options.changes, revisions, full: options.full, readBlob: options.readBlob });
  const dirs = new Set<string>();
  for (const change of options.changes) {
    const where = parseBrainPath(change.path);
    if (where.type === 'ledger' || where.type === 'revision') dirs.add(where.dir);
  }
  const problems = parsed.filter((p): p is ParsedProblem => p.kind === 'problem');
  const stats: ApplyStats = { files: options.changes.length, revisions: revisions.length, problems: problems.length, entries: plan.size };
  if (options.full) {
    const ledgers = parsed.filter((p): p is ParsedLedger => p.kind === 'ledger');
    const rebuild = db.transaction(() => {
      writeFullRebuild(db, { revisions, ledgers, problems, plan, dirs });
      setMeta(db, 'projected_oid', options.toOid ?? '');
    });
    rebuild.immediate();
    return stats;
  }
  const s = statementsFor(db);
  const run = db.transaction((): ApplyStats => {
    if (getMeta(db, 'projected_oid') !== (options.fromOid ?? '')) {
      throw new StaleProjectionError('projection moved during apply');
    }
    for (const change of options.changes) {
      const where = parseBrainPath(change.path);
      if (where.type === 'other') continue;
      if (where.type === 'revision') s.deleteRevision.run(where.entry_id, where.project_id, where.entry_kind, where.file);
      s.deleteProblem.run(change.path);
      if (where.type === 'ledger') s.deleteLedger.run(where.entry_id, where.project_id, where.entry_kind);
    }
    for (const p of parsed) {
      if (p.kind === 'revision') {
        const e = p.entry;
        s.insertRevision.run(e.entry_id, e.project_id, e.entry_kind, p.file, e.revision, e.status, e.recorded_at, hexBytes(p.sha256), hexBytes(p.oid));
      } else if (p.kind === 'problem') {
        s.insertProblem.run(p.path, p.oid, p.code, p.message);
      } else {
        const w = p.where;
        for (const line of p.lines) s.insertLedgerLine.run(w.entry_id, w.project_id, w.entry_kind, line.file, line.revision, hexBytes(line.sha256));
      }
    }
    for (const [entryId, change] of plan) {
      if (change.type === 'counts') setCurrentCounts(db, entryId, change);
      else setCurrent(db, entryId, change.state);
    }
    for (const dir of dirs) checkEntryDir(db, dir);
    setMeta(db, 'projected_oid', options.toOid ?? '');
    return stats;
  });
  return run.immediate();
}
