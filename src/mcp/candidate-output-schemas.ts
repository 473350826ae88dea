/**
 * zod output schemas of the candidate tools (issue #20): a candidate revision as stored on the
 * docs branch (docs/format.md "Candidates"), text neutralized — so, like output-schemas.ts, no
 * length bounds — and the results of brain_propose, brain_candidates, brain_approve and
 * brain_reject.
 */
import { z } from 'zod';
import { ACTIONS, CANDIDATE_STATUSES, RELATIONS } from '../model/candidate.js';
import { ENTRY_KINDS, STATUSES } from '../model/kinds.js';
import { EntryOutput } from './output-schemas.js';

const identity = z.strictObject({ author: z.string(), agent: z.string().optional() });
const ref = z.strictObject({ entry_id: z.string(), revision: z.number().int().min(1), sha256: z.string() });
const score = z.number().min(0).max(1);

/** One candidate revision. `review.compared` is left out of lists (`compared_count` says how many). */
export const CandidateOutput = z.strictObject({
  candidate_id: z.string(),
  revision: z.number().int().min(1),
  project_id: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  author: z.string().describe('who wrote this revision (the person)'),
  agent: z.string().optional().describe('the agent that wrote this revision for them'),
  recorded_at: z.string(),
  proposed_by: identity.describe('who proposed it: no identity may approve what it proposed'),
  proposal: z.looseObject({ entry_kind: z.enum(ENTRY_KINDS), title: z.string() }).describe('the proposed entry: its kind and the fields given, as brain_append takes them'),
  review: z.strictObject({
    reviewer: z.string(),
    relation: z.enum(RELATIONS),
    suggested_action: z.enum(ACTIONS),
    target_entry_id: z.string().nullable().describe('the entry the verdict concerns (null when novel)'),
    conflict_signals: z.array(z.string()),
    summary: z.string(),
    compared: z.array(ref).optional().describe('every entry revision the reviewer compared with'),
    compared_count: z.number().int().min(0).optional(),
    evidence: z.array(z.strictObject({
      entry_id: z.string(), revision: z.number().int().min(1), entry_kind: z.enum(ENTRY_KINDS), status: z.enum(STATUSES), title: z.string(),
      score, title_similarity: score, text_similarity: score, coverage: score, novelty: score, search_relevance: score,
      shared_scope: z.array(z.string()), signals: z.array(z.string()),
    })),
  }),
  capture: z.strictObject({ extractor: z.enum(['command', 'builtin']) }).optional(),
  decision: z.strictObject({
    action: z.enum(ACTIONS),
    entry_id: z.string().nullable(),
    written: z.array(ref),
    decided_by: z.record(z.string(), z.string()).describe('{author, agent?}, or {rule: "auto_approve:safe"}'),
    reason: z.string().optional(),
  }).optional(),
});

/** brain_propose, brain_approve, brain_reject */
export const CandidateWriteOutput = z.strictObject({
  candidate: CandidateOutput,
  entries: z.array(EntryOutput).describe('entry revisions the same commit wrote (an approval; an auto-approval)'),
  commit: z.string(),
});

/** brain_candidates */
export const CandidatesOutput = z.strictObject({
  count: z.number().int().min(0),
  candidates: z.array(CandidateOutput),
});
