/**
 * Reading one entry's revisions straight from a commit (git is the source of truth; the
 * store never asks the cache). Used by writers under the lock to number the next revision.
 */
import { BrainError } from '../model/errors.js';
import type { Entry } from '../model/entry.js';
import { kindOfEntryId } from '../model/kinds.js';
import { validateEntry } from '../model/validate.js';
import { listDirAt, readFileAt } from './commit-writer.js';
import { sha256Hex } from './canonical-json.js';
import { LEDGER_FILE, entryDir, parseBrainPath } from './layout.js';
import { compareRevisions, parseLedger, type LedgerLine } from './ledger.js';

/** One entry as stored at a commit. */
export interface EntryState {
  entry_id: string;
  dir: string;
  /** The ledger text exactly as on the branch ('' for a new entry). */
  ledgerText: string;
  ledger: LedgerLine[];
  /** Highest revision number seen in the ledger or among the files (0 for a new entry). */
  maxRevision: number;
  /** The current revision (last in DESIGN §3 invariant-5 order), or null for a new entry. */
  current: { entry: Entry; sha256: string } | null;
  /**
   * The sha256 of every valid file holding the top revision number, in invariant-5 order (the
   * last is `current`). More than one: the entry is forked (a merge made outside `brain sync`),
   * and the next revision closes the fork by listing the others in `merged_sha256`.
   */
  heads: string[];
}

/**
 * The state of `entryId` in project `projectId` at `commitOid` (null commit: empty).
 * Errors: `invalid_entry` when the current revision file does not parse or validate.
 */
export async function readEntryState(args: {
  gitdir: string;
  commitOid: string | null;
  projectId: string;
  entryId: string;
}): Promise<EntryState> {
  const dir = entryDir(args.projectId, kindOfEntryId(args.entryId), args.entryId);
  const empty: EntryState = { entry_id: args.entryId, dir, ledgerText: '', ledger: [], maxRevision: 0, current: null, heads: [] };
  if (!args.commitOid) return empty;
  const files = await listDirAt(args.gitdir, args.commitOid, dir);
  if (files.size === 0) return empty;
  const ledgerText = files.has(LEDGER_FILE) ? ((await readFileAt(args.gitdir, args.commitOid, `${dir}/${LEDGER_FILE}`))?.toString('utf8') ?? '') : '';
  const ledger = parseLedger(ledgerText);
  const revisions = [...files.keys()]
    .map((file) => parseBrainPath(`${dir}/${file}`))
    .flatMap((p) => (p.type === 'revision' ? [p] : []));
  const maxRevision = Math.max(0, ...revisions.map((r) => r.revision), ...ledger.map((l) => l.revision));
  const top = revisions.filter((r) => r.revision === maxRevision);
  const candidates: { entry: Entry; sha256: string; revision: number; recorded_at: string }[] = [];
  for (const candidate of top) {
    const bytes = await readFileAt(args.gitdir, args.commitOid, `${dir}/${candidate.file}`);
    if (!bytes) continue;
    let entry: Entry;
    try {
      entry = validateEntry(JSON.parse(bytes.toString('utf8')));
    } catch (cause) {
      throw new BrainError('invalid_entry', `${dir}/${candidate.file} (current revision of ${args.entryId}) is not a valid entry`, {
        cause,
        hint: 'run `brain verify`; a new revision cannot chain onto an invalid one until it is repaired',
      });
    }
    candidates.push({ entry, sha256: sha256Hex(bytes), revision: entry.revision, recorded_at: entry.recorded_at });
  }
  candidates.sort(compareRevisions);
  const last = candidates[candidates.length - 1];
  return {
    entry_id: args.entryId,
    dir,
    ledgerText,
    ledger,
    maxRevision,
    current: last ? { entry: last.entry, sha256: last.sha256 } : null,
    heads: [...new Set(candidates.map((c) => c.sha256))],
  };
}
