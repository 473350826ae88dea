/**
 * The states an ADR's Changelog records (issue #18 "Statuses", "Dates"; edgexfoundry's
 * template: "List the changes to the document, incl. state, date, and PR URL"):
 *
 *     ## Change Log
 *     - [proposed](https://github.com/…/pull/659) (2021-12-28)
 *     - [approved](https://github.com/…/pull/966) (2023-02-18)
 *     - [original](https://github.com/…/pull/909) - approved (2023-01-03)
 *     - 2022-07-12: Accepted
 *
 * An entry states a state when one of its parts — the text split at ` - ` and `:` around its
 * date — is a status word alone (`approved`, `Accepted`, `amended`; status-map.ts); "Initial
 * draft", "revised" or "Accepted the proposal of …" state none. Pure; never throws.
 */
import { parseAdrDate, type DateOrder } from './adr-dates.js';
import { listItemTexts, plainText } from './inline-text.js';
import { sectionContent, type MarkdownOutline, type OutlineSection } from './markdown-outline.js';
import { mapStatusText, type DecisionStatus } from './status-map.js';

/** Section names (see `headingKey`) that list the ADR's changes with their dates. */
export const CHANGELOG_SECTIONS: ReadonlySet<string> = new Set(['changelog', 'change log', 'changes', 'history', 'change history', 'revision history', 'document history', 'version history']);

/** The ADR's Changelog section, or undefined. */
export function changelogSection(outline: MarkdownOutline): OutlineSection | undefined {
  return outline.sections.find((s) => CHANGELOG_SECTIONS.has(s.key));
}

/** One Changelog entry that states a state. */
export interface ChangelogState {
  /** The state word as written, plain text (`approved`, `Accepted`). */
  words: string;
  status: DecisionStatus;
  /** The entry's date (`YYYY-MM-DD`), or null. */
  date: string | null;
}

const DATE_PAREN = /\(\s*[^()]*\d[^()]*\)/g;

/** The state one entry's plain text states, or null. */
function entryState(text: string, order: DateOrder): ChangelogState | null {
  const parts = text.replace(DATE_PAREN, ' ').split(/\s+[-–—]\s+|:\s+|:$/);
  for (const part of parts) {
    const words = part.trim();
    if (words === '' || parseAdrDate(words) !== null) continue;
    const mapping = mapStatusText(words);
    if (mapping.mapped && mapping.normalized.split(' ').length === 1) return { words, status: mapping.status, date: parseAdrDate(text, order) };
  }
  return null;
}

/** Every entry of the Changelog section that states a state, in list order. */
export function changelogStates(outline: MarkdownOutline, order: DateOrder = 'day_first'): ChangelogState[] {
  const section = changelogSection(outline);
  if (!section) return [];
  return sectionContent(outline, section)
    .flatMap(listItemTexts)
    .map((item) => entryState(plainText(item.split('\n')[0] ?? ''), order))
    .filter((state): state is ChangelogState => state !== null);
}

/**
 * The state the Changelog ends in: the entry with the latest date (list order breaks ties and
 * places undated entries), or null when no entry states one.
 */
export function latestChangelogState(states: readonly ChangelogState[]): ChangelogState | null {
  let best: ChangelogState | null = null;
  for (const state of states) {
    if (best === null || (state.date ?? '') >= (best.date ?? '')) best = state;
  }
  return best;
}

/**
 * The day the Changelog says the ADR reached `status`: the earliest dated entry stating it
 * (`proposed 2021-12-28`, `approved 2023-02-18` → 2023-02-18 for accepted), or null.
 */
export function changelogDecisionDate(states: readonly ChangelogState[], status: DecisionStatus): string | null {
  const days = states.filter((s) => s.status === status && s.date !== null).map((s) => s.date as string).sort();
  return days[0] ?? null;
}
