/**
 * Replaying local revisions on top of another tip (DESIGN §8, issue #4): the revision files the
 * local branch has and `onto` lacks are appended again, entry by entry, in DESIGN §3
 * invariant-5 order, through a {@link WriteTransaction} on `onto`. Each gets the next free
 * revision number there (renumbered when `onto` already used its number), hence a new file name,
 * sha256 and ledger link; the ledger is only appended to, so a replay never conflicts textually.
 *
 * Content is rebased field by field ({@link rebaseEntry}): what the remote changed meanwhile is
 * kept unless the local revision changed the same field. A local revision whose rebased content
 * equals the entry's current revision on `onto` is skipped (it is already there — e.g. a replay
 * already pushed), which also makes a repeated replay idempotent. A local revision in `held`
 * (a compare-and-swap write whose entry the remote moved, held-write.ts, decision 0063) is not
 * replayed, nor is any later one of its entry: they are kept as one pending candidate, staged in
 * the same transaction. Candidates' local-only
 * revisions are replayed too, in the same transactions (replay-candidates.ts, issue #20).
 */
import type { Entry } from '../model/entry.js';
import { sameContent } from '../model/input.js';
import { rebaseEntry } from '../model/rebase-entry.js';
import { parseBrainPath, parseCandidatePath } from './layout.js';
import { replayCandidateDir } from './replay-candidates.js';
import { writerOf } from '../model/entry-fields.js';
import { parseLedger, type LedgerLine } from './ledger.js';
import { compareRevisions } from './revision-order.js';
import type { ObjectReader } from '../git/object-reader.js';
import { RevisionProblem, readRevisionFile } from './revision-file.js';
import { WriteTransaction } from './write-transaction.js';
import { heldCandidate, type HeldFile, type HeldWrite } from './held-write.js';

/** One local revision and what the replay made of it. */
export interface ReplayedRevision {
  /** Its revision number on the local branch. */
  from: number;
  /** Its number on the new tip; null when skipped because `onto` already says the same. */
  to: number | null;
  /** Its new path on the branch (null when skipped). */
  path: string | null;
  /** Fields the remote also changed, to another value; the local value was kept. */
  conflicts: string[];
  /** Who wrote the revision: the person it is for, and the agent that wrote it for them (absent: the person did). */
  author: string;
  agent?: string;
}

/** The local revisions of one entry, replayed. */
export interface ReplayedEntry {
  entry_id: string;
  project_id: string;
  /** The entry's current revision number on `onto` before the replay (null: new there). */
  theirs: number | null;
  /** Title of the entry's current revision after the replay. */
  title: string;
  revisions: ReplayedRevision[];
  /** Local revisions held back (a compare-and-swap guard failed, decision 0063), kept as a pending candidate; null: none. */
  held: HeldWrite | null;
}

/** The outcome of {@link replayRevisions}. */
export interface ReplayResult {
  /** path → content to commit on top of `onto` (revision files and ledgers); empty: nothing to write. */
  files: Map<string, string>;
  entries: ReplayedEntry[];
  /** Local-only files that could not be replayed (invalid revision files), by path. */
  unreplayable: string[];
}

/** Options of {@link replayRevisions}. */
export interface ReplayOptions {
  gitdir: string;
  reader: ObjectReader;
  /** The local tip whose revisions are replayed. */
  local: string;
  /** The tip they are replayed onto (the fetched remote tip). */
  onto: string;
  /** Paths of the revision files (of entries and candidates) `local` has and `onto` lacks (from a tree diff). */
  localOnly: string[];
  /** Local revision files to hold back rather than replay (held-write.ts `heldFiles`); default none. */
  held?: Map<string, HeldFile>;
  /** `<remote>/<branch>`, for a held write's candidate. */
  remoteLabel?: string;
}

interface LocalDir {
  lines: Map<string, LedgerLine>;
  bySha: Map<string, Entry>;
  revisions: { entry: Entry; sha256: string; file: string }[];
  invalid: string[];
}

async function readLocalDir(reader: ObjectReader, tree: string, dir: string, wanted: Set<string>): Promise<LocalDir> {
  const out: LocalDir = { lines: new Map(), bySha: new Map(), revisions: [], invalid: [] };
  for (const { path, oid } of await reader.listFiles(tree, dir)) {
    const where = parseBrainPath(path);
    const bytes = await reader.readBlob(oid);
    if (where.type === 'ledger') {
      try {
        for (const line of parseLedger(bytes.toString('utf8'))) out.lines.set(line.file, line);
      } catch {
        /* an unreadable ledger: revisions are replayed without their bases */
      }
    }
    if (where.type !== 'revision' || where.dir !== dir) continue;
    try {
      const { entry, sha256 } = readRevisionFile(where, bytes);
      out.bySha.set(sha256, entry);
      if (wanted.has(path)) out.revisions.push({ entry, sha256, file: where.file });
    } catch (err) {
      if (!(err instanceof RevisionProblem)) throw err;
      if (wanted.has(path)) out.invalid.push(path);
    }
  }
  out.revisions.sort((a, b) => compareRevisions({ ...a.entry, sha256: a.sha256 }, { ...b.entry, sha256: b.sha256 }));
  return out;
}

