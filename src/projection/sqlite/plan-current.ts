/**
 * Decides, before the apply transaction, the new current state of every entry an apply
 * touches (DESIGN §4; issue #10 "Cheaper apply"). A full rebuild groups the parsed revisions
 * by entry in memory; an incremental apply reads the touched entries' revision keys (one
 * indexed query each), applies the change set to them, and reads from git only the blob of a
 * current revision that the change set did not bring (an older revision surfacing after the
 * newer one was deleted). Entries whose top revision is unchanged get a counts-only update,
 * or nothing.
 */
import type { Entry } from '../../model/entry.js';
import { parseBrainPath } from '../../store/layout.js';
import type { CurrentState } from './current.js';
import { decideCurrent, fromParsed, type Candidate, type CurrentDecision, type StoredCurrent } from '../decide-current.js';
import type { CacheDb } from './open-cache.js';
import { revisionPath } from './schema.js';

/** The fields of a revision that the `revisions` table keeps. */
export type RevisionRow = Pick<Entry, 'entry_id' | 'project_id' | 'entry_kind' | 'revision' | 'status' | 'recorded_at'>;

/** A valid revision file read by the apply path. */
export interface ParsedRevision {
  kind: 'revision';
  path: string;
  file: string;
  oid: string;
  row: RevisionRow;
  /**
   * The checked entry, or null when another revision of the same entry read in the same batch
   * outranks it, so it cannot be current (see dropOutranked in parse-file.ts); parsed again from
   * `bytes` should it be needed.
   */
  entry: Entry | null;
  sha256: string;
  /** The file's bytes (its text becomes `current.json` if it is the top revision; kept as bytes, off the JS heap). */
  bytes: Buffer;
}

/** What to write for one entry. */
export type CurrentChange = { type: 'state'; state: CurrentState | null } | { type: 'counts'; revision_count: number; forked: boolean };

interface StoredRow {
  project_id: string;
  entry_kind: string;
  file: string;
  revision: number;
  recorded_at: string;
  sha256: Buffer;
  blob_oid: Buffer;
}

/** {@link planCurrent}'s answer: the decision, and the directories whose `duplicate_entry_id` problems it replaces. */
export interface CurrentPlan extends CurrentDecision {
  /** Every directory of a touched entry id, in any project (empty for a full rebuild, which clears every table). */
  clearDirs: string[];
}

/**
 * The change of each touched entry, by entry id, and its duplicate-id problems
 * (src/projection/decide-current.ts). `changes` are the changed paths, `revisions` the valid
 * revision files among them. Errors: reader errors of `readBlob`.
 */
export async function planCurrent(args: {
  db: CacheDb;
  changes: readonly { path: string }[];
  revisions: readonly ParsedRevision[];
  full: boolean;
  readBlob: (oid: string) => Promise<Buffer>;
}): Promise<CurrentPlan> {
  const byEntry = new Map<string, Candidate[]>();
  const add = (id: string, c: Candidate) => (byEntry.get(id) ?? byEntry.set(id, []).get(id)!).push(c);
  const clearDirs = new Set<string>();
  if (!args.full) {
    const changed = new Set(args.changes.map((c) => c.path));
    const touched = new Set<string>();
    for (const c of args.changes) {
      const where = parseBrainPath(c.path);
      if (where.type === 'revision') touched.add(where.entry_id), clearDirs.add(where.dir);
    }
    const rowsOf = args.db.prepare('SELECT project_id, entry_kind, file, revision, recorded_at, sha256, blob_oid FROM revisions WHERE entry_id = ?');
    for (const id of touched) {
      byEntry.set(id, []);
      for (const r of rowsOf.all(id) as StoredRow[]) {
        const path = revisionPath({ ...r, entry_id: id });
        clearDirs.add(path.slice(0, path.lastIndexOf('/')));
        if (!changed.has(path)) add(id, { path, revision: r.revision, recorded_at: r.recorded_at, sha256: r.sha256.toString('hex'), oid: r.blob_oid.toString('hex'), parsed: null });
      }
    }
  }
  for (const p of args.revisions) add(p.row.entry_id, fromParsed(p));
  const current = args.full ? null : args.db.prepare('SELECT path, sha256, revision_count, forked FROM current WHERE entry_id = ?');
  const stored = (id: string): StoredCurrent | undefined => {
    const row = current?.get(id) as { path: string; sha256: string; revision_count: number; forked: number } | undefined;
    return row && { ...row, forked: row.forked === 1 };
  };
  return { ...(await decideCurrent(byEntry, stored, args.readBlob)), clearDirs: [...clearDirs] };
}
