/**
 * zod output schemas of the MCP tools (issue #7: "every tool declares an outputSchema that its
 * structuredContent satisfies"; MCP spec 2025-06-18 / 2025-11-25, tools "Output Schema").
 * They describe the shapes the tools build (src/mcp/*-tools.ts), not the model's write rules:
 * no length bounds, because structured content is neutralized (DESIGN §7) and a neutralized
 * string can be longer than the stored one. Entries are strict (exactly the DESIGN §2 envelope);
 * `brain_status` is open to new fields (a report that grows). The published outputSchema of a
 * tool is its success shape OR {@link ToolErrorOutput} (see tool-definition.ts `describeTool`).
 */
import { z } from 'zod';
import { ENTRY_KINDS, STATUSES } from '../model/kinds.js';

const entryKind = z.enum(ENTRY_KINDS);
const status = z.enum(STATUSES);
const count = z.number().int().min(0);
const revision = z.number().int().min(1);
const strings = z.array(z.string());

/** `structuredContent` of every refusal (`isError: true`): `{error: {code, message, hint?, data?}}`. */
export const ToolErrorOutput = z.strictObject({
  error: z.strictObject({
    code: z.string().describe('stable error code, e.g. not_found, revision_conflict, illegal_status, invalid_entry, secret_detected, unauthorized'),
    message: z.string(),
    hint: z.string().optional().describe('what to do next'),
    data: z.record(z.string(), z.unknown()).optional().describe('facts about the failure, e.g. current_revision'),
  }),
});

/** One revision of an entry, exactly as stored on the docs branch (DESIGN §2), text neutralized. */
export const EntryOutput = z.strictObject({
  entry_id: z.string(),
  revision,
  project_id: z.string(),
  entry_kind: entryKind,
  title: z.string(),
  rationale: z.string(),
  status,
  author: z.string().describe('the person the revision was written for'),
  agent: z.string().optional().describe('the agent that wrote it on their behalf; absent when the person wrote it'),
  approval: z
    .strictObject({ candidate_id: z.string(), proposed_by: z.record(z.string(), z.string()), approved_by: z.record(z.string(), z.string()) })
    .optional()
    .describe('set when approving a candidate wrote this revision: the candidate, who proposed it ({author, agent?}), who approved it ({author, agent?} or {rule})'),
  recorded_at: z.string().describe('ISO 8601 UTC'),
  related_task_ids: strings,
  related_entry_ids: strings,
  tags: strings,
  supersedes_entry_id: z.string().nullable(),
  confidence: z.number().nullable(),
  citations: z.array(z.strictObject({ source_ref: z.string(), source_kind: z.string(), locator: z.string().optional() })),
  paths: strings,
  payload: z.record(z.string(), z.unknown()).describe('kind-specific fields'),
});

/** A compact entry of brain_list / brain_search (src/mcp/summaries.ts `EntrySummary`). */
const summaryFields = {
  entry_id: z.string(),
  entry_kind: entryKind,
  status,
  revision,
  title: z.string(),
  adr_label: z.string().optional().describe("an imported ADR's label, e.g. ADR-0071; brain_get takes it as entry_id"),
  summary: z.string().describe('the rationale, one line, at most 200 characters'),
  payload: z.record(z.string(), z.unknown()),
  tags: strings,
  related_task_ids: strings,
  confidence: z.number().nullable(),
  recorded_at: z.string(),
  author: z.string(),
};

/** brain_get */
export const GetOutput = z.strictObject({
  entry: EntryOutput,
  revision_count: count,
  forked: z.boolean(),
  text_cuts: z
    .array(z.strictObject({ field: z.string().describe('rationale or payload.<key>'), total_chars: count, offset: count, returned_chars: count }))
    .optional()
    .describe('present when a text was longer than max_chars: the entry holds only characters offset … offset + returned_chars of each field named'),
  next_offset: count.nullable().optional().describe('with text_cuts: pass as offset for the next part; null on the last part'),
});

/** brain_list */
export const ListOutput = z.strictObject({
  count,
  entries: z.array(z.strictObject(summaryFields)),
  next_cursor: z.string().nullable().describe('pass as cursor for the next page; null on the last page'),
  changed_since_first_page: z
    .strictObject({
      since: z.string().describe('the commit the first page was read at'),
      count: count.nullable().describe('entries of the project added or revised since; null when that commit is gone'),
      entry_ids: z.array(z.string()).nullable().describe('the first 100 of them by id (brain_get each); null when that commit is gone'),
    })
    .optional()
    .describe('present on a later page when the brain changed since the first page: revising moves an entry in the newest-first order, so these may be missing from the pages or repeated'),
});

