/**
 * The SQLite projection as a {@link ProjectionBackend} (DESIGN §11, issue #11): one cache file
 * per repository (`<dir>/<repo>.sqlite`, the same schema and apply path as a clone's
 * `.git/brain/cache.sqlite`), so the conformance suite (test/projection/conformance.test.ts)
 * runs the same tests on it and on PostgreSQL. Reads over several repositories query each
 * file and merge in the list order; search scores are relative per repository (BM25 is per
 * index), so a multi-repository SQLite search orders by those relative scores — the hub's
 * PostgreSQL backend ranks all repositories in one index.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ObjectReader } from '../../git/object-reader.js';
import { BrainError } from '../../model/errors.js';
import type { CandidateRevisionFile, KindStatusCount, ProblemRow, ProjectionBackend, ProjectionCandidatesQuery, ProjectionListQuery, ProjectionSearchQuery, ProjectionSnapshot, RepoCandidateRow, RepoRow, RepoSearchHit, RevisionKey, Scope } from '../backend.js';
import { candidateRevisionFiles, listCandidates } from './candidate-queries.js';
import { compareKeys, compareListOrder, listAfter } from '../list-order.js';
import { searchEntries } from './search.js';
import { planWords } from './search-words.js';
import { searchWords } from '../../search/query-terms.js';
import { getMeta, openCache, removeDbFiles, type CacheDb } from './open-cache.js';
import { listProjects, type ProjectCounts } from './projects.js';
import { adrNumberMatches } from './adr-number-queries.js';
import { ADR_MATCHES_LIMIT } from '../../model/adr-label-query.js';
import { countCurrent, countCurrentByKindStatus, getCurrent, idPrefixMatches, listCurrent, listProblems, type CurrentRow } from './queries.js';
import { refreshCache, type RefreshResult } from './refresh.js';
import { revisionPath } from './schema.js';
import { verifyCache } from './verify-cache.js';
import type { PictureReader } from '../picture-reader.js';
import { sqlitePictures } from './sqlite-pictures.js';
import type { CacheReport } from '../verify-report.js';

const REPO_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/;

/** Rows by entry id, then repo (byte order): idMatches' and adrMatches' order. */
const byIdThenRepo = (a: RepoRow, b: RepoRow): number => (a.entry.entry_id < b.entry.entry_id ? -1 : a.entry.entry_id > b.entry.entry_id ? 1 : a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : 0);

/** Options of {@link createSqliteProjection}: the directory holding one `<repo>.sqlite` per repository. */
export interface SqliteProjectionOptions {
  dir: string;
}

/** Opens (creating `dir` if needed) a SQLite projection of many repositories. */
export function createSqliteProjection(options: SqliteProjectionOptions): SqliteProjection {
  mkdirSync(options.dir, { recursive: true });
  return new SqliteProjection(options.dir);
}

/** See the module comment. Repository names: `[A-Za-z0-9_][A-Za-z0-9._-]*`, at most 100 characters. */
export class SqliteProjection implements ProjectionBackend {
  readonly kind = 'sqlite' as const;
  private readonly dbs = new Map<string, CacheDb>();

  constructor(private readonly dir: string) {}

  private file(repo: string): string {
    if (!REPO_NAME.test(repo)) throw new BrainError('invalid_argument', `not a repository name: ${JSON.stringify(repo.slice(0, 120))}`, { hint: 'letters, digits, ".", "_" and "-", at most 100 characters' });
    return join(this.dir, `${repo}.sqlite`);
  }

  /** The repository's database, opened (created when `create`); null when it has none. */
  private db(repo: string, create = false): CacheDb | null {
    const open = this.dbs.get(repo);
    if (open) return open;
    const file = this.file(repo);
    if (!create && !existsSync(file)) return null;
    const { db } = openCache(file);
    this.dbs.set(repo, db);
    return db;
  }

  /** The visible repositories that have a projection, sorted by name. */
  private visible(scope: Scope): [string, CacheDb][] {
    return [...new Set(scope.repos)].filter((r) => REPO_NAME.test(r)).sort().flatMap((r) => {
      const db = this.db(r);
      return db ? [[r, db] as [string, CacheDb]] : [];
    });
  }

  /** The projects of `db` to read for `scope` and an optional single project. */
  private projectsOf(db: CacheDb, scope: Scope, projectId?: string): string[] {
    const all = projectId !== undefined ? [projectId] : listProjects(db).map((p) => p.project_id);
    return scope.projects ? all.filter((p) => scope.projects!.includes(p)) : all;
  }

  async refresh(args: { repo: string; reader: ObjectReader; tip: string | null; full?: boolean }): Promise<RefreshResult> {
    return refreshCache({ db: this.db(args.repo, true)!, reader: args.reader, tip: args.tip, ...(args.full ? { full: true } : {}) });
  }

  async projectedOid(repo: string): Promise<string | null> {
    const db = this.db(repo);
    return db ? getMeta(db, 'projected_oid') || null : null;
  }

