/**
 * Conformance, query half (issue #11): on every projection backend, a realistic brain (the
 * dashboard seed: two projects, four authors, every kind, superseded, resolved and cleared
 * entries, a hostile entry) plus a malformed file, projected under three repository names
 * (`alpha` and its fork `beta` — the same entries — and `solo`, a second repository). Each
 * query must answer what the clone's own projection (Brain, the reference) answers: filters,
 * paths, pagination (also across two repositories holding the same entry ids), history,
 * projects, problems, scope (repositories and projects) and search within a ranking tolerance,
 * plain questions included; the plain-question entries (test/helpers/plain-questions.ts) in the
 * same order on every backend (issue #18); `verify` passes, and catches a row changed behind
 * the apply path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListCursor, ProjectionBackend, ProjectionListQuery, RepoRow } from '../../src/projection/backend.js';
import { cursorOf } from '../../src/projection/list-order.js';
import { checkListFilter, type RawListFilter } from '../../src/model/list-filter.js';
import type { Brain } from '../../src/service.js';
import { seedDashboard, type Seeded } from '../http/dashboard-seed.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { handCommit } from '../helpers/plain-git.js';
import { plainQuestionCases, seedPlainQuestions, type PlainQuestionIds } from '../helpers/plain-questions.js';
import { BACKENDS, stopBackends } from './backends.js';

let dir: string;
let other: string;
let questions: string;
let plain: PlainQuestionIds;
let seeded: Seeded;
let brain: Brain;

beforeAll(async () => {
  dir = initRepo();
  brain = await openTestBrain(dir, { projectId: 'demo', author: 'setup' });
  await brain.init();
  seeded = await seedDashboard(dir);
  handCommit(dir, { 'projects/demo/decision/zz/bad-entry/ledger.jsonl': '{not json\n' }, 'a malformed ledger');
  other = initRepo();
  const solo = await openTestBrain(other, { projectId: 'solo', author: 'dora' });
  await solo.init();
  await solo.writes.append({ kind: 'decision', fields: { title: 'Solo decision about the cache', rationale: 'Only in solo: zanzibar.', tags: ['storage'] } });
  await solo.close();
  questions = initRepo();
  const q = await openTestBrain(questions, { projectId: 'questions', author: 'erin' });
  await q.init();
  plain = await seedPlainQuestions(q);
  await q.close();
});

afterAll(async () => {
  await brain.close();
  await stopBackends();
  cleanupTempDirs();
});

const FILTERS: RawListFilter[] = [
  {}, { kind: 'decision' }, { kind: 'decision', status: 'accepted' }, { status: 'open' }, { tag: 'storage' }, { tag: 'search' },
  { author: 'bob' }, { relatedTask: 'T-31' }, { kind: 'blocker', status: 'cleared' }, { updatedSince: '2000-01-01' }, { updatedSince: '2999-01-01' },
];
const PATHS = ['src/cache', 'src/cache/schema.ts', 'src/search/index.ts', 'src/**', 'src/search/**', 'docs'];

describe.each(BACKENDS)('projection conformance on $name: queries', (under) => {
  let backend: ProjectionBackend;
  const ALL = { repos: ['alpha', 'beta', 'solo'] };
  const ids = (rows: { entry: { entry_id: string } }[]) => rows.map((r) => r.entry.entry_id);

  beforeAll(async () => {
    backend = await under.open();
    const reader = await brain.reader();
    const tip = brain.store.tip();
    await backend.refresh({ repo: 'alpha', reader, tip });
    await backend.refresh({ repo: 'beta', reader, tip });
    const solo = await openTestBrain(other, { projectId: 'solo' });
    await backend.refresh({ repo: 'solo', reader: await solo.reader(), tip: solo.store.tip() });
    await solo.close();
    const q = await openTestBrain(questions, { projectId: 'questions' });
    await backend.refresh({ repo: 'questions', reader: await q.reader(), tip: q.store.tip() });
    await q.close();
  });
  afterAll(async () => backend?.close());

  it('lists what the clone lists, filter by filter, path by path, in the same order', async () => {
    for (const filter of FILTERS) {
      const expected = ids(await brain.list(filter));
      const q: ProjectionListQuery = { ...checkListFilter(filter), repos: ['alpha'], projectId: 'demo' };
      expect(ids(await backend.list(q)), JSON.stringify(filter)).toEqual(expected);
      expect(await backend.count(q), JSON.stringify(filter)).toEqual(expected.length > 0 ? [{ repo: 'alpha', entries: expected.length }] : []);
    }
    for (const path of PATHS) {
      const expected = ids(await brain.list({ path }));
      expect(ids(await backend.list({ repos: ['alpha'], projectId: 'demo', path })), path).toEqual(expected);
      expect(await backend.count({ repos: ['alpha'], projectId: 'demo', path }), path).toEqual(expected.length > 0 ? [{ repo: 'alpha', entries: expected.length }] : []);
    }
    const rows = await backend.list({ repos: ['alpha'], projectId: 'demo' });
    expect(rows.map(({ repo: _r, ...row }) => row)).toEqual(await brain.list());
  });

  it('counts what it lists: path, tag, author and kind filters combined, across repositories and projects, limit and after ignored', async () => {
    const tallyKey = (r: RepoRow) => `${r.repo}\0${r.entry.entry_kind}\0${r.entry.status}`;
    const perKindStatus = (rows: RepoRow[]) => [...new Set(rows.map(tallyKey))].sort().map((key) => {
      const [repo, entry_kind, status] = key.split('\0');
      return { repo, entry_kind, status, n: rows.filter((r) => tallyKey(r) === key).length };
    });
    const perRepo = (rows: { repo: string }[]) => [...new Set(rows.map((r) => r.repo))].map((repo) => ({ repo, entries: rows.filter((r) => r.repo === repo).length }));
    const filters: RawListFilter[] = [{}, { tag: 'storage' }, { author: 'bob' }, { kind: 'decision' }, { kind: 'decision', tag: 'storage' }, { relatedTask: 'T-31' }];
    let nonEmpty = 0;
    for (const filter of filters) {
      for (const path of [undefined, ...PATHS]) {
        const q: ProjectionListQuery = { ...checkListFilter(filter), ...ALL, ...(path !== undefined ? { path } : {}) };
        const rows = await backend.list(q);
        const what = JSON.stringify({ ...filter, path });
        const counts = await backend.count({ ...q, limit: 1, ...(rows[0] ? { after: cursorOf(rows[0]) } : {}) });
        expect([...counts].sort((a, b) => (a.repo < b.repo ? -1 : 1)), what).toEqual(perRepo(rows).sort((a, b) => (a.repo < b.repo ? -1 : 1)));
        expect(await backend.tally({ ...q, limit: 1, ...(rows[0] ? { after: cursorOf(rows[0]) } : {}) }), what).toEqual(perKindStatus(rows));
        if (path !== undefined && counts.length > 0) nonEmpty++;
      }
    }
    expect(nonEmpty).toBeGreaterThan(10); // the path filters match something: the counts were not all empty
    expect(await backend.count({ repos: ['alpha'], projects: ['demo'], projectId: 'solo' })).toEqual([]);
    expect(await backend.tally({ repos: ['alpha'], projects: ['demo'], projectId: 'solo' })).toEqual([]);
  });

  it('pages with cursors across a repository and its fork (same entry ids) without a gap or a repeat', async () => {
    const everything = await backend.list(ALL);
    expect(everything.length).toBe(2 * (await brain.list()).length + (await backend.list({ repos: ['alpha'], projectId: 'mobile' })).length * 2 + 1);
    for (const size of [1, 3, 7]) {
      const seen: string[] = [];
      let after: ListCursor | undefined;
      for (;;) {
        const page = await backend.list({ ...ALL, limit: size, ...(after ? { after } : {}) });
        seen.push(...page.map((r) => `${r.repo}/${r.entry.entry_id}`));
        if (page.length < size) break;
        after = cursorOf(page[page.length - 1]!);
      }
      expect(seen, `pages of ${size}`).toEqual(everything.map((r) => `${r.repo}/${r.entry.entry_id}`));
    }
  });

  it('shows nothing outside the scope: repositories, projects, counts, problems, projects and search', async () => {
    expect(await backend.list({ repos: [] })).toEqual([]);
    expect(await backend.count({ repos: [] })).toEqual([]);
    expect(await backend.problems({ repos: [] })).toEqual([]);
    expect(await backend.search({ repos: [], query: 'cache' })).toEqual([]);
    expect(await backend.search({ repos: ['alpha', 'beta'], query: 'zanzibar' })).toEqual([]);
    expect((await backend.search({ repos: ['solo'], query: 'zanzibar' })).map((h) => h.repo)).toEqual(['solo']);
    expect(new Set((await backend.list({ repos: ['solo', 'nope'] })).map((r) => r.repo))).toEqual(new Set(['solo']));
    const mobileOnly = { repos: ['alpha'], projects: ['mobile'] };
    expect(ids(await backend.list(mobileOnly))).toEqual([seeded.mobile]);
    expect(await backend.get({ ...mobileOnly, entryId: seeded.sqlite })).toEqual([]);
    expect((await backend.search({ ...mobileOnly, query: 'sqlite' })).length).toBe(0);
    expect(await backend.problems(mobileOnly)).toEqual([]);
    expect((await backend.projects(mobileOnly)).map((p) => p.project_id)).toEqual(['mobile']);
    expect(await backend.count({ repos: ['alpha', 'beta'], kind: 'risk' })).toEqual([{ repo: 'alpha', entries: 2 }, { repo: 'beta', entries: 2 }]);
    const risks = await backend.tally({ repos: ['alpha', 'beta'], kind: 'risk' });
    expect(['alpha', 'beta'].map((repo) => risks.filter((c) => c.repo === repo && c.entry_kind === 'risk').reduce((sum, c) => sum + c.n, 0))).toEqual([2, 2]);
    expect(risks.every((c) => c.entry_kind === 'risk')).toBe(true);
  });

  it('gets an entry in every visible repository that holds it, with its history in invariant order', async () => {
    const got = await backend.get({ ...ALL, entryId: seeded.sqlite });
    expect(got.map((r) => r.repo)).toEqual(['alpha', 'beta']);
    expect(got[0]!.entry).toEqual((await brain.get({ entryId: seeded.sqlite })).entry);
    const history = await brain.history({ entryId: seeded.sqlite });
    const keys = await backend.revisions({ repo: 'alpha', entryId: seeded.sqlite, projectId: 'demo' });
    expect(keys.map((k) => k.path)).toEqual(history.map((h) => h.path));
    expect(keys.map((k) => k.sha256)).toEqual(history.map((h) => h.sha256));
    expect(keys.map((k) => k.revision)).toEqual(history.map((h) => h.entry.revision));
  });

  it('reports problems and projects as the clone does', async () => {
    const status = await brain.status();
    expect((await backend.problems({ repos: ['alpha'] })).map(({ repo: _r, ...p }) => p)).toEqual(status.problems.map((p) => ({ path: p.path, code: p.code, message: p.message })));
    expect((await backend.projects({ repos: ['alpha'] })).map(({ repo: _r, ...p }) => p)).toEqual(await brain.projects());
  });

  it('searches like the clone within a ranking tolerance, with typos and a coded error for no words', async () => {
    const plainQuestions = ['where do we keep the cache', 'which browser tests do we run', 'disks', 'what does the migration tool need', 'who is it'];
    for (const query of ['SQLite projection', 'chromium', 'migration tool schema', 'disk', 'sqlit', 'chromuim browser', ...plainQuestions]) {
      const expected = (await brain.search({ query, limit: 5 })).map((h) => h.entry.entry_id);
      const got = (await backend.search({ repos: ['alpha'], projectId: 'demo', query, limit: 5 })).map((h) => h.entry.entry_id);
      expect(got.length > 0, query).toBe(expected.length > 0);
      if (expected.length === 0) continue;
      // The tolerance (Porter vs Snowball stems, typo alternatives; docs/decisions/0074): each backend's best hit is in the other's top 3, and the top 5 overlap by 60 %.
      expect(expected.slice(0, 3), `best hit for ${query}: ${got} vs ${expected}`).toContain(got[0]);
      expect(got.slice(0, 3), `best hit for ${query}: ${got} vs ${expected}`).toContain(expected[0]);
      const overlap = got.filter((id) => expected.includes(id)).length / Math.min(expected.length, 5);
      expect(overlap, `top-5 overlap for ${query}: ${got} vs ${expected}`).toBeGreaterThanOrEqual(0.6);
    }
    const hits = await backend.search({ repos: ['alpha'], query: 'cache' });
    expect(hits[0]!.relevance_score).toBe(1);
    for (const h of hits) expect(h.relevance_score).toBeGreaterThan(0);
    expect((await backend.search({ repos: ['alpha'], query: 'cache', kind: 'risk' })).every((h) => h.entry.entry_kind === 'risk')).toBe(true);
    await expect(backend.search({ repos: ['alpha'], query: '  !!  ' })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('scores by BM25 as the clone does (docs/decisions/0074): the same hits, order and relevance for words both stemmers stem alike', async () => {
    // Words Porter (SQLite) and Snowball (PostgreSQL) stem alike, no typos: only the engines' arithmetic could differ.
    // A kind filter narrows the hits, not BM25's statistics (FTS5 ranks its whole table, then filters).
    const cases: { query: string; kind?: string }[] = [...['SQLite projection', 'migration tool schema', 'cache', 'browser tests chromium', 'decision about the plan'].map((query) => ({ query })), { query: 'cache search index', kind: 'decision' }];
    for (const { query, kind } of cases) {
      const expected = (await brain.search({ query, kind, limit: 10 })).map((h) => [h.entry.entry_id, h.relevance_score.toFixed(9)]);
      const got = (await backend.search({ repos: ['alpha'], projectId: 'demo', query, kind, limit: 10 })).map((h) => [h.entry.entry_id, h.relevance_score.toFixed(9)]);
      expect(expected.length, query).toBeGreaterThan(1);
      expect(got, query).toEqual(expected);
    }
  });

  it('answers plain questions alike (issue #18): stems, stop words, in force above superseded, phrases, typos', async () => {
    for (const { query, first } of plainQuestionCases(plain)) {
      const got = (await backend.search({ repos: ['questions'], query })).map((h) => h.entry.entry_id);
      expect(got.slice(0, first.length), query).toEqual(first);
    }
    expect((await backend.search({ repos: ['questions'], query: 'for the' })).length).toBeGreaterThan(0); // stop words only: still words
  });

  it('verifies against a rebuild, and catches a row changed behind the apply path', async () => {
    const reader = await brain.reader();
    const tip = brain.store.tip();
    expect((await backend.verify({ repo: 'alpha', reader, tip })).ok).toBe(true);
    await under.tamper(backend, 'beta', seeded.sqlite);
    const report = await backend.verify({ repo: 'beta', reader, tip });
    expect(report.ok).toBe(false);
    expect(report.tables.some((t) => t.only_live.some((row) => row.includes('tampered')))).toBe(true);
    expect((await backend.verify({ repo: 'alpha', reader, tip })).ok).toBe(true);
  });
});
