/**
 * The candidate tables of the PostgreSQL projection (issue #20): `proj_candidate_revisions` and
 * `proj_candidates` (each candidate's current revision), written by the one apply path
 * (apply.ts) inside its transaction with the same decision as SQLite's
 * (src/projection/decide-candidates.ts), and read for the backend contract's `candidates` and
 * `candidate` (src/projection/backend.ts).
 */
import type pg from 'pg';
import type { Candidate, CandidateStatus } from '../../model/candidate.js';
import { candidateDir, parseCandidatePath } from '../../store/layout.js';
import type { CandidateRevisionFile, RepoCandidateRow, Scope } from '../backend.js';
import { candidateKeyOf, decideCandidates, type CandidateFileKey, type ParsedCandidate } from '../decide-candidates.js';
import type { FileChange } from '../read-changes.js';
import { Params } from './list-sql.js';

const dirKey = (dir: string) => {
  const [, project_id, , candidate_id] = dir.split('/') as [string, string, string, string];
  return { project_id, candidate_id };
};

/**
 * Writes the candidate rows of one apply (inside its transaction, after the repository's lock):
 * deletes the changed revision rows (a full rebuild has cleared the tables), inserts the
 * parsed ones, decides each touched candidate's current revision and replaces its row.
 * Errors: reader errors of `readBlob`, PostgreSQL errors.
 */
export async function writeCandidateRowsPg(client: pg.ClientBase, s: string, repo: string, args: { changes: readonly FileChange[]; parsed: readonly ParsedCandidate[]; full: boolean; readBlob: (oid: string) => Promise<Buffer> }): Promise<void> {
  const byDir = new Map<string, CandidateFileKey[]>();
  const changed = new Set(args.changes.map((c) => c.path));
  if (!args.full) {
    const touched = new Map<string, string>();
    for (const c of args.changes) {
      const where = parseCandidatePath(c.path);
      if (where.type === 'candidate_revision') touched.set(where.dir, where.candidate_id);
    }
    const dirs = [...touched.keys()];
    const keys = dirs.map(dirKey);
    const stored = await client.query<{ project_id: string; candidate_id: string; file: string; revision: number; recorded_at: string; sha256: string; blob_oid: string }>(
      `SELECT r.project_id, r.candidate_id, r.file, r.revision, r.recorded_at, r.sha256, r.blob_oid FROM ${s}.proj_candidate_revisions r
       JOIN unnest($2::text[], $3::text[]) d(p, c) ON r.project_id = d.p AND r.candidate_id = d.c WHERE r.repo = $1`,
      [repo, keys.map((k) => k.project_id), keys.map((k) => k.candidate_id)],
    );
    const dirOf = new Map(dirs.map((d) => { const k = dirKey(d); return [`${k.project_id}\0${k.candidate_id}`, d]; }));
    for (const dir of dirs) byDir.set(dir, []);
    for (const r of stored.rows) {
      const dir = dirOf.get(`${r.project_id}\0${r.candidate_id}`) as string;
      const path = `${dir}/${r.file}`;
      if (!changed.has(path)) byDir.get(dir)!.push({ path, revision: r.revision, recorded_at: r.recorded_at, sha256: r.sha256, oid: r.blob_oid, parsed: null });
    }
    const gone = args.changes.flatMap((c) => { const w = parseCandidatePath(c.path); return w.type === 'candidate_revision' ? [w] : []; });
    await client.query(`DELETE FROM ${s}.proj_candidate_revisions r USING unnest($2::text[], $3::text[], $4::text[]) d(p, c, f)
      WHERE r.repo = $1 AND r.project_id = d.p AND r.candidate_id = d.c AND r.file = d.f`, [repo, gone.map((w) => w.project_id), gone.map((w) => w.candidate_id), gone.map((w) => w.file)]);
  }
  for (const p of args.parsed) (byDir.get(p.dir) ?? byDir.set(p.dir, []).get(p.dir)!).push(candidateKeyOf(p));
  const plan = await decideCandidates(byDir, args.readBlob);
  const rows = args.parsed.map((p) => [p.row.project_id, p.row.candidate_id, p.file, p.row.revision, p.row.status, p.row.recorded_at, p.sha256, p.oid]);
  await client.query(`INSERT INTO ${s}.proj_candidate_revisions (repo, project_id, candidate_id, file, revision, status, recorded_at, sha256, blob_oid)
    SELECT $1::text, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int4[], $6::text[], $7::text[], $8::text[], $9::text[])`, [repo, ...[0, 1, 2, 3, 4, 5, 6, 7].map((i) => rows.map((r) => r[i]))]);
  const keys = [...plan.keys()].map(dirKey);
  await client.query(`DELETE FROM ${s}.proj_candidates c USING unnest($2::text[], $3::text[]) d(p, c2) WHERE c.repo = $1 AND c.project_id = d.p AND c.candidate_id = d.c2`, [repo, keys.map((k) => k.project_id), keys.map((k) => k.candidate_id)]);
  const current = [...plan.values()].flatMap((st) => (st === null ? [] : [[st.candidate.project_id, st.candidate.candidate_id, st.candidate.status, st.candidate.review.relation, st.candidate.recorded_at, st.candidate.revision, st.revision_count, st.forked, st.sha256, st.path, st.json]]));
  await client.query(`INSERT INTO ${s}.proj_candidates (repo, project_id, candidate_id, status, relation, recorded_at, revision, revision_count, forked, sha256, path, json)
    SELECT $1::text, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int4[], $8::int4[], $9::bool[], $10::text[], $11::text[], $12::text[])`, [repo, ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => current.map((r) => r[i]))]);
}

