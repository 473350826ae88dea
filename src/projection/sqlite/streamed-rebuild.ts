/**
 * A full rebuild written as the branch is read (issue #21 "first read in a fresh clone",
 * docs/decisions/0096): the cold build's path (cold-build.ts, a private build file no other
 * connection sees). The files of one entry directory are contiguous in the tree's listing
 * (`git ls-tree -r` walks each tree depth first), so as soon as the listing leaves a directory
 * its entry is complete: its current state is decided and written (`current` and its side
 * tables, the search row) and its entry checks computed, while git streams the next blobs —
 * and nothing of it is held until the end. Before, every parsed file of the branch was held
 * until the last blob (at 600 000 revisions ~1 GB of heap the garbage collector walked again
 * and again), then the whole `current` table written after the read.
 *
 * The rows are those of {@link writeFullRebuild} (full-rebuild.ts): the same functions on the
 * same facts — {@link decideCurrent} per entry, {@link setCurrent}, {@link entryDirProblems}.
 * The one fact a directory cannot tell alone is an entry id held by several projects
 * (docs/decisions/0029): an id met again is decided once more at the end from every project's
 * `revisions` rows (the owner's top blob read again from git), replacing what its first
 * directory wrote, with its `duplicate_entry_id` problems.
 */
import { parseBrainPath } from '../../store/layout.js';
import { decideCurrent, fromParsed, type Candidate } from '../decide-current.js';
import type { ParsedCandidate } from '../decide-candidates.js';
import type { Parsed } from '../parse-file.js';
import { readParsed, type FileChange, type ReadBlobs, type ReadProgress } from '../read-changes.js';
import { setCurrent } from './current.js';
import { entryDirProblems, insertDuplicateProblems, insertEntryProblems, type EntryDirFacts } from './entry-checks.js';
import { beginFullRebuild, finishRebuildTables, insertReadRows } from './full-rebuild.js';
import type { CacheDb } from './open-cache.js';
import type { ParsedRevision } from './plan-current.js';
import { revisionPath } from './schema.js';

/** The entry directory (`projects/<p>/<kind>/<fan>/<id>`) a path lies in, among `dirs`, or null. */
function entryDirOf(path: string, dirs: ReadonlySet<string>): string | null {
  let slash = -1;
  for (let i = 0; i < 5; i++) {
    slash = path.indexOf('/', slash + 1);
    if (slash === -1) return null;
  }
  const dir = path.slice(0, slash);
  return dirs.has(dir) ? dir : null;
}

/**
 * `changes` in an order where every entry directory's files are contiguous: as given when they
 * are (a tree listing always is), else sorted by path (all paths under `dir/` then form one run).
 */
export function contiguousByDir(changes: readonly FileChange[], dirs: ReadonlySet<string>): readonly FileChange[] {
  const closed = new Set<string>();
  let open: string | null = null;
  for (const c of changes) {
    const dir = entryDirOf(c.path, dirs);
    if (dir === null || dir === open) continue;
    if (closed.has(dir)) return [...changes].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    if (open !== null) closed.add(open);
    open = dir;
  }
  return changes;
}

/** One entry directory's files, gathered until the listing leaves it. */
interface OpenDir {
  dir: string;
  revisions: ParsedRevision[];
  facts: EntryDirFacts;
  ledgerFiles: Set<string>;
}

const openDir = (dir: string): OpenDir => ({ dir, revisions: [], facts: { lines: [], valid: new Map(), invalid: new Set() }, ledgerFiles: new Set() });

/** What {@link streamFullRebuild} read: counts, and the candidate files (written by the caller). */
export interface StreamedRead {
  revisions: number;
  problems: number;
  entries: number;
  candidates: ParsedCandidate[];
}

