/**
 * Lifecycle rules (DESIGN §2): what `resolve`, `supersede` and `clear_blocker` turn an entry
 * into. Pure functions from the current revision to the fields of the next one; the store
 * assigns revision numbers and timestamps.
 */
import { BrainError } from './errors.js';
import type { Entry } from './entry.js';
import { kindWithArticle, LEGAL_STATUSES, type EntryKind } from './kinds.js';

/** The changes a lifecycle helper applies to produce the next revision. */
export type EntryChanges = Partial<Pick<Entry, 'status' | 'related_entry_ids' | 'supersedes_entry_id'>> & {
  payload?: Record<string, unknown>;
};

/** Options of {@link resolveChanges}. */
export interface ResolveOptions {
  /** The answer (open questions). */
  answer?: string;
  /** The resolution (blockers, dependencies). */
  resolution?: string;
}

/**
 * `resolve`: open_question → resolved (with `answer`), dependency → resolved,
 * blocker → cleared (with `resolution`). Any other kind: `illegal_status`.
 */
export function resolveChanges(current: Entry, options: ResolveOptions): EntryChanges {
  // The kind first: "a decision takes no answer" would send the caller to a resolve that cannot work.
  if (['open_question', 'dependency', 'blocker'].includes(current.entry_kind)) assertApplies(current, options);
  switch (current.entry_kind) {
    case 'open_question':
      return {
        status: 'resolved',
        payload: { ...current.payload, ...(options.answer !== undefined ? { answer: options.answer } : {}) },
      };
    case 'dependency':
      return { status: 'resolved' };
    case 'blocker':
      return clearBlockerChanges(current, { resolution: options.resolution });
    default:
      throw new BrainError('illegal_status', `${kindWithArticle(current.entry_kind)} cannot be resolved`, {
        hint:
          current.entry_kind === 'risk'
            ? 'revise it with --status mitigated or --status retired'
            : 'decisions are accepted, rejected, deprecated or superseded: use revise or supersede',
        data: { entry_id: current.entry_id, entry_kind: current.entry_kind },
      });
  }
}

/**
 * A flag that does not apply to the entry's kind is an error, never silently ignored (issue
 * #7): questions take an answer, blockers a resolution, dependencies neither.
 * Errors: `invalid_argument` naming the flag that does apply.
 */
function assertApplies(current: Entry, options: ResolveOptions): void {
  const takes = current.entry_kind === 'open_question' ? 'answer' : current.entry_kind === 'blocker' ? 'resolution' : null;
  for (const given of ['answer', 'resolution'] as const) {
    if (options[given] === undefined || given === takes) continue;
    throw new BrainError('invalid_argument', `${kindWithArticle(current.entry_kind)} takes no ${given}`, {
      hint: takes ? `resolve it with --${takes} (MCP: ${takes})` : `resolve it without --answer or --resolution; explain in the rationale with brain revise --rationale`,
      data: { entry_id: current.entry_id, entry_kind: current.entry_kind, given },
    });
  }
}

/** `clear_blocker`: blocker → cleared with a resolution. Other kinds: `illegal_status`. */
export function clearBlockerChanges(current: Entry, options: { resolution?: string | undefined }): EntryChanges {
  if (current.entry_kind !== 'blocker') {
    throw new BrainError('illegal_status', `${kindWithArticle(current.entry_kind)} cannot be cleared`, {
      hint: 'only blockers are cleared',
      data: { entry_id: current.entry_id, entry_kind: current.entry_kind },
    });
  }
  return {
    status: 'cleared',
    payload: { ...current.payload, ...(options.resolution !== undefined ? { resolution: options.resolution } : {}) },
  };
}

/**
 * `supersede old --by successor`: the old entry becomes `superseded` and links to its
 * successor; the successor gets `supersedes_entry_id` (and, for plans,
 * `supersedes_plan_entry_id`). Only decisions and plan revisions can be superseded.
 */