const COLUMNS = 'repo, json, forked, revision_count, path';
const toRow = (r: { repo: string; json: string; forked: boolean; revision_count: number; path: string }): RepoCandidateRow => ({ repo: r.repo, candidate: JSON.parse(r.json) as Candidate, forked: r.forked, revision_count: r.revision_count, path: r.path });

/** Candidates of the visible repositories (one project, one status when given), newest first (recorded_at desc, candidate_id, repo). */
export async function candidateRows(db: pg.Pool, s: string, q: Scope & { projectId?: string; status?: CandidateStatus }): Promise<RepoCandidateRow[]> {
  const p = new Params();
  const where = [`repo = ANY(${p.add([...q.repos])}::text[])`];
  if (q.projects) where.push(`project_id = ANY(${p.add([...q.projects])}::text[])`);
  if (q.projectId !== undefined) where.push(`project_id = ${p.add(q.projectId)}`);
  if (q.status !== undefined) where.push(`status = ${p.add(q.status)}`);
  const r = await db.query(`SELECT ${COLUMNS} FROM ${s}.proj_candidates WHERE ${where.join(' AND ')} ORDER BY recorded_at DESC, candidate_id, repo`, p.values);
  return r.rows.map(toRow);
}

/** One candidate by full id in the visible repositories, by repo. */
export async function candidateById(db: pg.Pool, s: string, q: Scope & { candidateId: string }): Promise<RepoCandidateRow[]> {
  const p = new Params();
  const where = [`repo = ANY(${p.add([...q.repos])}::text[])`, `candidate_id = ${p.add(q.candidateId)}`];
  if (q.projects) where.push(`project_id = ANY(${p.add([...q.projects])}::text[])`);
  const r = await db.query(`SELECT ${COLUMNS} FROM ${s}.proj_candidates WHERE ${where.join(' AND ')} ORDER BY repo, project_id`, p.values);
  return r.rows.map(toRow);
}

/** One candidate's projected revision files, oldest first (revision, recorded_at, sha256: SQLite's order). */
export async function candidateRevisionRows(db: pg.Pool, s: string, q: { repo: string; projectId: string; candidateId: string }): Promise<CandidateRevisionFile[]> {
  const r = await db.query<{ file: string; revision: number; blob_oid: string; sha256: string }>(
    `SELECT file, revision, blob_oid, sha256 FROM ${s}.proj_candidate_revisions WHERE repo = $1 AND project_id = $2 AND candidate_id = $3 ORDER BY revision, recorded_at COLLATE "C", sha256 COLLATE "C"`,
    [q.repo, q.projectId, q.candidateId],
  );
  const dir = candidateDir(q.projectId, q.candidateId);
  return r.rows.map((x) => ({ path: `${dir}/${x.file}`, revision: x.revision, blob_oid: x.blob_oid, sha256: x.sha256 }));
}
