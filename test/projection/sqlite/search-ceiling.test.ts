/**
 * Issue 21 (docs/decisions/0072): a search ranks the rows holding every word first and keeps that
 * page only when no row lacking a word can reach it — by a BM25 ceiling per phrase
 * (src/projection/sqlite/search-ceiling.ts). Real FTS5 scores on a real cache: the ceiling is never
 * under a score, and a row lacking a word that outranks the rows holding all of them (a short
 * title hit) is found — where a page of the rows holding every word would have lost it.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveEntryId } from '../../../src/model/entry-id.js';
import { openCache, type CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { searchEntries } from '../../../src/projection/sqlite/search.js';
import { ceilingByWordsHeld, indexRowCount, phraseCeilings, phraseStats, type Phrase } from '../../../src/projection/sqlite/search-ceiling.js';
import { coordination } from '../../../src/search/coordination.js';
import { titleFactor } from '../../../src/search/title-match.js';
import { statusWeight } from '../../../src/search/in-force.js';
import type { Brain } from '../../../src/service.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { makeEntry } from '../../helpers/plain-git.js';

let dir: string;
let b: Brain;
const LONE = deriveEntryId('decision', 'search-ceiling/lone');

beforeAll(async () => {
  dir = initRepo();
  b = await openTestBrain(dir, { projectId: 'demo' });
  await b.init();
  // 60 long entries hold "alpha beta" once (BM25 low: long bodies), 200 hold neither (so both words
  // have a real IDF), 150 only "beta", a few hold "alpha beta" adjacent and often; one short entry
  // holds only "alpha", in its title and body: its coordination halves it, its title factor triples it.
  await b.store.transact({ projectId: 'demo', identity: b.identity() }, async (tx) => {
    const put = async (key: string, title: string, rationale: string, status: 'accepted' | 'superseded' = 'accepted') => {
      const { revision: _r, ...entry } = makeEntry({ kind: 'decision', projectId: 'demo', entryId: deriveEntryId('decision', `search-ceiling/${key}`), title, fields: { rationale, status } });
      await tx.put(entry);
    };
    for (let i = 0; i < 60; i++) await put(`both-${i}`, `Crossing ${i}`, `alpha ${'filler words '.repeat(1 + (i % 3))}beta ${'more text '.repeat(i % 5)}`, i % 4 === 0 ? 'superseded' : 'accepted');
    for (let i = 0; i < 200; i++) await put(`none-${i}`, `Gamma ${i}`, `gamma delta ${'other words '.repeat(1 + (i % 6))}`);
    // Rows holding one word only, so that those holding both are under a third of the matches (the search tries them first).
    for (let i = 0; i < 150; i++) await put(`beta-${i}`, `Beta only ${i}`, `beta ${'long tail words '.repeat(10 + (i % 7))}`);
    for (let i = 0; i < 3; i++) await put(`pair-${i}`, `Pair ${i}`, 'alpha beta alpha beta alpha beta');
    await put('lone', 'Alpha', 'alpha alpha alpha alpha');
    return { message: 'search ceiling: seed', value: null };
  });
  await b.refresh();
});

afterAll(async () => {
  await b.close();
  cleanupTempDirs();
});

const BM25_SQL = 'SELECT rowid AS doc, bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS bm25 FROM entry_search_fts WHERE entry_search_fts MATCH ?';
const rowsOf = (db: CacheDb, expression: string) => new Set(db.prepare('SELECT rowid FROM entry_search_fts WHERE entry_search_fts MATCH ?').pluck().all(expression) as number[]);

/** The top `limit` entry ids of the matches of `expression`, every one scored by the rules of src/search (`words`: the word expressions). */
function pageOf(db: CacheDb, expression: string, words: string[], limit: number): string[] {
  const holding = words.map((w) => rowsOf(db, w));
  const titled = words.map((w) => rowsOf(db, `title : ${w}`));
  const all = db.prepare(`SELECT s.entry_id AS entry_id, s.status AS status, m.doc AS doc, m.bm25 AS bm25 FROM (${BM25_SQL}) m JOIN entry_search s ON s.doc = m.doc`).all(expression) as { entry_id: string; status: string; doc: number; bm25: number }[];
  return all
    .map((r) => ({ entry_id: r.entry_id, score: r.bm25 * coordination(holding.filter((h) => h.has(r.doc)).length, words.length) * titleFactor(titled.filter((t) => t.has(r.doc)).length, words.length) * statusWeight(r.status) }))
    .sort((x, y) => x.score - y.score || (x.entry_id < y.entry_id ? -1 : 1))
    .slice(0, limit)
    .map((r) => r.entry_id);
}

