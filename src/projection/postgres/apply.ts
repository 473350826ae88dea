/**
 * The one apply path of the PostgreSQL projection (DESIGN §4 "Freshness is exact", issue #11;
 * docs/decisions/0026): for one repository, plan the changed files from its projected oid to
 * the tip and read them (src/projection/read-changes.ts, shared with SQLite), then in ONE
 * transaction — so readers see the old state or the new one — take the repository's advisory
 * lock, check that its projected oid is still the one planned from (else plan again, as
 * SQLite's StaleProjectionError retry does), write the rows (a tree diff's, or every row again
 * for a full rebuild) and move the projected oid.
 */
import type pg from 'pg';
import { BrainError } from '../../model/errors.js';
import { parseBrainPath } from '../../store/layout.js';
import { planChanges, readParsed, type FileChange } from '../read-changes.js';
import type { ObjectReader } from '../../git/object-reader.js';
import type { ApplyStats } from '../sqlite/apply-changes.js';
import { entryDirProblems } from '../sqlite/entry-checks.js';
import { gatherFacts, type ParsedLedger, type ParsedProblem } from '../sqlite/full-rebuild.js';
import type { CurrentState } from '../sqlite/current.js';
import type { ParsedRevision } from '../sqlite/plan-current.js';
import type { RefreshResult } from '../sqlite/refresh.js';
import { insertCurrent, insertEntryProblems, insertParsed } from './bulk-rows.js';
import { checkEntryDirs } from './dir-checks.js';
import { planCurrentPg } from './plan.js';
import { DUPLICATE_ID_CODE } from '../decide-current.js';
import { PG_DATA_TABLES } from './schema.js';
import type { ParsedCandidate } from '../decide-candidates.js';
import { writeCandidateRowsPg } from './candidate-rows.js';
import { inTransaction, repoLock } from './transaction.js';
import { addVocabulary, removeVocabulary } from './vocabulary.js';

/** What the repository's projection is at: absent (never projected), or an oid (null: empty branch). */
type Stored = { projected: false } | { projected: true; oid: string | null };

async function storedOid(db: pg.ClientBase | pg.Pool, s: string, repo: string): Promise<Stored> {
  const r = await db.query<{ projected_oid: string | null }>(`SELECT projected_oid FROM ${s}.proj_repos WHERE repo = $1`, [repo]);
  return r.rows[0] ? { projected: true, oid: r.rows[0].projected_oid } : { projected: false };
}

/** The repository's projected oid (null when never projected or projected at an empty branch). */
export async function projectedOid(pool: pg.Pool, s: string, repo: string): Promise<string | null> {
  const st = await storedOid(pool, s, repo);
  return st.projected ? st.oid : null;
}

const sameStored = (a: Stored, b: Stored) => a.projected === b.projected && (!a.projected || a.oid === (b as { oid: string | null }).oid);

/** Deletes the stored rows of the changed paths (revision, problem, ledger lines). */
async function deleteChanged(client: pg.ClientBase, s: string, repo: string, changes: readonly FileChange[]): Promise<void> {
  const revs: string[][] = [[], [], [], []];
  const ledgers: string[][] = [[], [], []];
  for (const c of changes) {
    const w = parseBrainPath(c.path);
    if (w.type === 'revision') [w.entry_id, w.project_id, w.entry_kind, w.file].forEach((v, i) => revs[i]!.push(v));
    if (w.type === 'ledger') [w.entry_id, w.project_id, w.entry_kind].forEach((v, i) => ledgers[i]!.push(v));
  }
  await client.query(`DELETE FROM ${s}.proj_revisions r USING unnest($2::text[], $3::text[], $4::text[], $5::text[]) d(e, p, k, f)
    WHERE r.repo = $1 AND r.entry_id = d.e AND r.project_id = d.p AND r.entry_kind = d.k AND r.file = d.f`, [repo, ...revs]);
  await client.query(`DELETE FROM ${s}.proj_problems WHERE repo = $1 AND path = ANY($2::text[])`, [repo, changes.map((c) => c.path)]);
  await client.query(`DELETE FROM ${s}.proj_ledger_lines l USING unnest($2::text[], $3::text[], $4::text[]) d(e, p, k)
    WHERE l.repo = $1 AND l.entry_id = d.e AND l.project_id = d.p AND l.entry_kind = d.k`, [repo, ...ledgers]);
}

/** Removes the current rows (and side rows, vocabulary counts) of `ids`. */
async function deleteCurrent(client: pg.ClientBase, s: string, repo: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await removeVocabulary(client, s, repo, ids);
  for (const t of ['proj_current', 'proj_tags', 'proj_tasks', 'proj_paths', 'proj_path_dirs', 'proj_links', 'proj_adr_numbers']) {
    await client.query(`DELETE FROM ${s}.${t} WHERE repo = $1 AND entry_id = ANY($2::text[])`, [repo, ids]);
  }
}

