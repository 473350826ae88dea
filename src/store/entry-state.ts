/**
 * Reading one entry's — or one candidate's (issue #20) — revisions straight from a commit (git
 * is the source of truth; the store never asks the cache). Used by writers under the lock to
 * number the next revision. Entries and candidates share the layout of a record directory
 * (revision files and a hash-chained ledger) and so this code; only validation differs.
 */
import { getHeapStatistics } from 'node:v8';
import { LRUCache } from 'lru-cache';
import { BrainError } from '../model/errors.js';
import type { Entry } from '../model/entry.js';
import { kindOfEntryId } from '../model/kinds.js';
import { validateEntry } from '../model/validate.js';
import type { Candidate } from '../model/candidate.js';
import { validateCandidate } from '../model/validate-candidate.js';
import { listTree, readBlobAt, treeOidAt } from '../git/tree-reader.js';
import { sha256Hex } from './canonical-json.js';
import { LEDGER_FILE, candidateDir, entryDir, parseRevisionFileName, revisionFileName } from './layout.js';
import { parseLedger } from './ledger.js';
import { compareRevisions } from './revision-order.js';

/** One record (an entry or a candidate) as stored at a commit. */
export interface RecordState<T> {
  /** The record's id (an entry id or a candidate id). */
  entry_id: string;
  dir: string;
  /** The ledger text exactly as on the branch ('' for a new entry). */
  ledgerText: string;
  /**
   * How many lines the ledger holds (0: no ledger). A count, not the parsed lines: a writer
   * appends one line to the text, and parsing every earlier line again at each revision of a
   * bulk import cost O(revisions of the entry) per revision (decision 0064).
   */
  ledgerLines: number;
  /** Highest revision number seen in the ledger or among the files (0 for a new entry). */
  maxRevision: number;
  /**
   * The current revision (last in DESIGN §3 invariant-5 order), or null for a new entry: its
   * file's sha256 (what the next revision chains onto), the oid of its blob (null while it is
   * only staged), and the record, or null until someone asks for it ({@link loadCurrent}). The
   * state cache keeps the oid, not the record: parsing the record again at every revision of
   * a bulk import, and holding its text (~2–4 KB per entry) for the whole import, grew with the
   * brain (decision 0080), for a record a `put` never reads.
   */
  current: { sha256: string; oid: string | null; entry: T | null } | null;
  /**
   * The sha256 of every valid file holding the top revision number, in invariant-5 order (the
   * last is `current`). More than one: the entry is forked (a merge made outside `brain sync`),
   * and the next revision closes the fork by listing the others in `merged_sha256`.
   */
  heads: string[];
  /**
   * Set when the newest revision is invalid or its file is missing (issue #7 "Repair,
   * append-only"): the path of that revision. `current` is then the newest valid revision,
   * with the bad head's sha256, so the next revision chains onto the bad one (which stays as
   * history) and is written even if its content equals `current`'s.
   */
  repairs: string | null;
}

/** One entry as stored at a commit. */
export type EntryState = RecordState<Entry>;
/** One candidate as stored at a commit. */
export type CandidateState = RecordState<Candidate>;

/** How to read the revision files of one kind of record. */
interface RecordKind<T> {
  validate: (raw: unknown) => T;
  /** What to do when no revision is valid (the hint of the `invalid_entry` error). */
  hint: string;
}

const ENTRY_KIND: RecordKind<Entry> = { validate: validateEntry, hint: 'run `brain doctor` for details; record it again with `brain add` (the bad file stays on the branch as history)' };
const CANDIDATE_KIND: RecordKind<Candidate> = { validate: validateCandidate, hint: 'run `brain doctor` for details; propose it again with `brain propose` (the bad file stays on the branch as history)' };

/**
 * The state cache's budget, in (estimated) bytes: 1/8 of this process's V8 heap limit (~540 MB
 * with node's default limit on a 64-bit machine, room for ~150 000 entries of a few revisions);
 * smaller when the process runs with a smaller heap.
 */
export const STATE_CACHE_BYTES = Math.floor(getHeapStatistics().heap_size_limit / 8);

