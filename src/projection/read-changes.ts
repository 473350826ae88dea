/**
 * The reading half of the one apply path (DESIGN §4), shared by every projection backend
 * (src/projection/backend.ts): which files changed between the projected commit and the tip
 * ({@link planChanges}: a tree diff, or every file for a full rebuild), and their blobs read
 * and parsed into revision, ledger and problem values ({@link readParsed}). What a backend
 * writes from them is its own (src/projection/sqlite/apply-changes.ts, src/projection/postgres/).
 */
import type { ObjectReader } from '../git/object-reader.js';
import { diffTrees } from '../git/tree-diff.js';
import { BrainError } from '../model/errors.js';
import { CANDIDATES_DIR, PROJECTS_DIR } from '../store/layout.js';
import { dropOutranked, needsBlob, parseFile, type Parsed } from './parse-file.js';
import { ParsePool, type ParseJob } from './parse-pool.js';

/** A changed file of the branch tree. */
export interface FileChange {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  newOid: string | null;
}

/** The trees the projection reads: entries, and candidates (issue #20). */
const PROJECTED_DIRS = [PROJECTS_DIR, CANDIDATES_DIR] as const;

/**
 * The changed files from commit `from` to `to`: a tree diff under `projects/` and
 * `candidates/` when every object of `from` it needs is readable and not `full`, else every file
 * of both at `to` as added (`full: true` in the result). `to` null (no branch): nothing, as a
 * full rebuild. Errors: reader errors.
 */
export async function planChanges(reader: ObjectReader, from: string | null, to: string | null, full: boolean): Promise<{ changes: FileChange[]; full: boolean }> {
  if (to === null) return { changes: [], full: true };
  const newTree = (await reader.readCommit(to)).tree;
  const diffed = full || from === null ? null : await diffFrom(reader, from, newTree);
  if (diffed !== null) return { changes: diffed, full: false };
  const changes: FileChange[] = [];
  for (const prefix of PROJECTED_DIRS) {
    for (const f of await reader.listFiles(newTree, prefix)) changes.push({ path: f.path, status: 'added', newOid: f.oid });
  }
  return { changes, full: true };
}

/**
 * The tree diff from commit `from` to the tree `newTree`, or null when an object of `from` is
 * gone (pruned after a force-push: the caller rebuilds in full). No existence check first: it
 * started a second git child (`cat-file --batch-check`) on every refresh, and could not answer
 * for the commit's trees anyway — a `cat-file` child started before a `git gc --prune` may still
 * read a pruned commit from a pack it holds open, and not the trees in the packs it did not
 * (decision 0109). Objects are immutable: a diff that reads every object it needs is right.
 * Errors: reader errors but `not_found`.
 */
async function diffFrom(reader: ObjectReader, from: string, newTree: string): Promise<FileChange[] | null> {
  try {
    const oldTree = (await reader.readCommit(from)).tree;
    const changes: FileChange[] = [];
    for (const prefix of PROJECTED_DIRS) {
      for (const c of await diffTrees({ reader, oldTree, newTree, prefix })) changes.push({ path: c.path, status: c.status, newOid: c.newOid });
    }
    return changes;
  } catch (err) {
    if (err instanceof BrainError && err.code === 'not_found') return null;
    throw err;
  }
}

/** Blobs asked of the reader at a time. */
const READ_CHUNK = 2_000;
/** Chunks in flight at once (read from git, or parsed, while the earliest one is awaited). */
const IN_FLIGHT = 4;
/** Chunks the worker may hold (running and queued); a chunk that finds it full is parsed here. */
const WORKER_QUEUE = 1;
/** From this many changed files on, parsing runs in a worker thread (below, its start-up costs more than it saves). */
const POOL_MIN_FILES = 4_000;

/** Reads many blobs at once, in order (ObjectReader.readBlobs). */
export type ReadBlobs = (oids: readonly string[]) => Promise<Buffer[]>;

/** Reads one chunk's blobs (only of files that need them): in one bulk read when `readBlobs` is given. */
async function readChunk(changes: readonly FileChange[], readBlob: (oid: string) => Promise<Buffer>, readBlobs: ReadBlobs | undefined): Promise<ParseJob[]> {
  const jobs = changes.filter((c) => c.newOid !== null).map((c) => ({ path: c.path, oid: c.newOid!, bytes: null as Buffer | null }));
  const wanted = jobs.filter((j) => needsBlob(j.path));
  if (readBlobs) {
    const blobs = await readBlobs(wanted.map((j) => j.oid));
    wanted.forEach((j, i) => (j.bytes = blobs[i]!));
  } else {
    await Promise.all(wanted.map(async (j) => (j.bytes = await readBlob(j.oid))));
  }
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

/** A read's progress: files read and parsed so far, of `total`. */
export interface ReadProgress {
  done: number;
  total: number;
}

/** Options of {@link readParsed}. */
export interface ReadOptions {
  /** Receives each chunk's parsed files as it arrives, in change order, before the next chunk is awaited; what it throws fails the read. */
  onChunk?: (chunk: readonly Parsed[]) => void | Promise<void>;
  /** False: the chunks are not kept (the answer is empty), for a caller that writes each as it arrives. Default true. */
  collect?: boolean;
  /** Told after each chunk (for a person watching a long read: src/cli/progress.ts). */
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * Reads and parses every changed file, in change order. Several chunks are in flight at once,
 * so git answers the next chunks while the current one is parsed — for large change sets in a
 * worker thread and in this one (issue #10 cold rebuild: no idle wait between chunks, the
 * second core used). See {@link ReadOptions} for a caller that writes each chunk as it arrives
 * (a cold build: src/projection/sqlite/streamed-rebuild.ts) or shows progress.
 */
export async function readParsed(changes: readonly FileChange[], readBlob: (oid: string) => Promise<Buffer>, readBlobs?: ReadBlobs, options: ReadOptions = {}): Promise<Parsed[]> {
  const { onChunk, collect = true, onProgress } = options;
  const pool = changes.length >= POOL_MIN_FILES ? openPool() : null;
  try {
    const window: Promise<(Parsed | null)[]>[] = [];
    let next = 0;
    const refill = () => {
      for (; window.length < IN_FLIGHT && next < changes.length; next += READ_CHUNK) {
        const p = readChunk(changes.slice(next, next + READ_CHUNK), readBlob, readBlobs).then((jobs) => parseChunk(jobs, pool));
        p.catch(() => undefined); // awaited below; a chunk still in flight when an earlier one fails is not unhandled
        window.push(p);
      }
    };
    const parsed: Parsed[] = [];
    let done = 0;
    refill();
    while (window.length > 0) {
      const current = window.shift()!;
      refill();
      const chunk: Parsed[] = [];
      for (const p of await current) if (p) chunk.push(p);
      await onChunk?.(chunk);
      if (collect) for (const p of chunk) parsed.push(p);
      done = Math.min(done + READ_CHUNK, changes.length);
      onProgress?.({ done, total: changes.length });
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
