/**
 * An imported ADR's label where an entry id is expected, on a clone (docs/decisions/0052): an
 * ADR folder imported with `importAdr`, then `Brain.get` (what `brain show`, the daemon's
 * `brain_get` and REST get call) and `Brain.search` by every form of the label; two ADRs sharing a
 * number are `ambiguous_id` naming both files, picked apart by file name; an unknown number is
 * `not_found`; writes resolve a label too. One `brain show ADR-…` spawn for the CLI itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrainError } from '../../src/model/errors.js';
import type { Brain } from '../../src/service.js';
import { importAdr } from '../../src/service/import-adr.js';
import { brain as runBrain, openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../helpers/git.js';

let dir: string;
let brain: Brain;
const idOf = new Map<string, string>();

const adr = (title: string, body: string) => `# ${title}\n\n## Status\n\nAccepted\n\n## Context\n\n${body}\n\n## Decision\n\n${body}\n`;

beforeAll(async () => {
  dir = initRepo();
  brain = await openTestBrain(dir, { projectId: 'p' });
  await brain.init();
  const source = tempDir('brain-adr-labels-');
  mkdirSync(join(source, 'legacy'));
  writeFileSync(join(source, 'adr-012-consensus.md'), adr('ADR 012: Use Tendermint consensus', 'We chose tendermint for BFT consensus.'));
  writeFileSync(join(source, '0030-mempool-gossip.md'), adr('Mempool gossip', 'Transactions are gossiped to peers; tendermint keeps a cache.'));
  writeFileSync(join(source, '0031-block-sync.md'), adr('Block sync', 'Blocks are fetched from peers.'));
  writeFileSync(join(source, 'legacy', '0031-state-sync.md'), adr('State sync', 'State is restored from snapshots.'));
  const report = await importAdr(brain, { dir: source });
  for (const e of report.entries) idOf.set(e.source_path, e.entry_id);
  expect(idOf.size).toBe(4);
});

afterAll(async () => {
  await brain.close();
  cleanupTempDirs();
});

const errorOf = async (run: () => Promise<unknown>): Promise<BrainError> => {
  try {
    await run();
  } catch (err) {
    if (err instanceof BrainError) return err;
    throw err;
  }
  throw new Error('expected a BrainError');
};

describe('an ADR label where an id is expected, on a clone', () => {
  it('Brain.get takes every form of a label that names one entry', async () => {
    const thirty = idOf.get('0030-mempool-gossip.md');
    for (const form of ['ADR-0030', 'adr 30', 'ADR-30', 'adr0030', '0030', '30', '0030-mempool-gossip.md', 'docs/adr/0030-mempool-gossip.md']) {
      expect((await brain.get({ entryId: form })).entry.entry_id, form).toBe(thirty);
    }
    expect((await brain.get({ entryId: 'adr-012' })).entry.entry_id).toBe(idOf.get('adr-012-consensus.md'));
    expect((await brain.get({ entryId: 'legacy/0031-state-sync.md' })).entry.entry_id).toBe(idOf.get('legacy/0031-state-sync.md'));
    expect((await brain.history({ entryId: 'ADR-0030' })).map((r) => r.entry.entry_id)).toEqual([thirty]);
  });

  it('a label two ADRs share is ambiguous_id naming both files; an unknown number is not_found', async () => {
    const shared = await errorOf(() => brain.get({ entryId: 'ADR-0031' }));
    expect(shared.code).toBe('ambiguous_id');
    expect(shared.message).toContain(`${idOf.get('0031-block-sync.md')} (0031-block-sync.md)`);
    expect(shared.message).toContain(`${idOf.get('legacy/0031-state-sync.md')} (legacy/0031-state-sync.md)`);
    expect(shared.hint).toContain('file name');
    expect(shared.data?.candidates).toEqual([idOf.get('0031-block-sync.md'), idOf.get('legacy/0031-state-sync.md')].sort());
    const unknown = await errorOf(() => brain.get({ entryId: 'ADR 99' }));
    expect([unknown.code, unknown.message]).toEqual(['not_found', 'no ADR ADR-0099 in project p (read "ADR 99" as an ADR label)']);
    expect((await errorOf(() => brain.writes.revise({ entryId: 'adr 31', fields: { rationale: 'x' } }))).code).toBe('ambiguous_id');
  });

  it('Brain.search puts the labelled ADRs first, a question ranks by its words after them', async () => {
    const first = async (query: string) => (await brain.search({ query, limit: 3 })).map((h) => [h.entry.entry_id, h.relevance_score]);
    expect((await first('ADR 30'))[0]).toEqual([idOf.get('0030-mempool-gossip.md'), 1]);
    expect((await first('adr-031')).slice(0, 2)).toEqual([[idOf.get('0031-block-sync.md'), 1], [idOf.get('legacy/0031-state-sync.md'), 1]].sort());
    const question = await first('why did ADR 12 choose tendermint');
    expect(question[0]).toEqual([idOf.get('adr-012-consensus.md'), 1]);
    expect(question[1]?.[0]).toBe(idOf.get('0030-mempool-gossip.md')); // "tendermint" in its text
  });

  it('brain show <label> prints that ADR (the CLI itself)', async () => {
    const run = runBrain(dir, ['show', 'ADR-0030']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(idOf.get('0030-mempool-gossip.md'));
    expect(run.stdout).toContain('Mempool gossip');
  });
});
