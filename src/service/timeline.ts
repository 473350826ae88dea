/**
 * The project timeline (issue #8 part 2: "decisions, plan revisions and status changes in order
 * of recorded_at, with who, when, commit and citations" — the story of the project's
 * reasoning), of a clone and of the hub alike. Newest first, keyset-paginated; which revisions
 * are events: PictureReader `changes` (src/projection/picture-reader.ts). Each event says what
 * happened (`recorded`, `revised`, `status_changed`), by whom, when, in which commit, and
 * carries the revision (citations included).
 */
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { parseEntryKind } from '../model/kinds.js';
import type { RevisionCommit } from '../store/revision-commits.js';
import type { ChangeCursor, PictureReader } from '../projection/picture-reader.js';
import type { Brain } from '../service.js';
import { commitsAddingFiles } from './file-commits.js';
import { withPictureReader } from './picture-reader.js';

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
 * Where a timeline reads: the project's changes (picture reads), their bodies by blob oid, and
 * the commits that added their files — a clone's git ({@link cloneTimelineSource}) or the
 * hub's mirror of a repository (HubService.timelineSource).
 */
export interface TimelineSource {
  pictures: <T>(fn: (reader: PictureReader) => Promise<T>) => Promise<T>;
  /** The blobs of `oids` (hex), in order. */
  readBlobs(oids: readonly string[]): Promise<Buffer[]>;
  /** The commit that added each of `paths` (absent when not found in the tip's history). */
  commits(paths: readonly string[]): Promise<Map<string, RevisionCommit>>;
}

/** The timeline source of a clone: its refreshed projection, its object store, its branch's history. */
export function cloneTimelineSource(brain: Brain): TimelineSource {
  return {
    pictures: (fn) => withPictureReader(brain, fn),
    readBlobs: (oids) => Promise.all(oids.map((oid) => brain.readBlob(oid))),
    async commits(paths) {
      const tip = brain.projectedOid();
      return tip ? commitsAddingFiles({ repo: brain.repo, tip, paths: [...paths] }) : new Map<string, RevisionCommit>();
    },
  };
}

/**
 * One page of the timeline, optionally of one kind (which revisions are events: PictureReader
 * `changes`). Errors: `invalid_argument` (unknown kind, bad limit), the source's.
 */
export async function buildTimeline(source: TimelineSource, args: { kind?: string | undefined; limit?: number; after?: ChangeCursor | undefined } = {}): Promise<Timeline> {
  const kind = args.kind !== undefined ? parseEntryKind(args.kind) : undefined;
  const limit = args.limit ?? TIMELINE_LIMITS.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > TIMELINE_LIMITS.max) throw new BrainError('invalid_argument', `limit must be an integer from 1 to ${TIMELINE_LIMITS.max}`);
  const page = await source.pictures(async (reader) => ({ projectId: reader.projectId, rows: await reader.changes({ kind, limit: limit + 1, after: args.after }) }));
  const rows = page.rows.slice(0, limit);
  const [bodies, commits] = await Promise.all([source.readBlobs(rows.map((r) => r.blob_oid)), source.commits(rows.map((r) => r.path))]);
  const events = rows.map((r, i): TimelineEvent => {
    const entry = JSON.parse((bodies[i] as Buffer).toString('utf8')) as Entry;
    return {
      event: entry.revision === 1 || r.previous_status === null ? 'recorded' : r.previous_status !== entry.status ? 'status_changed' : 'revised',
      entry,
      previous_status: entry.revision === 1 ? null : r.previous_status,
      path: r.path,
      commit: commits.get(r.path) ?? null,
    };
  });
  const last = rows[rows.length - 1];
  return { project_id: page.projectId, events, next: page.rows.length > limit && last ? { recorded_at: last.recorded_at, path: last.path } : null };
}
