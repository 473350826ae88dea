/**
 * zod input schemas of the MCP tools (issues #3, #7; DESIGN §2 field bounds). Every schema is a
 * strict object (unknown arguments are rejected), so tools/list publishes
 * `additionalProperties: false` and the enums agents must choose from. Shape checks happen
 * here (→ an `isError` result `invalid_argument` with the zod message); kind-specific rules (legal status, payload fields of
 * the kind) are the service's (→ an `isError` result with the code). Snake_case, as on disk:
 * the kind is `entry_kind`, the name every output uses; `kind` is accepted as an alias.
 */
import { z } from 'zod';
import { CitationSchema } from '../model/entry.js';
import { LIMITS } from '../model/limits.js';
import { BOUNDS } from '../model/number-text.js';
import { ENTRY_KINDS, STATUSES, type EntryKind } from '../model/kinds.js';
import { DEFAULT_MAX_CHARS } from './entry-window.js';

const entryId = z.string().min(1).max(LIMITS.ref).describe('an entry id like dec-4f9k2m1x7q3z, or any unique prefix of one');
const revision = z.number().int().min(BOUNDS.revision.min).max(BOUNDS.revision.max);
const expectedRevision = revision
  .optional()
  .describe('compare-and-swap: fail with revision_conflict (nothing written) unless the entry is still at this revision; pass the revision you last read');
const strings = (items: number, chars: number) => z.array(z.string().min(1).max(chars)).max(items);
const kind = z.enum(ENTRY_KINDS);
const KIND_ALIAS = 'alias of entry_kind (accepted for older callers); give one of them';

/** `entry_kind` and its alias `kind` (issue #7: inputs use the names outputs use). */
const kindFields = (what: string) => ({ entry_kind: kind.optional().describe(what), kind: kind.optional().describe(KIND_ALIAS) });

/**
 * The rule of {@link kindFields}: `entry_kind` and `kind` given with different values is an
 * invalid argument; with `required`, one of them must be given. The published JSON Schema then
 * lists `entry_kind` as required (`.meta`): the canonical call; `kind` alone is still accepted.
 */
export function withKindRule<T extends z.ZodObject<z.ZodRawShape & ReturnType<typeof kindFields>>>(schema: T, options: { required: boolean }): T {
  const checked = schema.superRefine((args: { entry_kind?: string | undefined; kind?: string | undefined }, ctx) => {
    if (args.entry_kind !== undefined && args.kind !== undefined && args.entry_kind !== args.kind) {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: `alias of entry_kind, but entry_kind is "${args.entry_kind}" and kind "${args.kind}": give one of them` });
    }
    if (options.required && args.entry_kind === undefined && args.kind === undefined) {
      ctx.addIssue({ code: 'custom', path: ['entry_kind'], message: `required: one of ${ENTRY_KINDS.join(', ')}` });
    }
  });
  if (!options.required) return checked;
  const required = Object.entries(schema.shape).filter(([key, field]) => key === 'entry_kind' || !(field as z.ZodType).safeParse(undefined).success).map(([key]) => key);
  return checked.meta({ required }) as T;
}

/** The kind an input names (`entry_kind`, else its alias `kind`); the schemas reject two different ones. */
export function kindArg(args: { entry_kind?: EntryKind | undefined; kind?: EntryKind | undefined }): EntryKind | undefined {
  return args.entry_kind ?? args.kind;
}
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

/** brain_get: `{entry_id, revision?, offset?, max_chars?}` (long texts in parts: mcp/entry-window.ts, docs/decisions/0078). */
export const GetInput = z.strictObject({
  entry_id: entryId,
  revision: revision.optional().describe('a past revision (default: the current one)'),
  offset: z.number().int().min(0).max(LIMITS.body).optional().describe('for a text cut in parts (see text_cuts): the next_offset of the previous call (default 0)'),
  max_chars: z.number().int().min(1000).max(200_000).optional().describe(`a rationale or payload text longer than this comes in parts of this many characters (default ${DEFAULT_MAX_CHARS})`),
});

/** The fields of {@link ListInput} (repo-tool-schemas.ts adds the hub's narrowing to them). */
export const listFields = {
  ...kindFields('only entries of this kind'),
  status: z.enum(STATUSES).optional(),
  tag: z.string().min(1).optional(),
  author: z.string().min(1).optional().describe('only entries whose current revision is by this author'),
  related_task: z.string().min(1).optional().describe('only entries related to this task id'),
  path: z.string().min(1).max(1000).optional().describe('only entries whose paths concern this code path prefix or glob, e.g. src/payments or src/payments/**'),
  updated_since: z.string().refine((s) => !Number.isNaN(Date.parse(s)), { message: 'must be an ISO 8601 date or time' }).optional().describe('ISO 8601; only entries revised at or after it'),
  limit: z.number().int().min(1).max(500).optional().describe('page size (default 50)'),
  cursor: z.string().min(1).optional().describe('next_cursor of the previous page'),
};

