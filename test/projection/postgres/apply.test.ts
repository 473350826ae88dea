/**
 * The PostgreSQL projection's apply path (issue #11; src/projection/postgres/apply.ts) on a
 * real server and real git repositories: incremental == full rebuild along a sequence of brain
 * writes and plain-git edits (a malformed file, a deleted top revision, the branch forced back),
 * the same answers as the SQLite projection of the same repository, two backend objects
 * refreshing one repository at once, verify, and the format-version reset.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresProjection, type PostgresProjection } from '../../../src/projection/postgres/postgres-projection.js';
import { PG_FORMAT } from '../../../src/projection/postgres/schema.js';
import { sha256Hex } from '../../../src/store/canonical-json.js';
import { revisionFileName } from '../../../src/store/layout.js';
import type { Brain } from '../../../src/service.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../../helpers/git.js';
import { dirOf, forceBranch, handCommit } from '../../helpers/plain-git.js';
import { startPostgres, type PostgresServer } from '../../helpers/postgres.js';

let server: PostgresServer;
let url: string;
let b: Brain;
let dir: string;
const REPO = 'svc-a';

beforeAll(async () => {
  server = await startPostgres();
  url = await server.createDatabase();
  dir = initRepo();
  b = await openTestBrain(dir, { projectId: 'demo' });
  await b.init();
});
afterAll(async () => {
  await b?.close();
  await server?.stop();
  cleanupTempDirs();
});

const tip = () => git(dir, ['rev-parse', 'brain']);

/** The live backend (incremental) vs a full rebuild in another schema, and both vs SQLite. */
async function expectConsistent(live: PostgresProjection, scratch: PostgresProjection): Promise<void> {
  const reader = await b.reader();
  const r = await live.refresh({ repo: REPO, reader, tip: tip() });
  await scratch.refresh({ repo: REPO, reader, tip: tip(), full: true });
  const [a, c] = [await live.snapshot(REPO), await scratch.snapshot(REPO)];
  expect(a).toEqual(c);
  expect(a.projected_oid).toBe(tip());
  expect(r.mode === 'fresh' || a.projected_oid === r.to).toBe(true);
  // The same answers as the SQLite projection of the same branch.
  const sqlite = await b.list();
  expect(a.current.map((x) => x.entry).sort((x, y) => (x.entry_id < y.entry_id ? -1 : 1))).toEqual(sqlite.map((x) => x.entry).sort((x, y) => (x.entry_id < y.entry_id ? -1 : 1)));
  const listed = await live.list({ repos: [REPO] });
  expect(listed.map((x) => x.entry.entry_id)).toEqual(sqlite.map((x) => x.entry.entry_id));
  expect(listed.map((x) => [x.forked, x.revision_count, x.path])).toEqual(sqlite.map((x) => [x.forked, x.revision_count, x.path]));
  const { listProblems } = await import('../../../src/projection/sqlite/queries.js');
  await b.refresh();
  expect(a.problems.map(({ path, code, message }) => ({ path, code, message }))).toEqual(listProblems(b.db()));
  expect((await live.verify({ repo: REPO, reader, tip: tip() })).ok).toBe(true);
}

