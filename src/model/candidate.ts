/**
 * Candidates (issue #20 "Candidates"; docs/decisions/0042): an entry an agent or a person
 * proposed, the deterministic reviewer's verdict on it, and its lifecycle — `pending`, then
 * `approved` or `rejected` — as immutable revisions on the docs branch
 * (`candidates/<project_id>/<fan>/<candidate_id>/`, docs/format.md). Each revision is a whole
 * snapshot, like an entry's: `author`/`agent` say who wrote that revision, `proposed_by` who
 * proposed the candidate (the first revision's writer, repeated on every revision).
 */
import { z } from 'zod';
import { CitationSchema, EnvelopeSchema } from './entry.js';
import { ENTRY_ID_PATTERN } from './entry-id.js';
import { ENTRY_KINDS, STATUSES } from './kinds.js';
import { LIMITS, PROJECT_ID_PATTERN } from './limits.js';
import { multiLineText, nonBlankLine, singleLine } from './text-schemas.js';
import { ApproverSchema, IdentitySchema } from './approval.js';
import { CANDIDATE_ID_PATTERN, CANDIDATE_STATUSES, type CandidateStatus } from './candidate-id.js';

export { IdentitySchema, ApproverSchema, type Identity, type Approver } from './approval.js';
export { AUTO_APPROVE_RULE } from './candidate-id.js';

export { CANDIDATE_ID_PATTERN };
export { CANDIDATE_STATUSES, type CandidateStatus };
/** The reviewer's relations between a candidate and the current entries (issue #20). */
export const RELATIONS = ['novel', 'duplicate', 'additive_update', 'full_replacement', 'possible_split', 'ambiguous_overlap'] as const;
export type Relation = (typeof RELATIONS)[number];
/** What approving (or rejecting) a candidate does: record it as a new entry, merge it into an entry as its next revision, supersede an entry with it, or reject it. */
export const ACTIONS = ['accept', 'merge', 'supersede', 'reject'] as const;
export type CandidateAction = (typeof ACTIONS)[number];
const entryId = z.string().regex(ENTRY_ID_PATTERN);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const score = z.number().min(0).max(1);
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);

/** The proposed entry: its kind and the fields `brain add` takes (only those given). */
export const ProposalSchema = z.strictObject({
  entry_kind: z.enum(ENTRY_KINDS),
  title: EnvelopeSchema.shape.title,
  rationale: EnvelopeSchema.shape.rationale.optional(),
  status: z.enum(STATUSES).optional(),
  tags: EnvelopeSchema.shape.tags.optional(),
  related_task_ids: EnvelopeSchema.shape.related_task_ids.optional(),
  related_entry_ids: EnvelopeSchema.shape.related_entry_ids.optional(),
  supersedes_entry_id: EnvelopeSchema.shape.supersedes_entry_id.optional(),
  confidence: EnvelopeSchema.shape.confidence.optional(),
  citations: list(CitationSchema, LIMITS.listItems).optional(),
  paths: EnvelopeSchema.shape.paths.optional(),
  payload: z.record(z.string(), z.unknown()).optional(),
});
export type Proposal = z.infer<typeof ProposalSchema>;

/** An entry revision by id, number and file hash. */
export const RevisionRefSchema = z.strictObject({ entry_id: entryId, revision: z.number().int().min(1), sha256 });
export type RevisionRef = z.infer<typeof RevisionRefSchema>;

/** What the reviewer found about one entry it compared the candidate with (src/candidates/review-candidate.ts). */
export const EvidenceSchema = z.strictObject({
  entry_id: entryId,
  revision: z.number().int().min(1),
  entry_kind: z.enum(ENTRY_KINDS),
  status: z.enum(STATUSES),
  title: EnvelopeSchema.shape.title,
  /** The combined similarity the relation was decided on. */
  score,
  title_similarity: score,
  text_similarity: score,
  /** Share of the entry's words the candidate repeats. */
  coverage: score,
  /** Share of the candidate's words the entry lacks. */
  novelty: score,
  /** The full-text search's relevance of the entry for the candidate's words (BM25, best hit 1), 0 when not a hit. */
  search_relevance: score,
  /** Paths, tags and related tasks both name. */
  shared_scope: list(singleLine(LIMITS.path), 50),
  /** Named facts: `same_kind`, `replacement_cue:instead of`, `superseded_by:dec-…`, `status_change:proposed→accepted`, … */
  signals: list(nonBlankLine(LIMITS.short), 30),
});
export type Evidence = z.infer<typeof EvidenceSchema>;

/** The reviewer's verdict (docs/decisions/0042). `compared`: every entry revision it looked at. */
export const ReviewSchema = z.strictObject({
  reviewer: nonBlankLine(LIMITS.short),
  relation: z.enum(RELATIONS),
  suggested_action: z.enum(ACTIONS),
  /** The entry the verdict concerns (duplicated, merged into, superseded, overlapped), null when novel. */
  target_entry_id: entryId.nullable(),
  /** Why the verdict is not safe to approve without a person (empty: none). */
  conflict_signals: list(nonBlankLine(LIMITS.short), 30),
  /** One line for people. */
  summary: nonBlankLine(LIMITS.ref),
  compared: list(RevisionRefSchema, LIMITS.listItems),
  evidence: list(EvidenceSchema, 10),
});
export type Review = z.infer<typeof ReviewSchema>;

/** How a candidate was decided (present once it is approved or rejected). */
export const DecisionSchema = z.strictObject({
  action: z.enum(ACTIONS),
  /** The entry written (accept: the new one; merge, supersede: the one merged into or superseded), null for reject. */
  entry_id: entryId.nullable(),
  /** Every entry revision the approval wrote, in the same commit (empty for a reject, or a merge that changed nothing). */
  written: list(RevisionRefSchema, 10),
  decided_by: ApproverSchema,
  reason: multiLineText(LIMITS.text).optional(),
});
export type Decision = z.infer<typeof DecisionSchema>;

/** One revision of a candidate (docs/format.md "Candidates"; JSON Schema docs/schema/candidate.schema.json). */
export const CandidateSchema = z.strictObject({
  candidate_id: z.string().regex(CANDIDATE_ID_PATTERN, { message: 'must look like cand-4f9k2m1x7q3z' }),
  revision: z.number().int().min(1),
  project_id: z.string().regex(PROJECT_ID_PATTERN),
  status: z.enum(CANDIDATE_STATUSES),
  author: EnvelopeSchema.shape.author,
  agent: EnvelopeSchema.shape.agent,
  recorded_at: EnvelopeSchema.shape.recorded_at,
  proposed_by: IdentitySchema,
  proposal: ProposalSchema,
  review: ReviewSchema,
  /** Set when captured from text (`brain capture`): which extractor found it. */
  capture: z.strictObject({ extractor: z.enum(['command', 'builtin']) }).optional(),
  decision: DecisionSchema.optional(),
});
/** One stored revision of a candidate. */
export type Candidate = z.infer<typeof CandidateSchema>;
