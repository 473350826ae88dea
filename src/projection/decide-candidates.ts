/**
 * The candidates side of the one apply path (issue #20; DESIGN §4), shared by both projection
 * backends: parsing a candidate file of the change set ({@link parseCandidateChange}) and
 * deciding each touched candidate's current revision ({@link decideCandidates}) — the last in
 * DESIGN §3 invariant-5 order (revision, recorded_at, sha256), `forked` when two files hold the
 * top revision number — from its stored revision keys plus the change set, reading from git only
 * a top revision the change set did not bring. Deterministic from the tree: incremental == full.
 */
import type { Candidate } from '../model/candidate.js';
import { readCandidateFile } from '../store/candidate-file.js';
import { parseCandidatePath } from '../store/layout.js';
import { parseLedger } from '../store/ledger.js';
import { RevisionProblem } from '../store/revision-file.js';
import { compareRevisions } from '../store/revision-order.js';
import type { ParsedProblem } from './sqlite/full-rebuild.js';

/** The fields of a candidate revision the revision table keeps. */
export interface CandidateRevisionRow {
  candidate_id: string;
  project_id: string;
  revision: number;
  status: string;
  recorded_at: string;
}

/** A valid candidate revision file read by the apply path. */
export interface ParsedCandidate {
  kind: 'candidate';
  path: string;
  /** The candidate's directory, `candidates/<project>/<fan>/<candidate_id>` (its key in the projection). */
  dir: string;
  file: string;
  oid: string;
  row: CandidateRevisionRow;
  candidate: Candidate;
  sha256: string;
  bytes: Buffer;
}

/**
 * Parses a changed file under `candidates/` (null: not a candidate path). A ledger is checked
 * and not projected (`brain verify` checks its chain); a file that fails is a problem row.
 */
export function parseCandidateChange(path: string, oid: string, bytes: Buffer | null): ParsedCandidate | ParsedProblem | null {
  const where = parseCandidatePath(path);
  if (where.type === 'other') return null;
  if (where.type === 'stray') return { kind: 'problem', path, oid, code: 'stray_file', message: where.reason };
  if (bytes === null) throw new Error(`the blob of ${path} was not read`);
  if (where.type === 'candidate_ledger') {
    try {
      parseLedger(bytes.toString('utf8'));
      return null;
    } catch (err) {
      return { kind: 'problem', path, oid, code: 'invalid_ledger', message: (err as Error).message };
    }
  }
  try {
    const { candidate, sha256 } = readCandidateFile(where, bytes);
    const { candidate_id, project_id, revision, status, recorded_at } = candidate;
    return { kind: 'candidate', path, dir: where.dir, file: where.file, oid, row: { candidate_id, project_id, revision, status, recorded_at }, candidate, sha256, bytes };
  } catch (err) {
    if (err instanceof RevisionProblem) return { kind: 'problem', path, oid, code: err.code, message: err.message };
    throw err;
  }
}

/** One revision file of a candidate: from the change set (`parsed`) or stored (`parsed` null). */
export interface CandidateFileKey {
  path: string;
  revision: number;
  recorded_at: string;
  /** Hex. */
  sha256: string;
  /** Hex blob oid. */
  oid: string;
  parsed: ParsedCandidate | null;
}

/** A candidate's current row: its top revision and counts. */
export interface CandidateState {
  candidate: Candidate;
  /** The revision file's bytes as text. */
  json: string;
  sha256: string;
  path: string;
  revision_count: number;
  forked: boolean;
}

/**
 * The current state of each candidate directory in `byDir` (null: no valid revision left).
 * Errors: reader errors of `readBlob`.
 */
export async function decideCandidates(byDir: Map<string, CandidateFileKey[]>, readBlob: (oid: string) => Promise<Buffer>): Promise<Map<string, CandidateState | null>> {
  const out = new Map<string, CandidateState | null>();
  for (const [dir, files] of byDir) {
    files.sort(compareRevisions);
    const top = files[files.length - 1];
    if (!top) {
      out.set(dir, null);
      continue;
    }
    let parsed = top.parsed;
    if (parsed === null) {
      const where = parseCandidatePath(top.path);
      if (where.type !== 'candidate_revision') throw new Error(`projected candidate revision at an impossible path ${top.path}`);
      const bytes = await readBlob(top.oid);
      const { candidate, sha256 } = readCandidateFile(where, bytes);
      parsed = { kind: 'candidate', path: top.path, dir, file: where.file, oid: top.oid, row: candidate, candidate, sha256, bytes };
    }
    const forked = files.filter((f) => f.revision === top.revision).length > 1;
    out.set(dir, { candidate: parsed.candidate, json: parsed.bytes.toString('utf8'), sha256: top.sha256, path: top.path, revision_count: files.length, forked });
  }
  return out;
}

/** A changed candidate file as a key of its directory. */
export const candidateKeyOf = (p: ParsedCandidate): CandidateFileKey => ({ path: p.path, revision: p.row.revision, recorded_at: p.row.recorded_at, sha256: p.sha256, oid: p.oid, parsed: p });
