/**
 * DESIGN §4 "Property tests run random operation sequences and check incremental == full
 * rebuild": random sequences of brain writes (append, revise, resolve, clear-blocker,
 * supersede) and plain-git operations on the docs branch (a hand-committed valid revision or
 * fork, a malformed file, a file deleted, the branch forced back to an earlier commit, gc with
 * and without pruning), interleaved with refreshes, reads and re-opens at random points, on an
 * in-process Brain using the cat-file reader in some runs and isomorphic-git in others. At
 * every refresh point and at the end, the live cache must equal a full rebuild from git at the
 * tip, table by table (the search documents too, and the live FTS5 index must equal them) and
 * in what `list` answers.
 *
 * Deterministic: a fixed fast-check seed (override with FC_SEED, runs with FC_RUNS).
 */
import fc from 'fast-check';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { coldBuild } from '../../../src/projection/sqlite/cold-build.js';
import { getMeta, openCache } from '../../../src/projection/sqlite/open-cache.js';
import { SEARCH_TERMS_META_KEY } from '../../../src/projection/sqlite/search-vocabulary.js';
import { listCurrent, listProblems } from '../../../src/projection/sqlite/queries.js';
import { refreshCache } from '../../../src/projection/sqlite/refresh.js';
import { DATA_TABLES, comparableRowsSql, searchIndexProblem } from '../../../src/projection/sqlite/schema.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';
import { PROJECT, World, apply, opArb, type Op, type Reader } from '../world.js';

afterAll(cleanupTempDirs);

const RUNS = Number(process.env.FC_RUNS ?? 30);
const SEED = Number(process.env.FC_SEED ?? 20_261_122);

function rows(db: ReturnType<typeof openCache>['db'], table: (typeof DATA_TABLES)[number]): string[] {
  return (db.prepare(comparableRowsSql(table)).all() as Record<string, unknown>[]).map((r) => JSON.stringify(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : 1)))).sort();
}

/**
 * The live cache (already refreshed) equals a full rebuild at the tip: every table, `list`,
 * problems; with `cold`, so does a cold build (checked at the end of each run: a cold build at
 * every refresh point tripled the test's time).
 */
