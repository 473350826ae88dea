/**
 * The projection backend contract (DESIGN §4, §10, §11; issue #11): what every projection of
 * docs branches — SQLite per clone (src/projection/sqlite/), PostgreSQL for the hub
 * (src/projection/postgres/) — must do, and what test/projection/conformance.test.ts checks
 * on each. A backend holds one or more repositories, each keyed by a `repo` name and each with
 * its own projected commit oid, so freshness stays exact per repository (DESIGN §4 "Freshness
 * is exact"). Git is the only source of truth; a backend is a disposable function of each
 * repository's branch tree (docs/decisions/0003): incremental apply == full rebuild.
 *
 * Every read takes a {@link Scope}: the repositories (and, optionally, the projects) the caller
 * may see — a hub token's scope (src/hub/). Rows outside it are invisible in results, counts,
 * problems and search: the backend filters in its queries, never after. An empty `repos`
 * sees nothing.
 */
import type { ObjectReader } from '../git/object-reader.js';
import type { CheckedListFilter } from '../model/list-filter.js';
import type { CurrentRow } from './sqlite/queries.js';
import type { CandidateRow } from './sqlite/candidate-queries.js';
import type { CandidateStatus } from '../model/candidate-id.js';
import type { ProjectCounts } from './project-counts.js';
import type { CacheReport } from './verify-report.js';
import type { RefreshResult } from './sqlite/refresh.js';
import type { PictureReader } from './picture-reader.js';

export type { CurrentRow, CandidateRow, ProjectCounts, CacheReport, RefreshResult };

/** What a read may see: these repositories and, when `projects` is given, only these projects in them. */
export interface Scope {
  repos: readonly string[];
  /** Visible project ids (absent: every project). A problem is in a project when its path is under `projects/<id>/`. */
  projects?: readonly string[];
}

/** A current entry and the repository it belongs to. */
export interface RepoRow extends CurrentRow {
  repo: string;
}

/** A candidate's current revision and the repository it belongs to (issue #20). */
export interface RepoCandidateRow extends CandidateRow {
  repo: string;
}

/** One projected revision file of a candidate (the bodies are read from git by `blob_oid`). */
export interface CandidateRevisionFile {
  path: string;
  revision: number;
  blob_oid: string;
  sha256: string;
}

/** How many current entries of one repository have one kind and status ({@link ProjectionBackend.tally}). */
export interface KindStatusCount {
  repo: string;
  entry_kind: string;
  status: string;
  n: number;
}

/** A candidates query: scope, optional project, optional status (absent: every status). */
export interface ProjectionCandidatesQuery extends Scope {
  projectId?: string;
  status?: CandidateStatus;
}

/** The list order's key: `recorded_at` descending, then `entry_id`, then `repo` ascending. */
export interface ListCursor {
  recorded_at: string;
  entry_id: string;
  repo: string;
}

/** A list query: the checked filter (model/list-filter.ts) plus scope, project, path and page. */
export interface ProjectionListQuery extends CheckedListFilter, Scope {
  /** One project (absent: every project of the visible repositories). */
  projectId?: string;
  /** A path prefix or glob (model/path-match.ts `pathFilterMatches`). */
  path?: string;
  /** Max rows (default: all). */
  limit?: number;
  /** Keyset pagination: rows strictly after this one in the list order. */
  after?: ListCursor;
}

/** A search: words, scope, optional project and kind, max hits (default 20). */
export interface ProjectionSearchQuery extends Scope {
  query: string;
  projectId?: string;
  kind?: string;
  limit?: number;
}

/** One search hit: the entry, its repository, and a relevance score in [0, 1] (the best hit is 1). */
export interface RepoSearchHit extends RepoRow {
  relevance_score: number;
}

/** One revision file of an entry as projected (bodies stay in git: read them by `blob_oid`). */
export interface RevisionKey {
  repo: string;
  entry_id: string;
  project_id: string;
  entry_kind: string;
  file: string;
  revision: number;
  status: string;
  recorded_at: string;
  /** Hex. */
  sha256: string;
  /** Hex: the revision file's blob. */
  blob_oid: string;
  /** The file's path on the branch. */
  path: string;
}

/** A file of the branch that failed to parse or validate, or an entry check (DESIGN §4). */
export interface ProblemRow {
  repo: string;
  path: string;
  code: string;
  message: string;
}

/**
 * A repository's projection as a backend-neutral value, for comparing two projections of the
 * same tree (incremental vs full, SQLite vs PostgreSQL): every current row (by entry id),
 * every revision key (by path), every problem (by path), every ledger line (by path).
 */
export interface ProjectionSnapshot {
  projected_oid: string | null;
  current: RepoRow[];
  revisions: RevisionKey[];
  problems: ProblemRow[];
  ledger_lines: { path: string; revision: number; sha256: string }[];
  /** Every candidate's current row, by path (issue #20). */
  candidates: RepoCandidateRow[];
}

