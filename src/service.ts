/**
 * The one API every surface calls (DESIGN §10): CLI, MCP and HTTP are thin adapters over
 * {@link Brain}. Reads bring the projection up to the branch tip first (git is the source of
 * truth); writes go to git as one commit each, then refresh the projection through the one
 * apply path.
 */
import { join } from 'node:path';
import type { Entry } from './model/entry.js';
import { GitStore } from './store/git-store.js';
import { brainDir, findRepo, type RepoLocation } from './git/repo.js';
import { createObjectReader, deferObjectReader, type ObjectReader } from './git/object-reader.js';
import { resolveIdentity, type Identity } from './git/identity.js';
import type { CacheDb } from './projection/sqlite/open-cache.js';
import { CacheHandle } from './service/cache-handle.js';
import { RefreshGate } from './service/refresh-gate.js';
import { refreshCache, type RefreshResult } from './projection/sqlite/refresh.js';
import { coldBuild, isCold } from './projection/sqlite/cold-build.js';
import type { CurrentRow, ListFilter } from './projection/sqlite/queries.js';
import { resolveEntryId } from './projection/sqlite/resolve-entry-id.js';
import { adrNumberMatches } from './projection/sqlite/adr-number-queries.js';
import { resolveLabel } from './service/adr-label-resolve.js';
import { listProjects, projectExists } from './projection/sqlite/projects.js';
import type { RawListFilter } from './model/list-filter.js';
import { searchCurrent } from './service/search.js';
import { assertProjectId, assertReadableProject, repoProjectId } from './service/project-id.js';
import { BrainWrites } from './service/writes.js';
import { BrainCandidates } from './service/candidates.js';
import type { BrainVerifyReport } from './service/verify.js';
import { listBrainProjects, type ProjectCounts } from './service/projects.js';
import { entryAt, entryHistory, listEntries } from './service/history.js';
import { brainStatus, type BrainStatus } from './service/status.js';
import type { Brief } from './context/build-brief.js';
import { manifestAtTip } from './service/manifest-memo.js';
import { blockedFastForwardNotice } from './service/fast-forward-notice.js';

/** Options of {@link openBrain}. */
export interface BrainOptions {
  /** A directory inside the repository (default: `process.cwd()`). */
  repoDir?: string;
  /** The docs branch (default `brain`). */
  branch?: string;
  /** The project (default: brain.json's `default_project`, else the repo directory name). */
  projectId?: string;
  /** Author of new revisions (default: BRAIN_AUTHOR, else git user.name). */
  author?: string;
  /** Object reader implementation (default: `cat-file` when git is installed). */
  reader?: 'cat-file' | 'isomorphic-git';
  /** Told things worth one line to a person, e.g. that the docs branch was created from `origin/brain` (issue #8). */
  onNotice?: (message: string) => void;
  /**
   * Told how a refresh that reads blobs advances: after each chunk of files read (`done` of
   * `total`), then once `finished` when the projection is written (DESIGN §6: progress for long
   * work; src/cli/progress.ts shows it on a terminal).
   */
  onProgress?: (progress: RefreshProgress) => void;
}

/** A refresh's progress (see {@link BrainOptions.onProgress}). */
export interface RefreshProgress {
  done: number;
  total: number;
  finished?: boolean;
}

export type { BrainStatus } from './service/status.js';

/** Locates the repository and opens its brain. Errors: `not_a_repository`, `invalid_argument`. */
export async function openBrain(options: BrainOptions = {}): Promise<Brain> {
  const repo = findRepo(options.repoDir ?? process.cwd());
  return new Brain(repo, options);
}

/** A project's brain in one repository. Call {@link Brain.close} when done. */
export class Brain {
  readonly store: GitStore;
  readonly writes: BrainWrites;
  /** Candidates: propose, list, approve, reject (issue #20, src/service/candidates.ts). */
  readonly candidates: BrainCandidates;
  private cacheHandle: CacheHandle | null = null;
  private readerHandle: Promise<ObjectReader> | null = null;
  private lastRefresh: RefreshResult | null = null;
  private resolvedProject: string | null = null;
  private readonly gate = new RefreshGate();
  /** The last blocked fast-forward told (lock, remote, commits behind), so it is told once. */
  private blockedNotice: string | null = null;
  /** The tip whose manifest was last checked (undefined: none yet; null: no branch was seen). */
  private manifestCheckedAt: string | null | undefined = undefined;

