/**
 * What the reviewer suggests doing with a candidate, and why, in words a newcomer reads right
 * (issue #20; docs/decisions/0045). The bare `reject dec-4f9k…` read as if the *entry* were
 * rejected; the suggestion is about the candidate: `reject: duplicate of "Use SQLite" (dec-…)`,
 * `merge into "Use SQLite" (dec-…) as its next revision: an update of it`, `accept as a new
 * entry: no current entry says this`. One wording for the CLI, the MCP summaries, `brain review`
 * and the dashboard's Candidates page.
 */
import type { CandidateAction, Relation, Review } from './candidate.js';

/** The parts of a suggestion: the action, the entry it concerns (id and title, null when none), and the reason before and after naming it. */
export interface Suggestion {
  action: CandidateAction;
  /** `reject`, `merge into`, `supersede`, `accept as a new entry`: the action as a verb phrase before the entry (or alone). */
  verb: string;
  entry_id: string | null;
  /** The concerned entry's title as the reviewer saw it (from its evidence), null when unknown. */
  entry_title: string | null;
  /** Why, as a phrase: `duplicate of`, `an update of`, `no current entry says this`. */
  reason: string;
}

/** Per relation: the reason phrase, with or without a concerned entry. */
const REASON: Readonly<Record<Relation, { entry: string; none: string }>> = {
  novel: { entry: 'the closest is', none: 'no current entry says this' },
  duplicate: { entry: 'duplicate of', none: 'a duplicate' },
  additive_update: { entry: 'an update of', none: 'an update' },
  full_replacement: { entry: 'it replaces', none: 'a replacement' },
  possible_split: { entry: 'it spans', none: 'it spans several entries' },
  ambiguous_overlap: { entry: 'it overlaps', none: 'it overlaps current entries' },
};

const VERB: Readonly<Record<CandidateAction, string>> = { accept: 'accept as a new entry', merge: 'merge into', supersede: 'supersede', reject: 'reject' };

/** The suggestion of `review` in parts (see the module doc). Errors: none. */
export function describeSuggestion(review: Review): Suggestion {
  const target = review.target_entry_id;
  const title = target === null ? null : (review.evidence.find((e) => e.entry_id === target)?.title ?? null);
  const reason = REASON[review.relation];
  return { action: review.suggested_action, verb: VERB[review.suggested_action], entry_id: target, entry_title: title, reason: target === null ? reason.none : reason.entry };
}

/**
 * The suggestion as one line. `named(id, title)` shows the concerned entry (default `"title"
 * (id)`, or the id alone when the title is unknown) — MCP passes one that shows the id only, as
 * its lines outside `<brain-state>` hold trusted facts only. The entry is named once: after a
 * verb that takes it (merge into, supersede), else after the reason.
 * `reject: duplicate of "Use SQLite" (dec-…)`, `merge into "Use SQLite" (dec-…) as its next
 * revision: an update of it`, `accept as a new entry: it overlaps "Use SQLite" (dec-…)`.
 */
export function suggestionLine(review: Review, named: (id: string, title: string | null) => string = nameEntry): string {
  const s = describeSuggestion(review);
  if (s.entry_id === null) return `${s.verb}: ${s.reason}`;
  const entry = named(s.entry_id, s.entry_title);
  if (s.action === 'merge') return `merge into ${entry} as its next revision: ${s.reason} it`;
  if (s.action === 'supersede') return `supersede ${entry}: ${s.reason} it`;
  return `${s.verb}: ${s.reason} ${entry}`;
}

/** `"Use SQLite" (dec-4f9k…)`, or the id alone when the title is unknown. */
export function nameEntry(id: string, title: string | null): string {
  return title === null ? id : `"${title}" (${id})`;
}
