/**
 * A {@link BriefSource} over a list of entries (the pure form of the brief: `buildBrief({entries})`,
 * used by tests and callers holding entries in memory). Reads nothing; one page per section.
 */
import type { BriefSource, KindStatusCount } from '../model/brief-source.js';
import type { Entry } from '../model/entry.js';
import { recordedMs } from './relevance.js';

/** The source of `entries` (one current revision per entry_id, in the order given). */
export function entriesSource(entries: readonly Entry[]): BriefSource {
  const byId = new Map(entries.map((e) => [e.entry_id, e]));
  const of = (kind: string, status: string) => entries.filter((e) => e.entry_kind === kind && e.status === status);
  return {
    counts: () => kindStatusCounts(entries),
    latestMs: () => entries.reduce((max, e) => Math.max(max, recordedMs(e)), 0),
    boosted: (kind, status) => of(kind, status),
    page: (kind, status, exclude) => ({ entries: of(kind, status).filter((e) => !exclude.has(e.entry_id)), next: null }),
    recent: (_limit, exclude) => entries.filter((e) => !exclude.some(([kind, status]) => e.entry_kind === kind && e.status === status)),
    linked: () => byId,
  };
}

/** How many of `entries` have each kind and status, in first-seen order (the counts the brief's header and the one vocabulary are read from). */
export function kindStatusCounts(entries: readonly Pick<Entry, 'entry_kind' | 'status'>[]): KindStatusCount[] {
  const counts = new Map<string, KindStatusCount>();
  for (const e of entries) {
    const key = `${e.entry_kind}\u0000${e.status}`;
    const c = counts.get(key) ?? { entry_kind: e.entry_kind, status: e.status, n: 0 };
    c.n++;
    counts.set(key, c);
  }
  return [...counts.values()];
}
