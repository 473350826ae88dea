/**
 * Turns a {@link BriefSource} into ready-to-fill {@link SectionPlan}s for the re-entry brief
 * (DESIGN §7): each section's count, its ranked candidates ({@link rankEntries}) read lazily —
 * the boosted entries (path/task matches) first, then pages of the rest in rank order, each page
 * sorted exactly — and how items render and what the "+N more" line says. A section reads only
 * as many rows as the budget places (issue #10).
 */
import type { BriefSource } from '../model/brief-source.js';
import type { Entry } from '../model/entry.js';
import type { SectionPlan } from './budget.js';
import { inlineText } from './inline-text.js';
import { createRelevance, matchReasons, rankEntries, type Relevance } from './relevance.js';
import { renderItem } from './render-item.js';
import { RECENT_LIMIT, RETIRED_DECISION_STATUSES, confidenceScore, headingLine, listHint, moreLine, type SectionSpec } from './sections.js';

const FIRST_PAGE = 32;
const MAX_PAGE = 512;

/** The candidates of a section in rank order, read from `source` page by page as they are asked for. */
function rankedCandidates(spec: SectionSpec, source: BriefSource, relevance: Relevance): (i: number) => Entry {
  const boosted = rankEntries(
    source.boosted(spec.kind, spec.status, { paths: relevance.paths, taskIds: [...relevance.taskIds] }).filter((e) => {
      const m = matchReasons(e, relevance);
      return m.paths || m.task;
    }),
    spec.primary,
    relevance,
  );
  const exclude = new Set(boosted.map((e) => e.entry_id));
  const loaded = [...boosted];
  let after: Parameters<BriefSource['page']>[3] = null;
  let done = false;
  let size = FIRST_PAGE;
  return (i) => {
    while (loaded.length <= i && !done) {
      const page = source.page(spec.kind, spec.status, exclude, after, size);
      loaded.push(...rankEntries(page.entries, spec.primary, relevance));
      after = page.next;
      done = page.next === null;
      size = Math.min(MAX_PAGE, size * 2);
    }
    const entry = loaded[i];
    if (entry === undefined) throw new Error(`section ${spec.key} has no candidate ${i}: its count and its rows disagree`);
    return entry;
  };
}

/**
 * The plan of one layer 1–2 section: the `count` entries of `spec.kind` with status
 * `spec.status`, ranked by path/task match, `spec.primary`, recency, title, identity. Items show
 * which filters they matched; summaries name linked entries (`source.linked`).
 */
export function planSection(spec: SectionSpec, source: BriefSource, relevance: Relevance, count: number): SectionPlan {
  const at = count > 0 ? rankedCandidates(spec, source, relevance) : () => {
    throw new Error(`section ${spec.key} is empty`);
  };
  return {
    key: spec.key,
    heading: headingLine(spec.title, count),
    count,
    at,
    render: (entry, excerpt) => renderItem(entry, { match: matchReasons(entry, relevance), excerpt, entries: source.linked(entry) }),
    more: (n) => moreLine(n, spec.noun, listHint(spec)),
  };
}

/**
 * The plan of layer 3's first part, the decisions no longer in force (superseded, rejected,
 * deprecated), ranked as decisions are (confidence, then the most recently decided), each with
 * what replaced it (its summary names the successor, or the decision it was rejected in favour
 * of). `countOf` gives the number of current entries of a kind and status. Each status is read
 * page by page, like the other sections, and the three are merged.
 */
export function planRetired(source: BriefSource, countOf: (kind: string, status: string) => number): SectionPlan {
  const none = createRelevance({});
  const streams = RETIRED_DECISION_STATUSES.map((status) => {
    const spec: SectionSpec = { key: 'retired_decisions', layer: 3, title: '', noun: ['', ''], kind: 'decision', status, primary: confidenceScore };
    const count = countOf('decision', status);
    return { count, next: 0, at: count > 0 ? rankedCandidates(spec, source, none) : () => undefined as unknown as Entry };
  });
  const count = streams.reduce((n, s) => n + s.count, 0);
  const merged: Entry[] = [];
  const at = (i: number): Entry => {
    while (merged.length <= i) {
      const heads = streams.filter((s) => s.next < s.count).map((s) => ({ s, entry: s.at(s.next) }));
      const best = rankEntries(heads.map((h) => h.entry), confidenceScore, null)[0];
      const head = heads.find((h) => h.entry === best);
      if (head === undefined) throw new Error(`the retired decisions have no candidate ${i}: their count and their rows disagree`);
      head.s.next += 1;
      merged.push(head.entry);
    }
    return merged[i] as Entry;
  };
  return {
    key: 'retired_decisions',
    heading: headingLine('Decisions no longer in force (superseded, rejected, deprecated)', count),
    count,
    at,
    render: (entry, excerpt) => renderItem(entry, { excerpt, entries: source.linked(entry) }),
    more: (n) => moreLine(n, ['decision no longer in force', 'decisions no longer in force'], 'brain list --kind decision --status superseded (also rejected, deprecated)'),
  };
}

/** Options of {@link planRecent}. */
export interface RecentOptions {
  source: BriefSource;
  /** The instant ages are measured from (ms since epoch). */
  nowMs: number;
  /** The (kind, status) pairs the sections above list in full: their entries are not repeated here. */
  listed: ReadonlyArray<readonly [string, string]>;
}

/**
 * The plan of layer 3's last part, "Recent changes": the {@link RECENT_LIMIT} most recently
 * recorded entries that no section above lists (resolved questions, cleared blockers, retired
 * risks …), newest first by their last change, ties by title and identity. Not boosted by
 * paths/task: it is a timeline. Its "+N more" line points at `brain list --updated-since <oldest
 * recorded_at in the window>`.
 */
export function planRecent(options: RecentOptions): SectionPlan {
  const window = rankEntries(options.source.recent(RECENT_LIMIT, options.listed), () => 0, null, 'recorded').slice(0, RECENT_LIMIT);
  const oldest = inlineText(window[window.length - 1]?.recorded_at, 40);
  const asOf = Number.isFinite(options.nowMs) ? new Date(options.nowMs).toISOString() : 'unknown';
  return {
    key: 'recent',
    heading: headingLine(`Recent changes (latest first, as of ${asOf})`, window.length),
    count: window.length,
    at: (i) => window[i] as Entry,
    render: (entry, excerpt) => renderItem(entry, { recentNowMs: options.nowMs, excerpt }),
    more: (n) => moreLine(n, ['recent change', 'recent changes'], `brain list --updated-since ${oldest}`),
  };
}
