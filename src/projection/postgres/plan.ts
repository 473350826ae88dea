/**
 * Decides the new current state of every entry an apply touches, on PostgreSQL (DESIGN §4,
 * issue #11): the same decision as the SQLite projection's src/projection/sqlite/plan-current.ts
 * — candidates ordered by DESIGN §3 invariant 5 (src/projection/decide-current.ts), the top one is
 * current, an entry whose top revision number is held by two files is forked, an unchanged top
 * gets a counts-only update or nothing, and an older revision that becomes current again is
 * read from git — with the stored revision keys and current rows of all touched entries read
 * in two queries. Runs inside the apply transaction, after the repository's lock is taken.
 */
import type pg from 'pg';
import { parseBrainPath } from '../../store/layout.js';
import type { ParsedRevision } from '../sqlite/plan-current.js';
import { decideCurrent, fromParsed, type Candidate, type StoredCurrent } from '../decide-current.js';
import type { CurrentPlan } from '../sqlite/plan-current.js';
import { revisionPath } from '../sqlite/schema.js';

/** Stored candidates of the touched entries (their revisions outside the change set) and their current rows. */
async function storedFacts(client: pg.ClientBase, s: string, repo: string, changes: readonly { path: string }[]) {
  const changed = new Set(changes.map((c) => c.path));
  const touched = new Set<string>();
  const clearDirs = new Set<string>();
  for (const c of changes) {
    const where = parseBrainPath(c.path);
    if (where.type === 'revision') touched.add(where.entry_id), clearDirs.add(where.dir);
  }
  const ids = [...touched];
  const byEntry = new Map<string, Candidate[]>(ids.map((id) => [id, []]));
  const revs = await client.query<{ entry_id: string; project_id: string; entry_kind: string; file: string; revision: number; recorded_at: string; sha256: string; blob_oid: string }>(
    `SELECT entry_id, project_id, entry_kind, file, revision, recorded_at, sha256, blob_oid FROM ${s}.proj_revisions WHERE repo = $1 AND entry_id = ANY($2::text[])`, [repo, ids]);
  for (const r of revs.rows) {
    const path = revisionPath(r);
    clearDirs.add(path.slice(0, path.lastIndexOf('/')));
    if (!changed.has(path)) byEntry.get(r.entry_id)!.push({ path, revision: r.revision, recorded_at: r.recorded_at, sha256: r.sha256, oid: r.blob_oid, parsed: null });
  }
  const cur = await client.query<{ entry_id: string; path: string; sha256: string; revision_count: number; forked: boolean }>(
    `SELECT entry_id, path, sha256, revision_count, forked FROM ${s}.proj_current WHERE repo = $1 AND entry_id = ANY($2::text[])`, [repo, ids]);
  return { byEntry, current: new Map(cur.rows.map((r) => [r.entry_id, r])), clearDirs };
}

/**
 * The change of each touched entry, by entry id, and its duplicate-id problems. `full`: nothing is stored yet (a rebuild),
 * so only `revisions` count. Errors: reader errors of `readBlob`, PostgreSQL errors.
 */
export async function planCurrentPg(args: {
  client: pg.ClientBase;
  s: string;
  repo: string;
  changes: readonly { path: string }[];
  revisions: readonly ParsedRevision[];
  full: boolean;
  readBlob: (oid: string) => Promise<Buffer>;
}): Promise<CurrentPlan> {
  const { byEntry, current, clearDirs } = args.full ? { byEntry: new Map<string, Candidate[]>(), current: new Map<string, StoredCurrent>(), clearDirs: new Set<string>() } : await storedFacts(args.client, args.s, args.repo, args.changes);
  for (const p of args.revisions) (byEntry.get(p.row.entry_id) ?? byEntry.set(p.row.entry_id, []).get(p.row.entry_id)!).push(fromParsed(p));
  return { ...(await decideCurrent(byEntry, (id) => current.get(id), args.readBlob)), clearDirs: [...clearDirs] };
}