/** Options of {@link streamFullRebuild}. */
export interface StreamOptions {
  db: CacheDb;
  changes: readonly FileChange[];
  readBlob: (oid: string) => Promise<Buffer>;
  readBlobs?: ReadBlobs;
  /** Told after each chunk read (src/projection/read-changes.ts). */
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * Reads every file of `changes` (a full listing) and writes the entry rows of a full rebuild
 * into `db` as it goes: call inside a transaction begun on a private build file; finish with
 * {@link finishRebuildTables} and the candidate rows. Returns the counts and candidate files.
 * Errors: reader errors; SQLite errors.
 */
export async function streamFullRebuild(options: StreamOptions): Promise<StreamedRead> {
  const { db, readBlob } = options;
  beginFullRebuild(db);
  const dirs = new Set<string>();
  for (const c of options.changes) {
    const where = parseBrainPath(c.path);
    if (where.type === 'ledger' || where.type === 'revision') dirs.add(where.dir);
  }
  const changes = contiguousByDir(options.changes, dirs);
  /** Each decided entry id → the project of the directory that decided it. */
  const owners = new Map<string, string>();
  const contested = new Set<string>();
  const candidates: ParsedCandidate[] = [];
  let revisions = 0;
  let problems = 0;
  let open: OpenDir | null = null;

  const close = async (d: OpenDir): Promise<void> => {
    insertEntryProblems(db, entryDirProblems(d.dir, d.facts));
    if (d.revisions.length === 0) return;
    const id = d.revisions[0]!.row.entry_id;
    const project = d.revisions[0]!.row.project_id;
    if (owners.has(id)) {
      contested.add(id); // another directory held it first: decided at the end from all of them
      return;
    }
    owners.set(id, project);
    const { plan } = await decideCurrent(new Map([[id, d.revisions.map(fromParsed)]]), () => undefined, readBlob);
    const change = plan.get(id);
    if (change?.type === 'state') setCurrent(db, id, change.state, true);
  };

  const onChunk = async (chunk: readonly Parsed[]): Promise<void> => {
    insertReadRows(db, chunk);
    for (const p of chunk) {
      if (p.kind === 'candidate') {
        candidates.push(p);
        continue;
      }
      const dir = p.kind === 'ledger' ? p.where.dir : entryDirOf(p.path, dirs);
      if (p.kind === 'revision') revisions++;
      else if (p.kind === 'problem') problems++;
      if (dir === null) continue;
      if (open?.dir !== dir) {
        if (open !== null) await close(open);
        open = openDir(dir);
      }
      const f = open.facts;
      if (p.kind === 'revision') {
        open.revisions.push(p);
        f.valid.set(p.file, { sha256: p.sha256, revision: p.row.revision });
      } else if (p.kind === 'ledger') {
        for (const line of p.lines) if (!open.ledgerFiles.has(line.file)) open.ledgerFiles.add(line.file), f.lines.push(line);
      } else {
        f.invalid.add(p.path.slice(dir.length + 1));
      }
    }
  };
  await readParsed(changes, readBlob, options.readBlobs, { onChunk, collect: false, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
  if (open !== null) await close(open);
  if (contested.size > 0) await decideContested(db, [...contested].sort(), readBlob);
  return { revisions, problems, entries: owners.size, candidates };
}

/**
 * Decides again each entry id that several projects' directories hold, from every project's
 * `revisions` rows (DESIGN §4 rule of decide-current.ts: the project with the oldest revision
 * owns it), replacing the rows its first directory wrote; writes the duplicate-id problems.
 */
async function decideContested(db: CacheDb, ids: readonly string[], readBlob: (oid: string) => Promise<Buffer>): Promise<void> {
  const rowsOf = db.prepare('SELECT project_id, entry_kind, file, revision, recorded_at, sha256, blob_oid FROM revisions WHERE entry_id = ?');
  const byEntry = new Map<string, Candidate[]>();
  for (const id of ids) {
    const rows = rowsOf.all(id) as { project_id: string; entry_kind: string; file: string; revision: number; recorded_at: string; sha256: Buffer; blob_oid: Buffer }[];
    byEntry.set(id, rows.map((r) => ({ path: revisionPath({ ...r, entry_id: id }), revision: r.revision, recorded_at: r.recorded_at, sha256: r.sha256.toString('hex'), oid: r.blob_oid.toString('hex'), parsed: null })));
  }
  const { plan, duplicates } = await decideCurrent(byEntry, () => undefined, readBlob);
  for (const id of ids) {
    const change = plan.get(id);
    if (change?.type === 'state') setCurrent(db, id, change.state);
  }
  insertDuplicateProblems(db, duplicates);
}
