/**
 * The one apply path of the projection (DESIGN §4): every change — a write, a pull, a full
 * rebuild — goes through {@link applyChanges}, which reads the changed blobs, decides each
 * touched entry's new current state ({@link planCurrent}), and then, in one SQLite
 * transaction, updates revisions, problems, ledger lines, the current table and its side
 * tables, and moves `meta.projected_oid`. Files that fail to parse or validate land in
 * `problems` and never stop the projection.
 */
import { parseBrainPath } from '../../store/layout.js';
import { getMeta, setMeta, type CacheDb } from './open-cache.js';
import { insertParsedRows } from './row-writes.js';
import { setCurrent, setCurrentCounts } from './current.js';
import { planCurrent, type ParsedRevision } from './plan-current.js';
import { checkEntryDir } from './entry-checks.js';
import { writeFullRebuild, type ParsedLedger, type ParsedProblem } from './full-rebuild.js';
import { dropOutranked, needsBlob, parseFile, type Parsed } from './parse-file.js';
import { ParsePool, type ParseJob } from './parse-pool.js';

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

/** Blobs asked of the reader at a time. */
const READ_CHUNK = 2_000;
/** Chunks in flight at once (read from git, or parsed, while the earliest one is awaited). */
const IN_FLIGHT = 4;
/** Chunks the worker may hold (running and queued); a chunk that finds it full is parsed here. */
const WORKER_QUEUE = 1;
/** From this many changed files on, parsing runs in a worker thread (below, its start-up costs more than it saves). */
const POOL_MIN_FILES = 4_000;

/** Reads one chunk's blobs (only of files that need them). */
async function readChunk(changes: readonly FileChange[], readBlob: (oid: string) => Promise<Buffer>): Promise<ParseJob[]> {
  const jobs = changes.filter((c) => c.newOid !== null).map((c) => ({ path: c.path, oid: c.newOid!, bytes: null as Buffer | null }));
  await Promise.all(jobs.map(async (j) => {
    if (needsBlob(j.path)) j.bytes = await readBlob(j.oid);
  }));
  return jobs;
}

/**
 * Parses one chunk: in the worker when there is one with room, else in this thread — both
 * cores parse (also in this thread when the worker fails: same function, same results).
 */
async function parseChunk(jobs: ParseJob[], pool: ParsePool | null): Promise<(Parsed | null)[]> {
  if (pool !== null && pool.busy < WORKER_QUEUE) {
    try {
      return await pool.parse(jobs);
    } catch {
      // A dead or failing worker: parse here, which reports a genuine parse error the same way.
    }
  }
  return dropOutranked(jobs.map((j) => parseFile(j.path, j.oid, j.bytes)));
}

/**
 * Reads and parses every changed file, in change order. Several chunks are in flight at once,
 * so git answers the next chunks while the current one is parsed — for large change sets in a
 * worker thread and in this one (issue #10 cold rebuild: no idle wait between chunks, the
 * second core used).
 */
async function readAll(changes: readonly FileChange[], readBlob: (oid: string) => Promise<Buffer>): Promise<Parsed[]> {
  const pool = changes.length >= POOL_MIN_FILES ? openPool() : null;
  try {
    const window: Promise<(Parsed | null)[]>[] = [];
    let next = 0;
    const refill = () => {
      for (; window.length < IN_FLIGHT && next < changes.length; next += READ_CHUNK) {
        const p = readChunk(changes.slice(next, next + READ_CHUNK), readBlob).then((jobs) => parseChunk(jobs, pool));
        p.catch(() => undefined); // awaited below; a chunk still in flight when an earlier one fails is not unhandled
        window.push(p);
      }
    };
    const parsed: Parsed[] = [];
    refill();
    while (window.length > 0) {
      const current = window.shift()!;
      refill();
      for (const p of await current) if (p) parsed.push(p);
    }
    return parsed;
  } finally {
    await pool?.close();
  }
}

function openPool(): ParsePool | null {
  try {
    return ParsePool.open();
  } catch {
    return null; // worker threads unavailable: parse in this thread
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
    deleteLedger: db.prepare('DELETE FROM ledger_lines WHERE entry_id = ? AND project_id = ? AND entry_kind = ?'),
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
    for (const p of parsed) insertParsedRows(db, p);
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
