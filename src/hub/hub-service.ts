/**
 * The one API every hub surface calls (REST, MCP, CLI; issue #11 "Queries across
 * repositories"). Every read takes the caller's {@link TokenScope} and turns it into the
 * backend {@link Scope} (scope.ts) before touching the projection, so nothing outside it can
 * be seen, counted or searched. Results carry `repo`.
 */
import type pg from 'pg';
import { createObjectReader } from '../git/object-reader.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { checkListFilter, type RawListFilter } from '../model/list-filter.js';
import type { KindStatusCount, ListCursor, ProblemRow, RepoCandidateRow, ProjectCounts, ProjectionBackend, RepoRow, RepoSearchHit, Scope } from '../projection/backend.js';
import type { PictureReader } from '../projection/picture-reader.js';
import { searchWords } from '../search/query-terms.js';
import { revisionCommits, type RevisionCommit } from '../store/revision-commits.js';
import { buildHubBrief, type HubBrief } from './hub-brief.js';
import { hubCandidateList, hubCandidateRow, hubCandidateView, type CandidateReadContext } from './hub-candidates.js';
import { candidateFilter, type CandidateList, type CandidateView } from '../service/candidate-page.js';
import { withNamedHits } from '../service/id-search.js';
import { resolveLabel } from '../service/adr-label-resolve.js';
import { shownCorrections } from '../service/search-corrections.js';
import { commitsAddingFiles } from '../service/file-commits.js';
import type { TimelineSource } from '../service/timeline.js';
import type { SearchCorrection } from '../model/search-correction.js';
import { mirrorLocation, readMirrorBlobs } from './mirror.js';
import { listRepos, repoNames, type RepoRecord } from './registry.js';
import { noSuchProject, resolveScope, type TokenScope } from './scope.js';

/** A repository as a token holder sees it (GET /api/repos). */
export interface RepoStatus extends RepoRecord {
  projected_oid: string | null;
  /** Current entries visible to the caller. */
  entries: number;
  /** Files of its branch that failed to parse or validate, and entry checks, visible to the caller (details: `problems()`). */
  problems: number;
}

/** A page of entries and, when asked for, the per-repository count of everything matching (the `repo` facet; null when not asked). */
export interface HubListPage {
  rows: RepoRow[];
  has_more: boolean;
  /** Every matching entry per visible repository (the page's `limit`/cursor ignored), by repo. */
  facet: { repo: string; entries: number }[] | null;
}

/** One revision of an entry with the commit that added it (null when not found in the tip's history). */
export interface HubRevision {
  repo: string;
  entry: Entry;
  sha256: string;
  path: string;
  commit: RevisionCommit | null;
}

/** Repository and project narrowing of a read (both optional). */
export interface Narrowing {
  repo?: string | undefined;
  project?: string | undefined;
}

/** See the module doc. */
export class HubService {
  /** `hubDir` null: a reader without the mirrors (`openHubReader`), whose `history` is refused. */
  constructor(private readonly options: { pool: pg.Pool; backend: ProjectionBackend; hubDir: string | null }) {}

  get backend(): ProjectionBackend {
    return this.options.backend;
  }

  /** The backend scope of `grant` narrowed by `n`. Errors: `invalid_argument` (a blank `repo` or `project`: it can never match, issue #17), `not_found` for a repository not visible. */
  async scope(grant: TokenScope, n: Narrowing = {}): Promise<Scope> {
    for (const [name, value] of [['repo', n.repo], ['project', n.project]] as const) {
      if (value !== undefined && value.trim() === '') throw new BrainError('invalid_argument', `${name} filter must not be blank`, { hint: `omit ${name} for every ${name === 'repo' ? 'repository' : 'project'} you can read` });
    }
    const scope = resolveScope(grant, await repoNames(this.options.pool), n);
    return scope.projects?.length === 0 ? { repos: [], projects: [] } : scope;
  }

  /**
   * Throws {@link noSuchProject} when `projectId` (if given) has no current entry in `scope`
   * (already narrowed to it). Called only when a read found nothing, so a found row costs no query.
   */
  private async assertProject(scope: Scope, projectId: string | undefined): Promise<void> {
    if (projectId === undefined) return;
    const counts = await this.backend.count({ ...scope, projectId });
    if (!counts.some((c) => c.entries > 0)) throw noSuchProject(projectId);
  }