  async projectedOids(repos: readonly string[]): Promise<Map<string, string | null>> {
    return new Map(await Promise.all(repos.map(async (r) => [r, await this.projectedOid(r)] as const)));
  }

  async drop(repo: string): Promise<void> {
    this.dbs.get(repo)?.close();
    this.dbs.delete(repo);
    removeDbFiles(this.file(repo));
  }

  async list(q: ProjectionListQuery): Promise<RepoRow[]> {
    const rows: RepoRow[] = [];
    for (const [repo, db] of this.visible(q)) {
      for (const projectId of this.projectsOf(db, q, q.projectId)) {
        const page = (after: { recorded_at: string; entry_id: string } | undefined, limit: number | undefined) => {
          const { repos: _r, projects: _p, after: _a, ...filter } = q;
          return listCurrent(db, { ...filter, projectId, ...(limit !== undefined ? { limit } : {}), ...(after ? { after } : {}) }).map((r) => ({ ...r, repo }));
        };
        rows.push(...listAfter(page, q.after, q.limit));
      }
    }
    rows.sort(compareListOrder);
    return q.limit !== undefined ? rows.slice(0, q.limit) : rows;
  }

  async count(q: ProjectionListQuery): Promise<{ repo: string; entries: number }[]> {
    // One SELECT count(*) per (repository, project) with the list's filters (queries.ts countCurrent): no row is read into JS.
    const { repos: _r, projects: _p, limit: _l, after: _a, ...filter } = q;
    const out: { repo: string; entries: number }[] = [];
    for (const [repo, db] of this.visible(q)) {
      let entries = 0;
      for (const projectId of this.projectsOf(db, q, q.projectId)) entries += countCurrent(db, { ...filter, projectId });
      if (entries > 0) out.push({ repo, entries });
    }
    return out;
  }

  async tally(q: ProjectionListQuery): Promise<KindStatusCount[]> {
    // One grouped count per (repository, project) with the list's filters (queries.ts countCurrentByKindStatus), summed per (kind, status).
    const { repos: _r, projects: _p, limit: _l, after: _a, ...filter } = q;
    const n = new Map<string, KindStatusCount>();
    for (const [repo, db] of this.visible(q)) {
      for (const projectId of this.projectsOf(db, q, q.projectId)) {
        for (const c of countCurrentByKindStatus(db, { ...filter, projectId })) {
          const key = `${repo}\0${c.entry_kind}\0${c.status}`;
          n.set(key, { repo, entry_kind: c.entry_kind, status: c.status, n: (n.get(key)?.n ?? 0) + c.n });
        }
      }
    }
    return [...n.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c).filter((c) => c.n > 0);
  }

  async get(args: Scope & { entryId: string }): Promise<RepoRow[]> {
    const out: RepoRow[] = [];
    for (const [repo, db] of this.visible(args)) {
      const row: CurrentRow | null = getCurrent(db, args.entryId);
      if (row && (!args.projects || args.projects.includes(row.entry.project_id))) out.push({ ...row, repo });
    }
    return out;
  }

  async revisions(args: { repo: string; entryId: string; projectId: string }): Promise<RevisionKey[]> {
    const db = this.db(args.repo);
    return db ? revisionKeys(db, args.repo, 'entry_id = ? AND project_id = ? ORDER BY revision, recorded_at, sha256', [args.entryId, args.projectId]) : [];
  }

  async idMatches(q: Scope & { prefix: string; projectId?: string; kind?: string }): Promise<RepoRow[]> {
    const out: RepoRow[] = [];
    for (const [repo, db] of this.visible(q)) out.push(...idPrefixMatches(db, q).map((row) => ({ ...row, repo })));
    return out.sort(byIdThenRepo).slice(0, 2);
  }

  async adrMatches(q: Scope & { adr_number: number; projectId?: string; kind?: string }): Promise<RepoRow[]> {
    const out: RepoRow[] = [];
    for (const [repo, db] of this.visible(q)) out.push(...adrNumberMatches(db, q).map((row) => ({ ...row, repo })));
    return out.sort(byIdThenRepo).slice(0, ADR_MATCHES_LIMIT);
  }

  async searchTypos(q: Scope & { query: string }): Promise<{ word: string; alternatives: string[] }[]> {
    const words = searchWords(q.query);
    const found = new Map(words.map((w) => [w, new Set<string>()]));
    for (const [, db] of this.visible(q)) for (const [word, plan] of planWords(db, words)) for (const a of plan.alternatives) found.get(word)?.add(a);
    return [...found].filter(([, a]) => a.size > 0).map(([word, a]) => ({ word, alternatives: [...a] }));
  }

  async search(q: ProjectionSearchQuery): Promise<RepoSearchHit[]> {
    searchWords(q.query); // a query without words is an error even when nothing is visible
    const hits: RepoSearchHit[] = [];
    const limit = q.limit ?? 20;
    for (const [repo, db] of this.visible(q)) {
      const found = searchEntries(db, { query: q.query, limit, ...(q.projectId !== undefined ? { projectId: q.projectId } : {}), ...(q.projects ? { projects: q.projects } : {}), ...(q.kind ? { kind: q.kind } : {}) });
      for (const h of found) hits.push({ ...(getCurrent(db, h.entry_id) as CurrentRow), repo, relevance_score: h.relevance_score });
    }
    hits.sort((a, b) => b.relevance_score - a.relevance_score || compareListOrder(a, b));
    return hits.slice(0, limit);
  }