describe('BM25 ceiling (issue 21)', () => {
  it('is never under a real score: every match of every word set, its phrases held', () => {
    const handle = openCache(join(dir, '.git', 'brain', 'cache.sqlite'));
    try {
      const db = handle.db;
      expect(indexRowCount(db)).toBe(db.prepare('SELECT count(*) FROM entry_search').pluck().get());
      const phrases: Phrase[] = [
        { text: '"alpha"', needs: 1 }, { text: '"alpha beta"', needs: 3 }, { text: '"beta"', needs: 2 }, { text: '"gamma"*', needs: 4 },
      ];
      const ceilings = phraseCeilings(db, phrases, phraseStats(db).count);
      const byHeld = ceilingByWordsHeld(phrases, ceilings, 3);
      const held = phrases.map((p) => rowsOf(db, p.text));
      const scored = db.prepare(BM25_SQL).all(phrases.map((p) => p.text).join(' OR ')) as { doc: number; bm25: number }[];
      expect(scored.length).toBeGreaterThan(400);
      for (const { doc, bm25 } of scored) {
        const mine = phrases.map((_, i) => held[i]!.has(doc));
        const ceiling = ceilings.reduce((sum, c, i) => sum + (mine[i] ? c : 0), 0);
        const words = phrases.reduce((set, p, i) => set | (mine[i] ? p.needs : 0), 0);
        expect(-bm25, `row ${doc}`).toBeLessThanOrEqual(ceiling);
        expect(ceiling).toBeLessThanOrEqual(byHeld[[0, 1, 2].filter((w) => words & (1 << w)).length]!);
      }
      // The short rows come close to the ceiling: it is not loose by an order of magnitude.
      expect(Math.max(...scored.map((s) => -s.bm25)) / byHeld[3]!).toBeGreaterThan(0.3);
    } finally {
      handle.db.close();
    }
  });

  it('finds the row lacking a word that outranks the rows holding every word (the proof refuses the AND page)', () => {
    const handle = openCache(join(dir, '.git', 'brain', 'cache.sqlite'));
    try {
      const db = handle.db;
      const page = searchEntries(db, { query: 'alpha beta', projectId: 'demo', limit: 20 }).map((h) => h.entry_id);
      const words = ['("alpha" OR "alpha beta")', '"beta"'];
      // If the ceiling were wrong (or not asked), the page of the rows holding both words would be answered:
      const andPage = pageOf(db, words.join(' AND '), words, 20);
      expect(andPage).not.toContain(LONE);
      expect(page).toContain(LONE);
      expect(page).toEqual(pageOf(db, words.join(' OR '), words, 20));
      for (const limit of [1, 3, 7, 63, 100]) {
        expect(searchEntries(db, { query: 'alpha beta', projectId: 'demo', limit }).map((h) => h.entry_id), `limit ${limit}`).toEqual(pageOf(db, words.join(' OR '), words, limit));
      }
    } finally {
      handle.db.close();
    }
  });

  it('a word no row holds: the rows holding every other word first, the same page', () => {
    const handle = openCache(join(dir, '.git', 'brain', 'cache.sqlite'));
    try {
      const words = ['("alpha" OR "alpha beta")', '"beta"', '"zzqx"*'];
      for (const limit of [1, 20, 100]) {
        expect(searchEntries(handle.db, { query: 'alpha beta zzqx', projectId: 'demo', limit }).map((h) => h.entry_id), `limit ${limit}`).toEqual(pageOf(handle.db, words.join(' OR '), words, limit));
      }
    } finally {
      handle.db.close();
    }
  });
});
