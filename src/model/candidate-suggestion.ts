/**
 * What the reviewer suggests doing with a candidate, and why, in words a newcomer reads right
 * (issue #20; docs/decisions/0045). The bare `reject dec-4f9k…` read as if the *entry* were
 * rejected; the suggestion is about the candidate: `reject: duplicate of "Use SQLite" (dec-…)`,
 * `merge into "Use SQLite" (dec-…) as its next revision: an update of it`, `accept as a new
 * entry: no current entry says this`. One wording for the CLI, the MCP summaries, `brain review`
 * and the dashboard's Candidates page.
 */
import type { CandidateAction, Relation, Review } from './candidate.js';

/**
 * A suggestion in parts: the words before the entry it concerns, the entry (id and its title as
 * the reviewer saw it, from its evidence; null when it names none), the words after. The line is
 * `before + <entry> + after`; each surface names the entry its own way (a link, an id).
 */
export interface Suggestion {
  action: CandidateAction;
  before: string;
  entry: { entry_id: string; title: string | null } | null;
  after: string;
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

/**
 * The suggestion of `review` in parts. The entry is named once: after a verb that takes it
 * (merge into, supersede), else after the reason. Errors: none.
 */
export function describeSuggestion(review: Review): Suggestion {
  const action = review.suggested_action;
  const id = review.target_entry_id;
  const reason = REASON[review.relation];
  if (id === null) return { action, before: `${VERB[action]}: ${reason.none}`, entry: null, after: '' };
  const entry = { entry_id: id, title: review.evidence.find((e) => e.entry_id === id)?.title ?? null };
  if (action === 'merge') return { action, before: 'merge into ', entry, after: ` as its next revision: ${reason.entry} it` };
  if (action === 'supersede') return { action, before: 'supersede ', entry, after: `: ${reason.entry} it` };
  return { action, before: `${VERB[action]}: ${reason.entry} `, entry, after: '' };
}

/**
 * The suggestion as one line. `named(id, title)` shows the concerned entry (default: `"title"
 * (id)`, or the id alone when the title is unknown) — MCP and the CLI's table pass one that
 * shows the id only. `reject: duplicate of "Use SQLite" (dec-…)`, `merge into "Use SQLite"
 * (dec-…) as its next revision: an update of it`, `accept as a new entry: it overlaps "Use
 * SQLite" (dec-…)`.
 */
export function suggestionLine(review: Review, named: (id: string, title: string | null) => string = nameEntry): string {
  const s = describeSuggestion(review);
  return `${s.before}${s.entry === null ? '' : named(s.entry.entry_id, s.entry.title)}${s.after}`;
}

/** `"Use SQLite" (dec-4f9k…)`, or the id alone when the title is unknown. */
export function nameEntry(id: string, title: string | null): string {
  return title === null ? id : `"${title}" (${id})`;
}
