/**
 * Turns the project's entries into ready-to-fill {@link SectionPlan}s for the re-entry brief
 * (DESIGN §7): select each section's entries, rank them ({@link rankEntries}), and bind how
 * they render and what the "+N more" line says.
 */
import type { Entry } from '../model/entry.js';
import type { SectionPlan } from './budget.js';
import { inlineText } from './inline-text.js';
import { matchReasons, rankEntries, type Relevance } from './relevance.js';
import { renderItem } from './render-item.js';
import { RECENT_LIMIT, headingLine, listHint, moreLine, type SectionSpec } from './sections.js';

/**
 * The plan of one layer 1–2 section: the entries of `spec.kind` with status `spec.status`,
 * ranked by path/task match, `spec.primary`, recency, entry_id. Items show which filters they
 * matched. The heading carries the section's full count.
 */
export function planSection(spec: SectionSpec, entries: readonly Entry[], relevance: Relevance, byId?: ReadonlyMap<string, Entry>): SectionPlan {
  const members = entries.filter((e) => e.entry_kind === spec.kind && e.status === spec.status);
  return {
    key: spec.key,
    heading: headingLine(spec.title, members.length),
    candidates: rankEntries(members, spec.primary, relevance),
    render: (entry, excerpt) => renderItem(entry, { match: matchReasons(entry, relevance), excerpt, ...(byId ? { entries: byId } : {}) }),
    more: (n) => moreLine(n, spec.noun, listHint(spec)),
  };
}

/** Options of {@link planRecent}. */
export interface RecentOptions {
  /** Current revision of every entry, any status. */
  entries: readonly Entry[];
  /** The instant ages are measured from (ms since epoch). */
  nowMs: number;
  /**
   * Ids of entries already listed in full by layers 1–2. Read when items render (after those
   * layers are filled), so a recent change listed above renders as a short `listed above` line.
   */
  listed: ReadonlySet<string>;
}

/**
 * The plan of layer 3, "Recent changes": the {@link RECENT_LIMIT} most recently recorded
 * entries of any status (resolved, cleared, superseded included), newest first, ties by
 * entry_id. Not boosted by paths/task: it is a timeline. Its "+N more" line points at
 * `brain list --updated-since <oldest recorded_at in the window>`.
 */
export function planRecent(options: RecentOptions): SectionPlan {
  const window = rankEntries(options.entries, () => 0, null).slice(0, RECENT_LIMIT);
  const oldest = inlineText(window[window.length - 1]?.recorded_at, 40);
  const asOf = Number.isFinite(options.nowMs) ? new Date(options.nowMs).toISOString() : 'unknown';
  return {
    key: 'recent',
    heading: headingLine(`Recent changes (latest first, as of ${asOf})`, window.length),
    candidates: window,
    render: (entry, excerpt) => renderItem(entry, { recentNowMs: options.nowMs, seeAbove: options.listed.has(entry.entry_id), excerpt }),
    more: (n) => moreLine(n, ['recent change', 'recent changes'], `brain list --updated-since ${oldest}`),
  };
}