  /** The visible repositories (or the one of `n.repo`) with their sync state and visible entry and problem counts, by name. Errors: `not_found` (repo). */
  async repos(grant: TokenScope, n: Pick<Narrowing, 'repo'> = {}): Promise<RepoStatus[]> {
    const scope = await this.scope(grant, n);
    const counts = new Map((await this.backend.count({ ...scope })).map((c) => [c.repo, c.entries]));
    const problems = new Map<string, number>();
    for (const p of await this.backend.problems(scope)) problems.set(p.repo, (problems.get(p.repo) ?? 0) + 1);
    const records = (await listRepos(this.options.pool)).filter((r) => scope.repos.includes(r.name));
    const oids = await this.backend.projectedOids(scope.repos);
    return records.map((r) => ({ ...r, projected_oid: oids.get(r.name) ?? null, entries: counts.get(r.name) ?? 0, problems: problems.get(r.name) ?? 0 }));
  }

  /** A page of current entries, newest first. Errors: `invalid_argument`/`illegal_status` (filters), `not_found` (repo, project). */
  async list(grant: TokenScope, q: Narrowing & RawListFilter & { path?: string; limit: number; after?: ListCursor; facet?: boolean }): Promise<HubListPage> {
    const filter = checkListFilter(q);
    const scope = await this.scope(grant, q);
    const query = { ...filter, ...scope, ...(q.project !== undefined ? { projectId: q.project } : {}), ...(q.path !== undefined ? { path: q.path } : {}) };
    const rows = await this.backend.list({ ...query, limit: q.limit + 1, ...(q.after ? { after: q.after } : {}) });
    if (rows.length === 0) await this.assertProject(scope, q.project);
    // The facet counts every match (not one page): asked for, not paid on every page (issue #11 list p50 ≤ 20 ms).
    const facet = q.facet ? (await this.backend.count(query)).sort((a, b) => (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0)) : null;
    return { rows: rows.slice(0, q.limit), has_more: rows.length > q.limit, facet };
  }

  /**
   * Per (repo, kind, status), how many current entries match the list filters (the board's
   * counts; ProjectionBackend.tally). Errors: as {@link HubService.list}.
   */
  async tally(grant: TokenScope, q: Narrowing & RawListFilter & { path?: string | undefined }): Promise<KindStatusCount[]> {
    const scope = await this.scope(grant, q);
    const counts = await this.backend.tally({ ...checkListFilter(q), ...scope, ...(q.project !== undefined ? { projectId: q.project } : {}), ...(q.path !== undefined ? { path: q.path } : {}) });
    if (counts.length === 0) await this.assertProject(scope, q.project);
    return counts;
  }

  /**
   * One current entry by full id, or by an imported ADR's label (`ADR-0030`: service/adr-label-resolve.ts).
   * Errors: `not_found` (no such entry or repository visible), `ambiguous_id` (a label several entries carry).
   */
  async get(grant: TokenScope, args: { repo: string; entryId: string }): Promise<RepoRow> {
    const scope = await this.scope(grant, { repo: args.repo });
    const labelled = await resolveLabel(args.entryId, async (n) => (await this.backend.adrMatches({ ...scope, adr_number: n })).filter((r) => r.repo === args.repo), `repository ${args.repo}`);
    if (labelled !== null) return labelled;
    const rows = await this.backend.get({ ...scope, entryId: args.entryId });
    const row = rows.find((r) => r.repo === args.repo);
    if (!row) throw new BrainError('not_found', `no entry ${args.entryId.slice(0, 80)} in repository ${args.repo}`, { hint: 'find entry ids with GET /api/entries or /api/search (full ids)', data: { repo: args.repo, entry_id: args.entryId.slice(0, 80) } });
    return row;
  }

  /** The hub directory, which holds the mirrors. Errors: `invalid_argument` (opened without it). */
  private hubDir(): string {
    const hubDir = this.options.hubDir;
    if (hubDir === null) throw new BrainError('invalid_argument', 'reading revisions needs the hub directory (the mirrors hold their bodies)', { hint: 'open the hub with its directory (--dir or BRAIN_HUB_DIR)' });
    return hubDir;
  }

  /** Every revision of a visible entry, oldest first, bodies read from the hub's mirror by blob oid. Errors: as {@link get}, reader errors, `invalid_argument` (opened without the hub dir). */
  async history(grant: TokenScope, args: { repo: string; entryId: string }): Promise<HubRevision[]> {
    const hubDir = this.hubDir();
    const current = await this.get(grant, args);
    const keys = await this.backend.revisions({ repo: args.repo, entryId: current.entry.entry_id, projectId: current.entry.project_id });
    const location = mirrorLocation(hubDir, args.repo);
    const reader = await createObjectReader({ repo: location });
    try {
      const tip = await this.backend.projectedOid(args.repo);
      const dir = current.path.slice(0, current.path.lastIndexOf('/'));
      const commits = tip ? await revisionCommits({ repo: location, tip, dir }) : new Map<string, RevisionCommit>();
      const out: HubRevision[] = [];
      for (const key of keys) {
        const entry = JSON.parse((await reader.readBlob(key.blob_oid)).toString('utf8')) as Entry;
        out.push({ repo: args.repo, entry, sha256: key.sha256, path: key.path, commit: commits.get(key.file) ?? null });
      }
      return out;
    } finally {
      await reader.close();
    }
  }