/**
 * Stages, on top of `onto`, every local-only revision of `localOnly` (see the module comment).
 * Nothing is written to git: commit `files` with `parent: onto`. Deterministic: the result
 * depends only on the two trees. Errors: reader errors; `invalid_entry` when an entry's current
 * revision on `onto` is itself invalid (a new revision cannot chain onto it).
 */
export async function replayRevisions(options: ReplayOptions): Promise<ReplayResult> {
  const { reader } = options;
  const localTree = (await reader.readCommit(options.local)).tree;
  const byDir = new Map<string, Set<string>>();
  const candidateDirs = new Map<string, Set<string>>();
  for (const path of options.localOnly) {
    const where = parseBrainPath(path);
    if (where.type === 'revision') byDir.set(where.dir, (byDir.get(where.dir) ?? new Set()).add(path));
    const candidate = parseCandidatePath(path);
    if (candidate.type === 'candidate_revision') candidateDirs.set(candidate.dir, (candidateDirs.get(candidate.dir) ?? new Set()).add(path));
  }
  const txs = new Map<string, WriteTransaction>();
  const txOf = (projectId: string): WriteTransaction => {
    let tx = txs.get(projectId);
    // Not scanned for credentials: these revisions are already committed on the local branch
    // (docs/decisions/0040), and the remote's fields merged into them are on the remote's.
    if (!tx) txs.set(projectId, (tx = new WriteTransaction(options.gitdir, options.onto, projectId, { scanSecrets: false })));
    return tx;
  };
  const result: ReplayResult = { files: new Map(), entries: [], unreplayable: [] };
  for (const dir of [...byDir.keys()].sort()) {
    const local = await readLocalDir(reader, localTree, dir, byDir.get(dir) as Set<string>);
    result.unreplayable.push(...local.invalid);
    const first = local.revisions[0];
    if (!first) continue;
    const { project_id, entry_id } = first.entry;
    const tx = txOf(project_id);
    const before = await tx.current(entry_id);
    const replayed: ReplayedEntry = { entry_id, project_id, theirs: before?.revision ?? null, title: before?.title ?? first.entry.title, revisions: [], held: null };
    const holding: { revisions: typeof local.revisions; commits: Set<string>; expected: number | null } = { revisions: [], commits: new Set(), expected: null };
    for (const ours of local.revisions) {
      const heldFile = options.held?.get(`${dir}/${ours.file}`);
      if (heldFile || holding.revisions.length > 0) {
        // A failed guard holds its revision and every later local one of the entry (built on it).
        if (holding.revisions.length === 0) holding.expected = heldFile?.guards.find((g) => g.entry_id === entry_id)?.revision ?? null;
        holding.revisions.push(ours);
        if (heldFile) holding.commits.add(heldFile.commit);
        continue;
      }
      const parent = local.lines.get(ours.file)?.parent_sha256 ?? null;
      const base = parent === null ? null : (local.bySha.get(parent) ?? null);
      const theirs = await tx.current(entry_id);
      const rebased = theirs ? rebaseEntry({ base, ours: ours.entry, theirs }) : { entry: ours.entry, conflicts: [] };
      if (theirs && sameContent(rebased.entry, theirs)) {
        replayed.revisions.push({ from: ours.entry.revision, to: null, path: null, conflicts: rebased.conflicts, ...writerOf(ours.entry) });
        continue;
      }
      const staged = await tx.put(rebased.entry);
      replayed.revisions.push({ from: ours.entry.revision, to: staged.entry.revision, path: staged.path, conflicts: rebased.conflicts, ...writerOf(ours.entry) });
      replayed.title = staged.entry.title;
    }
    const firstHeld = holding.revisions[0];
    const lastHeld = holding.revisions[holding.revisions.length - 1];
    if (firstHeld && lastHeld) {
      const parent = local.lines.get(firstHeld.file)?.parent_sha256 ?? null;
      const info = { expected_revision: holding.expected, current_revision: before?.revision ?? null, revisions: holding.revisions.map((r) => r.entry.revision), commits: [...holding.commits].sort() };
      const candidate = heldCandidate({ ours: lastHeld.entry, sha256: lastHeld.sha256, base: parent === null ? null : (local.bySha.get(parent) ?? null), theirs: await tx.current(entry_id), held: info, remoteLabel: options.remoteLabel ?? 'the remote' });
      if ((await tx.currentCandidate(candidate.candidate_id)) === null) await tx.putCandidate(candidate);
      replayed.held = { candidate_id: candidate.candidate_id, ...info };
    }
    result.entries.push(replayed);
  }
  for (const dir of [...candidateDirs.keys()].sort()) {
    const { replayed, invalid } = await replayCandidateDir({ reader, localTree, dir, wanted: candidateDirs.get(dir) as Set<string>, txOf });
    result.unreplayable.push(...invalid);
    if (replayed) result.entries.push(replayed);
  }
  for (const tx of txs.values()) for (const [path, text] of tx.files) result.files.set(path, text);
  return result;
}
