/**
 * Read queries over the candidate tables of the SQLite projection (issue #20): the candidates
 * of a project by status, one candidate, id-prefix resolution, a candidate's revision files.
 * Every result is the candidate JSON as stored on the branch. Entries' queries (queries.ts)
 * never read these tables: candidates appear only where asked for.
 */
import type { Candidate, CandidateStatus } from '../../model/candidate.js';
import { BrainError } from '../../model/errors.js';
import { candidateDir } from '../../store/layout.js';
import type { CacheDb } from './open-cache.js';

/** A candidate's current revision plus projection facts. */
export interface CandidateRow {
  candidate: Candidate;
  forked: boolean;
  revision_count: number;
  /** The current revision's file on the branch. */
  path: string;
}

interface CandidateDbRow {
  json: string;
  forked: number;
  revision_count: number;
  path: string;
}

const toRow = (r: CandidateDbRow): CandidateRow => ({ candidate: JSON.parse(r.json) as Candidate, forked: r.forked === 1, revision_count: r.revision_count, path: r.path });

/**
 * The candidates of `projectId` (absent: every project) of `status` (absent: every status),
 * most recently recorded first, then by candidate id. `limit` rows at most (absent: all), those
 * after the keyset `after` (the last row of the previous page) when given.
 */
export function listCandidates(db: CacheDb, args: { projectId?: string; status?: CandidateStatus; limit?: number; after?: CandidateCursor }): CandidateRow[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (args.projectId !== undefined) where.push('project_id = ?'), params.push(args.projectId);
  if (args.status !== undefined) where.push('status = ?'), params.push(args.status);
  if (args.after !== undefined) where.push('(recorded_at < ? OR (recorded_at = ? AND candidate_id > ?))'), params.push(args.after.recorded_at, args.after.recorded_at, args.after.candidate_id);
  const limit = args.limit === undefined ? '' : ' LIMIT ?';
  if (args.limit !== undefined) params.push(args.limit);
  const sql = `SELECT json, forked, revision_count, path FROM candidates${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY recorded_at DESC, candidate_id${limit}`;
  return (db.prepare(sql).all(...params) as CandidateDbRow[]).map(toRow);
}

/** Where a page of {@link listCandidates} ends: the last row's current `recorded_at` and id. */
export interface CandidateCursor {
  recorded_at: string;
  candidate_id: string;
}

/** One candidate of `projectId` by full id, or null. */
export function getCandidate(db: CacheDb, projectId: string, candidateId: string): CandidateRow | null {
  const row = db.prepare('SELECT json, forked, revision_count, path FROM candidates WHERE project_id = ? AND candidate_id = ?').get(projectId, candidateId) as CandidateDbRow | undefined;
  return row ? toRow(row) : null;
}

/** How many candidates `projectId` has (of `status` when given). */
export function countCandidates(db: CacheDb, projectId: string, status?: CandidateStatus): number {
  const sql = `SELECT COUNT(*) AS n FROM candidates WHERE project_id = ?${status === undefined ? '' : ' AND status = ?'}`;
  return (db.prepare(sql).get(...(status === undefined ? [projectId] : [projectId, status])) as { n: number }).n;
}

/**
 * The full candidate id of a unique prefix (`cand-4f9k`, or `4f9k` without the prefix) in
 * `projectId`. Errors: `not_found`, `ambiguous_id`.
 */
export function resolveCandidateId(db: CacheDb, projectId: string, prefix: string): string {
  const text = prefix.trim().toLowerCase();
  const full = text.startsWith('cand-') ? text : `cand-${text}`;
  const escaped = full.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = db.prepare("SELECT candidate_id FROM candidates WHERE project_id = ? AND candidate_id LIKE ? ESCAPE '\\' ORDER BY candidate_id LIMIT 11").all(projectId, `${escaped}%`) as { candidate_id: string }[];
  const exact = rows.find((r) => r.candidate_id === full);
  if (exact) return exact.candidate_id;
  if (rows.length === 1 && rows[0]) return rows[0].candidate_id;
  if (rows.length === 0) {
    throw new BrainError('not_found', `no candidate ${prefix.slice(0, 80)} in project ${projectId}`, { hint: 'list them with `brain candidates --all`', data: { candidate_id: prefix.slice(0, 80), project_id: projectId } });
  }
  throw new BrainError('ambiguous_id', `${prefix.slice(0, 80)} matches several candidates: ${rows.slice(0, 10).map((r) => r.candidate_id).join(', ')}`, { data: { candidates: rows.map((r) => r.candidate_id) } });
}

/** A candidate's revision files in DESIGN §3 invariant-5 order, oldest first: path, blob oid and sha256 (hex). */
export function candidateRevisionFiles(db: CacheDb, projectId: string, candidateId: string): { path: string; revision: number; blob_oid: string; sha256: string }[] {
  const rows = db.prepare('SELECT file, revision, sha256, blob_oid FROM candidate_revisions WHERE project_id = ? AND candidate_id = ? ORDER BY revision, recorded_at, sha256').all(projectId, candidateId) as { file: string; revision: number; sha256: Buffer; blob_oid: Buffer }[];
  const dir = candidateDir(projectId, candidateId);
  return rows.map((r) => ({ path: `${dir}/${r.file}`, revision: r.revision, blob_oid: r.blob_oid.toString('hex'), sha256: r.sha256.toString('hex') }));
}
