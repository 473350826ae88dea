/**
 * Validation of candidate revisions (issue #20; docs/format.md "Candidates"): the schema of
 * src/model/candidate.ts, and the rules that tie its parts together — a pending candidate has no
 * decision, an approved one an approving decision, a rejected one a reject with a reason; the
 * first revision is written by its proposer. Pure; throws {@link BrainError} `invalid_entry`.
 */
import { BrainError } from './errors.js';
import { assertJsonDepth } from './json-depth.js';
import { LIMITS } from './limits.js';
import { CandidateSchema, type Candidate } from './candidate.js';
import { formatIssues } from './validate.js';

function invalid(message: string, data: Record<string, unknown> = {}): BrainError {
  return new BrainError('invalid_entry', `invalid candidate: ${message}`, { hint: 'see docs/format.md "Candidates" for the candidate schema', data });
}

/** The lifecycle rule a valid candidate breaks, or null. */
function lifecycleProblem(c: Candidate): string | null {
  const d = c.decision;
  if (c.status === 'pending') return d === undefined ? null : 'a pending candidate has no decision';
  if (d === undefined) return `a ${c.status} candidate records its decision`;
  if (c.status === 'rejected' && (d.action !== 'reject' || d.reason === undefined || d.reason.trim() === '')) return 'a rejected candidate records a reject with a reason';
  if (c.status === 'approved' && d.action === 'reject') return 'an approved candidate records no reject';
  if (c.status === 'approved' && d.entry_id === null) return 'an approval names the entry it wrote';
  return null;
}

/**
 * Validates `raw` as one candidate revision and returns it typed. Nesting is checked first
 * (one level more than an entry: the proposal holds the entry's fields).
 * Errors: `invalid_entry` naming the fields or the lifecycle rule.
 */
export function validateCandidate(raw: unknown): Candidate {
  assertJsonDepth(raw, 'the candidate', { max: LIMITS.depth + 1 });
  const parsed = CandidateSchema.safeParse(raw);
  if (!parsed.success) throw invalid(formatIssues(parsed.error.issues, '', raw));
  const candidate = parsed.data;
  const problem = lifecycleProblem(candidate);
  if (problem !== null) throw invalid(problem, { candidate_id: candidate.candidate_id, status: candidate.status });
  if (candidate.revision === 1 && (candidate.author !== candidate.proposed_by.author || candidate.agent !== candidate.proposed_by.agent)) {
    throw invalid('revision 1 is written by its proposer (author and agent equal proposed_by)', { candidate_id: candidate.candidate_id });
  }
  return candidate;
}
