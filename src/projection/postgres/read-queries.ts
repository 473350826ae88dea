/**
 * The PostgreSQL projection's other reads (src/projection/backend.ts; issue #11): an entry's
 * revisions in DESIGN §3 invariant-5 order, problems and projects of a {@link Scope}, and a
 * repository's {@link ProjectionSnapshot} — every order a byte order (`COLLATE "C"` columns),
 * as SQLite's.
 */
import type pg from 'pg';
import { foldProjectCounts } from '../project-counts.js';
import type { ProblemRow, ProjectCounts, ProjectionSnapshot, RevisionKey, Scope } from '../backend.js';
import { revisionPath } from '../sqlite/schema.js';
import { projectedOid } from './apply.js';
import { Params, ROW_COLUMNS, scopeWhere, toRepoRow } from './list-sql.js';

const REVISION_SQL = (s: string, where: string) =>
  `SELECT repo, entry_id, project_id, entry_kind, file, revision, status, recorded_at, sha256, blob_oid FROM ${s}.proj_revisions WHERE ${where}`;

const toKey = (r: Omit<RevisionKey, 'path'>): RevisionKey => ({ ...r, path: revisionPath(r) });

/** Every projected revision of `entryId` of project `projectId` in `repo`, oldest first (revision, recorded_at, sha256). */
export async function revisionRows(db: pg.Pool, s: string, args: { repo: string; entryId: string; projectId: string }): Promise<RevisionKey[]> {
  const r = await db.query(`${REVISION_SQL(s, 'repo = $1 AND entry_id = $2 AND project_id = $3')} ORDER BY revision, recorded_at, sha256`, [args.repo, args.entryId, args.projectId]);
  return r.rows.map(toKey);
}

/** Problems of the visible repositories (with projects: only paths under `projects/<id>/`), by repo then path. */
export async function problemRows(db: pg.Pool, s: string, scope: Scope): Promise<ProblemRow[]> {
  const p = new Params();
  const where = [`repo = ANY(${p.add([...scope.repos])}::text[])`];
  if (scope.projects) where.push(`EXISTS (SELECT 1 FROM unnest(${p.add([...scope.projects])}::text[]) v(id) WHERE starts_with(path, 'projects/' || v.id || '/'))`);
  return (await db.query<ProblemRow>(`SELECT repo, path, code, message FROM ${s}.proj_problems WHERE ${where.join(' AND ')} ORDER BY repo, path`, p.values)).rows;
}

/** Projects with at least one current entry in the visible repositories, with counts per kind (../project-counts.ts), by repo then project id. */
export async function projectRows(db: pg.Pool, s: string, scope: Scope): Promise<(ProjectCounts & { repo: string })[]> {
  const p = new Params();
  const rows = await db.query<{ repo: string; project_id: string; entry_kind: string; n: number }>(
    `SELECT c.repo, c.project_id, c.entry_kind, count(*)::int AS n FROM ${s}.proj_current c WHERE ${scopeWhere(p, scope).join(' AND ')}
     GROUP BY c.repo, c.project_id, c.entry_kind ORDER BY c.repo, c.project_id, c.entry_kind`, p.values);
  return foldProjectCounts(rows.rows);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `repo`'s projection as a neutral value: current rows by entry id, revisions, problems and ledger lines by path. */
export async function snapshotRepo(db: pg.Pool, s: string, repo: string): Promise<ProjectionSnapshot> {
  const current = (await db.query(`SELECT ${ROW_COLUMNS} FROM ${s}.proj_current c WHERE c.repo = $1 ORDER BY c.entry_id`, [repo])).rows.map(toRepoRow);
  const revisions = (await db.query(REVISION_SQL(s, 'repo = $1'), [repo])).rows.map(toKey).sort((a, b) => byText(a.path, b.path));
  const problems = (await db.query<ProblemRow>(`SELECT repo, path, code, message FROM ${s}.proj_problems WHERE repo = $1 ORDER BY path`, [repo])).rows;
  const lines = await db.query<{ entry_id: string; project_id: string; entry_kind: string; file: string; revision: number; sha256: string }>(
    `SELECT entry_id, project_id, entry_kind, file, revision, sha256 FROM ${s}.proj_ledger_lines WHERE repo = $1`, [repo]);
  const ledger_lines = lines.rows.map((l) => ({ path: revisionPath(l), revision: l.revision, sha256: l.sha256 })).sort((a, b) => byText(a.path, b.path));
  const candidates = (await db.query(`SELECT repo, json, forked, revision_count, path FROM ${s}.proj_candidates WHERE repo = $1 ORDER BY path`, [repo])).rows
    .map((r: { repo: string; json: string; forked: boolean; revision_count: number; path: string }) => ({ repo: r.repo, candidate: JSON.parse(r.json), forked: r.forked, revision_count: r.revision_count, path: r.path }));
  return { projected_oid: await projectedOid(db, s, repo), current, revisions, problems, ledger_lines, candidates };
}
