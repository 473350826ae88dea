/**
 * Write tools (issue #3, DESIGN §2 lifecycle): brain_append, brain_revise, brain_resolve,
 * brain_supersede, brain_clear_blocker. Each call is one commit on the docs branch through the
 * service (or none when nothing changed); `expected_revision` is the service's
 * compare-and-swap. Every write is made by the call's agent for the Brain's writer: the revision
 * records both (`agent`, `author`; docs/decisions/0032). Results: `{entry, written, commit, also}`
 * (entries neutralized).
 */
import { BrainError } from '../model/errors.js';
import type { EntryFields } from '../model/input.js';
import { kindOfEntryId, type EntryKind } from '../model/kinds.js';
import type { z } from 'zod';
import type { WriteResult } from '../service/writes.js';
import { FIELD_GUIDE, kindGuide } from './guide.js';
import { renderWrite } from './render.js';
import { neutralizeDeep } from './summaries.js';
import { AppendInput, ClearBlockerInput, kindArg, ResolveInput, ReviseInput, SupersedeInput } from './tool-schemas.js';
import { WriteOutput } from './output-schemas.js';
import { defineTool, type BrainTool, type ToolOutput } from './tool-definition.js';

const CAS =
  'Pass expected_revision (the revision you last read) so a concurrent change is never silently overwritten: on a mismatch the call ' +
  'fails with revision_conflict naming the current revision, and nothing is written.';

function output(verb: string, result: WriteResult): ToolOutput<z.input<typeof WriteOutput>> {
  const written = result.commit !== null;
  return {
    structured: neutralizeDeep({ entry: result.entry, written, commit: result.commit, also: result.also, defaults_applied: result.defaults_applied }),
    text: renderWrite(verb, [result.entry, ...result.also], written) + defaultsText(result),
  };
}

/** `\nSet by default (not given): payload.likelihood = "medium", …` when the write applied defaults. */
function defaultsText(result: WriteResult): string {
  if (result.defaults_applied.length === 0) return '';
  return `\nSet by default (not given): ${result.defaults_applied.map((d) => `${d.field} = ${JSON.stringify(d.value)}`).join(', ')}; brain_revise ${result.entry.entry_id} with a payload if that is not your judgement.`;
}

/** The entry fields of an append/revise call (absent arguments stay absent). */
export function fieldsOf(args: Partial<Record<keyof EntryFields, unknown>>): EntryFields {
  const keys: (keyof EntryFields)[] = ['title', 'rationale', 'status', 'tags', 'related_task_ids', 'related_entry_ids', 'supersedes_entry_id', 'paths', 'confidence', 'citations', 'payload'];
  return Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]])) as EntryFields;
}

/**
 * The text of a resolve call, put where the entry's kind keeps it (an agent that says
 * `resolution` for a question means its answer). Errors: `invalid_argument` for both at once,
 * or for text on a dependency, which stores none.
 */
function resolveText(args: { entry_id: string; answer?: string | undefined; resolution?: string | undefined }): { answer?: string; resolution?: string } {
  if (args.answer !== undefined && args.resolution !== undefined) throw new BrainError('invalid_argument', 'give answer or resolution, not both', { hint: 'answer closes an open question, resolution clears a blocker; pass the one that fits the entry' });
  const text = args.answer ?? args.resolution;
  if (text === undefined) return {};
  const kind = args.entry_id.includes('-') ? kindOfEntryId(args.entry_id) : null;
  if (kind === 'dependency') {
    throw new BrainError('invalid_argument', 'a dependency stores no answer or resolution text', { hint: 'resolve it without text; put the why in its rationale with brain_revise' });
  }
  if (kind === 'open_question') return { answer: text };
  if (kind === 'blocker') return { resolution: text };
  return args.answer !== undefined ? { answer: text } : { resolution: text };
}

const cas = (expected: number | undefined) => (expected !== undefined ? { expectedRevision: expected } : {});

