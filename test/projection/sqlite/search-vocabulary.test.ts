/**
 * The typo fallback's vocabulary at scale (docs/decisions/0059, "Typo vocabulary at scale").
 * Counted, never timed: a handle reads the whole FTS5 vocabulary (a walk of every doclist) once,
 * not once per write (again only after a bulk write), and a correctly spelt word the index
 * holds never enters the typo path; the alternatives stay those of a whole read (a fresh
 * handle), as words come and go.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { openCache, type CacheDb } from '../../../src/projection/sqlite/open-cache.js';
import { planWords } from '../../../src/projection/sqlite/search-words.js';
import type { Brain } from '../../../src/service.js';
import { deriveEntryId } from '../../../src/model/entry-id.js';
import { openTestBrain } from '../../helpers/brain.js';
import { makeEntry } from '../../helpers/plain-git.js';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';

let dir: string;
let b: Brain;
/** Executions of the whole-vocabulary read and of the search-row reads that tokenize new rows. */
const tally = { wholeReads: 0, rowReads: 0 };

/** Counts statement executions on `db` (`db.prepare` wrapped, the database real). */
function counting(db: CacheDb): void {
  const prepare = db.prepare.bind(db);
  (db as { prepare: unknown }).prepare = (sql: string) => {
    const statement = prepare(sql);
    const kind = /^SELECT term(, doc)? FROM entry_search_vocab$/.test(sql) ? 'wholeReads' : /^SELECT title, tags, payload_text, rationale FROM entry_search WHERE doc = \?$/.test(sql) ? 'rowReads' : null;
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
}

const add = async (title: string, rationale = 'Measured on the staging cluster.') => (await b.writes.append({ kind: 'decision', fields: { title, rationale } as never })).entry.entry_id;

/** The alternatives of each of `words` in `db` (after a search brought the projection to the tip). */
async function alternatives(db: CacheDb, words: string[]): Promise<Record<string, string[]>> {
  await b.search({ query: 'cache' });
  return Object.fromEntries([...planWords(db, words)].map(([w, plan]) => [w, plan.alternatives]));
}

/** The same from a new handle on the same file: a whole read of the vocabulary. */
function fromWholeRead(words: string[]): Record<string, string[]> {
  const { db } = openCache(join(dir, '.git', 'brain', 'cache.sqlite'));
  try {
    return Object.fromEntries([...planWords(db, words)].map(([w, plan]) => [w, plan.alternatives]));
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  dir = initRepo();
  b = await openTestBrain(dir, { projectId: 'demo' });
  await b.init();
  counting(b.db());
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
    expect(tally).toEqual({ wholeReads: 0, rowReads: 0 });
  });

  it('is read whole once, not once per write, and offers what a whole read offers', async () => {
    expect((await alternatives(b.db(), ['databse'])).databse).toEqual(['databas']);
    expect(tally.wholeReads).toBe(1);
    const animals = ['wombat', 'platypus', 'echidna', 'numbat', 'bilby'];
    const typos = ['wombta', 'platpyus', 'echidan', 'numbta', 'bilbyy'];
    const ids: string[] = [];
    for (const [i, animal] of animals.entries()) {
      ids.push(await add(`Adopt the ${animal} scheduler`));
      const found = await alternatives(b.db(), [typos[i]!, 'databse']);
      expect(found).toEqual(fromWholeRead([typos[i]!, 'databse']));
      expect(found[typos[i]!]!.length).toBeGreaterThan(0);
    }
    // A word whose last entry lost it is offered no more.
    await b.writes.revise({ entryId: ids[0]!, fields: { title: 'Adopt the koala scheduler' } as never });
    const after = await alternatives(b.db(), ['wombta', 'kaola']);
    expect(after).toEqual(fromWholeRead(['wombta', 'kaola']));
    expect(after).toEqual({ wombta: [], kaola: ['koala'] });
    expect(tally.wholeReads).toBe(1);
    expect(tally.rowReads).toBe(animals.length + 1);
  });

  it('is read whole again after a bulk write, where tokenizing every new row would cost more', async () => {
    const before = { ...tally };
    await b.store.transact({ projectId: 'demo', identity: b.identity() }, async (tx) => {
      for (let i = 0; i < 120; i++) {
        const { revision: _r, ...entry } = makeEntry({ kind: 'decision', projectId: 'demo', entryId: deriveEntryId('decision', `bulk/${i}`), title: `Bulk ${i} marmoset` });
        await tx.put(entry);
      }
      return { message: 'search vocabulary: bulk', value: null };
    });
    const found = await alternatives(b.db(), ['marmost', 'databse']);
    expect(found).toEqual(fromWholeRead(['marmost', 'databse']));
    expect(found.marmost).toEqual(['marmoset']);
    expect(tally).toEqual({ wholeReads: before.wholeReads + 1, rowReads: before.rowReads });
  });
});
