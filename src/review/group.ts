/**
 * Which review group an entry change goes to (issue #4: "grouped as Decided / Resolved / Newly
 * open / Newly blocked / Risks / Plan"). Each entry goes to exactly one group: the first rule
 * that matches, in this order. "Entered" means the status changed to it in the range, or the
 * entry is new with it.
 *
 * 1. `decided` — a decision entered accepted, rejected, deprecated or superseded: a decision
 *    *about* the decision, whichever way it went (the status transition shows which).
 * 2. `newly_proposed` — a decision entered proposed: not yet decided, and not "open" either
 *    (one vocabulary with the brief and the board, model/state-terms.ts; decision 0050).
 * 3. `resolved` — an open question or dependency entered resolved, a blocker entered cleared,
 *    a risk entered mitigated or retired.
 * 4. `newly_open` — an open question or dependency entered open (new or reopened).
 * 5. `newly_blocked` — a blocker entered blocked (new or blocked again).
 * 6. `risks` — any other change of a risk (a new active risk, a re-rated or reactivated one).
 * 7. `plan` — any change of a plan revision (new, superseded, edited).
 * 8. `other` — the rest: edits that leave the status alone (a revised rationale, title,
 *    answer, citation, …).
 *
 * See docs/decisions/0011-brain-review.md.
 */
import type { EntryKind, Status } from '../model/kinds.js';
import type { EntryChange, ReviewGroup } from './review.js';

/** Headings of the groups in Markdown. */
export const GROUP_TITLES: Readonly<Record<ReviewGroup, string>> = {
  decided: 'Decided',
  newly_proposed: 'Newly proposed',
  resolved: 'Resolved',
  newly_open: 'Newly open',
  newly_blocked: 'Newly blocked',
  risks: 'Risks',
  plan: 'Plan',
  other: 'Other changes',
};

const DECIDED: ReadonlySet<Status> = new Set<Status>(['accepted', 'rejected', 'deprecated', 'superseded']);

const RESOLVED: Readonly<Partial<Record<EntryKind, ReadonlySet<Status>>>> = {
  open_question: new Set<Status>(['resolved']),
  dependency: new Set<Status>(['resolved']),
  blocker: new Set<Status>(['cleared']),
  risk: new Set<Status>(['mitigated', 'retired']),
};

const OPENED: Readonly<Partial<Record<EntryKind, Status>>> = {
  open_question: 'open',
  dependency: 'open',
};

/** The one group `change` belongs to (rules in the module comment). */
export function groupOf(change: Pick<EntryChange, 'entry_kind' | 'from_status' | 'to_status'>): ReviewGroup {
  const kind = change.entry_kind;
  const entered = change.from_status !== change.to_status ? change.to_status : null;
  if (entered !== null) {
    if (kind === 'decision' && DECIDED.has(entered)) return 'decided';
    if (kind === 'decision' && entered === 'proposed') return 'newly_proposed';
    if (RESOLVED[kind]?.has(entered)) return 'resolved';
    if (OPENED[kind] === entered) return 'newly_open';
    if (kind === 'blocker' && entered === 'blocked') return 'newly_blocked';
  }
  if (kind === 'risk') return 'risks';
  if (kind === 'plan_revision') return 'plan';
  return 'other';
}

/** Orders changes within a group: title (case-insensitive, then exact, by UTF-16 code units), then entry id. */
export function compareChanges(a: EntryChange, b: EntryChange): number {
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return cmp(a.title.toLowerCase(), b.title.toLowerCase()) || cmp(a.title, b.title) || cmp(a.entry_id, b.entry_id);
}