  async candidates(q: ProjectionCandidatesQuery): Promise<RepoCandidateRow[]> {
    const rows: RepoCandidateRow[] = [];
    for (const [repo, db] of this.visible(q)) {
      for (const r of listCandidates(db, { ...(q.projectId !== undefined ? { projectId: q.projectId } : {}), ...(q.status !== undefined ? { status: q.status } : {}) })) {
        if (!q.projects || q.projects.includes(r.candidate.project_id)) rows.push({ ...r, repo });
      }
    }
    const key = (r: RepoCandidateRow) => ({ recorded_at: r.candidate.recorded_at, entry_id: r.candidate.candidate_id, repo: r.repo });
    return rows.sort((a, b) => compareKeys(key(a), key(b)));
  }

  async candidate(args: Scope & { candidateId: string }): Promise<RepoCandidateRow[]> {
    return (await this.candidates(args)).filter((r) => r.candidate.candidate_id === args.candidateId).sort((a, b) => (a.repo < b.repo ? -1 : a.repo > b.repo ? 1 : a.candidate.project_id < b.candidate.project_id ? -1 : 1));
  }

  async candidateRevisions(args: { repo: string; projectId: string; candidateId: string }): Promise<CandidateRevisionFile[]> {
    const db = this.db(args.repo);
    return db ? candidateRevisionFiles(db, args.projectId, args.candidateId) : [];
  }

  async problems(scope: Scope): Promise<ProblemRow[]> {
    const inScope = (path: string) => !scope.projects || scope.projects.some((p) => path.startsWith(`projects/${p}/`));
    return this.visible(scope).flatMap(([repo, db]) => listProblems(db).filter((p) => inScope(p.path)).map((p) => ({ repo, ...p })));
  }

  async projects(scope: Scope): Promise<(ProjectCounts & { repo: string })[]> {
    return this.visible(scope).flatMap(([repo, db]) => listProjects(db).filter((p) => !scope.projects || scope.projects.includes(p.project_id)).map((p) => ({ repo, ...p })));
  }

  pictures(args: { repo: string; projectId: string }): PictureReader {
    const db = this.db(args.repo);
    if (db) return sqlitePictures(() => db, args.projectId);
    const none = async () => [];
    return { projectId: args.projectId, linkRecords: none, facts: async () => new Map(), dated: none, supersedeLinks: none, linksInto: none, changes: none, idMatches: none, adrs: none, adrLabels: async () => new Map() };
  }

  async snapshot(repo: string): Promise<ProjectionSnapshot> {
    const db = this.db(repo);
    if (!db) return { projected_oid: null, current: [], revisions: [], problems: [], ledger_lines: [], candidates: [] };
    const ids = (db.prepare('SELECT entry_id FROM current ORDER BY entry_id').all() as { entry_id: string }[]).map((r) => r.entry_id);
    const revisions = revisionKeys(db, repo, '1 = 1', []).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    const lines = db.prepare('SELECT entry_id, project_id, entry_kind, file, revision, sha256 FROM ledger_lines').all() as { entry_id: string; project_id: string; entry_kind: string; file: string; revision: number; sha256: Buffer }[];
    return {
      projected_oid: getMeta(db, 'projected_oid') || null,
      current: ids.map((id) => ({ ...(getCurrent(db, id) as CurrentRow), repo })),
      revisions,
      problems: listProblems(db).map((p) => ({ repo, ...p })),
      ledger_lines: lines.map((l) => ({ path: revisionPath(l), revision: l.revision, sha256: l.sha256.toString('hex') })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      candidates: listCandidates(db, {}).map((r) => ({ ...r, repo })).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    };
  }

  async verify(args: { repo: string; reader: ObjectReader; tip: string | null }): Promise<CacheReport> {
    return verifyCache({ live: this.db(args.repo, true)!, reader: args.reader, tip: args.tip });
  }

  async close(): Promise<void> {
    for (const db of this.dbs.values()) db.close();
    this.dbs.clear();
  }
}

/** `revisions` rows matching `where` (SQL after WHERE, with `params`) as {@link RevisionKey}s of `repo`. */
function revisionKeys(db: CacheDb, repo: string, where: string, params: unknown[]): RevisionKey[] {
  const rows = db
    .prepare(`SELECT entry_id, project_id, entry_kind, file, revision, status, recorded_at, sha256, blob_oid FROM revisions WHERE ${where}`)
    .all(...params) as (Omit<RevisionKey, 'repo' | 'path' | 'sha256' | 'blob_oid'> & { sha256: Buffer; blob_oid: Buffer })[];
  return rows.map((r) => ({ ...r, repo, sha256: r.sha256.toString('hex'), blob_oid: r.blob_oid.toString('hex'), path: revisionPath(r) }));
}
