/**
 * Issue 21 (docs/decisions/0059): a top-20 search costs the hits it returns, not a pass per head
 * size over every match. Counted, never timed: the FTS5 ranking passes, the rows looked up after
 * ranking and the current entries read, for a page of 20 out of 600 matches — checked against
 * every match scored by the same rules (the page must be the exact one).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { deriveEntryId } from '../../../src/model/entry-id.js';
import { openCache, type CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { searchEntries } from '../../../src/projection/sqlite/search.js';
import { coordination } from '../../../src/search/coordination.js';
import { titleFactor } from '../../../src/search/title-match.js';
import { statusWeight } from '../../../src/search/in-force.js';
import type { Brain } from '../../../src/service.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { makeEntry } from '../../helpers/plain-git.js';

const MATCHES = 600;
let dir: string;
let b: Brain;

/** Statement executions by what they do, and the MATCH expressions ranked and held: `db.prepare` wrapped, the database real. */
function counting(db: CacheDb) {
  const tally = { rank: 0, byBound: 0, docLookups: 0, currentReads: 0, ranked: [] as string[], held: [] as string[] };
  const prepare = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => {
    const statement = prepare(sql);
    const kind = /ORDER BY/.test(sql) && /MATCH/.test(sql) ? 'rank' : /^SELECT rowid FROM entry_search_fts WHERE entry_search_fts MATCH \?$/.test(sql) ? 'held'
      : /FROM entry_search WHERE doc = \?/.test(sql) ? 'docLookups' : /FROM current c WHERE c\.entry_id = \?/.test(sql) ? 'currentReads' : null;
    const proxy: Database.Statement = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        if (key === 'raw' || key === 'pluck') return (...args: unknown[]) => (value.apply(target, args), proxy);
        if ((key === 'all' || key === 'get') && kind !== null) {
          return (...args: unknown[]) => {
            if (kind === 'held') tally.held.push(String(args[0]));
            else tally[kind]++;
            if (kind === 'rank') tally.ranked.push(String(args[0]));
            if (kind === 'rank' && sql.includes('brain_search_factor')) tally.byBound++;
            return value.apply(target, args);
          };
        }
        return value.bind(target);
      },
    });
    return proxy;
  };
  return tally;
}

beforeAll(async () => {
  dir = initRepo();
  b = await openTestBrain(dir, { projectId: 'demo' });
  await b.init();
  // Every entry holds "zebra" (in the title of one in three, repeated 1–5 times in rationales of
  // varied length: BM25 spreads them); one in five holds "quokka"; one in four is superseded;
  // three hold "ocelot lynx" too, in the title (the best factor of "zebra ocelot lynx", 2, is theirs).
  await b.store.transact({ projectId: 'demo', identity: b.identity() }, async (tx) => {
    for (let i = 0; i < MATCHES; i++) {
      const rationale = `${'zebra '.repeat(1 + (i % 5))}${i % 5 === 0 ? 'quokka ' : ''}${'filler words about herds '.repeat(1 + (i % 7))}`;
      const { revision: _r, ...entry } = makeEntry({
        kind: 'decision', projectId: 'demo', entryId: deriveEntryId('decision', `search-work/${i}`),
        title: i % 200 === 1 ? `Zebra ocelot lynx ${i}` : i % 3 === 0 ? `Zebra crossing ${i}` : `Crossing ${i}`,
        fields: { rationale, status: i % 4 === 0 ? 'superseded' : 'accepted' },
      });
      await tx.put(entry);
    }
    return { message: 'search work: seed', value: null };
  });
  await b.refresh();
});

afterAll(async () => {
  await b.close();
  cleanupTempDirs();
});

/** Every match of `expression` scored by the rules of src/search: the page an exact search must return. */
function everyMatchScored(db: CacheDb, expression: string, words: string[], limit: number): string[] {
  const rows = (held: string) => new Set(db.prepare('SELECT rowid FROM entry_search_fts WHERE entry_search_fts MATCH ?').pluck().all(held) as number[]);
  const holding = words.map(rows);
  const titled = words.map((w) => rows(`title : ${w}`));
  const all = db.prepare('SELECT s.doc AS doc, s.entry_id AS entry_id, s.status AS status, bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS bm25 FROM entry_search_fts JOIN entry_search s ON s.doc = entry_search_fts.rowid WHERE entry_search_fts MATCH ?').all(expression) as { doc: number; entry_id: string; status: string; bm25: number }[];
  return all
    .map((r) => {
      const held = words.length > 1 ? holding.filter((h) => h.has(r.doc)).length : 1;
      const factor = coordination(held, words.length) * titleFactor(titled.filter((t) => t.has(r.doc)).length, words.length);
      return { entry_id: r.entry_id, score: r.bm25 * factor * statusWeight(r.status) };
    })
    .sort((x, y) => x.score - y.score || (x.entry_id < y.entry_id ? -1 : 1))
    .slice(0, limit)
    .map((r) => r.entry_id);
}

describe('search work (issue 21)', () => {
  it(`a page of 20 out of ${MATCHES} matches: one or two ranking passes (over the rows holding every word when they settle it), a lookup per row that can reach the page, the exact page`, () => {
    const handle = openCache(join(dir, '.git', 'brain', 'cache.sqlite'));
    try {
      const tally = counting(handle.db);
      // [query, words, ranking passes (AND: over the rows holding every word), of which by the bound]: "zebra
      // quokka" is settled by the 120 rows holding both words (no other row can reach its 20th score); for "zebra
      // ocelot lynx" (3 rows hold all three) the 20th score does not beat the BM25 head's last × 2, so a second
      // pass ranks by the bound.
      for (const [query, words, passes, byBound] of [['zebra quokka', 2, ['AND'], 0], ['zebra', 1, ['OR'], 0], ['zebra ocelot lynx', 3, ['OR', 'OR'], 1]] as const) {
        Object.assign(tally, { rank: 0, byBound: 0, docLookups: 0, ranked: [], held: [] });
        const page = searchEntries(handle.db, { query, projectId: 'demo', limit: 20 }).map((h) => h.entry_id);
        // The word expressions: the title passes' (one word: only those run).
        const wordExpressions = tally.held.filter((e) => e.startsWith('title : ')).map((e) => e.slice('title : '.length));
        expect(wordExpressions, query).toHaveLength(words);
        expect(tally.ranked, query).toEqual(passes.map((op) => wordExpressions.join(` ${op} `)));
        expect(tally.byBound, query).toBe(byBound);
        expect(tally.docLookups, query).toBeLessThanOrEqual(40);
        expect(page, query).toEqual(everyMatchScored(handle.db, wordExpressions.join(' OR '), wordExpressions, 20));
      }
    } finally {
      handle.db.close();
    }
  });

  it('reads the current entry (its payload) of the hits returned only', async () => {
    const tally = counting(b.db());
    const hits = await b.search({ query: 'zebra quokka' });
    expect(hits).toHaveLength(20);
    expect(tally.currentReads).toBe(20);
  });
});
