/**
 * An entry id typed into search finds that entry (docs/decisions/0050, "An id typed into
 * search"): on a real clone, `dec-bvsd` (a unique prefix) is the first hit with score 1, then the
 * ordinary hits without it, limit kept; an ambiguous prefix, another kind or an id-like word
 * that is no id leave the ordinary search unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idQuery } from '../../src/model/entry-id.js';
import { searchEntries } from '../../src/projection/sqlite/search.js';
import type { Brain } from '../../src/service.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';

const NAMED = 'dec-bvsd7k2m1x7q';
const TWIN_A = 'dec-tw1n00000001';
const TWIN_B = 'dec-tw1n00000002';

let dir: string;
let brain: Brain;

beforeAll(async () => {
  dir = initRepo();
  brain = await openTestBrain(dir, { projectId: 'p' });
  await brain.init();
  const add = (entryId: string, title: string, rationale: string) =>
    handCommit(dir, revisionFiles(dir, makeEntry({ kind: 'decision', projectId: 'p', entryId, title, fields: { rationale } })), `add ${entryId}`);
  add(NAMED, 'Cache eviction policy', 'We evict least recently used pages.');
  add(TWIN_A, 'Decision about dec words', 'dec dec dec bvsd tw1n mentioned here');
  add(TWIN_B, 'Another dec decision', 'dec bvsd tw1n again');
  add('dec-0therentry01', 'Dec planning notes', 'dec notes');
});

afterAll(async () => {
  await brain.close();
  cleanupTempDirs();
});

/** The ordinary search (the projection's, without the id step) of `query`, as entry ids. */
const ordinary = (query: string, limit = 20) => brain.withCache(async () => searchEntries(brain.db(), { query, projectId: 'p', limit }).map((h) => h.entry_id));

describe('an entry id typed into search', () => {
  it('reads an id-shaped query as a kind prefix, a dash and 4+ id characters, nothing else', () => {
    expect(idQuery(' DEC-BVSD ')).toBe('dec-bvsd');
    expect(idQuery(NAMED)).toBe(NAMED);
    for (const q of ['dec-bvs', 'dec-', 'bvsd', 'foo-bvsd', 'dec-bv sd', 'dec bvsd', 'dec-bvsd!']) expect(idQuery(q), q).toBeNull();
  });

  it('puts the entry a unique prefix or a full id names first with score 1, then the ordinary hits without it', async () => {
    for (const query of ['dec-bvsd', 'DEC-BVSD7K', NAMED]) {
      const hits = await brain.search({ query });
      expect(hits[0]?.entry.entry_id, query).toBe(NAMED);
      expect(hits[0]?.relevance_score).toBe(1);
      expect(hits.slice(1).map((h) => h.entry.entry_id)).toEqual((await ordinary(query)).filter((id) => id !== NAMED));
    }
    expect((await ordinary('dec-bvsd'))[0]).not.toBe(NAMED); // what the newcomer got
  });

  it('keeps the limit', async () => {
    const hits = await brain.search({ query: 'dec-bvsd', limit: 2 });
    expect(hits.map((h) => h.entry.entry_id)).toEqual([NAMED, (await ordinary('dec-bvsd', 2)).find((id) => id !== NAMED)]);
  });

  it('leaves the ordinary search unchanged for an ambiguous prefix, another kind or no such entry', async () => {
    const ids = async (query: string, kind?: string) => (await brain.search({ query, ...(kind ? { kind } : {}) })).map((h) => h.entry.entry_id);
    expect(await ids('dec-tw1n')).toEqual(await ordinary('dec-tw1n'));
    expect(await ids('dec-zzzz')).toEqual(await ordinary('dec-zzzz'));
    expect(await ids('dec-bvsd', 'risk')).toEqual([]);
    expect(await ids('dec-bvsd', 'decision')).toContain(NAMED);
    expect((await ids('dec-bvsd', 'decision'))[0]).toBe(NAMED);
  });
});
