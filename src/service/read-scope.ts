/**
 * The one read contract of a clone and of the hub (issue #22 "One house": a clone is a hub of
 * one repository; docs/decisions/0046). Every read surface — the MCP read tools
 * (src/mcp/read-tools.ts, overview-tools.ts, candidate-read-tool.ts) and the REST reads
 * (src/http/read-routes.ts) — is written once over a {@link ReadScope}; a clone implements it
 * over its `Brain` (clone-reader.ts), the hub over `HubService` and the caller's token scope
 * (src/hub/hub-reader.ts).
 *
 * `repo`: where the scope spans repositories (`spans_repositories`), every answer row names its
 * repository and reads take an optional `repo` (and `project`) narrowing; a clone's answers
 * carry no `repo` and it ignores both (its surfaces do not offer them). Units: `limit` rows,
 * `budget` estimated tokens; instants are ISO 8601 UTC. Errors are the implementations'
 * BrainErrors (`not_found`, `ambiguous_id`, `invalid_argument`, `illegal_status`, …).
 */
import type { SearchCorrection } from '../model/search-correction.js';
import type { Candidate } from '../model/candidate.js';
import type { Entry } from '../model/entry.js';
import type { ProjectCounts } from '../projection/project-counts.js';
import type { RevisionCommit } from '../store/revision-commits.js';
import type { BrainStatus } from './status.js';
import type { CandidateList, CandidateView } from './candidate-page.js';

/** A repository narrowing (the hub's; a clone has one repository and ignores it). */
export interface RepoNarrowing {
  repo?: string | undefined;
}

/** A repository and project narrowing. */
export interface Narrowing extends RepoNarrowing {
  project?: string | undefined;
}

/** Something read, and the repository it belongs to where the scope spans repositories. */
export type InRepo<T> = T & { repo?: string };

/** A page of current entries, newest first; `next_cursor` (opaque, the scope's own keyset) null on the last page. */
export interface ReadListPage {
  rows: InRepo<{ entry: Entry }>[];
  next_cursor: string | null;
  /** With `facet`: every matching entry per repository (the page ignored), by repo; else null. */
  facet: { repo: string; entries: number }[] | null;
  /**
   * A page after the first, read at another commit than the first page was: the entries of the
   * project that changed meanwhile — any of them may be missing from the pages or served twice,
   * as revising moves an entry in the newest-first order (decision 0099). `entry_ids` null when
   * the first page's commit can no longer be read. Absent on a first page, when nothing
   * changed, and on the hub (its cursors carry no commit).
   */
  changed?: { since: string; count: number | null; entry_ids: string[] | null };
}

/** The filters of a list read (DESIGN §6), as given: the implementations check them (model/list-filter.ts: `invalid_argument`, `illegal_status`). */
export interface ReadListQuery extends Narrowing {
  kind?: string | undefined;
  status?: string | undefined;
  tag?: string | undefined;
  author?: string | undefined;
  relatedTask?: string | undefined;
  /** A code path prefix or glob (model/path-match.ts). */
  path?: string | undefined;
  /** ISO 8601: entries revised at or after it. */
  updatedSince?: string | undefined;
  limit: number;
  /** A `next_cursor` of a page before. Errors: `invalid_argument` for anything else. */
  cursor?: string | undefined;
  /** Also count every match per repository (the hub's `by_repo`). */
  facet?: boolean | undefined;
}

/** The filters of a list read without its page: what {@link ReadScope.tally} counts. */
export type ReadTallyQuery = Omit<ReadListQuery, 'limit' | 'cursor' | 'facet'>;

/** How many current entries of one kind and status match (of `repo` where the scope spans repositories). */
export type ReadTally = InRepo<{ entry_kind: string; status: string; n: number }>;

/** One entry: the current revision, or the revision asked for, with the entry's revision count and fork flag. */
export type ReadEntry = InRepo<{ entry: Entry; revision_count: number; forked: boolean }>;

/** One revision of an entry, its file on the branch, and the commit that added it (null when not found in the tip's history). */
export type ReadRevision = InRepo<{ entry: Entry; sha256: string; path: string; commit: RevisionCommit | null }>;

/** A search hit, `relevance_score` in (0, 1] (1 = the best hit holds every word asked, decision 0047; or the entry an id query names, decision 0050). */
export type ReadHit = InRepo<{ entry: Entry; relevance_score: number }>;

