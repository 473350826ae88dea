/**
 * Who proposed and who approved (issue #20 "Every approved revision records who proposed it
 * and who approved it"; docs/decisions/0042). An entry revision written by approving a
 * candidate carries an `approval` member: the candidate, its proposer and its approver (a
 * person, an agent for a person, or the auto-approval rule). Absent — never null — on every
 * other revision, so revisions written before it existed keep their bytes (as `agent` did,
 * docs/decisions/0032). Never carried over to the next revision.
 */
import { z } from 'zod';
import { AGENT_NAME_PATTERN } from './agent-name.js';
import { LIMITS } from './limits.js';
import { nonBlankLine } from './text-schemas.js';
import { AUTO_APPROVE_RULE, CANDIDATE_ID_PATTERN } from './candidate-id.js';

export { AUTO_APPROVE_RULE };

/** Who did something: the person (`author`) and, when an agent acted for them, the agent. */
export const IdentitySchema = z.strictObject({
  author: nonBlankLine(LIMITS.short),
  agent: z.string().regex(AGENT_NAME_PATTERN, { message: 'must be an agent name: a-z, 0-9, ".", "_", "-", at most 64' }).optional(),
});
export type Identity = z.infer<typeof IdentitySchema>;

/** Who approved: an identity, or the auto-approval rule. */
export const ApproverSchema = z.union([IdentitySchema, z.strictObject({ rule: z.literal(AUTO_APPROVE_RULE) })]);
export type Approver = z.infer<typeof ApproverSchema>;

/** The `approval` member of an entry revision written by approving a candidate. */
export const ApprovalSchema = z.strictObject({
  candidate_id: z.string().regex(CANDIDATE_ID_PATTERN),
  proposed_by: IdentitySchema,
  approved_by: ApproverSchema,
});
export type Approval = z.infer<typeof ApprovalSchema>;
