/**
 * The PostgreSQL projection's reads (issue #11; src/projection/postgres/) against the SQLite
 * projection of the same repositories: list filters, path prefixes and globs, keyset pages,
 * counts, problems and projects per scope (two repositories never leak into each other), and
 * search — prefix words, all words then any, a typo widened through pg_trgm, BM25 over few
 * matches and two tiers over many, PostgreSQL's English stop words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListCursor, ProjectionListQuery } from '../../../src/projection/backend.js';
import { createPostgresProjection, type PostgresProjection } from '../../../src/projection/postgres/postgres-projection.js';
import type { Brain } from '../../../src/service.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { startPostgres, type PostgresServer } from '../../helpers/postgres.js';
import { ENGLISH_STOP_WORDS } from '../../../src/search/stop-words.js';
import pg from 'pg';

let server: PostgresServer;
let p: PostgresProjection;
let a: Brain;
let bb: Brain;
const PATHS = ['src', 'src/cache', 'src/cache/refresh.ts', 'src/cache/**', 'src/*/refresh.ts', 'docs/a.md', 'src/cacheless.ts', '**/*.ts'];
const WORDS = ['kafka retry backoff', 'postgres migration plan', 'sqlite cache refresh', 'isomorphic reader', 'payment refund flow'];

beforeAll(async () => {
  server = await startPostgres();
  a = await openTestBrain(initRepo(), { projectId: 'demo' });
  await a.init();
  for (let i = 0; i < 30; i++) {
    const paths = PATHS.filter((_, k) => (i * 7 + k * 3) % 5 === 0);
    const kind = ['decision', 'risk', 'open_question', 'blocker'][i % 4]!;
    const payload = kind === 'risk' ? { likelihood: 'low', impact: 'high', mitigation: `watch ${WORDS[(i + 1) % 5]}` } : undefined;
    await a.writes.append({ kind, fields: { title: `${WORDS[i % 5]} ${i}`, tags: i % 3 ? ['storage'] : ['ops', 'storage'], related_task_ids: i % 4 ? [] : ['T-7'], paths, ...(payload ? { payload } : {}) } as never });
  }
  const first = (await a.list())[5]!.entry;
  await a.writes.resolve({ entryId: (await a.list({ kind: 'open_question' }))[0]!.entry.entry_id, answer: 'port 5432' });
  await a.writes.revise({ entryId: first.entry_id, fields: { rationale: 'kafka is what the team knows' } });
  bb = await openTestBrain(initRepo(), { projectId: 'ops' });
  await bb.init();
  await bb.writes.append({ kind: 'decision', fields: { title: 'kafka everywhere', tags: ['storage'] } as never });
  p = await createPostgresProjection({ url: await server.createDatabase() });
  await p.refresh({ repo: 'a', reader: await a.reader(), tip: a.store.tip() });
  await p.refresh({ repo: 'b', reader: await bb.reader(), tip: bb.store.tip() });
});
afterAll(async () => {
  await p?.close();
  await a?.close();
  await bb?.close();
  await server?.stop();
  cleanupTempDirs();
});

const ids = (rows: { entry: { entry_id: string } }[]) => rows.map((r) => r.entry.entry_id);

describe('PostgreSQL projection reads', () => {
  it('list filters and path filters answer as SQLite listCurrent', async () => {
    const filters: Omit<ProjectionListQuery, 'repos'>[] = [
      {}, { kind: 'risk' }, { status: 'open' }, { tag: 'ops' }, { relatedTask: 'T-7' }, { author: 'test-agent' }, { kind: 'decision', tag: 'storage' },
      ...['src', 'src/cache', 'src/cache/refresh.ts', 'docs', 'lib', 'src/**', 'src/cache/*.ts', '**/*.md'].map((path) => ({ path })),
    ];
    for (const f of filters) {
      const sqlite = await a.list(f as never);
      const pgRows = await p.list({ repos: ['a'], projectId: 'demo', ...f });
      expect(ids(pgRows), JSON.stringify(f)).toEqual(ids(sqlite));
      expect(pgRows.every((r) => r.repo === 'a')).toBe(true);
    }
    const since = (await a.list())[10]!.entry.recorded_at;
    expect(ids(await p.list({ repos: ['a'], updatedSince: since }))).toEqual(ids(await a.list({ updatedSince: since })));
  });

  it('keyset pages across repositories concatenate to the whole list', async () => {
    const all = await p.list({ repos: ['a', 'b'] });
    expect(all.length).toBe(31);
    const pages: string[] = [];
    let after: ListCursor | undefined;
    for (;;) {
      const page = await p.list({ repos: ['a', 'b'], limit: 7, ...(after ? { after } : {}) });
      if (page.length === 0) break;
      pages.push(...page.map((r) => `${r.repo}:${r.entry.entry_id}`));
      const last = page[page.length - 1]!;
      after = { recorded_at: last.entry.recorded_at, entry_id: last.entry.entry_id, repo: last.repo };
    }
    expect(pages).toEqual(all.map((r) => `${r.repo}:${r.entry.entry_id}`));
  });

  it('path filters page through proj_path_dirs across repositories as the unpaged answer', async () => {
    // Repository c holds a copy of a's entries (same ids and times): ties in recorded_at and entry_id are broken by repo.
    await p.refresh({ repo: 'c', reader: await a.reader(), tip: a.store.tip() });
    try {
      const key = (r: { repo: string; entry: { entry_id: string } }) => `${r.repo}:${r.entry.entry_id}`;
      for (const path of ['src', 'src/cache', 'src/cache/refresh.ts', 'src/cache/**', 'src/*/refresh.ts', 'src/**/*.ts', '**/*.ts', 'docs', 'lib/**']) {
        for (const f of [{ path }, { path, kind: 'risk' as const }, { path, tag: 'ops' }]) {
          const all = await p.list({ repos: ['a', 'c'], ...f });
          const one = await a.list(f as never);
          expect(all.map(key), JSON.stringify(f)).toEqual(one.flatMap((r) => [`a:${r.entry.entry_id}`, `c:${r.entry.entry_id}`]));
          expect(ids(await p.list({ repos: ['c'], ...f, limit: 4 })), JSON.stringify(f)).toEqual(ids(one.slice(0, 4)));
          for (const size of [1, 3]) {
            const pages: string[] = [];
            let after: ListCursor | undefined;
            for (;;) {
              const page = await p.list({ repos: ['a', 'c'], ...f, limit: size, ...(after ? { after } : {}) });
              if (page.length === 0) break;
              expect(page.length).toBeLessThanOrEqual(size);
              pages.push(...page.map(key));
              const last = page[page.length - 1]!;
              after = { recorded_at: last.entry.recorded_at, entry_id: last.entry.entry_id, repo: last.repo };
            }
            expect(pages, `${JSON.stringify(f)} by ${size}`).toEqual(all.map(key));
          }
        }
      }
      expect(await p.list({ repos: ['a', 'c'], path: 'src', limit: 0 })).toEqual([]);
      await expect(p.list({ repos: ['a'], path: './' })).rejects.toMatchObject({ code: 'invalid_argument' });
    } finally {
      await p.drop('c');
    }
  });

  it('scope hides other repositories and projects in every read', async () => {
    expect(await p.count({ repos: ['a', 'b'], tag: 'storage' })).toEqual([{ repo: 'a', entries: 30 }, { repo: 'b', entries: 1 }]);
    expect(await p.count({ repos: ['b'] })).toEqual([{ repo: 'b', entries: 1 }]);
    expect(await p.list({ repos: [] })).toEqual([]);
    expect(await p.list({ repos: ['a', 'b'], projects: ['ops'] }).then((r) => r.map((x) => x.repo))).toEqual(['b']);
    const bId = (await bb.list())[0]!.entry.entry_id;
    expect(await p.get({ repos: ['a'], entryId: bId })).toEqual([]);
    expect((await p.get({ repos: ['a', 'b'], entryId: bId })).map((r) => r.repo)).toEqual(['b']);
    expect((await p.search({ repos: ['a'], query: 'kafka' })).every((h) => h.repo === 'a')).toBe(true);
    expect((await p.search({ repos: ['b'], query: 'kafka' })).map((h) => h.repo)).toEqual(['b']);
    expect(await p.projects({ repos: ['a', 'b'] })).toEqual([
      { repo: 'a', ...(await a.projects())[0]! },
      { repo: 'b', ...(await bb.projects())[0]! },
    ]);
    expect(await p.projects({ repos: ['b'], projects: ['demo'] })).toEqual([]);
    expect(await p.problems({ repos: ['a', 'b'] })).toEqual([]);
    const fifth = (await a.list())[5]!.entry;
    expect((await p.revisions({ repo: 'a', entryId: fifth.entry_id, projectId: fifth.project_id })).length).toBeGreaterThanOrEqual(1);
    expect(await p.revisions({ repo: 'a', entryId: fifth.entry_id, projectId: 'elsewhere' })).toEqual([]);
  });

  it('search: prefixes, AND then OR, typos, filters — top hits as SQLite', async () => {
    await expect(p.search({ repos: ['a'], query: '?? --' })).rejects.toMatchObject({ code: 'invalid_argument' });
    for (const query of ['kafka', 'kaf', 'postgres migration', 'sqlite cache', 'refund', 'kafks', 'migrasion', 'refnd', 'kafka zzzz']) {
      const sqlite = await a.search({ query });
      const hits = await p.search({ repos: ['a'], projectId: 'demo', query });
      expect(new Set(ids(hits)), query).toEqual(new Set(ids(sqlite)));
      // The best hit's relevance is the share of the query's words it holds, on both backends (decision 0047).
      if (hits.length > 0) expect(hits[0]!.relevance_score, query).toBe(sqlite[0]!.relevance_score);
      expect(hits.every((h) => h.relevance_score > 0 && h.relevance_score <= 1)).toBe(true);
    }
    // A weak match no longer shows 1: "zzzz" is in no entry, so the best hit holds half the query.
    expect((await p.search({ repos: ['a'], query: 'kafka zzzz' }))[0]!.relevance_score).toBe(0.5);
    expect((await a.search({ query: 'kafka zzzz' }))[0]!.relevance_score).toBe(0.5);
    expect((await p.search({ repos: ['a'], query: 'kafka' }))[0]!.relevance_score).toBe(1);
    for (const typo of ['migrasion', 'kafks', 'refnd']) expect((await p.search({ repos: ['a'], query: typo })).length, typo).toBeGreaterThan(0);
    const risks = await p.search({ repos: ['a'], query: 'kafka', kind: 'risk' });
    expect(risks.length).toBeGreaterThan(0);
    expect(risks.every((h) => h.entry.entry_kind === 'risk')).toBe(true);
    // The title weighs more than the payload: a title hit ranks first.
    expect((await p.search({ repos: ['a'], query: 'refund' }))[0]!.entry.title).toMatch(/refund/);
    expect(await p.search({ repos: ['a'], query: 'qqqqqqq' })).toEqual([]);
  });

  it('drops the stop words of the server\'s own english configuration, and only those', async () => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      const dir = (await client.query<{ setting: string }>("SELECT setting FROM pg_config WHERE name = 'SHAREDIR'")).rows[0]!.setting;
      const file = (await client.query<{ text: string }>('SELECT pg_read_file($1) AS text', [`${dir}/tsearch_data/english.stop`])).rows[0]!.text;
      expect(ENGLISH_STOP_WORDS).toEqual(file.split('\n').map((w) => w.trim()).filter((w) => w !== ''));
      const kept = await client.query<{ w: string }>("SELECT w FROM unnest($1::text[]) AS w WHERE ts_lexize('english_stem', w) <> '{}'", [[...ENGLISH_STOP_WORDS]]);
      expect(kept.rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('search over many matches ranks title and tag hits first, then body-only hits newest first, with relevance never rising; over few, every hit by BM25', async () => {
    const c = await openTestBrain(initRepo(), { projectId: 'tiers' });
    await c.init();
    const add = async (title: string, rationale: string, tags: string[] = []) => (await c.writes.append({ kind: 'decision', fields: { title, rationale, tags } as never })).entry.entry_id;
    // Body-only hits, oldest to newest; the middle one says the word many times.
    const bodyOld = await add('Deploy window', 'The zeppelin fleet moves at night.');
    const bodyLoud = await add('Deploy freeze', 'zeppelin zeppelin zeppelin zeppelin zeppelin zeppelin');
    const bodyNew = await add('Deploy cadence', 'Ask the zeppelin crew first.');
    const tagged = await add('Fleet policy', 'Nothing here.', ['zeppelin']);
    const titled = await add('Zeppelin hangar lease', 'Signed for two years.');
    const mixed = await add('Airship zeppelin checklist', 'Checklist for the hangar crew.');
    // The newest body-only hit, but no longer in force: after every body-only hit in force.
    const bodyOut = await add('Deploy notes', 'The zeppelin schedule, as it was.');
    await c.writes.supersede({ entryId: bodyOut, byEntryId: await add('Deploy notes, rewritten', 'The current schedule.') });
    // Tiers whatever the number of matches (a hub's common word: decision 0026).
    const q = await createPostgresProjection({ url: await server.createDatabase(), searchRankAllLimit: 0 });
    const bm25 = await createPostgresProjection({ url: await server.createDatabase() });
    try {
      await q.refresh({ repo: 'c', reader: await c.reader(), tip: c.store.tip() });
      await bm25.refresh({ repo: 'c', reader: await c.reader(), tip: c.store.tip() });
      const hits = await q.search({ repos: ['c'], query: 'zeppelin' });
      const order = ids(hits);
      // Tier 1 (title or tags) before tier 2, whatever the body's word count; tier 2 newest first, in force first.
      expect(new Set(order.slice(0, 3))).toEqual(new Set([tagged, titled, mixed]));
      expect(order.slice(3)).toEqual([bodyNew, bodyLoud, bodyOld, bodyOut]);
      expect(hits[0]!.relevance_score).toBe(1);
      for (let i = 1; i < hits.length; i++) expect(hits[i]!.relevance_score).toBeLessThanOrEqual(hits[i - 1]!.relevance_score);
      expect(hits.every((h) => h.relevance_score > 0)).toBe(true);
      // A limit inside tier 1 never reaches tier 2; one spanning both takes the newest body hit.
      expect(ids(await q.search({ repos: ['c'], query: 'zeppelin', limit: 2 })).every((id) => [tagged, titled, mixed].includes(id))).toBe(true);
      expect(ids(await q.search({ repos: ['c'], query: 'zeppelin', limit: 4 }))[3]).toBe(bodyNew);
      // The hits holding every word first (one of them in the title puts the hit in tier 1), then those holding any.
      expect(ids(await q.search({ repos: ['c'], query: 'hangar crew' }))).toEqual([mixed, titled, bodyNew]);
      const both = ids(await q.search({ repos: ['c'], query: 'zeppelin crew' }));
      expect(both.slice(0, 2)).toEqual([mixed, bodyNew]);
      expect(new Set(both.slice(2, 4))).toEqual(new Set([tagged, titled]));
      expect(both.slice(4)).toEqual([bodyLoud, bodyOld, bodyOut]);
      // Few matches: BM25 over every one — the body saying the word six times above the ones saying it once.
      const ranked = ids(await bm25.search({ repos: ['c'], query: 'zeppelin' }));
      expect(ranked.indexOf(bodyLoud)).toBeLessThan(ranked.indexOf(bodyNew));
      expect(ranked.indexOf(bodyLoud)).toBeLessThan(ranked.indexOf(bodyOld));
      expect(ranked[0]).toBe(titled);
      // Many word counts, few entries: the vocabulary's counts sum past the limit (a question of common words over a small
      // corpus counts an entry once per word), but no more entries than the repository holds can match: BM25 over all (0074).
      const capped = await createPostgresProjection({ url: await server.createDatabase(), searchRankAllLimit: 9 });
      try {
        await capped.refresh({ repo: 'c', reader: await c.reader(), tip: c.store.tip() });
        const many = 'zeppelin deploy crew hangar checklist';
        expect(ids(await capped.search({ repos: ['c'], query: many }))).toEqual(ids(await bm25.search({ repos: ['c'], query: many })));
        expect(ids(await capped.search({ repos: ['c'], query: many }))).not.toEqual(ids(await q.search({ repos: ['c'], query: many })));
      } finally {
        await capped.close();
      }
    } finally {
      await q.close();
      await bm25.close();
      await c.close();
    }
  });
});