/** What every projection backend implements. Errors: backend I/O errors propagate as thrown. */
export interface ProjectionBackend {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Brings `repo`'s projection to `tip` (null: the branch does not exist, so nothing is
   * projected) through the one apply path: a tree diff from the projected oid when that commit
   * is readable, else a full rebuild; `full` forces one. Atomic per repository: readers see
   * the old state or the new one. Errors: reader errors (`git_error`, `not_found`).
   */
  refresh(args: { repo: string; reader: ObjectReader; tip: string | null; full?: boolean }): Promise<RefreshResult>;
  /** The commit `repo` is projected at; null when it never was (or its branch was empty). */
  projectedOid(repo: string): Promise<string | null>;
  /** {@link ProjectionBackend.projectedOid} of each of `repos` (one round trip where the backend allows). */
  projectedOids(repos: readonly string[]): Promise<Map<string, string | null>>;
  /** Removes every row of `repo` (a hub repository unregistered). */
  drop(repo: string): Promise<void>;
  /** Current entries matching `q`, newest first (see {@link ListCursor}). */
  list(q: ProjectionListQuery): Promise<RepoRow[]>;
  /** Per visible repository, how many current entries match `q` (`limit`/`after` ignored); repos with none are left out. */
  count(q: ProjectionListQuery): Promise<{ repo: string; entries: number }[]>;
  /**
   * Per visible repository, kind and status, how many current entries match `q` (`limit`/`after`
   * ignored; the board's counts, issue #22): no row for a count of 0; by repo, then kind, then
   * status (code-point order).
   */
  tally(q: ProjectionListQuery): Promise<KindStatusCount[]>;
  /** One current entry by full id in the visible repositories (several when two repositories hold the same id), sorted by repo. */
  get(args: Scope & { entryId: string }): Promise<RepoRow[]>;
  /**
   * Every projected revision of an entry in one repository, in DESIGN §3 invariant-5 order
   * (oldest first), of project `projectId` only: readers pass the project of the current row
   * they were allowed to see, so a branch where two projects hold the same id never shows one
   * project's revisions in the other's scope (docs/decisions/0029).
   */
  revisions(args: { repo: string; entryId: string; projectId: string }): Promise<RevisionKey[]>;
  /**
   * Up to 2 current entries of the visible repositories (in `projectId`, of `kind` when given)
   * whose id starts with `prefix`, by entry id then repo: one is the entry an id-shaped search
   * names (service/id-search.ts), two an ambiguous prefix (or one id in two repositories).
   */
  idMatches(q: Scope & { prefix: string; projectId?: string; kind?: string }): Promise<RepoRow[]>;
  /**
   * The current entries of the visible repositories (in `projectId`, of `kind` when given) whose
   * ADR label has number `adr_number` (`ADR-0030` → 30; docs/decisions/0052), by entry id then
   * repo, at most 11: what a label typed as a search (service/id-search.ts) or where an id is
   * expected (service/adr-label-resolve.ts) names; several are ADRs sharing a number.
   */
  adrMatches(q: Scope & { adr_number: number; projectId?: string; kind?: string }): Promise<RepoRow[]>;
  /**
   * The words of `query` the search of the visible repositories widens for typos, each as typed
   * (lower case) with the index stems searched instead (decision 0050), in query order; words
   * matched as typed are left out. Errors: `invalid_argument` for a query without words.
   */
  searchTypos(q: Scope & { query: string }): Promise<{ word: string; alternatives: string[] }[]>;
  /** Full-text search over current entries of the visible repositories, best first. Errors: `invalid_argument` for a query without words. */
  search(q: ProjectionSearchQuery): Promise<RepoSearchHit[]>;
  /**
   * Candidates of the visible repositories (issue #20), newest first (recorded_at descending,
   * candidate_id, repo). Nothing else in this contract returns candidates: lists, counts,
   * search and projects are of entries only.
   */
  candidates(q: ProjectionCandidatesQuery): Promise<RepoCandidateRow[]>;
  /** One candidate by full id in the visible repositories (several when two repositories hold it), by repo. */
  candidate(args: Scope & { candidateId: string }): Promise<RepoCandidateRow[]>;
  /**
   * The projected (valid) revision files of one candidate of project `projectId` of `repo`, in
   * DESIGN §3 invariant-5 order (oldest first): path, revision, blob oid and sha256 (hex). The
   * caller has checked the candidate is in its scope (issue #22: the hub's candidate page).
   */
  candidateRevisions(args: { repo: string; projectId: string; candidateId: string }): Promise<CandidateRevisionFile[]>;
  /** Problems of the visible repositories, by repo then path. */
  problems(args: Scope): Promise<ProblemRow[]>;
  /** Projects of the visible repositories with their counts per kind, by repo then project id. */
  projects(args: Scope): Promise<(ProjectCounts & { repo: string })[]>;
  /**
   * The picture reads (picture-reader.ts: graph, timeline, references in text) of project
   * `projectId` of `repo` (issue #22); a repository never projected reads as empty. The caller
   * has checked both are in its scope.
   */
  pictures(args: { repo: string; projectId: string }): PictureReader;
  /** `repo`'s projection as a neutral value (see {@link ProjectionSnapshot}). */
  snapshot(repo: string): Promise<ProjectionSnapshot>;
  /**
   * `verify --cache` for `repo`: rebuilds it from git at `tip` into scratch storage and compares
   * it with the live projection, row for row, table by table (DESIGN §4 "Authoritative-equivalent").
   */
  verify(args: { repo: string; reader: ObjectReader; tip: string | null }): Promise<CacheReport>;
  /** Releases connections and handles. */
  close(): Promise<void>;
}