/** brain_list: the CLI's filters (entry_kind, status, tag, author, related_task, path, updated_since), `limit` (1..500, default 50) and `cursor`. */
export const ListInput = withKindRule(z.strictObject(listFields), { required: false });

/** The fields of {@link SearchInput}. */
export const searchFields = {
  query: z.string().min(1).max(1000).describe('words to find (fuzzy, prefix) in titles, rationales and payloads'),
  ...kindFields('only entries of this kind'),
  limit: z.number().int().min(1).max(100).optional().describe('max hits (default 20)'),
};

/** brain_search: `{query, entry_kind?, limit? (1..100, default 20)}`. */
export const SearchInput = withKindRule(z.strictObject(searchFields), { required: false });

/** brain_history: `{entry_id}`. */
export const HistoryInput = z.strictObject({ entry_id: entryId });

const oneOrMany = (items: number, chars: number) => z.union([z.string().min(1).max(chars), strings(items, chars)]);

/**
 * brain_context: `{budget? (tokens, default 6000), path?, related_task?}` (DESIGN §7) — the
 * names brain_list uses (issue #19: one name per concept), each one value or a list;
 * `paths` and `task_ids`, the names before, are kept as aliases.
 */
export const ContextInput = z.strictObject({
  budget: z.number().int().min(BOUNDS.budget.min).max(BOUNDS.budget.max).optional().describe('token budget of the brief (default 6000)'),
  path: oneOrMany(LIMITS.paths, LIMITS.path).optional().describe('favour entries whose paths concern these code paths — prefixes or globs, matched as brain_list path (the files you are working on)'),
  related_task: oneOrMany(LIMITS.listItems, LIMITS.ref).optional().describe('favour entries related to these task ids'),
  paths: strings(LIMITS.paths, LIMITS.path).optional().describe('alias of path'),
  task_ids: strings(LIMITS.listItems, LIMITS.ref).optional().describe('alias of related_task'),
});

/** brain_status: no arguments. */
export const StatusInput = z.strictObject({});

/** brain_append: `entry_kind` (or its alias `kind`), `title` and the optional entry fields (DESIGN §2). */
export const AppendInput = withKindRule(z.strictObject({ ...kindFields('the kind of entry to record (required)'), ...fields }), { required: true });

/** brain_projects: no arguments. */
export const ProjectsInput = z.strictObject({});

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

const candidateId = z.string().min(1).max(LIMITS.ref).describe('a candidate id like cand-4f9k2m1x7q3z, or any unique prefix of one');

/** brain_propose: the arguments of brain_append (issue #20: the same fields as `brain add`). */
export const ProposeInput = withKindRule(z.strictObject({
  ...kindFields('the kind of entry to propose (required)'),
  ...fields,
  supersedes_entry_id: z.string().min(1).max(LIMITS.ref).optional()
    .describe('the decision (or plan revision) this proposal replaces: its id, a unique prefix or an ADR label; the reviewer then suggests superseding it, and approving links both ways'),
}), { required: true });

/** brain_candidates: `{status? (pending, approved, rejected or all; default pending), candidate_id?}`. */
export const CandidatesInput = z.strictObject({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).optional().describe('which candidates (default pending)'),
  candidate_id: candidateId.optional().describe('one candidate in full, with every entry revision the reviewer compared'),
});

/** brain_approve: `{candidate_id, action?, entry_id?}` — the names of a decision in the output. */
export const ApproveInput = z.strictObject({
  candidate_id: candidateId,
  action: z.enum(['accept', 'merge', 'supersede']).optional().describe("accept (a new entry), merge (into entry_id as its next revision), supersede (entry_id); default: the reviewer's suggestion"),
  entry_id: entryId.optional().describe('with merge or supersede: the entry'),
}).superRefine((args, ctx) => {
  const needs = args.action === 'merge' || args.action === 'supersede';
  if (needs && args.entry_id === undefined) ctx.addIssue({ code: 'custom', path: ['entry_id'], message: `required with action ${args.action}` });
  if (!needs && args.entry_id !== undefined) ctx.addIssue({ code: 'custom', path: ['entry_id'], message: 'only with action merge or supersede' });
});

/** brain_reject: `{candidate_id, reason}`. */
export const RejectInput = z.strictObject({
  candidate_id: candidateId,
  reason: z.string().min(1).max(LIMITS.text).describe('why (kept in the candidate\'s history)'),
});