async function expectCacheEqualsRebuild(w: World, when: string, cold = false): Promise<void> {
  const tip = w.brain.store.tip();
  const scratchDir = tempDir('brain-scratch-');
  const scratch = openCache(join(scratchDir, 'scratch.sqlite')).db;
  try {
    await refreshCache({ db: scratch, reader: await w.brain.reader(), tip, full: true });
    const live = w.brain.db();
    for (const table of DATA_TABLES) expect(rows(live, table), `${table} ${when}`).toEqual(rows(scratch, table));
    expect(searchIndexProblem(live), `FTS5 index ${when}`).toBeNull();
    expect(listCurrent(live, { projectId: PROJECT }), `list ${when}`).toEqual(listCurrent(scratch, { projectId: PROJECT }));
    expect(listProblems(live), `problems ${when}`).toEqual(listProblems(scratch));
    // The typo vocabulary kept by the apply path (docs/decisions/0085): a superset of the index's terms, stamped for the tip.
    const kept = new Set(live.prepare('SELECT term FROM search_terms').pluck().all() as string[]);
    const indexed = live.prepare('SELECT term FROM entry_search_vocab').pluck().all() as string[];
    expect(indexed.filter((term) => !kept.has(term)), `search_terms ${when}`).toEqual([]);
    expect(getMeta(live, SEARCH_TERMS_META_KEY), `search_terms stamp ${when}`).toBe(getMeta(live, 'projected_oid'));
    // A cold build (a fresh clone's first read: the projection written as the branch streams,
    // entry by entry; docs/decisions/0096) holds the same rows too.
    if (cold) {
      const coldPath = join(scratchDir, 'cold.sqlite');
      expect((await coldBuild({ path: coldPath, reader: await w.brain.reader(), tip })).placed, `cold build placed ${when}`).toBe(true);
      const built = openCache(coldPath).db;
      try {
        for (const table of DATA_TABLES) expect(rows(built, table), `${table} of a cold build ${when}`).toEqual(rows(scratch, table));
        expect(searchIndexProblem(built), `FTS5 index of a cold build ${when}`).toBeNull();
      } finally {
        built.close();
      }
    }
  } finally {
    scratch.close();
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

const describeOps = (ops: Op[]) => ops.map((o) => JSON.stringify(o)).join('\n  ');

describe('incremental catch-up equals a full rebuild (random operation sequences)', () => {
  it(`holds for ${RUNS} random sequences of brain writes and plain-git changes`, async () => {
    let runs = 0;
    /** What the runs exercised (checked below, so a change of generators cannot silently test less). */
    const coverage = { ops: {} as Record<string, number>, modes: {} as Record<string, number>, readers: new Set<string>(), endedWithProblems: 0, endedWithForks: 0, endedWithDuplicateIds: 0, tainted: 0 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<Reader>('cat-file', 'isomorphic-git'), fc.array(opArb, { minLength: 5, maxLength: 25 }), fc.nat(), async (reader, ops, seed) => {
        runs++;
        const w = new World(initRepo(), seed);
        w.onRefresh = (when) => expectCacheEqualsRebuild(w, when);
        w.open(await openTestBrain(w.dir, { reader, projectId: PROJECT }));
        try {
          await w.brain.init();
          for (const [i, op] of ops.entries()) {
            try {
              if (await apply(w, op)) coverage.ops[op.t] = (coverage.ops[op.t] ?? 0) + 1;
            } catch (err) {
              throw new Error(`op ${i} ${JSON.stringify(op)} failed (reader ${reader}): ${(err as Error).stack}\n  ${describeOps(ops)}`);
            }
          }
          const listed = await w.brain.list();
          coverage.readers.add(reader);
          for (const m of w.modes) coverage.modes[m] = (coverage.modes[m] ?? 0) + 1;
          const status = await w.brain.status();
          if (status.problems.length > 0) coverage.endedWithProblems++;
          if (status.forked.length > 0) coverage.endedWithForks++;
          if (w.tainted.size > 0) coverage.tainted++;
          await expectCacheEqualsRebuild(w, `at the end of\n  ${describeOps(ops)}`, true);
          if ((await w.brain.status()).problems.some((p) => p.code === 'duplicate_entry_id')) coverage.endedWithDuplicateIds++;
          const report = await w.brain.verify({ cache: true });
          expect(report.cache?.ok, `verify --cache at the end of\n  ${describeOps(ops)}`).toBe(true);
          expect((await w.brain.list()).map((r) => r.entry)).toEqual(listed.map((r) => r.entry));
          // A re-opened brain (the other reader, the cache on disk) answers the same.
          await w.brain.close();
          w.brain = await openTestBrain(w.dir, { reader: reader === 'cat-file' ? 'isomorphic-git' : 'cat-file', projectId: PROJECT });
          expect((await w.brain.list()).map((r) => r.entry)).toEqual(listed.map((r) => r.entry));
          expect((await w.brain.refresh()).mode).toBe('fresh');
        } finally {
          await w.brain.close();
          cleanupTempDirs();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    expect(runs).toBe(RUNS);
    if (RUNS >= 30) {
      expect([...coverage.readers].sort()).toEqual(['cat-file', 'isomorphic-git']);
      for (const t of ['append', 'revise', 'resolve', 'supersede', 'handValid', 'handBad', 'handCopy', 'gitDelete', 'forceBack', 'gc', 'refresh', 'read', 'reopen']) {
        expect(coverage.ops[t] ?? 0, `${t} never had an effect: ${JSON.stringify(coverage.ops)}`).toBeGreaterThan(0);
      }
      expect(coverage.modes.incremental ?? 0, JSON.stringify(coverage.modes)).toBeGreaterThan(0);
      expect(coverage.modes['full-from-unreachable'] ?? 0, JSON.stringify(coverage.modes)).toBeGreaterThan(0);
      expect(coverage.endedWithProblems).toBeGreaterThan(0);
      expect(coverage.endedWithForks).toBeGreaterThan(0);
      expect(coverage.endedWithDuplicateIds).toBeGreaterThan(0);
    }
    if (process.env.FC_VERBOSE) console.log(JSON.stringify({ ...coverage, readers: [...coverage.readers] }));
});
});
