/**
 * The typo fallback's vocabulary at scale (docs/decisions/0059 "Typo vocabulary at scale", 0085).
 * Counted, never timed: the apply path keeps `search_terms` (a superset of the FTS5 index's
 * terms) in its transaction, adding the terms of the rows it wrote and scanning the index's
 * whole vocabulary (a walk of every doclist) only on a full rebuild or a bulk write; a search —
 * in the writing handle or in a new one, as a one-shot command opens — reads that table and
 * never the index's whole vocabulary; a correctly spelt word the index holds never enters the
 * typo path; and the alternatives stay those of a whole read, as words come and go.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { openCache, setMeta, type CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { planWords } from '../../../src/projection/sqlite/search-words.js';
import { SEARCH_TERMS_META_KEY } from '../../../src/projection/sqlite/search-vocabulary.js';
import type { Brain } from '../../../src/service.js';
import { deriveEntryId } from '../../../src/model/entry-id.js';
import { openTestBrain } from '../../helpers/brain.js';
import { makeEntry } from '../../helpers/plain-git.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

/** Reads of the index's whole vocabulary by a search, reads of `search_terms`, and scans of the whole vocabulary by an apply. */
type Tally = { wholeReads: number; tableReads: number; applyScans: number };

/** Counts, on `db`, executions of the statements of {@link Tally} (`prepare` and `exec` wrapped, the database real). */
function counting(db: CacheDb): Tally {
  const tally: Tally = { wholeReads: 0, tableReads: 0, applyScans: 0 };
  const prepare = db.prepare.bind(db);
  const exec = db.exec.bind(db);
  (db as { exec: unknown }).exec = (sql: string) => {
    if (/SELECT term FROM entry_search_vocab/.test(sql)) tally.applyScans++;
    return exec(sql);
  };
  (db as { prepare: unknown }).prepare = (sql: string) => {
    const statement = prepare(sql);
    const kind = /^SELECT term(, doc)? FROM entry_search_vocab$/.test(sql) ? 'wholeReads' : /^SELECT term FROM search_terms$/.test(sql) ? 'tableReads' : null;
    if (kind === null) return statement;
    const proxy: Database.Statement = new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== 'function') return value;
        if (key === 'raw' || key === 'pluck') return (...args: unknown[]) => (value.apply(target, args), proxy);
        if (key === 'all' || key === 'get') return (...args: unknown[]) => (tally[kind]++, value.apply(target, args));
        return value.bind(target);
      },
    });
    return proxy;
  };
  return tally;
}

const cachePath = () => join(dir, '.git', 'brain', 'cache.sqlite');

/** The alternatives of each of `words` in a new handle on the cache file (a one-shot command's), with what it read. */
function fromNewHandle(words: string[]): { found: Record<string, string[]>; tally: Tally } {
  const { db } = openCache(cachePath());
  try {
    const tally = counting(db);
    return { found: Object.fromEntries([...planWords(db, words)].map(([w, plan]) => [w, plan.alternatives])), tally };
  } finally {
    db.close();
  }
}

/** The same from the index's whole vocabulary: a copy of the cache whose `search_terms` is marked out of step. */
function fromWholeRead(words: string[]): Record<string, string[]> {
  const copy = join(tempDir('brain-vocab-'), 'copy.sqlite');
  const { db: live } = openCache(cachePath());
  live.exec(`VACUUM INTO '${copy}'`);
  live.close();
  const { db } = openCache(copy);
  try {
    setMeta(db, SEARCH_TERMS_META_KEY, 'out of step');
    const tally = counting(db);
    const found = Object.fromEntries([...planWords(db, words)].map(([w, plan]) => [w, plan.alternatives]));
    expect(tally.wholeReads).toBe(1);
    return found;
  } finally {
    db.close();
    rmSync(copy, { force: true });
  }
}

let dir: string;
let b: Brain;
/** What the writing handle read and scanned. */
let tally: Tally;

const add = async (title: string, rationale = 'Measured on the staging cluster.') => (await b.writes.append({ kind: 'decision', fields: { title, rationale } as never })).entry.entry_id;

/** The alternatives of each of `words` in `db` (after a search brought the projection to the tip). */
async function alternatives(db: CacheDb, words: string[]): Promise<Record<string, string[]>> {
  await b.search({ query: 'cache' });
  return Object.fromEntries([...planWords(db, words)].map(([w, plan]) => [w, plan.alternatives]));
}

