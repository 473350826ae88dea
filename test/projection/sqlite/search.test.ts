/**
 * Full-text search in the projection (issue #10 "Search without load costs",
 * docs/decisions/0021, 0035): the FTS5 rows follow writes, revisions and deletions in the apply
 * transaction and equal a full rebuild; BM25 with field weights ranks title hits above
 * rationale hits; any word, more of them ranking higher; typo fallback; project and kind filters;
 * hostile query text never reaches FTS5 syntax. Plain questions (issue #18): stems, stop words,
 * in force above superseded, adjacent words as a phrase.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../src/projection/sqlite/open-cache.js';
import { refreshCache } from '../../../src/projection/sqlite/refresh.js';
import { comparableRowsSql, searchIndexProblem } from '../../../src/projection/sqlite/schema.js';
import { BrainError } from '../../../src/model/errors.js';
import { DOC_SQL, RANK_SQL } from '../../../src/projection/sqlite/search.js';
import type { Brain } from '../../../src/service.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';
import { branchFiles, dirOf, handCommit } from '../../helpers/plain-git.js';
import { seedPlainQuestions, type PlainQuestionIds } from '../../helpers/plain-questions.js';

let dir: string;
let b: Brain;
const ids: Record<string, string> = {};

const add = async (kind: string, fields: Record<string, unknown>) => (await b.writes.append({ kind, fields: fields as never })).entry.entry_id;
const found = async (query: string, extra: { kind?: string; limit?: number } = {}) => (await b.search({ query, ...extra })).map((h) => h.entry.entry_id);

beforeAll(async () => {
  dir = initRepo();
  b = await openTestBrain(dir, { projectId: 'demo' });
  await b.init();
  ids.titled = await add('decision', { title: 'Adopt Kubernetes for deployment', rationale: 'Scheduling containers.' });
  ids.rationaled = await add('decision', { title: 'Pick an orchestrator', rationale: 'Kubernetes is what the team knows.' });
  ids.tagged = await add('risk', { title: 'Cluster upgrades break jobs', tags: ['kubernetes'], payload: { likelihood: 'low', impact: 'high' } });
  ids.payload = await add('open_question', { title: 'Which registry?', payload: { answer: 'We mirror the Zeppelin images.' } });
  ids.cafe = await add('decision', { title: 'Café ordering service', rationale: 'Naïve approach first.' });
});

afterAll(async () => {
  await b.close();
  cleanupTempDirs();
});

describe('search in the projection', () => {
  it('ranks title hits above tag hits above rationale hits; the best hit scores 1, all in [0, 1]', async () => {
    const hits = await b.search({ query: 'kubernetes' });
    expect(hits.map((h) => h.entry.entry_id)).toEqual([ids.titled, ids.tagged, ids.rationaled]);
    expect(hits[0]!.relevance_score).toBe(1);
    for (const h of hits) expect(h.relevance_score).toBeGreaterThan(0);
    for (const h of hits) expect(h.relevance_score).toBeLessThanOrEqual(1);
  });

  it('matches every word as a prefix, the hits holding more words first; strings inside the payload count', async () => {
    const kubeDeploy = await found('kube deploy');
    expect(kubeDeploy[0]).toBe(ids.titled); // the only hit holding both words
    expect(new Set(kubeDeploy.slice(1))).toEqual(new Set([ids.tagged, ids.rationaled]));
    expect(await found('zeppel')).toEqual([ids.payload]);
    expect((await found('zeppelin deployment')).sort()).toEqual([ids.payload, ids.titled].sort());
    expect(await found('cafe naive')).toEqual([ids.cafe]); // diacritics folded both ways
    expect(await found('CAFÉ')).toEqual([ids.cafe]);
  });

  it('ranks in the FTS5 index alone, then looks up only the ranked rows (no scan of entries); filters by kind; limits', async () => {
    expect(await found('kubernetes', { kind: 'risk' })).toEqual([ids.tagged]); // a search in place: its SQL function registered
    const plan = (sql: string, ...params: unknown[]) => (b.db().prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    expect(plan(RANK_SQL.rank, '"x"*', 20)[0]).toMatch(/^SCAN entry_search_fts VIRTUAL TABLE/);
    expect(plan(RANK_SQL.bound, '"x"*', 20)[0]).toMatch(/^SCAN entry_search_fts VIRTUAL TABLE/);
    expect(plan(DOC_SQL, 1)).toEqual([expect.stringMatching(/^SEARCH entry_search USING INTEGER PRIMARY KEY/)]);
    expect(await found('kubernetes', { kind: 'blocker' })).toEqual([]);
    expect(await found('kubernetes', { limit: 1 })).toEqual([ids.titled]);
  });

  it('tolerates typos only when a word matches nothing: kubernets, kubernetse, zepelin', async () => {
    expect((await found('kubernets'))[0]).toBe(ids.titled);
    expect((await found('kubernetse'))[0]).toBe(ids.titled);
    expect(await found('zepelin')).toEqual([ids.payload]);
    expect(await found('orchestrater')).toEqual([ids.rationaled]);
    expect(await found('xyzzy')).toEqual([]);
    expect(await found('kub')).toHaveLength(3); // short: a prefix, never fuzzy
  });

  it('treats query text as words only: FTS5 syntax in any form returns results or invalid_argument, never an SQLite error', async () => {
    const hostile = ['"', '""', 'kubernetes"', '"kubernetes', '*', 'kube*', '-kubernetes', 'NOT kubernetes', 'kubernetes NEAR(deployment, 2)', 'NEAR', 'AND', 'OR OR',
      'title:kubernetes', '{title}: x', '^kubernetes', '(kubernetes', 'kubernetes)', ')(', "'; DROP TABLE current; --", 'a'.repeat(5000), 'x\u0000y', '💥 kubernetes', 'kubernetes + deployment'];
    for (const query of hostile) {
      try {
        const hits = await b.search({ query });
        expect(Array.isArray(hits), query).toBe(true);
      } catch (err) {
        expect(err, query).toBeInstanceOf(BrainError);
        expect((err as BrainError).code, query).toBe('invalid_argument');
      }
    }
    expect(await found('title:kubernetes')).toEqual(await found('title kubernetes')); // no column filter: two words
    for (const query of ['*', '"', '()', ' - : ']) {
      await expect(b.search({ query }), query).rejects.toMatchObject({ code: 'invalid_argument', hint: expect.any(String) });
    }
    expect((await found('kubernetes')).length).toBe(3); // nothing was dropped
  });

  it('searches one project: another project in the same branch has its own hits', async () => {
    const other = await openTestBrain(dir, { projectId: 'other' });
    try {
      const otherId = (await other.writes.append({ kind: 'decision', fields: { title: 'Kubernetes elsewhere' } as never })).entry.entry_id;
      expect(await found('elsewhere')).toEqual([]);
      expect(await found('kubernetes elsewhere')).toHaveLength(3); // AND finds nothing here: any word, this project only
      expect((await other.search({ query: 'kubernetes' })).map((h) => h.entry.entry_id)).toEqual([otherId]);
      expect((await other.search({ query: 'kubernets' })).map((h) => h.entry.entry_id)).toEqual([otherId]);
    } finally {
      await other.close();
    }
  });

  it('finds a project\'s hits under many better hits of another project, and breaks score ties by entry id at the limit', async () => {
    const other = await openTestBrain(dir, { projectId: 'crowd' });
    try {
      // 90 title hits in another project outrank the one rationale hit here: ranking the whole
      // index must keep widening until this project's hit is reached.
      for (let i = 0; i < 90; i++) await other.writes.append({ kind: 'decision', fields: { title: `Narwhal plan ${i}` } as never });
      const mine = await add('decision', { title: 'A plain title', rationale: 'The narwhal migration waits.' });
      expect(await found('narwhal')).toEqual([mine]);
      // Identical documents tie on score: the first N by entry id, whatever N is.
      const twins = [] as string[];
      for (let i = 0; i < 5; i++) twins.push(await add('risk', { title: 'Ocelot twin', payload: { likelihood: 'low', impact: 'low' } }));
      twins.sort();
      expect(await found('ocelot')).toEqual(twins);
      for (const n of [1, 2, 4]) expect(await found('ocelot', { limit: n })).toEqual(twins.slice(0, n));
    } finally {
      await other.close();
    }
  });

  it('follows revisions and deletions, and equals a full rebuild with a sound FTS5 index', async () => {
    const id = await add('blocker', { title: 'Flaky quokka runner' });
    expect(await found('quokka')).toEqual([id]);
    await b.writes.revise({ entryId: id, fields: { title: 'Flaky wombat runner' } as never });
    expect(await found('quokka')).toEqual([]);
    expect(await found('wombat')).toEqual([id]);
    const files = branchFiles(dir, dirOf({ project_id: 'demo', entry_kind: 'blocker', entry_id: id }));
    expect(files.length).toBeGreaterThan(1);
    handCommit(dir, Object.fromEntries(files.map((f) => [f, null])), 'hand: delete an entry');
    expect(await found('wombat')).toEqual([]);
    const scratchDir = tempDir('brain-scratch-');
    const scratch = openCache(join(scratchDir, 'scratch.sqlite')).db;
    try {
      await refreshCache({ db: scratch, reader: await b.reader(), tip: b.store.tip(), full: true });
      const rows = (db: typeof scratch) => db.prepare(`${comparableRowsSql('entry_search')} ORDER BY entry_id`).all();
      expect(rows(b.db())).toEqual(rows(scratch));
      expect(searchIndexProblem(b.db())).toBeNull();
      expect(searchIndexProblem(scratch)).toBeNull();
    } finally {
      scratch.close();
      rmSync(scratchDir, { recursive: true, force: true });
    }
  });
});

describe('plain questions (issue #18)', () => {
  let q: Brain;
  let e: PlainQuestionIds;
  const ask = async (query: string) => (await q.search({ query })).map((h) => h.entry.entry_id);

  beforeAll(async () => {
    q = await openTestBrain(initRepo(), { projectId: 'questions' });
    await q.init();
    e = await seedPlainQuestions(q);
  });
  afterAll(() => q.close());

  it('stems words: "policies" finds "Retention policy", "backups" "Backup Strategy" (stop words dropped)', async () => {
    expect(await ask('policies')).toEqual([e.policy]);
    expect(await ask('what are our retention policies?')).toEqual([e.policy]);
    expect(await ask('backups')).toEqual([e.backup]);
    expect((await ask('how do we do backups'))[0]).toBe(e.backup);
  });

  it('treats a question as a question: stop words need not match, any word may; the entry in force first', async () => {
    expect((await ask('which languages do we use')).slice(0, 2)).toEqual([e.languages, e.langOld]);
    // "kotlin" and "python": no entry holds both; the one holding either is found.
    expect(await ask('kotlin or python')).toEqual([e.languages]);
  });

  it('ranks a hit by its words and by the share of the question it holds: an entry about two of three words above one holding all three in passing', async () => {
    expect((await ask('how do idle heartbeats work')).slice(0, 2)).toEqual([e.idle, e.notes]);
    expect((await ask('idle heartbeats')).slice(0, 2)).toEqual([e.idle, e.notes]);
  });

  it('ranks the entry in force above a superseded one of comparable relevance, not above one that matches much better', async () => {
    expect((await ask('postgresql database')).slice(0, 2)).toEqual([e.pgNew, e.pgOld]);
    expect((await ask('redis')).slice(0, 2)).toEqual([e.redisOld, e.redisNew]);
  });

  it('ranks an entry whose title names the question\'s words above one repeating them in its body (decision 0047)', async () => {
    expect((await ask('how are old runs cleaned up')).slice(0, 2)).toEqual([e.cleanup, e.design]);
  });

  it('ranks a hit holding adjacent query words as a phrase above one holding them apart', async () => {
    expect((await ask('ingress controller')).slice(0, 2)).toEqual([e.phrase, e.apart]);
  });

  it('a question of stop words only still searches for its words; a query without words is still invalid_argument', async () => {
    expect(await ask('for the')).toContain(e.pgNew); // "for the main database"
    await expect(q.search({ query: ' ?! ' })).rejects.toMatchObject({ code: 'invalid_argument' });
  });

  it('keeps typo tolerance over stems: "databse", "snapshts"; relevance never rises down the list, the first is the share of the words it holds', async () => {
    expect(await ask('databse')).toEqual(expect.arrayContaining([e.pgNew, e.pgOld, e.redisNew]));
    expect((await ask('snapshts'))[0]).toBe(e.backup);
    expect((await q.search({ query: 'sessions' }))[0]!.relevance_score).toBe(1);
    // "database", "use", "sessions": no entry holds all three (decision 0047: the score is absolute enough to say so).
    const hits = await q.search({ query: 'which database do we use for sessions' });
    expect(hits[0]!.relevance_score).toBe(0.666667);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.relevance_score).toBeLessThanOrEqual(hits[i - 1]!.relevance_score);
    expect(hits.every((h) => h.relevance_score > 0)).toBe(true);
  });
});
