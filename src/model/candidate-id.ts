/**
 * Candidate ids (issue #20): `cand-` + 12 Crockford base32 characters, e.g.
 * `cand-4f9k2m1x7q3z` — random like a new entry's id (src/model/entry-id.ts), so clones never
 * collide. Zod-free: the branch layout and read paths check them — and so are the names of
 * who approved (read paths print them).
 */
import type { Approver } from './approval.js';

/** A candidate id. */
export const CANDIDATE_ID_PATTERN = /^cand-[0-9a-z]{12,}$/;

/** The lifecycle of a candidate: pending, then approved or rejected. */
export const CANDIDATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];

/** The one auto-approval rule there is (`brain.json` `auto_approve: "safe"`). */
export const AUTO_APPROVE_RULE = 'auto_approve:safe';

/** `claude-code for Ada`, `Ada`, or `the auto_approve:safe rule`, for people. */
export function describeApprover(who: Approver): string {
  if ('rule' in who) return `the ${who.rule} rule`;
  return who.agent === undefined ? who.author : `${who.agent} for ${who.author}`;
}
