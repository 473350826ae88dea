/**
 * Brain does not move a docs branch that is checked out in a work tree, as git does not
 * (src/git/checked-out.ts, docs/decisions/0060). README's own advice — edit `brain.json` in a
 * `git worktree add ../brain-config brain` — left such a checkout behind: every brain write
 * then made it stale, and its next `git commit -a` deleted the revisions written meanwhile.
 * In-process writes and sync on real repositories and real worktrees.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanupTempDirs, git, initBareRepo, initRepo, tempDir } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';
import { syncBrain } from '../../src/service/sync.js';
import { BrainError } from '../../src/model/errors.js';

afterAll(cleanupTempDirs);

async function refused(write: Promise<unknown>): Promise<BrainError> {
  const err = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BrainError);
  return err as BrainError;
}

describe('a checked-out docs branch is not moved', () => {
  it('a linked worktree on brain: writes are refused naming it, nothing written; removing the worktree frees the branch', async () => {
    const dir = initRepo();
    const b = await openTestBrain(dir);
    try {
      await b.init();
      const worktree = join(tempDir(), 'brain-config');
      git(dir, ['worktree', 'add', '-q', worktree, 'brain']);
      const tip = git(dir, ['rev-parse', 'brain']);
      const err = await refused(b.writes.append({ kind: 'risk', fields: { title: 'written while checked out' } }));
      expect(err.code).toBe('conflict');
      expect(err.message).toContain(`checked out at ${worktree}`);
      expect(err.hint).toContain(`git worktree remove ${worktree}`);
      expect(err.data).toMatchObject({ branch: 'brain', worktree });
      expect(git(dir, ['rev-parse', 'brain'])).toBe(tip);
      expect(git(worktree, ['status', '--porcelain'])).toBe('');
      git(dir, ['worktree', 'remove', worktree]);
      await b.writes.append({ kind: 'risk', fields: { title: 'written after the worktree went' } });
      expect(git(dir, ['rev-list', '--count', 'brain'])).toBe('2');
    } finally {
      await b.close();
    }
  });

  it('the main work tree on brain is refused too; a bare repository whose HEAD names brain is not a checkout', async () => {
    const dir = initRepo();
    const b = await openTestBrain(dir);
    try {
      await b.init();
      git(dir, ['checkout', '-q', 'brain']);
      const err = await refused(b.writes.append({ kind: 'risk', fields: { title: 'x' } }));
      expect(err.code).toBe('conflict');
      expect(err.hint).toContain('`git switch` to another branch there');
      git(dir, ['checkout', '-q', 'main']);
      await b.writes.append({ kind: 'risk', fields: { title: 'x' } });
    } finally {
      await b.close();
    }
    const bare = initBareRepo();
    git(bare, ['symbolic-ref', 'HEAD', 'refs/heads/brain']);
    const c = await openTestBrain(bare);
    try {
      await c.init();
      await c.writes.append({ kind: 'risk', fields: { title: 'in a bare repository' } });
      expect(git(bare, ['rev-list', '--count', 'brain'])).toBe('2');
    } finally {
      await c.close();
    }
  });

  it('sync that would move a checked-out branch pushes nothing; one that only pushes goes ahead', async () => {
    const origin = initBareRepo();
    const alice = initRepo();
    git(alice, ['remote', 'add', 'origin', origin]);
    const a = await openTestBrain(alice);
    const bob = tempDir();
    try {
      await a.init();
      await a.writes.append({ kind: 'risk', fields: { title: 'from alice' } });
      await syncBrain(a);
      git(tempDir(), ['clone', '-q', origin, bob]);
      const worktree = join(tempDir(), 'brain-config');
      const b = await openTestBrain(bob);
      try {
        await b.refresh(); // creates the local brain branch from origin/brain
        git(bob, ['worktree', 'add', '-q', worktree, 'brain']);
        git(worktree, ['commit', '-q', '--allow-empty', '-m', 'a change made in the worktree']);
        expect((await syncBrain(b)).action).toBe('pushed'); // only pushes: the checkout stays current
        await a.writes.append({ kind: 'risk', fields: { title: 'alice again' } });
        await syncBrain(a);
        const before = git(origin, ['rev-parse', 'brain']);
        const err = await refused(syncBrain(b));
        expect(err.code).toBe('conflict');
        expect(git(origin, ['rev-parse', 'brain'])).toBe(before);
        expect(git(bob, ['rev-parse', 'brain'])).toBe(git(worktree, ['rev-parse', 'HEAD']));
      } finally {
        await b.close();
      }
    } finally {
      await a.close();
    }
  });
});
