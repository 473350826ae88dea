/**
 * The PostgreSQL projection backend (DESIGN §11, issue #11; docs/decisions/0026): the
 * projections of many repositories' docs branches in one database, each repository with its
 * own projected oid, behind the backend contract of src/projection/backend.ts — the same
 * answers as the SQLite projection (test/projection/conformance.test.ts). Git stays the only
 * source of truth: every `proj_` table is disposable and rebuilt from git.
 */
import pg from 'pg';
import type { ObjectReader } from '../../git/object-reader.js';
import { BrainError } from '../../model/errors.js';
import type {
  CacheReport, CandidateRevisionFile, KindStatusCount, ProblemRow, ProjectCounts, ProjectionBackend, ProjectionCandidatesQuery, ProjectionListQuery, ProjectionSearchQuery, ProjectionSnapshot,
  RefreshResult, RepoCandidateRow, RepoRow, RepoSearchHit, RevisionKey, Scope,
} from '../backend.js';
import { projectedOid, refreshRepo } from './apply.js';
import { adrNumberRows, countRows, getRows, idPrefixRows, listRows, tallyRows } from './list-query.js';
import { problemRows, projectRows, revisionRows, snapshotRepo } from './read-queries.js';
import { PG_DATA_TABLES, ensureSchema, quoteSchema, type PgNames } from './schema.js';
import { searchRows, searchTyposPg } from './search.js';
import { RANK_ALL_LIMIT } from './search-rank.js';
import { inTransaction, repoLock } from './transaction.js';
import { verifyRepo } from './verify.js';
import { candidateById, candidateRevisionRows, candidateRows } from './candidate-rows.js';
import type { PictureReader } from '../picture-reader.js';
import { postgresPictures } from './picture-queries.js';

/** Options of {@link createPostgresProjection}. */
export interface PostgresProjectionOptions {
  /** A connection URL (`postgres://user@host:port/db`); ignored when `pool` is given. */
  url?: string;
  /** A pool to use (not ended by `close()`: its owner ends it). */
  pool?: pg.Pool;
  /** The schema of the `proj_` tables (default `public`): a plain lower-case identifier. */
  schema?: string;
  /**
   * A pool on a read replica of the same database (README "For an organisation": scaling out):
   * list, count, get, revisions, search, problems and projects read through it; refresh, drop,
   * snapshot and verify use the primary. Reads then lag the primary by the replication delay.
   * Not ended by `close()`.
   */
  readPool?: pg.Pool;
  /**
   * Search ranks every match by BM25 when at most this many entries hold a query word (default
   * {@link RANK_ALL_LIMIT}); beyond that, in two cheaper tiers (src/projection/postgres/search.ts,
   * docs/decisions/0035). A tuning knob: 0 always uses the tiers.
   */
  searchRankAllLimit?: number;
}