/** The re-entry brief (DESIGN §7) of the scope; `groups` names the (repository, project) briefs where the scope spans repositories. */
export interface ReadBrief {
  markdown: string;
  tokens: number;
  included: number;
  omitted: Record<string, number>;
  groups?: { repo: string; project_id: string; included: boolean }[];
}

/** The projects in the scope with their counts per kind; `current` the project a clone's tools read and write (null on the hub). */
export interface ReadProjects {
  current: string | null;
  projects: InRepo<ProjectCounts>[];
}

/** A repository of the hub as its reader sees it: sync state, visible entry and problem counts. */
export interface RepositoryStatus {
  name: string;
  projected_oid: string | null;
  entries: number;
  problems: number;
  last_error: { code: string; message: string; at: string } | null;
}

/** The scope's health: a clone's `brain status`, or the hub's visible repositories and the files of their branches that failed to parse or validate. */
export type ReadStatus =
  | { scope: 'clone'; status: BrainStatus }
  | { scope: 'repositories'; repos: RepositoryStatus[]; problems: { repo: string; path: string; code: string; message: string }[] };

/** A candidates read: one by id (or unique prefix), or a list by status (default pending; `approved`, `rejected`, `all`; else `invalid_argument`). */
export interface ReadCandidatesQuery extends Narrowing {
  status?: string | undefined;
  candidateId?: string | undefined;
}

/** See the module doc. */
export interface ReadScope {
  /** True when answers span repositories (every row carries `repo`). */
  readonly spans_repositories: boolean;
  /** A page of current entries. */
  list(q: ReadListQuery): Promise<ReadListPage>;
  /**
   * How many current entries match the filters, per (repository,) kind and status: no row for a
   * count of 0; by repo, kind, status (the board's counts and per-repository tiles).
   */
  tally(q: ReadTallyQuery): Promise<ReadTally[]>;
  /** One entry by id (a clone: or a unique prefix) — on the hub `repo` is required. */
  get(q: RepoNarrowing & { entryId: string; revision?: number | undefined }): Promise<ReadEntry>;
  /** Every revision of one entry, oldest first. */
  history(q: RepoNarrowing & { entryId: string }): Promise<ReadRevision[]>;
  /** Full-text search over current entries, best first. */
  search(q: Narrowing & { query: string; kind?: string | undefined; limit?: number | undefined }): Promise<ReadHit[]>;
  /**
   * The words a typo-tolerant search matched instead of those typed (decision 0050), for the
   * hits `search` (narrowed by `n`, as the search was) just returned.
   */
  searchCorrections(query: string, hits: readonly ReadHit[], n?: Narrowing): Promise<SearchCorrection[]>;
  /** The brief, boosted for `paths` and `taskIds`. */
  brief(q: Narrowing & { budget?: number | undefined; paths?: string[]; taskIds?: string[] }): Promise<ReadBrief>;
  /** The projects in the scope, by (repo,) project id. */
  projects(q: RepoNarrowing): Promise<ReadProjects>;
  /** The scope's health. */
  status(q: RepoNarrowing): Promise<ReadStatus>;
  /**
   * Candidates (issue #20): one in full (review.compared kept) when `candidateId` is given, else
   * the list of `status` newest first. Errors: `not_found`, `ambiguous_id`, `invalid_argument`.
   */
  candidates(q: ReadCandidatesQuery): Promise<InRepo<{ candidate: Candidate }>[]>;
  /**
   * The Candidates page of a project (issue #20): 50 of `status` (default pending) after
   * `cursor` (a candidates page cursor, candidate-page.ts), the counts per status, the entries
   * they concern; `projects` the projects it could be (the hub: the repository's, `project`
   * defaulting to the first; a clone: its own). Errors: `invalid_argument` (status, cursor),
   * `not_found`; on the hub `repo` is required.
   */
  candidatePage(q: Narrowing & { status?: string | undefined; cursor?: string | undefined }): Promise<{ list: CandidateList; projects: string[] }>;
  /** One candidate by id or unique prefix with its revisions (oldest first) and the entries it concerns. Errors: `not_found`, `ambiguous_id`; on the hub `repo` is required. */
  candidateView(q: Narrowing & { candidateId: string }): Promise<CandidateView>;
}
