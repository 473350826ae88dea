/**
 * Reading one candidate revision file of the branch against the on-disk contract (issue #20;
 * docs/format.md "Candidates"), as src/store/revision-file.ts does for entries: valid JSON, a
 * valid candidate, consistent with where it lies (candidate id and project match the directory,
 * revision number and sha8 the file name). Shared by the projection and `brain verify`.
 */
import type { Candidate } from '../model/candidate.js';
import { isBrainError } from '../model/errors.js';
import { validateCandidate } from '../model/validate-candidate.js';
import type { CandidatePath } from './layout.js';
import { checkRevisionFile, RevisionProblem } from './revision-file.js';

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
  const validate = (raw: unknown): Candidate => {
    try {
      return validateCandidate(raw);
    } catch (err) {
      if (isBrainError(err)) throw new RevisionProblem('invalid_entry', err.message);
      throw err;
    }
  };
  const { record: candidate, sha256 } = checkRevisionFile(bytes, where.sha8, validate, (candidate) => [
    ...(candidate.candidate_id !== where.candidate_id ? [`candidate_id ${candidate.candidate_id} ≠ directory ${where.candidate_id}`] : []),
    ...(candidate.project_id !== where.project_id ? [`project_id ${candidate.project_id} ≠ directory ${where.project_id}`] : []),
    ...(candidate.revision !== where.revision ? [`revision ${candidate.revision} ≠ file name r${where.revision}`] : []),
  ]);
  return { candidate, sha256 };
}
