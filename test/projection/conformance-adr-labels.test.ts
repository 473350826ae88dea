/**
 * Conformance, ADR labels (docs/decisions/0052): on every projection backend, an imported ADR's
 * label (its file citation's locator `ADR-0030`) is found by number — `adrMatches` in scope
 * (project, kind, repositories), several for ADRs sharing a number, none once a revision drops
 * the label — and every common form of the label, typed as a search, puts that ADR first
 * (service/id-search.ts over the backend's own search), as does "ADR N" inside a question.
 * Incremental equals a full rebuild at every step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionBackend, ProjectionSnapshot } from '../../src/projection/backend.js';
import type { Citation } from '../../src/model/entry.js';
import type { Brain } from '../../src/service.js';
import { withNamedHits } from '../../src/service/id-search.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';
import { BACKENDS, stopBackends } from './backends.js';

const TENDERMINT = 'dec-adr0000000012';
const THIRTY = 'dec-adr0000000030';
const TWIN_A = 'dec-adr000000031a';
const TWIN_B = 'dec-adr000000031b';
const OTHER_PROJECT = 'dec-adr0000000077';

const fileCitation = (path: string, label: string): Citation => ({ source_ref: path, source_kind: 'file', locator: label });

let dir: string;
let brain: Brain;
const tips: string[] = [];

beforeAll(async () => {
  dir = initRepo();
  brain = await openTestBrain(dir, { projectId: 'p' });
  await brain.init();
  const add = (entryId: string, title: string, rationale: string, citations: Citation[], opts: { projectId?: string; revision?: number } = {}) =>
    tips.push(handCommit(dir, revisionFiles(dir, makeEntry({ kind: 'decision', projectId: opts.projectId ?? 'p', entryId, title, revision: opts.revision ?? 1, fields: { rationale, citations } })), `add ${entryId}`));
  add(TENDERMINT, 'Use Tendermint consensus', 'We chose tendermint for BFT consensus. See ADR 30 for the mempool.', [fileCitation('docs/adr/adr-012-consensus.md', 'ADR-0012')]);
  add(THIRTY, 'Mempool design', 'The mempool gossips transactions; tendermint nodes keep a cache.', [fileCitation('docs/adr/adr-030-mempool.md', 'ADR-0030')]);
  add(TWIN_A, 'Block sync', 'Sync blocks from peers.', [fileCitation('docs/adr/0031-block-sync.md', 'ADR-0031')]);
  add(TWIN_B, 'State sync', 'Sync state from snapshots.', [fileCitation('legacy/0031-state-sync.md', 'ADR-0031')]);
  add(OTHER_PROJECT, 'Elsewhere', 'Another project numbered thirty.', [fileCitation('adr/0030-elsewhere.md', 'ADR-0030')], { projectId: 'q' });
  // Finally a revision of ADR 31's twin drops its label: it is no longer found by number.
  add(TWIN_B, 'State sync', 'Sync state from snapshots.', [], { revision: 2 });
});

afterAll(async () => {
  await brain.close();
  await stopBackends();
  cleanupTempDirs();
});

const neutral = (s: ProjectionSnapshot) => ({ ...s, current: s.current.map(({ repo: _r, ...row }) => row), revisions: s.revisions.map(({ repo: _r, ...key }) => key), problems: s.problems.map(({ repo: _r, ...p }) => p), candidates: s.candidates.map(({ repo: _r, ...c }) => c) });

describe.each(BACKENDS)('projection conformance on $name: ADR labels', (under) => {
  let backend: ProjectionBackend;

  beforeAll(async () => {
    backend = await under.open();
  });
  afterAll(async () => {
    await backend?.close();
  });

  const ids = async (q: Parameters<ProjectionBackend['adrMatches']>[0]) => (await backend.adrMatches(q)).map((r) => [r.repo, r.entry.entry_id]);
  /** The clone's and the hub's search step over this backend: the ordinary hits with the entries the query names first. */
  const search = async (query: string, limit = 5) => {
    const scope = { repos: ['r'], projectId: 'p' };
    const hits = await backend.search({ ...scope, query, limit });
    return (await withNamedHits(query, hits, limit, { ids: (prefix) => backend.idMatches({ ...scope, prefix }), adrs: (n) => backend.adrMatches({ ...scope, adr_number: n }) })).map((h) => [h.entry.entry_id, h.relevance_score]);
  };

  it('finds entries by ADR number in scope, several for a shared number, none after the label is dropped; incremental equals full', async () => {
    const reader = await brain.reader();
    for (const [step, tip] of tips.entries()) {
      await backend.refresh({ repo: 'r', reader, tip });
      await backend.refresh({ repo: `full${step}`, reader, tip, full: true });
      expect(neutral(await backend.snapshot('r')), `step ${step}`).toEqual(neutral(await backend.snapshot(`full${step}`)));
      const twins = await ids({ repos: ['r'], projectId: 'p', adr_number: 31 });
      expect(twins, `step ${step}`).toEqual(step < 2 ? [] : step === 2 || step === 5 ? [['r', TWIN_A]] : [['r', TWIN_A], ['r', TWIN_B]]);
    }
    expect(await ids({ repos: ['r'], adr_number: 30 })).toEqual([['r', THIRTY], ['r', OTHER_PROJECT]]);
    expect(await ids({ repos: ['r'], projectId: 'p', adr_number: 30 })).toEqual([['r', THIRTY]]);
    expect(await ids({ repos: ['r'], projects: ['q'], adr_number: 30 })).toEqual([['r', OTHER_PROJECT]]);
    expect(await ids({ repos: ['r'], kind: 'risk', adr_number: 30 })).toEqual([]);
    expect(await ids({ repos: ['r', 'full5'], projectId: 'p', adr_number: 12 })).toEqual([['full5', TENDERMINT], ['r', TENDERMINT]]);
    expect(await ids({ repos: ['r'], adr_number: 99 })).toEqual([]);
    expect(await ids({ repos: [], adr_number: 30 })).toEqual([]);
    expect((await backend.verify({ repo: 'r', reader, tip: tips[tips.length - 1]! })).ok).toBe(true);
  });

  it('every common form of a label typed as a search puts that ADR first with score 1', async () => {
    for (const form of ['ADR-0030', 'ADR 30', 'ADR-30', 'adr0030', 'adr-030', 'ADR_30', '0030', '30', 'adr-030-mempool.md', 'docs/adr/adr-030-mempool.md', ' Adr 0030 ']) {
      const hits = await search(form);
      expect(hits[0], form).toEqual([THIRTY, 1]);
      expect(hits.filter(([id]) => id === THIRTY), form).toHaveLength(1);
    }
    // A file name picks the ADR of that file among ADRs sharing a number (at the last step only one still carries 31).
    expect((await search('0031-block-sync.md'))[0]).toEqual([TWIN_A, 1]);
    // An unknown number is words: the ordinary hits, nothing put first.
    expect(await search('ADR 99')).toEqual((await backend.search({ repos: ['r'], projectId: 'p', query: 'ADR 99', limit: 5 })).map((h) => [h.entry.entry_id, h.relevance_score]));
  });

  it('a question naming "ADR 12" has ADR 12 first, then the hits by its words', async () => {
    const hits = await search('why ADR 12 chose tendermint');
    expect(hits[0]).toEqual([TENDERMINT, 1]);
    expect(hits.map(([id]) => id)).toContain(THIRTY); // "tendermint" in its text: ranked by words after the labelled one
    expect(hits.filter(([id]) => id === TENDERMINT)).toHaveLength(1);
    expect((await search('compare ADR 30 and adr-12')).slice(0, 2)).toEqual([[THIRTY, 1], [TENDERMINT, 1]]);
  });
});