/** What the cache keeps of a state: the current revision's sha256 and blob oid, not the record (read again when asked). */
type CachedState = Omit<RecordState<unknown>, 'current'> & { treeOid: string; current: { sha256: string; oid: string } | null };

/**
 * Entry and candidate states by record directory, each with the oid of the directory's tree it
 * was computed from: a state is a function of that tree's content (issue #10: no read-back from
 * git per `put` of a bulk import). One slot per record, so a new state replaces its record's
 * older one and the working set is the number of records, not of revisions. Bounded by memory,
 * not by a count (issue 21: 32 768 states, fewer than the entries of a real brain, made nearly
 * every lookup of a long import miss), least recently used dropped first.
 */
const stateCache = new LRUCache<string, CachedState>({
  maxSize: STATE_CACHE_BYTES,
  sizeCalculation: (s) => 256 + s.dir.length + s.ledgerText.length + (s.current ? 120 : 0) + s.heads.length * 80 + (s.repairs?.length ?? 0),
});

/** A state the caller owns, from the cache: the current record not read yet. */
function fromCache<T>(cached: CachedState): RecordState<T> {
  const { treeOid: _tree, current, ...rest } = cached;
  return { ...rest, heads: [...cached.heads], current: current && { sha256: current.sha256, oid: current.oid, entry: null } };
}

/**
 * The current record of `state` (null for a new record), read from its blob at `gitdir` the
 * first time it is asked for and kept in `state` (which the caller owns) after that. Not
 * validated again: a state's current revision was validated when the state was computed from
 * the branch, or staged by a writer that validated it. Errors: git read errors.
 */
export async function loadCurrent<T>(gitdir: string, state: RecordState<T>): Promise<T | null> {
  const current = state.current;
  if (current === null) return null;
  if (current.entry === null) {
    if (current.oid === null) throw new Error(`${state.entry_id}: a staged revision without its record`); // staged states hold their record
    current.entry = JSON.parse((await readBlobAt(gitdir, current.oid)).toString('utf8')) as T;
  }
  return current.entry;
}

/**
 * Remembers `state` as the state of the record whose directory tree is `treeOid` (the store
 * calls this after a commit with each state its transaction left). `blobs`: the oid of each
 * file the commit wrote, by path (commit-writer.ts), where a staged current revision's oid is
 * found; a state whose current revision's oid is known nowhere is not remembered.
 */
export function rememberEntryState(treeOid: string, state: RecordState<unknown>, blobs: ReadonlyMap<string, string>): void {
  const { current, ...rest } = state;
  const oid = current && (current.oid ?? blobs.get(`${state.dir}/${revisionFileName(state.maxRevision, current.sha256)}`));
  if (current && !oid) return;
  stateCache.set(state.dir, { ...rest, heads: [...state.heads], treeOid, current: current && oid ? { sha256: current.sha256, oid } : null });
}

/**
 * The state of `entryId` in project `projectId` at `commitOid` (null commit: empty). An
 * invalid or missing newest revision is not an error: see {@link EntryState.repairs}.
 * Errors: `invalid_entry` when no revision of the entry is valid (nothing to build on).
 */
export async function readEntryState(args: { gitdir: string; commitOid: string | null; projectId: string; entryId: string }): Promise<EntryState> {
  return readRecordState({ ...args, dir: entryDir(args.projectId, kindOfEntryId(args.entryId), args.entryId), kind: ENTRY_KIND });
}

/** The state of candidate `candidateId` of project `projectId` at `commitOid`, as {@link readEntryState}. */
export async function readCandidateState(args: { gitdir: string; commitOid: string | null; projectId: string; candidateId: string }): Promise<CandidateState> {
  return readRecordState({ gitdir: args.gitdir, commitOid: args.commitOid, entryId: args.candidateId, dir: candidateDir(args.projectId, args.candidateId), kind: CANDIDATE_KIND });
}

