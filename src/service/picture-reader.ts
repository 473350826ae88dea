/**
 * What the dashboard's pictures read (issue #22): the graph's link records, a dated window of
 * decisions and plan revisions, supersede links, short facts about entries, and the lookups
 * that resolve references in entry text — of one project. A clone reads them from its SQLite
 * projection ({@link sqlitePictureReader}); another store (the hub) implements the same
 * interface over its own reads, and the graph, timeline and reference code stays one.
 */
import { adrRows, datedRows, idPrefixRows, linkRows, supersedeRows, type LinkRow } from '../projection/sqlite/picture-queries.js';
import { entryFacts } from '../projection/sqlite/dashboard-queries.js';
import type { Brain } from '../service.js';

/** Short facts of a current entry. */
export interface EntryFacts {
  entry_id: string;
  title: string;
  entry_kind: string;
  status: string;
}

/** What one entry records that the graph draws. Text fields trimmed; null when absent or not text. */
export interface LinkRecord extends EntryFacts {
  related_entry_ids: string[];
  related_task_ids: string[];
  supersedes_entry_id: string | null;
  /** A dependency's `payload.depends_on`. */
  depends_on: string | null;
  dependency_kind: string | null;
  /** A plan revision's `payload.supersedes_plan_entry_id`. */
  supersedes_plan_entry_id: string | null;
}

/** A decision or plan revision on the timeline: `date` (ISO 8601) is its own day when it records one (`own_date`), else its current revision's recorded_at. */
export interface DatedEntry extends EntryFacts {
  date: string;
  own_date: boolean;
}

/** The keyset of a dated window: the last entry of the previous one. */
export interface DatedCursor {
  date: string;
  entry_id: string;
}

/** One project's reads for the pictures. Errors: the store's read errors. */
export interface PictureReader {
  readonly projectId: string;
  /** Dependencies (open; all with `includeResolved`), blockers (blocked; all), and entries that supersede another. */
  linkRecords(args: { includeResolved: boolean }): Promise<LinkRecord[]>;
  /** Facts of the current entries among `ids` (unknown ids absent). */
  facts(ids: readonly string[]): Promise<Map<string, EntryFacts>>;
  /** Up to `limit` decisions / plan revisions of `kinds`, newest first by date then entry_id, after `after`. */
  dated(args: { kinds: readonly string[]; limit: number; after?: DatedCursor }): Promise<DatedEntry[]>;
  /** Supersede links with an end among `ids` (`successor` supersedes `superseded`). */
  supersedeLinks(ids: readonly string[]): Promise<{ successor: string; superseded: string }[]>;
  /** Up to 2 entries whose id is `prefix` or starts with it. */
  idMatches(prefix: string): Promise<EntryFacts[]>;
  /** Imported ADRs labelled one of `labels` (`ADR-0006`). */
  adrs(labels: readonly string[]): Promise<(EntryFacts & { label: string })[]>;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => (text(x) === null ? [] : [text(x) as string])) : []);

const parseList = (json: string | null): unknown => (json === null ? [] : JSON.parse(json));

function recordOfRow(r: LinkRow): LinkRecord {
  return {
    entry_id: r.entry_id, title: r.title, entry_kind: r.entry_kind, status: r.status,
    related_entry_ids: texts(parseList(r.related)), related_task_ids: texts(parseList(r.tasks)),
    supersedes_entry_id: text(r.supersedes),
    depends_on: r.entry_kind === 'dependency' ? text(r.depends_on) : null,
    dependency_kind: r.entry_kind === 'dependency' ? text(r.dependency_kind) : null,
    supersedes_plan_entry_id: r.entry_kind === 'plan_revision' ? text(r.supersedes_plan) : null,
  };
}

/**
 * Runs `fn` with the reader of `brain`'s projection, refreshed, for its project (inside
 * `brain.withCache`: a damaged cache is rebuilt and `fn` runs again). Errors: as `brain.refresh`, `fn`'s.
 */
export async function withPictureReader<T>(brain: Brain, fn: (reader: PictureReader) => Promise<T>): Promise<T> {
  return brain.withCache(async () => {
    await brain.refresh();
    return fn(sqlitePictureReader(brain, await brain.projectId()));
  });
}

/** The reader of `brain`'s projection for `projectId`; the methods read the cache as it stands (see {@link withPictureReader}). */
export function sqlitePictureReader(brain: Brain, projectId: string): PictureReader {
  const db = () => brain.db();
  return {
    projectId,
    linkRecords: async (args) => linkRows(db(), { projectId, includeResolved: args.includeResolved }).map(recordOfRow),
    facts: async (ids) => new Map([...entryFacts(db(), ids).values()].filter((f) => f.project_id === projectId).map(({ project_id: _, ...f }) => [f.entry_id, f])),
    dated: async (args) => datedRows(db(), { projectId, ...args }).map((r) => ({ entry_id: r.entry_id, title: r.title, entry_kind: r.entry_kind, status: r.status, date: r.date, own_date: r.own_date === 1 })),
    supersedeLinks: async (ids) => supersedeRows(db(), { projectId, ids }),
    idMatches: async (prefix) => idPrefixRows(db(), { projectId, prefix }),
    adrs: async (labels) => adrRows(db(), { projectId, labels }).map((r) => ({ ...r, entry_kind: 'decision' })),
  };
}
