/**
 * Issue 21: what a bulk import needs of the branch stays in memory whatever the number of
 * entries (caches bounded by bytes, not by a count a real brain outgrows: 32 768 states and
 * 40 000 trees were), and a transaction that starts cold reads the states it needs at once.
 * Counted in objects read from git (src/git/tree-reader.ts `objectsReadFromGit`).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { objectsReadFromGit } from '../../src/git/tree-reader.js';
import { deriveEntryId } from '../../src/model/entry-id.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain as brainCli, openTestBrain } from '../helpers/brain.js';
import { makeEntry } from '../helpers/plain-git.js';
import { entryDir } from '../../src/store/layout.js';

afterAll(cleanupTempDirs);

const PROJECT = 'demo';
const ENTRIES = 42_000; // more than the old limits: 32 768 states, 40 000 trees
const ids = Array.from({ length: ENTRIES }, (_, i) => deriveEntryId('risk', `state-cache/${i}`));
const entryOf = (id: string, title: string) => {
  const { revision: _r, ...rest } = makeEntry({ kind: 'risk', projectId: PROJECT, entryId: id, title, recordedAt: '2025-01-01T00:00:00Z' });
  return rest;
};

describe('entry states of a bulk import', () => {
  it(`revising all of ${ENTRIES} entries right after writing them reads none of them back from git`, async () => {
    const dir = initRepo();
    const brain = await openTestBrain(dir, { projectId: PROJECT });
    await brain.init();
    const identity = brain.identity();
    await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      for (const id of ids) await tx.put(entryOf(id, `first ${id}`));
      return { message: 'bulk: first revisions', value: null };
    });
    const before = objectsReadFromGit();
    await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      for (const id of ids) await tx.put(entryOf(id, `second ${id}`));
      return { message: 'bulk: second revisions', value: null };
    });
    expect(objectsReadFromGit() - before).toBe(1); // brain.json, which every transaction checks
    for (const id of [ids[0]!, ids[ENTRIES - 1]!]) expect(git(dir, ['cat-file', '-p', `brain:${entryDir(PROJECT, 'risk', id)}/ledger.jsonl`]).split('\n')).toHaveLength(2);
    await brain.close();
  }, 600_000);

  it('a cold transaction reads the states it is told of at once, then puts read nothing more', async () => {
    // Written by another process, so none of these states is in this process's memory.
    const dir = initRepo();
    const some = ids.slice(0, 300);
    const file = join(dir, 'entries.jsonl');
    writeFileSync(file, some.map((id) => JSON.stringify(entryOf(id, `first ${id}`))).join('\n'));
    expect(brainCli(dir, ['init', '--project', PROJECT]).code).toBe(0);
    expect(brainCli(dir, ['import', 'jsonl', file]).code).toBe(0);
    const cold = await openTestBrain(dir, { projectId: PROJECT });
    let prefetched = 0;
    await cold.store.transact({ projectId: PROJECT, identity: cold.identity() }, async (tx) => {
      const before = objectsReadFromGit();
      await tx.prefetch([...some, ...some.slice(0, 10)]);
      prefetched = objectsReadFromGit() - before;
      const after = objectsReadFromGit();
      for (const id of some) await tx.put(entryOf(id, `second ${id}`));
      expect(objectsReadFromGit() - after).toBe(0);
      return { message: 'bulk, cold', value: null };
    });
    expect(prefetched).toBeGreaterThanOrEqual(3 * some.length); // per entry: its tree, its ledger, its top revision
    expect(git(dir, ['cat-file', '-p', `brain:${entryDir(PROJECT, 'risk', some[0]!)}/ledger.jsonl`]).split('\n')).toHaveLength(2);
    await cold.close();
  }, 600_000);

  it('an entry revised by many transactions of one process, from the state cache each time, keeps a whole ledger chain', async () => {
    // The cached state keeps the ledger as text and a line count, not parsed lines (decision 0064).
    const dir = initRepo();
    const brain = await openTestBrain(dir, { projectId: PROJECT });
    await brain.init();
    const identity = brain.identity();
    const some = ids.slice(0, 3);
    const REVISIONS = 25;
    for (let r = 1; r <= REVISIONS; r++) {
      await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
        if (r === 1) await tx.prefetch(some);
        for (const id of some) expect((await tx.put(entryOf(id, `revision ${r} of ${id}`))).entry.revision).toBe(r);
        return { message: `revision ${r}`, value: null };
      });
    }
    await brain.close();
    for (const id of some) {
      const lines = git(dir, ['cat-file', '-p', `brain:${entryDir(PROJECT, 'risk', id)}/ledger.jsonl`]).split('\n').map((l) => JSON.parse(l) as { revision: number; sha256: string; parent_sha256: string | null });
      expect(lines.map((l) => l.revision)).toEqual(Array.from({ length: REVISIONS }, (_, i) => i + 1));
      lines.forEach((line, i) => expect(line.parent_sha256).toBe(i === 0 ? null : lines[i - 1]!.sha256));
    }
    const verify = brainCli(dir, ['verify']);
    expect(verify.code).toBe(0);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
  }, 120_000);
});