async function readRecordState<T extends { revision: number; recorded_at: string }>(args: { gitdir: string; commitOid: string | null; entryId: string; dir: string; kind: RecordKind<T> }): Promise<RecordState<T>> {
  const { dir } = args;
  const empty: RecordState<T> = { entry_id: args.entryId, dir, ledgerText: '', ledgerLines: 0, maxRevision: 0, current: null, heads: [], repairs: null };
  if (!args.commitOid) return empty;
  const treeOid = await treeOidAt(args.gitdir, args.commitOid, dir);
  if (treeOid === null) return empty;
  const hit = stateCache.get(dir);
  if (hit?.treeOid === treeOid) return fromCache<T>(hit);
  const state = await computeRecordState({ gitdir: args.gitdir, entryId: args.entryId, dir, files: await listTree(args.gitdir, treeOid), empty, kind: args.kind });
  rememberEntryState(treeOid, state, new Map());
  return state;
}

async function computeRecordState<T extends { revision: number; recorded_at: string }>(args: { gitdir: string; entryId: string; dir: string; files: Map<string, string>; empty: RecordState<T>; kind: RecordKind<T> }): Promise<RecordState<T>> {
  const { dir, files, empty } = args;
  if (files.size === 0) return empty;
  const ledgerOid = files.get(LEDGER_FILE);
  const ledgerText = ledgerOid ? (await readBlobAt(args.gitdir, ledgerOid)).toString('utf8') : '';
  const ledger = parseLedger(ledgerText);
  const revisions = [...files.keys()].flatMap((file) => {
    const name = parseRevisionFileName(file);
    return name ? [{ file, revision: name.revision }] : [];
  });
  const maxRevision = Math.max(0, ...revisions.map((r) => r.revision), ...ledger.map((l) => l.revision));
  const read = async (file: string): Promise<{ entry: T | null; sha256: string; oid: string } | null> => {
    const oid = files.get(file);
    if (!oid) return null;
    const bytes = await readBlobAt(args.gitdir, oid);
    try {
      return { entry: args.kind.validate(JSON.parse(bytes.toString('utf8'))), sha256: sha256Hex(bytes), oid };
    } catch {
      return { entry: null, sha256: sha256Hex(bytes), oid };
    }
  };
  const top = revisions.filter((r) => r.revision === maxRevision);
  const candidates: { entry: T; sha256: string; oid: string; revision: number; recorded_at: string }[] = [];
  const badHeads: string[] = [];
  for (const candidate of top) {
    const file = await read(candidate.file);
    if (file?.entry) candidates.push({ entry: file.entry, sha256: file.sha256, oid: file.oid, revision: file.entry.revision, recorded_at: file.entry.recorded_at });
    else if (file) badHeads.push(file.sha256);
  }
  candidates.sort(compareRevisions);
  const last = candidates[candidates.length - 1];
  if (last || (badHeads.length === 0 && top.length === 0 && ledger.length === 0)) {
    return {
      entry_id: args.entryId,
      dir,
      ledgerText,
      ledgerLines: ledger.length,
      maxRevision,
      current: last ? { sha256: last.sha256, oid: last.oid, entry: last.entry } : null,
      heads: [...new Set(candidates.map((c) => c.sha256))],
      repairs: null,
    };
  }
  // The newest revision is invalid, or only its ledger line is left: chain onto it (its
  // sha256 from the file, else from the ledger), with the newest valid revision as content.
  const ledgerHeads = ledger.filter((l) => l.revision === maxRevision).map((l) => l.sha256);
  const heads = [...new Set(badHeads.length > 0 ? badHeads : ledgerHeads)].sort();
  const parent = heads[heads.length - 1];
  let base: { entry: T | null; oid: string } | null = null;
  for (const older of revisions.filter((r) => r.revision < maxRevision).sort((a, b) => b.revision - a.revision)) {
    base = await read(older.file);
    if (base?.entry) break;
  }
  if (!base?.entry || parent === undefined) {
    throw new BrainError('invalid_entry', `${args.entryId} has no valid revision to build on: its revision ${maxRevision} is invalid or missing`, {
      hint: args.kind.hint,
      data: { entry_id: args.entryId, revision: maxRevision },
    });
  }
  const badFile = top[0]?.file ?? ledger.find((l) => l.revision === maxRevision)?.file ?? `r${maxRevision}`;
  return { entry_id: args.entryId, dir, ledgerText, ledgerLines: ledger.length, maxRevision, current: { sha256: parent, oid: base.oid, entry: base.entry }, heads, repairs: `${dir}/${badFile}` };
}
