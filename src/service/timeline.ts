/**
 * The project timeline (issue #8 part 2: "decisions, plan revisions and status changes in order
 * of recorded_at, with who, when, commit and citations" — the story of the project's
 * reasoning). Newest first, keyset-paginated; see {@link timelinePage} for which revisions are
 * events. Each event says what happened (`recorded`, `revised`, `status_changed`), by whom,
 * when, in which commit, and carries the revision (citations included).
 */
import { timelinePage } from '../projection/sqlite/dashboard-queries.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { parseEntryKind } from '../model/kinds.js';
import type { RevisionCommit } from '../store/revision-commits.js';
import type { Brain } from '../service.js';
import { commitsAddingFiles } from './file-commits.js';

/** One event. `previous_status` is null for `recorded`. */
export interface TimelineEvent {
  event: 'recorded' | 'revised' | 'status_changed';
  entry: Entry;
  previous_status: string | null;
  /** The revision file on the branch. */
  path: string;
  commit: RevisionCommit | null;
}

/** A page of events and the keyset of the next (older) page, or null. */
export interface Timeline {
  project_id: string;
  events: TimelineEvent[];
  next: { recorded_at: string; path: string } | null;
}

/** Timeline page sizes. */
export const TIMELINE_LIMITS = { default: 50, max: 200 } as const;

/**
 * One page of the timeline, optionally of one kind. Errors: `invalid_argument` (unknown kind,
 * bad limit), as `brain.refresh`.
 */
export async function buildTimeline(brain: Brain, args: { kind?: string; limit?: number; after?: { recorded_at: string; path: string } } = {}): Promise<Timeline> {
  const kind = args.kind !== undefined ? parseEntryKind(args.kind) : undefined;
  const limit = args.limit ?? TIMELINE_LIMITS.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > TIMELINE_LIMITS.max) throw new BrainError('invalid_argument', `limit must be an integer from 1 to ${TIMELINE_LIMITS.max}`);
  const page = await brain.withCache(async () => {
    await brain.refresh();
    const projectId = await brain.projectId();
    const rows = await timelinePage(brain.db(), (oid) => brain.readBlob(oid), { projectId, limit: limit + 1, ...(kind ? { kind } : {}), ...(args.after ? { after: args.after } : {}) });
    return { projectId, rows };
  });
  const rows = page.rows.slice(0, limit);
  const tip = brain.projectedOid();
  const commits = tip ? await commitsAddingFiles({ repo: brain.repo, tip, paths: rows.map((r) => r.path) }) : new Map<string, RevisionCommit>();
  const events = rows.map((r): TimelineEvent => ({
    event: r.entry.revision === 1 || r.previous_status === null ? 'recorded' : r.previous_status !== r.entry.status ? 'status_changed' : 'revised',
    entry: r.entry,
    previous_status: r.entry.revision === 1 ? null : r.previous_status,
    path: r.path,
    commit: commits.get(r.path) ?? null,
  }));
  const last = rows[rows.length - 1];
  return { project_id: page.projectId, events, next: page.rows.length > limit && last ? { recorded_at: last.entry.recorded_at, path: last.path } : null };
}