export function supersedeChanges(old: Entry, successor: Entry): { old: EntryChanges; successor: EntryChanges } {
  if (old.entry_kind !== 'decision' && old.entry_kind !== 'plan_revision') {
    throw new BrainError('illegal_status', `${kindWithArticle(old.entry_kind)} cannot be superseded`, {
      hint: 'only decisions and plan revisions are superseded',
      data: { entry_id: old.entry_id },
    });
  }
  if (old.entry_id === successor.entry_id) {
    throw new BrainError('invalid_argument', 'an entry cannot supersede itself', { data: { entry_id: old.entry_id } });
  }
  const addLink = (ids: readonly string[], id: string) => (ids.includes(id) ? [...ids] : [...ids, id]);
  return {
    old: { status: 'superseded', related_entry_ids: addLink(old.related_entry_ids, successor.entry_id) },
    successor: {
      supersedes_entry_id: old.entry_id,
      related_entry_ids: addLink(successor.related_entry_ids, old.entry_id),
      ...(old.entry_kind === 'plan_revision' && successor.entry_kind === 'plan_revision'
        ? { payload: { ...successor.payload, supersedes_plan_entry_id: old.entry_id } }
        : {}),
    },
  };
}

/**
 * A decision or plan becomes `superseded` only with a successor that names it (DESIGN §2:
 * supersession links both ways). A write by a person or an agent (`append`, `revise`) that
 * moves an entry from `from` (null for a new entry) to `to` = `superseded` while no entry names
 * it (`successors()`: ids of entries whose `supersedes_entry_id` or plan `supersedes_plan_entry_id`
 * is this one; asked only then) is refused; revisions of an entry already superseded are not
 * concerned, and so are kinds that are never superseded (validation refuses the status itself).
 * Imports record history as found and do not pass here (docs/decisions/0049).
 * Errors: `illegal_status` with a hint to use `supersede`.
 */
export function assertSupersededHasSuccessor(args: { entry_id: string | null; entry_kind: EntryKind; from: string | null; to: string | undefined; successors: () => readonly string[] }): void {
  if (args.to !== 'superseded' || args.from === 'superseded' || !LEGAL_STATUSES[args.entry_kind].includes('superseded')) return;
  const id = args.entry_id;
  if (id === null) {
    throw new BrainError('illegal_status', 'a new entry cannot be superseded: no entry supersedes it', {
      hint: 'add it with another status, then `brain supersede <id> --by <successor>` (MCP: brain_supersede)',
      data: { status: 'superseded' },
    });
  }
  if (args.successors().length > 0) return;
  throw new BrainError('illegal_status', `${id} cannot become superseded: no entry supersedes it`, {
    hint: `use \`brain supersede ${id} --by <successor>\` (MCP: brain_supersede): it marks the entry superseded and links both entries`,
    data: { entry_id: id, status: 'superseded' },
  });
}

/**
 * The converse of {@link assertSupersededHasSuccessor}: an entry that a successor names stays
 * `superseded` (DESIGN §2: supersession links both ways; a `revise X --status accepted` after
 * `supersede X --by Y` left Y saying it supersedes an entry in force, a one-way link no surface
 * reported). A write that moves it from `superseded` to another status while `successors()` is not
 * empty is refused; as in ADR practice, going back to a superseded decision is a new decision that
 * supersedes the successor (docs/decisions/0060). Imports record history as found and do not pass here.
 * Errors: `illegal_status` naming the successors, with that hint.
 */
export function assertSupersededStays(args: { entry_id: string; from: string; to: string | undefined; successors: () => readonly string[] }): void {
  if (args.from !== 'superseded' || args.to === undefined || args.to === 'superseded') return;
  const successors = args.successors();
  if (successors.length === 0) return;
  throw new BrainError('illegal_status', `${args.entry_id} is superseded by ${successors.join(', ')}: it cannot become ${args.to} while ${successors.length === 1 ? 'that entry names' : 'those entries name'} it`, {
    hint: `to go back to it, record the decision again (brain add …) and \`brain supersede ${successors[0]} --by <new id>\``,
    data: { entry_id: args.entry_id, status: args.to, superseded_by: [...successors] },
  });
}
