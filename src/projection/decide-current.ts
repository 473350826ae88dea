/**
 * The rule that decides an entry's current state from its revision files (DESIGN §3
 * invariant 5, §4), shared by every projection backend's apply path
 * (src/projection/sqlite/plan-current.ts, src/projection/postgres/plan.ts): the top
 * revision in (revision, recorded_at, sha256) order is current, two files with the top
 * revision number make the entry `forked`; an entry whose top revision did not change gets a
 * counts-only update or nothing; a top revision the change set did not bring (an older one
 * surfacing after the newer was deleted) is read from git.
 */
import type { Entry } from '../model/entry.js';
import { parseBrainPath } from '../store/layout.js';
import { readRevisionFile } from '../store/revision-file.js';
import { compareRevisions } from '../store/revision-order.js';
import type { CurrentChange, ParsedRevision } from './sqlite/plan-current.js';

/** One revision file of an entry: from the change set (`parsed`) or stored (`parsed` null). */
export interface Candidate {
  path: string;
  revision: number;
  recorded_at: string;
  /** Hex. */
  sha256: string;
  /** Hex blob oid. */
  oid: string;
  parsed: ParsedRevision | null;
}

/** What the projection holds now for an entry's current row. */
export interface StoredCurrent {
  path: string;
  sha256: string;
  revision_count: number;
  forked: boolean;
}

/** A parsed revision of the change set as a {@link Candidate}. */
export const fromParsed = (p: ParsedRevision): Candidate => ({ path: p.path, revision: p.row.revision, recorded_at: p.row.recorded_at, sha256: p.sha256, oid: p.oid, parsed: p });

/**
 * The change of every entry in `byEntry` (its candidates: stored revisions outside the change
 * set plus the change set's), given what is stored now (`stored`, undefined: nothing).
 * Errors: reader errors of `readBlob`; a top revision at a path that is not a revision file
 * (cannot happen for rows the apply path wrote) throws.
 */
export async function decideCurrent(byEntry: Map<string, Candidate[]>, stored: (entryId: string) => StoredCurrent | undefined, readBlob: (oid: string) => Promise<Buffer>): Promise<Map<string, CurrentChange>> {
  const plan = new Map<string, CurrentChange>();
  for (const [id, candidates] of byEntry) {
    candidates.sort(compareRevisions);
    const top = candidates[candidates.length - 1];
    if (!top) {
      plan.set(id, { type: 'state', state: null });
      continue;
    }
    const forked = candidates.filter((c) => c.revision === top.revision).length > 1;
    const now = stored(id);
    if (now && top.parsed === null && now.path === top.path && now.sha256 === top.sha256) {
      if (now.revision_count !== candidates.length || now.forked !== forked) plan.set(id, { type: 'counts', revision_count: candidates.length, forked });
      continue;
    }
    let parsed = top.parsed;
    if (parsed === null || parsed.entry === null) {
      const where = parseBrainPath(top.path);
      if (where.type !== 'revision') throw new Error(`projected revision at an impossible path ${top.path}`);
      const bytes = parsed?.bytes ?? (await readBlob(top.oid));
      const { entry, sha256 } = readRevisionFile(where, bytes);
      parsed = { kind: 'revision', path: top.path, file: where.file, oid: top.oid, row: entry, entry, sha256, bytes };
    }
    const entry = parsed.entry as Entry;
    plan.set(id, { type: 'state', state: { entry, json: parsed.bytes.toString('utf8'), sha256: top.sha256, path: top.path, revision_count: candidates.length, forked } });
  }
  return plan;
}
