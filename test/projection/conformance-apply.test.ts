/**
 * Conformance, apply half (issue #11; DESIGN §4 "incremental == full rebuild"): on every
 * projection backend, random sequences of brain writes and plain-git changes (malformed
 * files, forks, deletions, the branch forced back past the projected commit, gc) are projected
 * incrementally at random points; at each point and at the end the backend's snapshot equals
 * a full rebuild on the same backend AND a full rebuild by the reference SQLite projection —
 * so both backends hold the same current state, revisions, ledger lines, problems and
 * candidates (issue #20: proposals, approvals, rejections, bad and deleted candidate files) — and
 * `verify` passes. Deterministic: a fixed fast-check seed (FC_SEED, FC_RUNS).
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProjectionBackend, ProjectionSnapshot } from '../../src/projection/backend.js';
import { createSqliteProjection } from '../../src/projection/sqlite/sqlite-projection.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../helpers/git.js';
import { BACKENDS, stopBackends } from './backends.js';
import { PROJECT, World, apply, opArb, type Op } from './world.js';

afterAll(async () => {
  await stopBackends();
  cleanupTempDirs();
});

const RUNS = Number(process.env.FC_RUNS ?? 12);
const SEED = Number(process.env.FC_SEED ?? 20_261_122);

/** A snapshot with the repository name left out, to compare two repositories' projections. */
const neutral = (s: ProjectionSnapshot) => ({
  ...s,
  current: s.current.map(({ repo: _r, ...row }) => row),
  revisions: s.revisions.map(({ repo: _r, ...key }) => key),
  problems: s.problems.map(({ repo: _r, ...p }) => p),
  candidates: s.candidates.map(({ repo: _r, ...c }) => c),
});

describe.each(BACKENDS)('projection conformance on $name: incremental == full rebuild == the SQLite reference', (under) => {
  it(`holds for ${RUNS} random sequences of brain writes and plain-git changes`, async () => {
    const backend: ProjectionBackend = await under.open();
    const reference = createSqliteProjection({ dir: tempDir('brain-reference-') });
    let run = 0;
    const modes = new Set<string>();
    const candidateStates = new Set<string>();
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 20 }), fc.nat(), async (ops, seed) => {
          const repo = `r${++run}`;
          const w = new World(initRepo(), seed);
          w.open(await openTestBrain(w.dir, { projectId: PROJECT }));
          const check = async (when: string) => {
            const reader = await w.brain.reader();
            const tip = w.brain.store.tip();
            const result = await backend.refresh({ repo, reader, tip });
            modes.add(result.mode);
            await backend.refresh({ repo: `${repo}-full`, reader, tip, full: true });
            await reference.refresh({ repo, reader, tip, full: true });
            const live = neutral(await backend.snapshot(repo));
            expect(live.projected_oid, `projected oid ${when}`).toBe(tip);
            for (const c of live.candidates) candidateStates.add(c.candidate.status);
            expect(live, `incremental vs full rebuild ${when}`).toEqual(neutral(await backend.snapshot(`${repo}-full`)));
            expect(live, `${under.name} vs the SQLite reference ${when}`).toEqual(neutral(await reference.snapshot(repo)));
          };
          w.onRefresh = check;
          const describeOps = (list: Op[]) => list.map((o) => JSON.stringify(o)).join('\n  ');
          try {
            await w.brain.init();
            for (const op of ops) await apply(w, op);
            await check(`at the end of\n  ${describeOps(ops)}`);
            const report = await backend.verify({ repo, reader: await w.brain.reader(), tip: w.brain.store.tip() });
            expect(report.ok, JSON.stringify(report.tables.filter((t) => t.only_live.length + t.only_rebuilt.length > 0))).toBe(true);
          } finally {
            await w.brain.close();
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      expect(run).toBe(RUNS);
      if (RUNS >= 12) expect([...modes].sort()).toEqual(expect.arrayContaining(['full', 'incremental']));
      // Candidates (issue #20) were projected in every state.
      if (RUNS >= 12) expect([...candidateStates].sort()).toEqual(['approved', 'pending', 'rejected']);
    } finally {
      await backend.close();
      await reference.close();
    }
});
});