const append = defineTool({
  name: 'brain_append',
  title: 'Record a new brain entry',
  access: 'write',
  description:
    "Record a new entry (revision 1) in the project brain — the repository's shared, git-stored memory — so later sessions and other people " +
    'know it: a decision you took and why, a question you could not settle, something blocking you, a risk you see, a dependency, or a ' +
    'change of plan. Search first (brain_search) to avoid duplicates. Write the rationale for a reader who has none of your context. ' +
    `Required: entry_kind (one of the kinds below) and title. One git commit; returns the entry with its new entry_id.\nKinds (entry_kind), their statuses and payloads:\n${kindGuide()}\n${FIELD_GUIDE}`,
  inputSchema: AppendInput,
  outputSchema: WriteOutput,
  async run(brain, args, call) {
    // The schema requires entry_kind or its alias kind (tool-schemas.ts).
    return output('recorded', await brain.writes.byAgent(call.agent).append({ kind: kindArg(args) as EntryKind, fields: fieldsOf(args) }));
  },
});

const revise = defineTool({
  name: 'brain_revise',
  title: 'Revise a brain entry',
  access: 'write',
  description:
    'Change an existing entry by appending its next revision (nothing is overwritten: brain_history keeps every revision). Give only what ' +
    'changes: absent fields keep their value, a list you pass replaces the current list, payload merges key by key. Use it to accept or ' +
    'reject a proposed decision, mitigate or retire a risk, raise a blocker\'s severity, improve a rationale. ' +
    `${CAS} A revision identical to the current one writes nothing (written: false).\nLegal statuses per kind:\n${kindGuide()}`,
  inputSchema: ReviseInput,
  outputSchema: WriteOutput,
  async run(brain, args, call) {
    const { entry_id, expected_revision, ...rest } = args;
    return output('revised', await brain.writes.byAgent(call.agent).revise({ entryId: entry_id, fields: fieldsOf(rest), ...cas(expected_revision) }));
  },
});

const resolve = defineTool({
  name: 'brain_resolve',
  title: 'Resolve a question, dependency or blocker',
  access: 'write',
  description:
    'Close an open question (status → resolved; pass `answer`), a dependency (→ resolved; no text) or a blocker (→ cleared; pass ' +
    '`resolution`: how it was cleared). ' +
    'Decisions, risks and plans are not resolved: revise a risk to mitigated or retired (brain_revise), replace a decision or plan with ' +
    `brain_supersede. ${CAS}`,
  inputSchema: ResolveInput,
  outputSchema: WriteOutput,
  async run(brain, args, call) {
    return output('resolved', await brain.writes.byAgent(call.agent).resolve({ entryId: args.entry_id, ...resolveText(args), ...cas(args.expected_revision) }));
  },
});

const supersede = defineTool({
  name: 'brain_supersede',
  title: 'Supersede a decision or plan',
  access: 'write',
  description:
    'Replace a decision or plan_revision by a newer one: first record the successor with brain_append, then call this with the old ' +
    'entry_id and by_entry_id = the successor. In one commit the old entry becomes `superseded` and links to its successor, and the ' +
    `successor records what it supersedes. ${CAS} (expected_revision guards the old entry.)`,
  inputSchema: SupersedeInput,
  outputSchema: WriteOutput,
  async run(brain, args, call) {
    return output('superseded', await brain.writes.byAgent(call.agent).supersede({ entryId: args.entry_id, byEntryId: args.by_entry_id, ...cas(args.expected_revision) }));
  },
});

const clearBlocker = defineTool({
  name: 'brain_clear_blocker',
  title: 'Clear a blocker',
  access: 'write',
  description: `Mark a blocker cleared (status → cleared) and record how it was cleared (resolution), so nobody waits on it any more. ${CAS}`,
  inputSchema: ClearBlockerInput,
  outputSchema: WriteOutput,
  async run(brain, args, call) {
    return output('cleared', await brain.writes.byAgent(call.agent).clearBlocker({ entryId: args.entry_id, resolution: args.resolution, ...cas(args.expected_revision) }));
  },
});

/** The write tools, in tools/list order. */
export function writeTools(): BrainTool[] {
  return [append, revise, resolve, supersede, clearBlocker];
}
