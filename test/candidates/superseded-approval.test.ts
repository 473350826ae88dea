/**
 * Approving a candidate obeys the successor rule of `brain add` / `brain revise` (decisions
 * 0049, 0050): a proposal whose status is `superseded` cannot make a new entry, a superseding
 * one, or an entry no other supersedes superseded — `illegal_status` with the same hint, the
 * candidate still pending and nothing written; merged into an entry a successor already names,
 * it may.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { isBrainError } from '../../src/model/errors.js';
import type { Brain } from '../../src/service.js';

let dir: string;
let ada: Brain;
let bob: Brain;
let lone: string;
let replaced: string;

beforeAll(async () => {
  dir = initRepo();
  ada = await openTestBrain(dir, { projectId: 'demo', author: 'Ada Lovelace' });
  bob = await openTestBrain(dir, { projectId: 'demo', author: 'Bob Builder' });
  await ada.init();
  lone = (await ada.writes.append({ kind: 'decision', fields: { title: 'Use SQLite for the cache' } })).entry.entry_id;
  replaced = (await ada.writes.append({ kind: 'decision', fields: { title: 'Keep the cache in JSON' } })).entry.entry_id;
  const successor = (await ada.writes.append({ kind: 'decision', fields: { title: 'Keep the cache in SQLite' } })).entry.entry_id;
  await ada.writes.supersede({ entryId: replaced, byEntryId: successor });
});
afterAll(async () => {
  await ada?.close();
  await bob?.close();
  cleanupTempDirs();
});

async function refused(p: Promise<unknown>): Promise<{ code: string; message: string; hint?: string }> {
  const err = await p.then(() => null, (e: unknown) => e);
  if (!isBrainError(err)) throw new Error(`expected a BrainError, got ${String(err)}`);
  return err;
}

describe('approving a candidate with status superseded', () => {
  it('is refused as brain add and brain revise refuse it, writing nothing', async () => {
    const addRefusal = await refused(ada.writes.append({ kind: 'decision', fields: { title: 'x', status: 'superseded' } }));
    const reviseRefusal = await refused(ada.writes.revise({ entryId: lone, fields: { status: 'superseded' } }));
    const propose = async () => (await ada.candidates.propose({ kind: 'decision', fields: { title: 'Cache policy', rationale: 'Old news.', status: 'superseded' } })).candidate.candidate_id;
    for (const [choice, expected] of [
      [{ action: 'accept' }, addRefusal],
      [{ action: 'supersede', entryId: lone }, addRefusal],
      [{ action: 'merge', entryId: lone }, reviseRefusal],
    ] as const) {
      const id = await propose();
      const before = git(dir, ['rev-parse', 'brain']);
      const err = await refused(bob.candidates.approve({ candidateId: id, choice }));
      expect({ code: err.code, hint: err.hint }, choice.action).toEqual({ code: expected.code, hint: expected.hint });
      expect(err.code).toBe('illegal_status');
      expect(git(dir, ['rev-parse', 'brain'])).toBe(before);
      expect((await bob.candidates.get({ candidateId: id })).candidate.status).toBe('pending');
    }
    expect((await bob.get({ entryId: lone })).entry.status).toBe('accepted');
  });

  it('merges into an entry a successor already names', async () => {
    const id = (await ada.candidates.propose({ kind: 'decision', fields: { title: 'Keep the cache in JSON', rationale: 'Replaced by SQLite.', status: 'superseded' } })).candidate.candidate_id;
    const r = await bob.candidates.approve({ candidateId: id, choice: { action: 'merge', entryId: replaced } });
    expect(r.candidate.status).toBe('approved');
    expect((await bob.get({ entryId: replaced })).entry).toMatchObject({ status: 'superseded', rationale: 'Replaced by SQLite.' });
  });
});