  constructor(
    readonly repo: RepoLocation,
    private readonly options: BrainOptions,
  ) {
    this.store = new GitStore({
      repo,
      branch: options.branch ?? 'brain',
      // The reflog identity of a branch created from a remote one: the configured one, else a neutral one (reads need no author).
      identity: () => {
        try {
          return this.identity();
        } catch {
          return { name: 'brain', email: 'brain@localhost' };
        }
      },
      onCreatedFromRemote: (c) => options.onNotice?.(`created local branch ${c.branch} from ${c.remote}/${c.branch} at ${c.oid.slice(0, 12)}${c.tracking ? `, tracking ${c.remote}/${c.branch}` : ''}`),
      onFastForwarded: (f) => options.onNotice?.(`fast-forwarded ${f.branch} to ${f.remote}/${f.branch} (${f.commits} new commit${f.commits === 1 ? '' : 's'}, ${f.from.slice(0, 12)}..${f.to.slice(0, 12)})`),
      // Said once per lock and upstream tip: a process reads the tip many times (a daemon every poll).
      onFastForwardBlocked: (b) => {
        const key = `${b.lock}\0${b.remote}\0${b.behind}`;
        if (key === this.blockedNotice) return;
        this.blockedNotice = key;
        options.onNotice?.(blockedFastForwardNotice(b));
      },
    });
    if (options.projectId !== undefined) this.resolvedProject = assertProjectId(options.projectId);
    this.writes = new BrainWrites(this);
    this.candidates = new BrainCandidates(this);
  }

  get branch(): string {
    return this.store.branch;
  }

  /** Where the projection lives: `.git/brain/cache.sqlite` (another branch: `cache.<branch>.sqlite`). */
  get cachePath(): string {
    const suffix = this.branch === 'brain' ? '' : `.${this.branch.replace(/[^A-Za-z0-9._-]/g, '_')}`;
    return join(brainDir(this.repo), `cache${suffix}.sqlite`);
  }

  /**
   * The writer: entry `author` (a name), the commit's author `identity` and its `committer`
   * (who ran the write: src/git/identity.ts) (DESIGN §3, issue #7).
   * Errors: `invalid_argument` when none is configured, `invalid_identity` when a name or
   * email cannot go into a commit header — thrown before anything is written.
   */
  writer(): { author: string; identity: Identity; committer: Identity } {
    return resolveIdentity({ explicit: this.options.author, cwd: this.repo.workDir ?? this.repo.commonDir });
  }

  /** The author of new revisions (see {@link Brain.writer}). */
  author(): string {
    return this.writer().author;
  }

  /** The git identity of commits (see {@link Brain.writer}). */
  identity(): Identity {
    return this.writer().identity;
  }

  /** The project id in effect. Errors: `not_initialized`, `unsupported_format`. */
  async projectId(): Promise<string> {
    if (this.resolvedProject === null) {
      const manifest = await this.withCache(async () => manifestAtTip(this.db(), this.store, await this.store.resolveTip()));
      this.resolvedProject = manifest.default_project ?? repoProjectId(this.repo);
    }
    return this.resolvedProject;
  }

  /**
   * The project to read, after a refresh: see {@link assertReadableProject}. One index probe
   * when it exists; the project list and manifest are read only to explain a miss.
   * Errors: `not_found`. (For the service's own modules.)
   */
  async readProjectId(): Promise<string> {
    const projectId = await this.projectId();
    if (this.options.projectId === undefined || projectExists(this.db(), projectId)) return projectId;
    const manifest = await this.store.manifest();
    return assertReadableProject({ projectId, known: listProjects(this.db()).map((p) => p.project_id), fallback: manifest.default_project ?? repoProjectId(this.repo) });
  }

