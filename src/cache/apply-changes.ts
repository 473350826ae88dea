/**
 * The one apply path of the projection (DESIGN §4): every change — a write, a pull, a full
 * rebuild — goes through {@link applyChanges}, which reads the changed blobs and then, in one
 * SQLite transaction, updates revisions, problems, the current table and its side tables, and
 * moves `meta.projected_oid`. Files that fail to parse or validate land in `problems` and never
 * stop the projection.
 */
import type { Entry } from '../model/entry.js';
import { parseBrainPath } from '../store/layout.js';
import { parseLedger } from '../store/ledger.js';
import { RevisionProblem, readRevisionFile } from '../store/revision-file.js';
import { getMeta, setMeta, type CacheDb } from './open-cache.js';
import { DATA_TABLES } from './schema.js';
import { recomputeCurrent } from './current.js';
import { checkEntryDir } from './entry-checks.js';

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

type Parsed =
  | { kind: 'revision'; path: string; oid: string; entry: Entry; sha256: string; json: string }
  | { kind: 'problem'; path: string; oid: string; code: string; message: string }
  | { kind: 'ledger'; path: string; dir: string; lines: { revision: number; file: string; sha256: string }[] };

const READ_CHUNK = 2_000;

async function parseChange(change: FileChange, readBlob: (oid: string) => Promise<Buffer>): Promise<Parsed | null> {
  const where = parseBrainPath(change.path);
  if (where.type === 'other' || change.newOid === null) return null;
  const oid = change.newOid;
  if (where.type === 'stray') return { kind: 'problem', path: change.path, oid, code: 'stray_file', message: where.reason };
  const bytes = await readBlob(oid);
  if (where.type === 'ledger') {
    try {
      const lines = parseLedger(bytes.toString('utf8')).map(({ revision, file, sha256 }) => ({ revision, file, sha256 }));
      return { kind: 'ledger', path: change.path, dir: where.dir, lines };
    } catch (err) {
      return { kind: 'problem', path: change.path, oid, code: 'invalid_ledger', message: (err as Error).message };
    }
  }
  try {
    const { entry, sha256 } = readRevisionFile(where, bytes);
    return { kind: 'revision', path: change.path, oid, entry, sha256, json: bytes.toString('utf8') };
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

/**
 * Applies `changes` and moves the projection to `toOid`, atomically.
 * Errors: {@link StaleProjectionError} when `meta.projected_oid` is no longer `fromOid`.
 */
export async function applyChanges(options: ApplyOptions): Promise<ApplyStats> {
  const parsed: Parsed[] = [];
  for (let i = 0; i < options.changes.length; i += READ_CHUNK) {
    const chunk = options.changes.slice(i, i + READ_CHUNK);
    for (const p of await Promise.all(chunk.map((c) => parseChange(c, options.readBlob)))) if (p) parsed.push(p);
  }
  const { db } = options;
  const deleteRevision = db.prepare('DELETE FROM revisions WHERE path = ? RETURNING entry_id');
  const deleteProblem = db.prepare('DELETE FROM problems WHERE path = ?');
  const insertRevision = db.prepare(
    `INSERT INTO revisions (path, blob_oid, project_id, entry_id, entry_kind, revision, status, title, author, recorded_at, sha256, json)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertProblem = db.prepare('INSERT INTO problems (path, blob_oid, code, message) VALUES (?, ?, ?, ?)');
  const deleteLedger = db.prepare('DELETE FROM ledger_lines WHERE dir = ?');
  const insertLedgerLine = db.prepare('INSERT OR IGNORE INTO ledger_lines (dir, file, revision, sha256) VALUES (?, ?, ?, ?)');
  const run = db.transaction((): ApplyStats => {
    if (options.full) {
      for (const table of DATA_TABLES) db.exec(`DELETE FROM ${table}`);
    } else if (getMeta(db, 'projected_oid') !== (options.fromOid ?? '')) {
      throw new StaleProjectionError('projection moved during apply');
    }
    const affected = new Set<string>();
    const dirs = new Set<string>();
    for (const change of options.changes) {
      const where = parseBrainPath(change.path);
      if (where.type === 'ledger' || where.type === 'revision') dirs.add(where.dir);
      if (options.full || where.type === 'other') continue;
      for (const row of deleteRevision.all(change.path) as { entry_id: string }[]) affected.add(row.entry_id);
      deleteProblem.run(change.path);
      if (where.type === 'ledger') deleteLedger.run(where.dir);
    }
    let revisions = 0;
    let problems = 0;
    for (const p of parsed) {
      if (p.kind === 'revision') {
        const e = p.entry;
        insertRevision.run(p.path, p.oid, e.project_id, e.entry_id, e.entry_kind, e.revision, e.status, e.title, e.author, e.recorded_at, p.sha256, p.json);
        affected.add(e.entry_id);
        revisions++;
      } else if (p.kind === 'problem') {
        insertProblem.run(p.path, p.oid, p.code, p.message);
        problems++;
      } else {
        for (const line of p.lines) insertLedgerLine.run(p.dir, line.file, line.revision, line.sha256);
      }
    }
    for (const entryId of affected) recomputeCurrent(db, entryId);
    for (const dir of dirs) checkEntryDir(db, dir);
    setMeta(db, 'projected_oid', options.toOid ?? '');
    return { files: options.changes.length, revisions, problems, entries: affected.size };
  });
  return run.immediate();
}