/** The PostgreSQL implementation of {@link ProjectionBackend}. Create it with {@link createPostgresProjection}. */
export class PostgresProjection implements ProjectionBackend {
  readonly kind = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly names: PgNames,
    private readonly schema: string,
    private readonly ownsPool: boolean,
    private readonly reads: pg.Pool = pool,
    private readonly rankAllLimit: number = RANK_ALL_LIMIT,
  ) {}

  refresh(args: { repo: string; reader: ObjectReader; tip: string | null; full?: boolean }): Promise<RefreshResult> {
    return refreshRepo(this.pool, this.names.s, args);
  }

  projectedOid(repo: string): Promise<string | null> {
    return projectedOid(this.pool, this.names.s, repo);
  }

  async projectedOids(repos: readonly string[]): Promise<Map<string, string | null>> {
    const r = await this.pool.query<{ repo: string; projected_oid: string | null }>(`SELECT repo, projected_oid FROM ${this.names.s}.proj_repos WHERE repo = ANY($1::text[])`, [[...repos]]);
    const found = new Map(r.rows.map((row) => [row.repo, row.projected_oid]));
    return new Map(repos.map((repo) => [repo, found.get(repo) ?? null]));
  }

  async drop(repo: string): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      for (const t of [...PG_DATA_TABLES, 'proj_repos']) await client.query(`DELETE FROM ${this.names.s}.${t} WHERE repo = $1`, [repo]);
    }, { lock: repoLock(this.names.s, repo) });
  }

  list(q: ProjectionListQuery): Promise<RepoRow[]> {
    return listRows(this.reads, this.names.s, q);
  }

  count(q: ProjectionListQuery): Promise<{ repo: string; entries: number }[]> {
    return countRows(this.reads, this.names.s, q);
  }

  tally(q: ProjectionListQuery): Promise<KindStatusCount[]> {
    return tallyRows(this.reads, this.names.s, q);
  }

  get(args: Scope & { entryId: string }): Promise<RepoRow[]> {
    return getRows(this.reads, this.names.s, args);
  }

  revisions(args: { repo: string; entryId: string; projectId: string }): Promise<RevisionKey[]> {
    return revisionRows(this.reads, this.names.s, args);
  }

  idMatches(q: Scope & { prefix: string; projectId?: string; kind?: string }): Promise<RepoRow[]> {
    return idPrefixRows(this.reads, this.names.s, q);
  }

  adrMatches(q: Scope & { adr_number: number; projectId?: string; kind?: string }): Promise<RepoRow[]> {
    return adrNumberRows(this.reads, this.names.s, q);
  }

  searchTypos(q: Scope & { query: string }): Promise<{ word: string; alternatives: string[] }[]> {
    return searchTyposPg(this.reads, this.names, q);
  }

  search(q: ProjectionSearchQuery): Promise<RepoSearchHit[]> {
    return searchRows(this.reads, this.names, q, this.rankAllLimit);
  }

  candidates(q: ProjectionCandidatesQuery): Promise<RepoCandidateRow[]> {
    return candidateRows(this.reads, this.names.s, q);
  }

  candidate(args: Scope & { candidateId: string }): Promise<RepoCandidateRow[]> {
    return candidateById(this.reads, this.names.s, args);
  }

  candidateRevisions(args: { repo: string; projectId: string; candidateId: string }): Promise<CandidateRevisionFile[]> {
    return candidateRevisionRows(this.reads, this.names.s, args);
  }

  problems(args: Scope): Promise<ProblemRow[]> {
    return problemRows(this.reads, this.names.s, args);
  }

  projects(args: Scope): Promise<(ProjectCounts & { repo: string })[]> {
    return projectRows(this.reads, this.names.s, args);
  }

  pictures(args: { repo: string; projectId: string }): PictureReader {
    return postgresPictures(this.reads, this.names.s, args);
  }

  snapshot(repo: string): Promise<ProjectionSnapshot> {
    return snapshotRepo(this.pool, this.names.s, repo);
  }

  verify(args: { repo: string; reader: ObjectReader; tip: string | null }): Promise<CacheReport> {
    return verifyRepo(this.pool, this.schema, args);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}

/**
 * Connects (its own pool from `url`, unless `pool` is given), creates the schema, pg_trgm and
 * the `proj_` tables when missing (resetting them on a format change), and returns the backend.
 * Errors: `invalid_argument` (bad schema name, neither url nor pool), PostgreSQL errors
 * (unreachable server, pg_trgm not available).
 */
export async function createPostgresProjection(options: PostgresProjectionOptions): Promise<PostgresProjection> {
  const schema = options.schema ?? 'public';
  quoteSchema(schema);
  if (!options.pool && !options.url) {
    throw new BrainError('invalid_argument', 'a PostgreSQL projection needs a url or a pool', { hint: 'pass { url: "postgres://user@host:5432/db" }' });
  }
  const pool = options.pool ?? new pg.Pool({ connectionString: options.url, max: 4 });
  try {
    const names = await ensureSchema(pool, schema);
    return new PostgresProjection(pool, names, schema, !options.pool, options.readPool ?? pool, options.searchRankAllLimit ?? RANK_ALL_LIMIT);
  } catch (err) {
    if (!options.pool) await pool.end();
    throw err;
  }
}