  /** `brain init`: creates the docs branch if missing (idempotent). */
  async init(): Promise<{ created: boolean; tip: string; branch: string; project_id: string }> {
    const defaultProject = this.resolvedProject ?? repoProjectId(this.repo);
    const { identity, committer } = this.writer();
    const result = await this.store.init({ defaultProject, identity, committer });
    return { created: result.created, tip: result.tip, branch: this.branch, project_id: await this.projectId() };
  }

  /** The object reader (one per Brain, created on first use). */
  reader(): Promise<ObjectReader> {
    this.readerHandle ??= createObjectReader({ repo: this.repo, ...(this.options.reader ? { prefer: this.options.reader } : {}) });
    return this.readerHandle;
  }

  /** The bytes of blob `oid` through this Brain's object reader. Errors: `not_found`, `git_error`. */
  async readBlob(oid: string): Promise<Buffer> {
    return (await this.reader()).readBlob(oid);
  }

  /** The cache database, opened (and reset if corrupt) on first use. */
  db(): CacheDb {
    this.cacheHandle ??= new CacheHandle(this.cachePath);
    return this.cacheHandle.db();
  }

  /**
   * Runs `fn` against the cache; if SQLite reports the file damaged, discards the cache and runs
   * `fn` once more, which rebuilds from git (src/service/cache-handle.ts). For the service's own
   * modules (src/service/*); surfaces call the methods, which already use it.
   */
  async withCache<T>(fn: () => Promise<T>): Promise<T> {
    this.cacheHandle ??= new CacheHandle(this.cachePath);
    return this.cacheHandle.run(fn);
  }

  /**
   * Brings the projection (and with it the search index, docs/decisions/0021) up to the branch tip.
   * Errors: `not_initialized` when there is no brain branch, reader errors.
   */
  async refresh(options: { full?: boolean } = {}): Promise<RefreshResult> {
    // One at a time per Brain; inside a read scope, the scope's (src/service/refresh-gate.ts).
    return this.gate.refresh(options.full === true, () => this.withCache(() => this.refreshNow(options)));
  }

  /**
   * Runs `fn` after one refresh; every {@link Brain.refresh} inside it (in its async context
   * only, not in concurrent requests) answers that same refresh instead of checking the tip
   * again: one refresh per request (issue #10). For read-only requests (REST, dashboard).
   * Errors: as {@link Brain.refresh}, and whatever `fn` throws.
   */
  async readScope<T>(fn: () => Promise<T>): Promise<T> {
    return this.gate.scoped(await this.refresh(), fn);
  }

  private async refreshNow(options: { full?: boolean }): Promise<RefreshResult> {
    // A fresh projection reads no object: no git child is spawned (issue #10).
    const tip = await this.store.resolveTip();
    const reader = deferObjectReader(() => this.reader(), this.options.reader);
    // No cache file yet (a fresh clone, `.git/brain` removed): built in a file of its own and put in place (docs/decisions/0075).
    let total = -1;
    const tell = this.options.onProgress;
    const onProgress = tell && ((p: RefreshProgress) => ((total = p.total), tell(p)));
    const progress = onProgress ? { onProgress } : {};
    const cold = tip !== null && !(this.cacheHandle?.isOpen ?? false) && isCold(this.cachePath) ? (await coldBuild({ path: this.cachePath, reader, tip, ...progress })).result : null;
    if (tip !== this.manifestCheckedAt) {
      await manifestAtTip(this.db(), this.store, tip);
      this.manifestCheckedAt = tip;
    }
    // A cold build was the full rebuild a `full` refresh asks for: not done twice.
    const refreshed = await refreshCache({ db: this.db(), reader, tip, ...(options.full && cold === null ? { full: true } : {}), ...progress });
    if (total >= 0) tell?.({ done: total, total, finished: true });
    // The cold build's result when the file it placed (or another process's build) was already at the tip.
    const result = cold !== null && refreshed.mode === 'fresh' ? { ...cold, ms: cold.ms + refreshed.ms } : refreshed;
    this.lastRefresh = result;
    return result;
  }

