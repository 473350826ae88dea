/**
 * The timeline picture's data (issue #22 "the decisions and plan revisions along a time axis,
 * by the decision's own date, with supersede chains visible"): a window of at most
 * {@link CHART_LIMITS.items} current decisions and plan revisions, newest first by their own
 * date — an imported ADR's `payload.decision_date`, else its last change's recorded_at, so
 * a freshly imported corpus shows when its decisions were made, not when it was imported —
 * the supersede links touching them, the facts of link ends outside the window, and the
 * keyset of the next (older) window.
 */
import { BrainError } from '../model/errors.js';
import type { DatedCursor, DatedEntry, EntryFacts, PictureReader } from './picture-reader.js';

/** Entries per window. */
export const CHART_LIMITS = { items: 200 } as const;

/** The kinds the picture places. */
export const CHART_KINDS = ['decision', 'plan_revision'] as const;

/** One window of the timeline picture. */
export interface TimelineChart {
  project_id: string;
  /** Newest first. */
  items: DatedEntry[];
  /** Supersede links with an end in the window (`successor` supersedes `superseded`), by successor. */
  links: { successor: string; superseded: string }[];
  /** Facts of the link ends that are not in the window (unknown ids absent). */
  outside: Record<string, EntryFacts>;
  /** The keyset of the next, older window, or null. */
  next: DatedCursor | null;
}

/**
 * One window, of one kind when `kind` is given. Errors: `invalid_argument` (a kind the
 * picture does not place), the reader's errors.
 */
export async function buildTimelineChart(reader: PictureReader, args: { kind?: string; after?: DatedCursor; limit?: number } = {}): Promise<TimelineChart> {
  if (args.kind !== undefined && !(CHART_KINDS as readonly string[]).includes(args.kind)) throw new BrainError('invalid_argument', `the timeline picture places ${CHART_KINDS.join(' and ')} entries, not ${args.kind.slice(0, 40)}`);
  const limit = args.limit ?? CHART_LIMITS.items;
  const rows = await reader.dated({ kinds: args.kind ? [args.kind] : CHART_KINDS, limit: limit + 1, ...(args.after ? { after: args.after } : {}) });
  const items = rows.slice(0, limit);
  const inWindow = new Set(items.map((i) => i.entry_id));
  const links = await reader.supersedeLinks([...inWindow]);
  const others = [...new Set(links.flatMap((l) => [l.successor, l.superseded]))].filter((id) => !inWindow.has(id));
  const outside = Object.fromEntries(await reader.facts(others));
  const last = items[items.length - 1];
  return { project_id: reader.projectId, items, links, outside, next: rows.length > limit && last ? { date: last.date, entry_id: last.entry_id } : null };
}
