/**
 * Decision 0080: the state cache keeps each entry's current revision as its blob oid and
 * sha256, not as the record's text (~2–4 KB per entry, held for a whole bulk import). A `put`
 * never reads the record; `tx.current` reads it once, when asked; `prefetch` with `current`
 * reads many at once (importers compare content). The branch written is the same as before:
 * same trees, a whole ledger chain, `git fsck --strict` and `brain verify` clean.
 * Counted in objects read from git (src/git/tree-reader.ts `objectsReadFromGit`).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { objectsReadFromGit } from '../../src/git/tree-reader.js';
import { deriveEntryId } from '../../src/model/entry-id.js';
import type { Entry } from '../../src/model/entry.js';
import { importJsonl } from '../../src/service/import-jsonl.js';
import { entryDir } from '../../src/store/layout.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain as brainCli, openTestBrain } from '../helpers/brain.js';
import { makeEntry } from '../helpers/plain-git.js';

afterAll(cleanupTempDirs);

const PROJECT = 'demo';
const ids = Array.from({ length: 200 }, (_, i) => deriveEntryId('decision', `current/${i}`));
const entryOf = (id: string, title: string, day = 1): Omit<Entry, 'revision'> => {
  const { revision: _r, ...rest } = makeEntry({ kind: 'decision', projectId: PROJECT, entryId: id, title, recordedAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00Z` });
  return { ...rest, rationale: `${title}: ${'why it was chosen, at length. '.repeat(60)}` };
};

async function bulkBrain(revisions: number) {
  const dir = initRepo();
  const brain = await openTestBrain(dir, { projectId: PROJECT });
  await brain.init();
  const identity = brain.identity();
  for (let r = 1; r <= revisions; r++) {
    await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      await tx.prefetch(ids);
      for (const id of ids) expect((await tx.put(entryOf(id, `revision ${r} of ${id}`, r))).entry.revision).toBe(r);
      return { message: `bulk ${r}`, value: null };
    });
  }
  return { dir, brain, identity };
}

describe('the state cache keeps the current revision as an oid', () => {
  it('a put from the state cache reads nothing; tx.current reads the one blob, once, and gives the record written', async () => {
    const { brain, identity } = await bulkBrain(2);
    const id = ids[7]!;
    await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      const before = objectsReadFromGit();
      await tx.prefetch(ids);
      for (const other of ids.slice(0, 5)) await tx.put(entryOf(other, `revision 3 of ${other}`, 3));
      expect(objectsReadFromGit() - before).toBe(0); // states and puts from memory: no record read
      const current = await tx.current(id);
      expect(objectsReadFromGit() - before).toBe(1); // the current revision's blob, read when asked
      expect(current).toMatchObject({ entry_id: id, revision: 2, title: `revision 2 of ${id}` });
      await tx.current(id);
      expect(objectsReadFromGit() - before).toBe(1); // and kept by the transaction
      expect(await tx.current(ids[0]!)).toMatchObject({ revision: 3, title: `revision 3 of ${ids[0]!}` }); // staged: in hand
      expect(objectsReadFromGit() - before).toBe(1);
      return { message: 'bulk 3', value: null };
    });
    await brain.close();
  }, 120_000);

  it('prefetch with current reads every current record at once; the puts and reads after it read nothing', async () => {
    const { brain, identity } = await bulkBrain(1);
    await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      const before = objectsReadFromGit();
      await tx.prefetch(ids, { current: true });
      expect(objectsReadFromGit() - before).toBe(ids.length);
      const after = objectsReadFromGit();
      for (const id of ids) expect((await tx.current(id))?.title).toBe(`revision 1 of ${id}`);
      await tx.prefetch(ids, { current: true });
      expect(objectsReadFromGit() - after).toBe(0);
      return { message: 'nothing', value: null };
    });
    await brain.close();
  }, 120_000);

  it('an import in the same process compares against the records from the state cache: equal lines write nothing, changed ones the next revision', async () => {
    const { dir, brain } = await bulkBrain(2);
    const tip = git(dir, ['rev-parse', 'brain']);
    const same = ids.map((id) => JSON.stringify({ ...entryOf(id, `revision 2 of ${id}`, 2), revision: 2 })).join('\n');
    const unchanged = await importJsonl(brain, { text: same });
    expect(unchanged.entries.every((e) => e.action === 'unchanged')).toBe(true);
    expect(git(dir, ['rev-parse', 'brain'])).toBe(tip);
    const changed = ids.map((id, i) => JSON.stringify({ ...entryOf(id, i % 2 === 0 ? `revision 3 of ${id}` : `revision 2 of ${id}`, i % 2 === 0 ? 3 : 2), revision: 2 })).join('\n');
    const report = await importJsonl(brain, { text: changed });
    expect(report.entries.filter((e) => e.action === 'revised').map((e) => e.revision)).toEqual(ids.filter((_, i) => i % 2 === 0).map(() => 3));
    expect(report.entries.filter((e) => e.action === 'unchanged')).toHaveLength(ids.length / 2);
    await brain.close();
    const ledger = git(dir, ['cat-file', '-p', `brain:${entryDir(PROJECT, 'decision', ids[0]!)}/ledger.jsonl`]).split('\n').map((l) => JSON.parse(l) as { revision: number; sha256: string; parent_sha256: string | null });
    expect(ledger.map((l) => l.revision)).toEqual([1, 2, 3]);
    ledger.forEach((line, i) => expect(line.parent_sha256).toBe(i === 0 ? null : ledger[i - 1]!.sha256));
    expect(brainCli(dir, ['verify']).code).toBe(0);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
  }, 120_000);

  it('writes the same tree as before the change for the same bulk import', async () => {
    const { dir, brain } = await bulkBrain(3);
    await brain.close();
    // Measured on main before decision 0080 with this very import (trees do not hold commit times).
    expect(git(dir, ['rev-parse', 'brain^{tree}'])).toBe(TREE_BEFORE);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
  }, 120_000);
});

const TREE_BEFORE = '55c44c984d7c6918891e10af6211770bcccd38c8';