  /**
   * Resolves a unique id prefix, or an imported ADR's label (`ADR-0030`, `adr 30`, `0030`,
   * `0030-title.md`: service/adr-label-resolve.ts), to a full entry id (after a refresh).
   * Errors: `not_found`, `ambiguous_id`.
   */
  async resolveId(idOrPrefix: string): Promise<string> {
    return this.withCache(async () => {
      await this.refresh();
      const projectId = await this.readProjectId();
      const labelled = await resolveLabel(idOrPrefix, (n) => adrNumberMatches(this.db(), { adr_number: n, projectId }), `project ${projectId}`);
      return labelled?.entry.entry_id ?? resolveEntryId(this.db(), projectId, idOrPrefix.trim().toLowerCase());
    });
  }

  /**
   * One entry: the current revision, or `revision` N. Errors: `not_found`, `ambiguous_id`.
   */
  async get(args: { entryId: string; revision?: number }): Promise<CurrentRow> {
    return entryAt(this, args);
  }

  /**
   * Current entries matching a filter (DESIGN §6), newest first. Filter values are checked
   * first (model/list-filter.ts): an unknown kind or status, a status the kind cannot have, an
   * unparseable date is an error, not an empty list (issue #7).
   * Errors: `invalid_argument`, `illegal_status`, `not_found` (unknown project).
   */
  async list(filter: RawListFilter & Pick<ListFilter, 'limit' | 'after' | 'path'> = {}): Promise<CurrentRow[]> {
    return listEntries(this, filter);
  }

  /** Every revision of an entry, oldest first. */
  async history(args: { entryId: string }): Promise<{ entry: Entry; sha256: string; path: string }[]> {
    return entryHistory(this, args);
  }

  /** The commit oid the projection currently reflects (after the last refresh), or null. */
  projectedOid(): string | null {
    return this.lastRefresh?.to ?? null;
  }

  /**
   * Full-text search over current entries, best first, `relevance_score` in [0, 1]
   * (src/service/search.ts). Errors: `invalid_argument`, `not_found` (unknown project).
   */
  async search(args: { query: string; kind?: string; limit?: number }): Promise<{ entry: Entry; relevance_score: number }[]> {
    return searchCurrent(this, args);
  }


  /**
   * The re-entry brief (DESIGN §7) of the project: Markdown within `budget` tokens
   * (default 6000), boosted for `paths` and `taskIds` (src/service/context.ts).
   */
  async context(args: { budget?: number; paths?: string[]; taskIds?: string[] } = {}): Promise<Brief> {
    const { projectBrief } = await import('./service/context.js'); // the brief's renderer (marked) loads only for context
    return projectBrief(this, args);
  }

  /** `brain status`: branch, tip, projection, counts, forks and problems (src/service/status.ts). */
  async status(): Promise<BrainStatus> {
    return brainStatus(this);
  }

  /** Where the cache is, why it was last reset, and how the last refresh went. */
  cacheState(): BrainStatus['cache'] {
    return { path: this.cachePath, reset: this.cacheHandle?.reset ?? null, last_refresh: this.lastRefresh?.mode ?? null };
  }

  /** `brain projects`: every project on the branch with its entry counts per kind (src/service/projects.ts). */
  async projects(): Promise<ProjectCounts[]> {
    return listBrainProjects(this);
  }

  /**
   * `brain verify`: the branch (files, ledgers, history) and, with `cache`, the projection
   * against a fresh rebuild. With `range` (`BASE..HEAD`, or `BASE` for `BASE..<docs tip>`),
   * the tree at HEAD and only the commits in the range: the CI check of a pull request against
   * the docs branch (issue #4). `ok` is false on any failure; nothing is thrown for bad data.
   * Errors: `invalid_argument` for a bad range or unknown revision.
   */
  async verify(args: { cache?: boolean; range?: string } = {}): Promise<BrainVerifyReport> {
    const { verifyBrain } = await import('./service/verify.js'); // loaded only by verify (issue #10 cold start)
    return verifyBrain(this, args);
  }

  /** Releases the cache and the object reader. */
  async close(): Promise<void> {
    this.cacheHandle?.close();
    const reader = this.readerHandle;
    this.readerHandle = null;
    if (reader) await (await reader).close();
  }
}
