/**
 * Reading one candidate revision file of the branch against the on-disk contract (issue #20;
 * docs/format.md "Candidates"), as src/store/revision-file.ts does for entries: valid JSON, a
 * valid candidate, consistent with where it lies (candidate id and project match the directory,
 * revision number and sha8 the file name). Shared by the projection and `brain verify`.
 */
import type { Candidate } from '../model/candidate.js';
import { isBrainError } from '../model/errors.js';
import { validateCandidate } from '../model/validate-candidate.js';
import { sha256Hex } from './canonical-json.js';
import type { CandidatePath } from './layout.js';
import { RevisionProblem } from './revision-file.js';

/** A candidate revision file that passed every check. */
export interface CandidateFile {
  candidate: Candidate;
  sha256: string;
}

/**
 * Parses and checks the bytes of the candidate revision file at `where`.
 * Errors: {@link RevisionProblem} (`invalid_json`, `invalid_entry`, `misplaced`, `hash_mismatch`).
 */
export function readCandidateFile(where: Extract<CandidatePath, { type: 'candidate_revision' }>, bytes: Uint8Array): CandidateFile {
  const sha256 = sha256Hex(bytes);
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (err) {
    throw new RevisionProblem('invalid_json', `not valid JSON: ${(err as Error).message}`);
  }
  let candidate: Candidate;
  try {
    candidate = validateCandidate(raw);
  } catch (err) {
    if (isBrainError(err)) throw new RevisionProblem('invalid_entry', err.message);
    throw err;
  }
  const mismatches: string[] = [];
  if (candidate.candidate_id !== where.candidate_id) mismatches.push(`candidate_id ${candidate.candidate_id} ≠ directory ${where.candidate_id}`);
  if (candidate.project_id !== where.project_id) mismatches.push(`project_id ${candidate.project_id} ≠ directory ${where.project_id}`);
  if (candidate.revision !== where.revision) mismatches.push(`revision ${candidate.revision} ≠ file name r${where.revision}`);
  if (mismatches.length > 0) throw new RevisionProblem('misplaced', mismatches.join('; '));
  if (sha256.slice(0, 8) !== where.sha8) throw new RevisionProblem('hash_mismatch', `content sha256 ${sha256.slice(0, 8)}… does not match file name ${where.sha8}`);
  return { candidate, sha256 };
}
