/**
 * Supersession in words, for summaries and the brief (model/summary.ts, context/render-item.ts):
 * what an entry superseded and what superseded it, by ADR label, title and id. Pure; no I/O.
 */
import { adrLabelOf } from './adr-label.js';
import { collapseSpace as collapse } from './collapse-space.js';
import type { Entry } from './entry.js';
import { titleText } from './title-text.js';

/** `ADR-0036 "Multi-cluster" (dec-…)`, or the bare id when the entry is unknown. */
export function entryReference(id: string, entries?: ReadonlyMap<string, Entry>): string {
  const other = entries?.get(id);
  if (!other) return id;
  const label = adrLabelOf(other);
  return `${label === null ? '' : `${label} `}"${collapse(titleText(other.title))}" (${id})`;
}

/**
 * Supersession of a decision in words: `superseded by …` / `supersedes …`; for a rejected or
 * deprecated decision, what it names in its place (`in favour of …`, `see …`: its `entry`
 * citations with their phrase) — '' when none of these.
 */
export function supersessionOf(entry: Entry, entries?: ReadonlyMap<string, Entry>): string {
  const parts: string[] = [];
  // A successor of several names the others in `entry` citations (`supersedes`, `superseded by`: the ADR import's, decision 0116).
  const cited = (phrase: string): string[] => entry.citations.flatMap((c) => (c.source_kind === 'entry' && c.locator === phrase ? [c.source_ref] : []));
  for (const id of [...(entry.supersedes_entry_id === null ? [] : [entry.supersedes_entry_id]), ...cited('supersedes')]) parts.push(`supersedes ${entryReference(id, entries)}`);
  if (entry.status === 'superseded') {
    const successor = (entries === undefined ? undefined : [...entries.values()].find((e) => e.supersedes_entry_id === entry.entry_id)?.entry_id) ?? cited('superseded by')[0];
    // The entry it supersedes is among its related ids too (`brain supersede` links both ways), never its successor;
    // nor is a related entry `entries` holds that supersedes nothing of it (a record it only mentions: xtdb's 0027,
    // superseded by an issue outside the folder, named two ADRs of its text as its possible successors; round twenty-one).
    const related = entry.related_entry_ids.filter((id) => id !== entry.supersedes_entry_id && !(entries?.has(id) ?? false)).join(', ');
    parts.push(successor !== undefined ? `superseded by ${entryReference(successor, entries)}` : related === '' ? 'superseded' : `superseded (successor among ${related})`);
  }
  if (entry.entry_kind === 'decision' && (entry.status === 'rejected' || entry.status === 'deprecated')) {
    for (const c of entry.citations) if (c.source_kind === 'entry' && c.locator) parts.push(`${collapse(c.locator)} ${entryReference(c.source_ref, entries)}`);
  }
  return parts.join('; ');
}
