/**
 * The entry envelope and per-kind payloads as zod schemas (DESIGN §2). snake_case on disk,
 * over the wire and in TS types. `EntrySchema` validates a stored revision; status legality
 * per kind is checked by {@link validateEntry} so its message can name the legal statuses.
 */
import { z } from 'zod';
import { ENTRY_KINDS, STATUSES, type EntryKind } from './kinds.js';
import { ENTRY_ID_PATTERN } from './entry-id.js';
import { multiLineText, nonBlankLine, nonBlankText, singleLine } from './text-schemas.js';
import { LIMITS, PROJECT_ID_PATTERN } from './limits.js';
import { AGENT_NAME_PATTERN } from './agent-name.js';
import { ApprovalSchema } from './approval.js';


const list = (item: z.ZodType<string>, max: number) =>
  z.array(item).max(max, { message: `must have at most ${max} items` });

export const CitationSchema = z.strictObject({
  source_ref: nonBlankLine(LIMITS.ref),
  source_kind: z.enum(['task', 'doc_slug', 'knowledge_source', 'entry', 'external_url', 'file']),
  locator: singleLine(LIMITS.short).optional(),
});
export type Citation = z.infer<typeof CitationSchema>;

const level = z.enum(['low', 'medium', 'high']);

/** Payload schema per kind. */
export const PAYLOAD_SCHEMAS = {
  decision: z.strictObject({
    alternatives: list(nonBlankText(LIMITS.text), LIMITS.listItems),
    decision_outcome: multiLineText(LIMITS.body),
    /**
     * The status as the source ADR words it ("Accepted (tracked in #9256)"); null when the source
     * states none (the import derives it: format default, index, links); absent for a decision
     * not imported, or whose status changed since (the key goes with the change).
     */
    status_text: multiLineText(LIMITS.text).nullable().optional(),
    /** The day the decision was made or first written down (`YYYY-MM-DD`), when known. */
    decision_date: z.iso.date({ message: 'must be a day, YYYY-MM-DD' }).nullable().optional(),
    /**
     * `month` when the ADR states only the month it was decided (`May 2023`, `Created: January
     * 2011`, thanos' `202012-x.md`; docs/decisions/0073), `quarter` (`Q3 2021`, `2021-Q3`) or
     * `year` (`Date: 2021`; docs/decisions/0076) when only those: `decision_date` then holds the
     * period's first day, so every reader that orders by day still can, and surfaces and the
     * export write the period (`2023-05`, `2021-Q3`, `2021`); absent for a day.
     */
    decision_date_precision: z.enum(['month', 'quarter', 'year']).optional(),
    /** An imported ADR's deciders when it names them, else the author of the commit that first added it; surfaces say "ADR by", not "decided by" (model/decision-origin.ts). */
    decision_makers: singleLine(LIMITS.ref).nullable().optional(),
    /** An imported ADR's front matter keys brain does not model, as YAML text. */
    front_matter: multiLineText(LIMITS.body).nullable().optional(),
    /**
     * The numbering an imported ADR's title heading wrote before the title (`1. `, `ADR 1: `,
     * `ADR-001 `, `0001 `, `1) `, `TEP-0070: `), which the title leaves out; absent when the
     * heading had none. The export writes it back (docs/decisions/0070).
     */
    title_prefix: singleLine(LIMITS.short).optional(),
  }),
  open_question: z.strictObject({ answer: multiLineText(LIMITS.text).optional() }),
  blocker: z.strictObject({
    severity: z.enum(['low', 'medium', 'high', 'critical']),
    resolution: multiLineText(LIMITS.text).optional(),
  }),
  risk: z.strictObject({ likelihood: level, impact: level, mitigation: multiLineText(LIMITS.text).optional() }),
  dependency: z.strictObject({
    depends_on: nonBlankLine(LIMITS.ref),
    dependency_kind: z.enum(['blocks', 'requires', 'relates_to']),
  }),
  plan_revision: z.strictObject({
    summary: multiLineText(LIMITS.text),
    supersedes_plan_entry_id: z.string().regex(ENTRY_ID_PATTERN).nullable().optional(),
  }),
} as const satisfies Record<EntryKind, z.ZodType>;

export type DecisionPayload = z.infer<(typeof PAYLOAD_SCHEMAS)['decision']>;
export type Payload = { [K in EntryKind]: z.infer<(typeof PAYLOAD_SCHEMAS)[K]> }[EntryKind];

/** Fields every revision has, whatever its kind. */
export const EnvelopeSchema = z.strictObject({
  entry_id: z.string().regex(ENTRY_ID_PATTERN, { message: 'must look like dec-4f9k2m1x7q3z' }),
  revision: z.number().int().min(1),
  project_id: z.string().regex(PROJECT_ID_PATTERN, { message: 'must be a slug: a-z, 0-9, ".", "_", "-"' }),
  entry_kind: z.enum(ENTRY_KINDS),
  title: nonBlankLine(LIMITS.title),
  rationale: multiLineText(LIMITS.body),
  status: z.enum(STATUSES),
  author: nonBlankLine(LIMITS.short),
  /** The agent that wrote this revision on `author`'s behalf (docs/decisions/0032); absent — not null — when a person wrote it, so older revisions keep their bytes. */
  agent: z.string().regex(AGENT_NAME_PATTERN, { message: 'must be an agent name: a-z, 0-9, ".", "_", "-", at most 64' }).optional(),
  /** Set on a revision written by approving a candidate: the candidate, who proposed it, who approved it (docs/decisions/0042); absent otherwise. */
  approval: ApprovalSchema.optional(),
  recorded_at: z.iso.datetime({ message: 'must be ISO 8601 UTC ending in Z' }),
  related_task_ids: list(nonBlankLine(LIMITS.ref), LIMITS.listItems),
  related_entry_ids: list(z.string().regex(ENTRY_ID_PATTERN), LIMITS.listItems),
  tags: list(nonBlankLine(LIMITS.tag), LIMITS.tags),
  supersedes_entry_id: z.string().regex(ENTRY_ID_PATTERN).nullable(),
  confidence: z.number().min(0).max(1).nullable(),
  citations: z.array(CitationSchema).max(LIMITS.listItems),
  paths: list(nonBlankLine(LIMITS.path), LIMITS.paths),
  payload: z.record(z.string(), z.unknown()),
});

/** One stored revision of an entry. */
export type Entry = Omit<z.infer<typeof EnvelopeSchema>, 'payload'> & { payload: Record<string, unknown> };