  /**
   * Full-text search over visible current entries, best first; a query that is an entry id or a
   * unique prefix of one in scope, or names ADRs by label, puts those entries first (service/id-search.ts).
   * Errors: `invalid_argument` (no words, bad kind), `not_found` (repo, project).
   */
  async search(grant: TokenScope, q: Narrowing & { query: string; kind?: string | undefined; limit?: number | undefined }): Promise<RepoSearchHit[]> {
    const kind = q.kind === undefined ? undefined : checkListFilter({ kind: q.kind }).kind;
    searchWords(q.query); // invalid_argument before any query, whatever the scope
    const scope = await this.scope(grant, q);
    const narrowed = { ...scope, ...(q.project !== undefined ? { projectId: q.project } : {}), ...(kind ? { kind } : {}) };
    const hits = await this.backend.search({ ...narrowed, query: q.query, ...(q.limit ? { limit: q.limit } : {}) });
    if (hits.length === 0) await this.assertProject(scope, q.project);
    return withNamedHits(q.query, hits, q.limit || 20, {
      ids: (prefix) => this.backend.idMatches({ ...narrowed, prefix }),
      adrs: (n) => this.backend.adrMatches({ ...narrowed, adr_number: n }),
    });
  }

  /**
   * What `search` (same `grant` and narrowing) matched instead of typed words (decision 0050),
   * shown against its `hits` as the clone shows them (service/search-corrections.ts); under a
   * project-scoped token only words its hits hold (the vocabulary spans every project).
   * Errors: `invalid_argument` (no words), `not_found` (repo).
   */
  async searchCorrections(grant: TokenScope, q: Narrowing & { query: string }, hits: readonly { entry: Entry }[]): Promise<SearchCorrection[]> {
    const scope = await this.scope(grant, q);
    return shownCorrections(await this.backend.searchTypos({ ...scope, query: q.query }), hits, scope.projects !== undefined);
  }

  /** Problems of the visible repositories, by repo then path. An unknown `project` is an empty list, not `not_found`: a project whose every file fails to parse has problems and no entries. */
  async problems(grant: TokenScope, n: Narrowing = {}): Promise<ProblemRow[]> {
    return this.backend.problems(await this.scope(grant, n));
  }

  /** Projects of the visible repositories with counts per kind. */
  async projects(grant: TokenScope, n: Narrowing = {}): Promise<(ProjectCounts & { repo: string })[]> {
    return this.backend.projects(await this.scope(grant, n));
  }

  /**
   * The picture reads (graph, timeline; src/projection/picture-reader.ts) of one project of
   * `repo` (issue #22): `project`, else the repository's first visible project by id. Returns
   * the project read and every visible project of the repository, by id. Errors: `not_found`
   * (repository not visible, project without entries in it), `invalid_argument` (blank).
   */
  async pictures(grant: TokenScope, n: { repo: string; project?: string | undefined }): Promise<{ project: string; projects: string[]; reader: PictureReader }> {
    const { project, projects } = await this.repoProject(grant, n);
    return { project, projects, reader: this.backend.pictures({ repo: n.repo, projectId: project }) };
  }

  /**
   * Where the timeline of one project of `repo` reads (service/timeline.ts): its picture reads,
   * revision bodies from the repository's mirror, and the commits of the mirror's projected tip
   * that added them; with the project read and the repository's visible projects (as
   * {@link pictures}). Errors: `not_found` (repository, project), `invalid_argument` (blank,
   * opened without the hub dir).
   */
  async timelineSource(grant: TokenScope, n: { repo: string; project?: string | undefined }): Promise<{ project: string; projects: string[]; source: TimelineSource }> {
    const at = await this.pictures(grant, n);
    const location = mirrorLocation(this.hubDir(), n.repo);
    const source: TimelineSource = {
      pictures: (fn) => fn(at.reader),
      readBlobs: (oids) => readMirrorBlobs(this.hubDir(), n.repo, oids),
      commits: async (paths) => {
        const tip = await this.backend.projectedOid(n.repo);
        return tip ? commitsAddingFiles({ repo: location, tip, paths: [...paths] }) : new Map<string, RevisionCommit>();
      },
    };
    return { project: at.project, projects: at.projects, source };
  }

