/**
 * zod input schemas of the MCP tools (issue #3; DESIGN §2 field bounds). Every schema is a
 * strict object (unknown arguments are rejected), so tools/list publishes
 * `additionalProperties: false` and the enums agents must choose from. Shape checks happen
 * here (→ `-32602` with the zod message); kind-specific rules (legal status, payload fields of
 * the kind) are the model's (→ `-32602` with the model's message). Snake_case, as on disk.
 */
import { z } from 'zod';
import { CitationSchema, LIMITS } from '../model/entry.js';
import { ENTRY_KINDS, STATUSES } from '../model/kinds.js';

const entryId = z.string().min(1).max(LIMITS.ref).describe('an entry id like dec-4f9k2m1x7q3z, or any unique prefix of one');
const revision = z.number().int().min(1);
const expectedRevision = revision
  .optional()
  .describe('compare-and-swap: fail with revision_conflict (nothing written) unless the entry is still at this revision; pass the revision you last read');
const strings = (items: number, chars: number) => z.array(z.string().min(1).max(chars)).max(items);
const kind = z.enum(ENTRY_KINDS);
const level = z.enum(['low', 'medium', 'high']);

/** Kind-specific fields; the service merges them key by key over the current payload and checks them against the kind. */
const payload = z
  .strictObject({
    decision_outcome: z.string().max(LIMITS.text).optional().describe('decision: what was chosen'),
    alternatives: strings(LIMITS.listItems, LIMITS.text).optional().describe('decision: the options considered'),
    answer: z.string().max(LIMITS.text).optional().describe('open_question: the answer'),
    severity: z.enum(['low', 'medium', 'high', 'critical']).optional().describe('blocker: how bad (default medium)'),
    resolution: z.string().max(LIMITS.text).optional().describe('blocker: how it was cleared'),
    likelihood: level.optional().describe('risk: how likely (default medium)'),
    impact: level.optional().describe('risk: how bad if it happens (default medium)'),
    mitigation: z.string().max(LIMITS.text).optional().describe('risk: what limits it'),
    depends_on: z.string().min(1).max(LIMITS.ref).optional().describe('dependency (required for it): what the work depends on — a task, service, library, entry id'),
    dependency_kind: z.enum(['blocks', 'requires', 'relates_to']).optional().describe('dependency: blocks, requires (default) or relates_to'),
    summary: z.string().max(LIMITS.text).optional().describe('plan_revision: the plan'),
    supersedes_plan_entry_id: z.string().nullable().optional().describe('plan_revision: the plan it replaces (brain_supersede sets it)'),
  })
  .describe('kind-specific fields; only those of the entry kind are accepted');

/** Entry fields shared by append (title required there) and revise. */
const fields = {
  title: z.string().min(1).max(LIMITS.title).describe('one line, ≤ 200 characters'),
  rationale: z.string().max(LIMITS.rationale).optional().describe('the why: context, reasoning, consequences (≤ 20 000 characters)'),
  status: z.enum(STATUSES).optional().describe('must be legal for the kind (see the tool description)'),
  tags: strings(LIMITS.tags, LIMITS.tag).optional().describe('labels; on revise the list replaces the current one'),
  related_task_ids: strings(LIMITS.listItems, LIMITS.ref).optional().describe('task / issue ids; on revise replaces the list'),
  related_entry_ids: strings(LIMITS.listItems, LIMITS.ref).optional().describe('ids of related entries; on revise replaces the list'),
  paths: strings(LIMITS.paths, LIMITS.path).optional().describe('code paths the entry concerns; on revise replaces the list'),
  confidence: z.number().min(0).max(1).nullable().optional().describe('0..1, or null for none'),
  citations: z.array(CitationSchema).max(LIMITS.listItems).optional().describe('provenance; on revise replaces the list'),
  payload: payload.optional(),
};

/** brain_get: `{entry_id, revision?}`. */
export const GetInput = z.strictObject({ entry_id: entryId, revision: revision.optional().describe('a past revision (default: the current one)') });

/** brain_list: the CLI's filters (kind, status, tag, author, related_task, path, updated_since), `limit` (1..500, default 50) and `cursor`. */
export const ListInput = z.strictObject({
  kind: kind.optional(),
  status: z.enum(STATUSES).optional(),
  tag: z.string().min(1).optional(),
  author: z.string().min(1).optional().describe('only entries whose current revision is by this author'),
  related_task: z.string().min(1).optional().describe('only entries related to this task id'),
  path: z.string().min(1).max(1000).optional().describe('only entries whose paths concern this code path prefix or glob, e.g. src/payments or src/payments/**'),
  updated_since: z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be an ISO 8601 date or time' }).optional().describe('ISO 8601; only entries revised at or after it'),
  limit: z.number().int().min(1).max(500).optional().describe('page size (default 50)'),
  cursor: z.string().min(1).optional().describe('next_cursor of the previous page'),
});

/** brain_search: `{query, kind?, limit? (1..100, default 20)}`. */
export const SearchInput = z.strictObject({
  query: z.string().min(1).max(1000).describe('words to find (fuzzy, prefix) in titles, rationales and payloads'),
  kind: kind.optional(),
  limit: z.number().int().min(1).max(100).optional().describe('max hits (default 20)'),
});

/** brain_history: `{entry_id}`. */
export const HistoryInput = z.strictObject({ entry_id: entryId });

/** brain_context: `{budget? (tokens, default 6000), paths?, task_ids?}` (DESIGN §7). */
export const ContextInput = z.strictObject({
  budget: z.number().int().min(1).max(200_000).optional().describe('token budget of the brief (default 6000)'),
  paths: strings(LIMITS.paths, LIMITS.path).optional().describe('favour entries about these code paths (the files you are working on)'),
  task_ids: strings(LIMITS.listItems, LIMITS.ref).optional().describe('favour entries related to these tasks'),
});

/** brain_status: no arguments. */
export const StatusInput = z.strictObject({});

/** brain_append: `kind`, `title` and the optional entry fields (DESIGN §2). */
export const AppendInput = z.strictObject({ kind, ...fields });

/** brain_revise: `entry_id`, `expected_revision?` and the entry fields to change (all optional). */
export const ReviseInput = z.strictObject({ entry_id: entryId, expected_revision: expectedRevision, ...fields, title: fields.title.optional() });

/** brain_resolve: `{entry_id, answer?, resolution?, expected_revision?}`. */
export const ResolveInput = z.strictObject({
  entry_id: entryId,
  answer: z.string().max(LIMITS.text).optional().describe('open questions: the answer'),
  resolution: z.string().max(LIMITS.text).optional().describe('blockers: how it was cleared'),
  expected_revision: expectedRevision,
});

/** brain_supersede: `{entry_id, by_entry_id, expected_revision?}`. */
export const SupersedeInput = z.strictObject({
  entry_id: entryId.describe('the decision or plan_revision being replaced'),
  by_entry_id: entryId.describe('its successor (record it first with brain_append)'),
  expected_revision: expectedRevision,
});

/** brain_clear_blocker: `{entry_id, resolution, expected_revision?}`. */
export const ClearBlockerInput = z.strictObject({
  entry_id: entryId.describe('a blocker id (blk-…) or unique prefix'),
  resolution: z.string().min(1).max(LIMITS.text).describe('how it was cleared'),
  expected_revision: expectedRevision,
});