/** brain_search */
export const SearchOutput = z.strictObject({
  count,
  hits: z.array(z.strictObject({ ...summaryFields, relevance_score: z.number().min(0).max(1) })),
});

/** brain_history */
export const HistoryOutput = z.strictObject({
  entry_id: z.string(),
  entry_kind: entryKind.nullable(),
  revisions: z.array(
    z.strictObject({
      revision,
      recorded_at: z.string(),
      author: z.string(),
      agent: z.string().optional(),
      status,
      title: z.string(),
      changed: strings.describe('fields that differ from the revision before; ["created"] for the first'),
      sha256: z.string(),
      commit: z.string().nullable().describe("the commit that added the revision; null when not found in the tip's history"),
    }),
  ),
});

/** brain_context (DESIGN §7 brief) */
export const ContextOutput = z.strictObject({
  markdown: z.string(),
  tokens: count,
  included: count,
  omitted: z.record(z.string(), count).describe('per section: items that did not fit the budget'),
});

/** brain_status (`brain status --json`; open to new fields) */
export const StatusOutput = z.looseObject({
  branch: z.string(),
  project_id: z.string(),
  tip: z.string().nullable(),
  projected: z.string().nullable(),
  entries: count,
  revisions: count,
  by_kind: z.record(z.string(), z.record(z.string(), count)).describe('current entries per kind and status'),
  forked: strings,
  problems: z.array(z.looseObject({ path: z.string(), code: z.string(), message: z.string() })),
  cache: z.looseObject({ path: z.string(), reset: z.string().nullable(), last_refresh: z.string().nullable() }),
  upstream: z
    .strictObject({
      remote: z.string(), ref: z.string(), oid: z.string(), ahead: count, behind: count,
      relation: z.enum(['up_to_date', 'ahead', 'behind', 'diverged']),
      fetched_at: z.string().nullable().describe('when the upstream was last fetched (ISO 8601), null when unknown'),
      tip_committed_at: z.string().nullable().describe('only when fetched_at is unknown: the upstream tip\'s commit date (ISO 8601), which the fetch is no older than'),
      summary: z.string(), fix: z.string().nullable().describe('the command that brings the two together'),
    })
    .nullable()
    .describe('the local docs branch against <remote>/<branch> as of the last fetch; null when no remote has it'),
  sync: z
    .strictObject({
      configured: z.strictObject({ remote: z.string(), interval_seconds: count }).nullable(),
      daemon: z
        .strictObject({
          pid: count, remote: z.string(), interval_seconds: count, last_attempt_at: z.string().nullable(), last_ok_at: z.string().nullable(),
          last_error: z.strictObject({ code: z.string(), message: z.string() }).nullable(), failures: count, next_at: z.string().nullable(),
        })
        .nullable(),
      error: z.string().optional().describe('why brain.json\'s "sync" is not used'),
    })
    .describe("the daemon's sync with the remote: brain.json's setting (null: off) and the running loop (null: none)"),
});

/** brain_projects (issue #7) */
export const ProjectsOutput = z.strictObject({
  project_id: z.string().describe('the project the tools of this server read and write'),
  projects: z.array(
    z.strictObject({
      project_id: z.string(),
      entries: count,
      by_kind: z.record(z.string(), count).describe('current entries per kind (every kind, 0 when none)'),
    }),
  ),
});

/** brain_append, brain_revise, brain_resolve, brain_supersede, brain_clear_blocker */
export const WriteOutput = z.strictObject({
  entry: EntryOutput,
  written: z.boolean().describe('false when the call changed nothing (no revision, no commit)'),
  commit: z.string().nullable(),
  also: z.array(EntryOutput).describe('other entries the same commit revised (brain_supersede: the successor)'),
  defaults_applied: z
    .array(z.strictObject({ field: z.string(), value: z.unknown() }))
    .describe('brain_append: payload fields set by default because the call left them out (e.g. a risk\'s likelihood and impact: medium); revise the entry if that is not your judgement'),
});
