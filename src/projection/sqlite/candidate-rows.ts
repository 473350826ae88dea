/**
 * The candidate tables of the SQLite projection (issue #20): `candidate_revisions` (one row per
 * valid candidate revision file) and `candidates` (each candidate's current revision, with its
 * JSON). Written by the one apply path (apply-changes.ts, full-rebuild.ts) from the change set:
 * {@link planCandidates} decides before the transaction (it may read blobs),
 * {@link writeCandidateRows} writes inside it.
 */
import { parseCandidatePath } from '../../store/layout.js';
import { candidateKeyOf, decideCandidates, type CandidateFileKey, type CandidateState, type ParsedCandidate } from '../decide-candidates.js';
import type { FileChange } from '../read-changes.js';
import type { CacheDb } from './open-cache.js';
import { hexBytes } from './schema.js';

function statementsFor(db: CacheDb) {
  return {
    stored: db.prepare('SELECT file, revision, recorded_at, sha256, blob_oid FROM candidate_revisions WHERE project_id = ? AND candidate_id = ?'),
    deleteRevision: db.prepare('DELETE FROM candidate_revisions WHERE project_id = ? AND candidate_id = ? AND file = ?'),
    insertRevision: db.prepare('INSERT INTO candidate_revisions (project_id, candidate_id, file, revision, status, recorded_at, sha256, blob_oid) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
    deleteCurrent: db.prepare('DELETE FROM candidates WHERE project_id = ? AND candidate_id = ?'),
    insertCurrent: db.prepare('INSERT INTO candidates (project_id, candidate_id, status, relation, recorded_at, revision, revision_count, forked, sha256, path, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
  };
}

const cache = new WeakMap<CacheDb, ReturnType<typeof statementsFor>>();
const statements = (db: CacheDb) => {
  let s = cache.get(db);
  if (!s) cache.set(db, (s = statementsFor(db)));
  return s;
};

/** The candidate directory (`candidates/<p>/<fan>/<id>`) of each changed candidate revision path. */
function touchedDirs(changes: readonly FileChange[]): Map<string, { project_id: string; candidate_id: string }> {
  const dirs = new Map<string, { project_id: string; candidate_id: string }>();
  for (const c of changes) {
    const where = parseCandidatePath(c.path);
    if (where.type === 'candidate_revision') dirs.set(where.dir, { project_id: where.project_id, candidate_id: where.candidate_id });
  }
  return dirs;
}

/**
 * Each touched candidate's new current state, by directory: from its stored revisions (none for
 * a full rebuild) and the change set's. Errors: reader errors of `readBlob`.
 */
export async function planCandidates(args: { db: CacheDb; changes: readonly FileChange[]; parsed: readonly ParsedCandidate[]; full: boolean; readBlob: (oid: string) => Promise<Buffer> }): Promise<Map<string, CandidateState | null>> {
  const byDir = new Map<string, CandidateFileKey[]>();
  if (!args.full) {
    const changed = new Set(args.changes.map((c) => c.path));
    for (const [dir, key] of touchedDirs(args.changes)) {
      const files: CandidateFileKey[] = [];
      for (const r of statements(args.db).stored.all(key.project_id, key.candidate_id) as { file: string; revision: number; recorded_at: string; sha256: Buffer; blob_oid: Buffer }[]) {
        const path = `${dir}/${r.file}`;
        if (!changed.has(path)) files.push({ path, revision: r.revision, recorded_at: r.recorded_at, sha256: r.sha256.toString('hex'), oid: r.blob_oid.toString('hex'), parsed: null });
      }
      byDir.set(dir, files);
    }
  }
  for (const p of args.parsed) (byDir.get(p.dir) ?? byDir.set(p.dir, []).get(p.dir)!).push(candidateKeyOf(p));
  return decideCandidates(byDir, args.readBlob);
}

/**
 * Writes the candidate rows of an apply (inside its transaction): removes the changed
 * revision rows (not needed after a full rebuild cleared the tables), inserts the parsed ones,
 * and replaces each planned candidate's current row. Errors: SQLite errors.
 */
export function writeCandidateRows(db: CacheDb, args: { changes: readonly FileChange[]; parsed: readonly ParsedCandidate[]; plan: ReadonlyMap<string, CandidateState | null>; full: boolean }): void {
  const s = statements(db);
  if (!args.full) {
    for (const c of args.changes) {
      const where = parseCandidatePath(c.path);
      if (where.type === 'candidate_revision') s.deleteRevision.run(where.project_id, where.candidate_id, where.file);
    }
  }
  for (const p of args.parsed) s.insertRevision.run(p.row.project_id, p.row.candidate_id, p.file, p.row.revision, p.row.status, p.row.recorded_at, hexBytes(p.sha256), hexBytes(p.oid));
  for (const [dir, state] of args.plan) {
    const where = touchedKey(dir);
    s.deleteCurrent.run(where.project_id, where.candidate_id);
    if (state === null) continue;
    const c = state.candidate;
    s.insertCurrent.run(c.project_id, c.candidate_id, c.status, c.review.relation, c.recorded_at, c.revision, state.revision_count, state.forked ? 1 : 0, state.sha256, state.path, state.json);
  }
}

/** `candidates/<project>/<fan>/<candidate_id>` → its project and candidate id. */
function touchedKey(dir: string): { project_id: string; candidate_id: string } {
  const [, project_id, , candidate_id] = dir.split('/') as [string, string, string, string];
  return { project_id, candidate_id };
}