  /**
   * One project of `repo` for a per-repository page: `project` when the token sees entries of it
   * there, else the repository's first visible project by id; with every visible project of the
   * repository, by id. Errors: `not_found` (repository, project), `invalid_argument` (blank).
   */
  private async repoProject(grant: TokenScope, n: { repo: string; project?: string | undefined }): Promise<{ scope: Scope; project: string; projects: string[] }> {
    const scope = await this.scope(grant, { repo: n.repo });
    const projects = (await this.backend.projects(scope)).map((p) => p.project_id);
    if (n.project !== undefined && !projects.includes(n.project)) throw noSuchProject(n.project);
    return { scope, project: n.project ?? projects[0] ?? '', projects };
  }

  private candidateContext(repo: string, scope: Scope): CandidateReadContext {
    return { backend: this.backend, repo, scope, readBlobs: (oids) => readMirrorBlobs(this.hubDir(), repo, oids) };
  }

  /**
   * One page of the candidates of one project of `repo` (hub-candidates.ts; project as
   * {@link pictures}), with the repository's visible projects. Errors: `not_found` (repository,
   * project), `invalid_argument` (status, blank).
   */
  async candidates(grant: TokenScope, q: { repo: string; project?: string | undefined; status?: string | undefined; after?: NonNullable<CandidateList['next']> | undefined }): Promise<{ list: CandidateList; projects: string[] }> {
    const at = await this.repoProject(grant, q);
    return { list: await hubCandidateList(this.candidateContext(q.repo, at.scope), { projectId: at.project, status: q.status, after: q.after }), projects: at.projects };
  }

  /**
   * One candidate of `repo` (of `project` when given, else of any visible project) by id or
   * unique prefix; `revisions` also reads its revisions from the mirror (the page; REST takes the
   * current row only). Errors: `not_found`, `ambiguous_id`, `invalid_argument` (blank), reader errors.
   */
  async candidate(grant: TokenScope, q: Narrowing & { repo: string; candidateId: string }): Promise<RepoCandidateRow>;
  async candidate(grant: TokenScope, q: Narrowing & { repo: string; candidateId: string }, revisions: 'revisions'): Promise<CandidateView>;
  async candidate(grant: TokenScope, q: Narrowing & { repo: string; candidateId: string }, revisions?: 'revisions'): Promise<RepoCandidateRow | CandidateView> {
    const ctx = this.candidateContext(q.repo, await this.scope(grant, q));
    return revisions ? hubCandidateView(ctx, q.candidateId) : hubCandidateRow(ctx, q.candidateId);
  }

  /**
   * The candidates of the visible repositories (narrowed by `repo`, `project`) of `status`
   * (`pending` by default, `all`), newest first; a project with no candidates is an empty list.
   * Errors: `invalid_argument` (status, blank), `not_found` (repository).
   */
  async candidateRows(grant: TokenScope, q: Narrowing & { status?: string | undefined }): Promise<RepoCandidateRow[]> {
    const status = candidateFilter(q.status);
    const scope = await this.scope(grant, q);
    return this.backend.candidates({ ...scope, ...(q.project !== undefined ? { projectId: q.project } : {}), ...(status === 'all' ? {} : { status }) });
  }

  /** The brief across the visible repositories (hub-brief.ts). Errors: `invalid_argument` (budget), `not_found` (repo, project). */
  async brief(grant: TokenScope, args: Narrowing & { paths?: string[]; taskIds?: string[]; budget?: number }): Promise<HubBrief> {
    const scope = await this.scope(grant, args);
    const rows = await this.backend.list({ ...scope, ...(args.project !== undefined ? { projectId: args.project } : {}) });
    if (rows.length === 0) await this.assertProject(scope, args.project);
    const [tips, problems] = await Promise.all([this.backend.projectedOids(scope.repos), this.backend.problems(scope)]);
    // Named when the brief is not narrowed to a project (an empty repository holds none of any).
    const recorded = new Set(rows.map((r) => r.repo));
    const unrecorded = args.project === undefined ? scope.repos.filter((repo) => !recorded.has(repo)) : [];
    return buildHubBrief({ rows, tips, problems, unrecorded, ...(args.paths ? { paths: args.paths } : {}), ...(args.taskIds ? { taskIds: args.taskIds } : {}), ...(args.budget !== undefined ? { budget: args.budget } : {}) });
  }
}
