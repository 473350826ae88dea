/**
 * What the dashboard's pictures read (issue #22): the graph's link records, a dated window of
 * decisions and plan revisions, the timeline's list of changes, supersede links, short facts about entries, and the lookups
 * that resolve references in entry text — of one project of one repository. Part of the
 * backend contract (backend.ts `pictures`): the SQLite projection (sqlite/sqlite-pictures.ts)
 * and the PostgreSQL one (postgres/picture-queries.ts) implement it, and
 * test/projection/conformance-pictures.test.ts checks they answer alike; the graph, timeline
 * and reference code above it (src/service/) is one.
 */

import { adrLabelOf } from '../model/adr-label.js';
import type { Citation } from '../model/entry.js';

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

/** A revision on the timeline's list: its file on the branch and blob (hex), and the status of the entry's revision before it (null for a first revision). */
export interface ChangeKey {
  entry_id: string;
  recorded_at: string;
  path: string;
  blob_oid: string;
  previous_status: string | null;
}

/** The keyset of the timeline's list: the last change of the previous page. */
export interface ChangeCursor {
  recorded_at: string;
  path: string;
}

/** One project's reads for the pictures. Errors: the store's read errors. */
export interface PictureReader {
  readonly projectId: string;
  /**
   * What the reads answer for, when the backend can say: `scope` an object that lives as long
   * as the data read through it (a clone's database handle; the hub's repository in one pool),
   * `version` the commit projected into it (read afresh each call). Two calls with the same
   * scope and version answer every read alike, so the graph's project-wide part is kept per
   * version (service/graph-index.ts). Absent or null (never projected, an empty branch):
   * nothing is kept across reads.
   */
  version?(): Promise<{ scope: object; version: string } | null>;
  /** Dependencies (open; all with `includeResolved`), blockers (blocked; all), entries that supersede another, plan revisions naming the plan they supersede; by entry_id. */
  linkRecords(args: { includeResolved: boolean }): Promise<LinkRecord[]>;
  /** Facts of the current entries among `ids` (unknown ids absent). */
  facts(ids: readonly string[]): Promise<Map<string, EntryFacts>>;
  /** Up to `limit` decisions / plan revisions of `kinds`, newest first by date then entry_id, after `after`. */
  dated(args: { kinds: readonly string[]; limit: number; after?: DatedCursor }): Promise<DatedEntry[]>;
  /** Supersede links with an end among `ids` (`successor` supersedes `superseded`), by successor then superseded. */
  supersedeLinks(ids: readonly string[]): Promise<{ successor: string; superseded: string }[]>;
  /**
   * The entries of this project whose links name `entryId` — `related` (related_entry_ids),
   * `supersedes` (supersedes_entry_id), `depends_on` (a dependency's payload) — with their
   * facts, by relation then entry_id (the entry page's "Superseded by", "Depended on by",
   * "Referenced by").
   */
  linksInto(entryId: string): Promise<(EntryFacts & { relation: string })[]>;
  /**
   * Up to `limit` changes of `kind` (any when absent), newest first (recorded_at desc, then
   * path), after `after`: every revision of a decision or plan revision, and of other kinds the
   * first revision and each one whose status differs from the revision before it (the
   * timeline's list; bodies stay in git, read them by `blob_oid`).
   */
  changes(args: { kind?: string | undefined; limit: number; after?: ChangeCursor | undefined }): Promise<ChangeKey[]>;
  /** Up to 2 entries whose id is `prefix` or starts with it (the exact id alone when it exists), by entry_id. */
  idMatches(prefix: string): Promise<EntryFacts[]>;
  /** Imported ADRs labelled one of `labels` (`ADR-0006`), by entry_id. */
  adrs(labels: readonly string[]): Promise<(EntryFacts & { label: string })[]>;
  /** The ADR label (`ADR-0006`, model/adr-label.ts) of each current entry among `ids` that has one (decision 0050: graph nodes name it). */
  adrLabels(ids: readonly string[]): Promise<Map<string, string>>;
}

/** {@link PictureReader.adrLabels} from rows a backend read (`citations` the entry's JSON value, unchecked): one rule for both backends. */
export function toAdrLabels(rows: readonly { entry_id: string; citations: unknown }[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const r of rows) {
    const citations = Array.isArray(r.citations) ? r.citations.filter((c): c is Citation => typeof c === 'object' && c !== null) : [];
    const label = adrLabelOf({ citations });
    if (label !== null) labels.set(r.entry_id, label);
  }
  return labels;
}

/** The fields of a link record as a backend reads them: JSON values, not yet checked. */
export interface RawLinkRecord extends EntryFacts {
  related: unknown;
  tasks: unknown;
  supersedes: unknown;
  depends_on: unknown;
  dependency_kind: unknown;
  supersedes_plan: unknown;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => (text(x) === null ? [] : [text(x) as string])) : []);

/** A {@link LinkRecord} of what a backend read: text trimmed, non-text dropped, kind-specific fields only on their kind. Never throws. */
export function toLinkRecord(r: RawLinkRecord): LinkRecord {
  return {
    entry_id: r.entry_id, title: r.title, entry_kind: r.entry_kind, status: r.status,
    related_entry_ids: texts(r.related), related_task_ids: texts(r.tasks),
    supersedes_entry_id: text(r.supersedes),
    depends_on: r.entry_kind === 'dependency' ? text(r.depends_on) : null,
    dependency_kind: r.entry_kind === 'dependency' ? text(r.dependency_kind) : null,
    supersedes_plan_entry_id: r.entry_kind === 'plan_revision' ? text(r.supersedes_plan) : null,
  };
}