describe('PostgreSQL projection apply path', () => {
  it('incremental == full rebuild == SQLite along writes and plain-git edits', async () => {
    const live = await createPostgresProjection({ url, schema: 'live' });
    const scratch = await createPostgresProjection({ url, schema: 'scratch' });
    try {
      const d1 = (await b.writes.append({ kind: 'decision', fields: { title: 'Use Postgres for the hub', tags: ['storage', 'hub'], paths: ['src/hub', 'src/**/*.sql'] } as never })).entry;
      const r1 = (await b.writes.append({ kind: 'risk', fields: { title: 'Disk fills up', payload: { likelihood: 'high', impact: 'low' } } as never })).entry;
      await expectConsistent(live, scratch);
      expect((await live.refresh({ repo: REPO, reader: await b.reader(), tip: tip() })).mode).toBe('fresh');
      await b.writes.revise({ entryId: d1.entry_id, fields: { rationale: 'one place for all repositories' } });
      const q = (await b.writes.append({ kind: 'open_question', fields: { title: 'Which port?', related_task_ids: ['T-1'] } as never })).entry;
      await b.writes.resolve({ entryId: q.entry_id, answer: '5432' });
      await b.writes.supersede({ entryId: d1.entry_id, byEntryId: r1.entry_id });
      await expectConsistent(live, scratch);
      const before = tip();
      // A malformed revision file on top of an entry: invalid_json + invalid_current.
      const bad = `${dirOf(q)}/${revisionFileName(9, sha256Hex('garbage'))}`;
      handCommit(dir, { [bad]: 'not json' });
      await expectConsistent(live, scratch);
      const snap = await live.snapshot(REPO);
      expect(snap.problems.map((p) => p.code).sort()).toEqual(['invalid_current', 'invalid_json']);
      // The top revision of d1 deleted: its older revision becomes current again (read from git).
      const top = (await live.get({ repos: [REPO], entryId: d1.entry_id }))[0]!;
      handCommit(dir, { [top.path]: null });
      await expectConsistent(live, scratch);
      expect((await live.get({ repos: [REPO], entryId: d1.entry_id }))[0]!.entry.revision).toBe(top.entry.revision - 1);
      // The branch forced back (history rewritten): a diff between any two commits.
      forceBranch(dir, before);
      await expectConsistent(live, scratch);
    } finally {
      await live.close();
      await scratch.close();
    }
});

  it('two backend objects refreshing one repository at once leave one copy of each row at the tip', async () => {
    const one = await createPostgresProjection({ url, schema: 'race' });
    const two = await createPostgresProjection({ url, schema: 'race' });
    const reader = await b.reader();
    try {
      await Promise.all([one.refresh({ repo: REPO, reader, tip: tip() }), two.refresh({ repo: REPO, reader, tip: tip() })]);
      await b.writes.append({ kind: 'blocker', fields: { title: 'CI is red' } as never });
      await Promise.all([one.refresh({ repo: REPO, reader, tip: tip() }), two.refresh({ repo: REPO, reader, tip: tip() }), one.refresh({ repo: REPO, reader, tip: tip() })]);
      expect(await one.projectedOid(REPO)).toBe(tip());
      const report = await two.verify({ repo: REPO, reader, tip: tip() });
      expect(report.ok).toBe(true);
      expect(report.tables.find((t) => t.table === 'proj_current')!.live_rows).toBe((await b.list()).length);
    } finally {
      await one.close();
      await two.close();
    }
});

  it('verify reports a tampered row; drop removes only that repository', async () => {
    const pool = new pg.Pool({ connectionString: url });
    const p = await createPostgresProjection({ pool, schema: 'tamper' });
    const reader = await b.reader();
    try {
      await p.refresh({ repo: REPO, reader, tip: tip() });
      await p.refresh({ repo: 'other', reader, tip: tip() });
      await pool.query(`UPDATE tamper.proj_current SET status = 'retired' WHERE repo = $1 AND entry_id = (SELECT min(entry_id) FROM tamper.proj_current WHERE repo = $1)`, [REPO]);
      const report = await p.verify({ repo: REPO, reader, tip: tip() });
      expect(report.ok).toBe(false);
      expect(report.tables.find((t) => t.table === 'proj_current')!.only_live).toHaveLength(1);
      expect((await p.verify({ repo: 'other', reader, tip: tip() })).ok).toBe(true);
      const schemas = await pool.query("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'tamper_verify_%'");
      expect(schemas.rows).toEqual([]);
      await p.drop(REPO);
      expect(await p.projectedOid(REPO)).toBeNull();
      expect((await p.snapshot(REPO)).current).toEqual([]);
      expect((await p.snapshot('other')).current.length).toBeGreaterThan(0);
      // An empty branch: nothing projected, projected oid null.
      const r = await p.refresh({ repo: 'other', reader, tip: null });
      expect(r.mode).toBe('full');
      expect(await p.snapshot('other')).toEqual({ projected_oid: null, current: [], revisions: [], problems: [], ledger_lines: [], candidates: [] });
    } finally {
      await p.close();
      await pool.end();
    }
});

  it('a format change drops and recreates only the proj_ tables', async () => {
    const pool = new pg.Pool({ connectionString: url });
    try {
      const p = await createPostgresProjection({ pool, schema: 'fmt' });
      await p.refresh({ repo: REPO, reader: await b.reader(), tip: tip() });
      await pool.query('CREATE TABLE fmt.hub_repos (name text PRIMARY KEY); INSERT INTO fmt.hub_repos VALUES ($$kept$$)');
      expect(await p.projectedOid(REPO)).toBe(tip());
      await createPostgresProjection({ pool, schema: 'fmt' });
      expect(await p.projectedOid(REPO)).toBe(tip());
      await pool.query(`UPDATE fmt.proj_meta SET value = '${PG_FORMAT - 1}' WHERE key = 'format'`);
      const again = await createPostgresProjection({ pool, schema: 'fmt' });
      expect(await again.projectedOid(REPO)).toBeNull();
      expect((await pool.query('SELECT name FROM fmt.hub_repos')).rows).toEqual([{ name: 'kept' }]);
      expect((await again.refresh({ repo: REPO, reader: await b.reader(), tip: tip() })).mode).toBe('full');
      await expect(createPostgresProjection({ pool, schema: 'Bad-Name' })).rejects.toMatchObject({ code: 'invalid_argument' });
    } finally {
      await pool.end();
    }
});
});