/** Applies one plan inside the open transaction. */
async function write(client: pg.ClientBase, s: string, args: { repo: string; changes: FileChange[]; full: boolean; tip: string | null; readBlob: (oid: string) => Promise<Buffer> }, parsed: Awaited<ReturnType<typeof readParsed>>): Promise<ApplyStats> {
  const { repo, changes, full } = args;
  const revisions = parsed.filter((p): p is ParsedRevision => p.kind === 'revision');
  const problems = parsed.filter((p): p is ParsedProblem => p.kind === 'problem');
  const ledgers = parsed.filter((p): p is ParsedLedger => p.kind === 'ledger');
  const { plan, duplicates, clearDirs } = await planCurrentPg({ client, s, repo, changes, revisions, full, readBlob: args.readBlob });
  const dirs = new Set<string>();
  for (const c of changes) {
    const w = parseBrainPath(c.path);
    if (w.type === 'ledger' || w.type === 'revision') dirs.add(w.dir);
  }
  if (full) for (const t of PG_DATA_TABLES) await client.query(`DELETE FROM ${s}.${t} WHERE repo = $1`, [repo]);
  else await deleteChanged(client, s, repo, changes);
  await insertParsed(client, s, repo, { revisions, problems, ledgers });
  const states = new Map<string, CurrentState>();
  const replaced: string[] = [];
  for (const [id, change] of plan) {
    if (change.type === 'counts') {
      await client.query(`UPDATE ${s}.proj_current SET revision_count = $3, forked = $4 WHERE repo = $1 AND entry_id = $2`, [repo, id, change.revision_count, change.forked]);
    } else {
      replaced.push(id);
      if (change.state) states.set(id, change.state);
    }
  }
  if (!full) await deleteCurrent(client, s, repo, replaced);
  await insertCurrent(client, s, repo, states);
  await addVocabulary(client, s, repo, full ? null : [...states.keys()]);
  if (full) await insertEntryProblems(client, s, repo, [...gatherFacts(dirs, revisions, ledgers, problems)].flatMap(([dir, f]) => entryDirProblems(dir, f)));
  else await checkEntryDirs(client, s, repo, dirs);
  if (!full) await client.query(`DELETE FROM ${s}.proj_problems WHERE repo = $1 AND path = ANY($2::text[]) AND code = $3`, [repo, clearDirs, DUPLICATE_ID_CODE]);
  await insertEntryProblems(client, s, repo, duplicates);
  const candidates = parsed.filter((p): p is ParsedCandidate => p.kind === 'candidate');
  await writeCandidateRowsPg(client, s, repo, { changes, parsed: candidates, full, readBlob: args.readBlob });
  // A bulk load that is a large share of the tables changes their statistics wholesale: refresh them, or the planner keeps
  // an empty table's estimates until autovacuum gets to it. A small repository beside many others leaves them as they are
  // (ANALYZE samples whole tables: per repository it made a hub's first sync of 100 repositories quadratic).
  if (full && revisions.length >= 1_000) {
    const known = await client.query(`SELECT reltuples FROM pg_class WHERE oid = '${s}.proj_revisions'::regclass`);
    const rows = Number((known.rows[0] as { reltuples: number } | undefined)?.reltuples ?? -1);
    if (rows < 4 * revisions.length) await client.query(`ANALYZE ${PG_DATA_TABLES.map((t) => `${s}.${t}`).join(', ')}`);
  }
  await client.query(`INSERT INTO ${s}.proj_repos (repo, projected_oid) VALUES ($1, $2) ON CONFLICT (repo) DO UPDATE SET projected_oid = excluded.projected_oid`, [repo, args.tip]);
  return { files: changes.length, revisions: revisions.length, problems: problems.length, entries: plan.size };
}

/** Times a refresh re-plans when another one moved the repository meanwhile. */
const MAX_ATTEMPTS = 6;

/**
 * Brings `repo` to `tip` (see ProjectionBackend.refresh). Errors: reader errors (`git_error`,
 * `not_found`), PostgreSQL errors; `lock_timeout` when the repository kept moving for
 * {@link MAX_ATTEMPTS} plans.
 */
export async function refreshRepo(pool: pg.Pool, s: string, args: { repo: string; reader: ObjectReader; tip: string | null; full?: boolean }): Promise<RefreshResult> {
  const started = performance.now();
  const readBlob = (oid: string) => args.reader.readBlob(oid);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const stored = await storedOid(pool, s, args.repo);
    const from = stored.projected ? stored.oid : null;
    if (!args.full && stored.projected && from === args.tip) return { mode: 'fresh', from, to: from, stats: null, ms: performance.now() - started };
    const plan = await planChanges(args.reader, from, args.tip, args.full === true || !stored.projected);
    const parsed = await readParsed(plan.changes, readBlob, (oids) => args.reader.readBlobs(oids));
    // Null: another process moved the projection since it was planned (nothing written): plan again.
    const stats = await inTransaction(pool, async (client) => {
      if (!sameStored(await storedOid(client, s, args.repo), stored)) return null;
      return write(client, s, { repo: args.repo, changes: plan.changes, full: plan.full, tip: args.tip, readBlob }, parsed);
    }, { lock: repoLock(s, args.repo) });
    if (stats !== null) return { mode: plan.full ? 'full' : 'incremental', from, to: args.tip, stats, ms: performance.now() - started };
  }
  throw new BrainError('lock_timeout', `the projection of ${args.repo} kept moving during ${MAX_ATTEMPTS} refreshes`, { hint: 'other processes keep applying to this repository: retry the sync', data: { repo: args.repo } });
}