beforeAll(async () => {
  dir = initRepo();
  b = await openTestBrain(dir, { projectId: 'demo' });
  await b.init();
  tally = counting(b.db());
  await add('Invalidate the cache on every write', 'A timeout of five seconds, then the database retries.');
});

afterAll(async () => {
  await b.close();
  cleanupTempDirs();
});

describe('the typo vocabulary', () => {
  it('never enters the typo path for a correctly spelt word the index holds', async () => {
    const words = ['invalidation', 'timeout', 'database', 'cache'];
    expect(await alternatives(b.db(), words)).toEqual({ invalidation: [], timeout: [], database: [], cache: [] });
    expect({ wholeReads: tally.wholeReads, tableReads: tally.tableReads }).toEqual({ wholeReads: 0, tableReads: 0 });
    expect(fromNewHandle(words)).toEqual({ found: { invalidation: [], timeout: [], database: [], cache: [] }, tally: { wholeReads: 0, tableReads: 0, applyScans: 0 } });
  });

  it('is read from search_terms by a new handle (a one-shot command), never from the whole index, and offers what a whole read offers', () => {
    const { found, tally: read } = fromNewHandle(['databse']);
    expect(found.databse).toEqual(['databas']);
    expect(found).toEqual(fromWholeRead(['databse']));
    expect(read).toEqual({ wholeReads: 0, tableReads: 1, applyScans: 0 });
  });

  it('is kept by each write without a scan of the index, and offers what a whole read offers as words come and go', async () => {
    const scans = tally.applyScans;
    expect((await alternatives(b.db(), ['databse'])).databse).toEqual(['databas']);
    const animals = ['wombat', 'platypus', 'echidna', 'numbat', 'bilby'];
    const typos = ['wombta', 'platpyus', 'echidan', 'numbta', 'bilbyy'];
    const ids: string[] = [];
    for (const [i, animal] of animals.entries()) {
      ids.push(await add(`Adopt the ${animal} scheduler`));
      const found = await alternatives(b.db(), [typos[i]!, 'databse']);
      expect(found).toEqual(fromWholeRead([typos[i]!, 'databse']));
      expect(fromNewHandle([typos[i]!, 'databse']).found).toEqual(found);
      expect(found[typos[i]!]!.length).toBeGreaterThan(0);
    }
    // A word whose last entry lost it is offered no more.
    await b.writes.revise({ entryId: ids[0]!, fields: { title: 'Adopt the koala scheduler' } as never });
    const after = await alternatives(b.db(), ['wombta', 'kaola']);
    expect(after).toEqual(fromWholeRead(['wombta', 'kaola']));
    expect(fromNewHandle(['wombta', 'kaola']).found).toEqual(after);
    expect(after).toEqual({ wombta: [], kaola: ['koala'] });
    expect(tally.applyScans).toBe(scans);
    expect(tally.wholeReads).toBe(0);
  });

  it('is filled by one scan of the index after a bulk write, where tokenizing every new row would cost more', async () => {
    const scans = tally.applyScans;
    await b.store.transact({ projectId: 'demo', identity: b.identity() }, async (tx) => {
      for (let i = 0; i < 120; i++) {
        const { revision: _r, ...entry } = makeEntry({ kind: 'decision', projectId: 'demo', entryId: deriveEntryId('decision', `bulk/${i}`), title: `Bulk ${i} marmoset` });
        await tx.put(entry);
      }
      return { message: 'search vocabulary: bulk', value: null };
    });
    const found = await alternatives(b.db(), ['marmost', 'databse']);
    expect(found).toEqual(fromWholeRead(['marmost', 'databse']));
    expect(fromNewHandle(['marmost', 'databse']).found).toEqual(found);
    expect(found.marmost).toEqual(['marmoset']);
    expect(tally.applyScans).toBe(scans + 1);
    expect(tally.wholeReads).toBe(0);
  });

  it('is filled from the index by a full rebuild', async () => {
    const scans = tally.applyScans;
    await b.refresh({ full: true });
    expect(tally.applyScans).toBe(scans + 1);
    expect(fromNewHandle(['marmost', 'kaola']).found).toEqual(fromWholeRead(['marmost', 'kaola']));
  });
});
