/**
 * Brain in a linked work tree (`git worktree add`), where coding agents work: Claude Code's
 * `claude --worktree` makes one under `.claude/worktrees/<name>/`, Cursor's and Codex's parallel
 * agents one each (docs/decisions/0099). Such a work tree's `.git` is a file naming
 * `.git/worktrees/<name>`, which holds `HEAD` and `commondir` but no `objects` or `refs`: the
 * repository finder took it for no repository at all — every command outside the main checkout
 * said `not_a_repository`, `brain mcp` could not answer, and one nested inside the main checkout
 * silently worked on the main checkout (its HEAD, so `brain review --code` read the wrong
 * branch). Real repositories, real work trees, the built CLI and the SDK's stdio client.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { realpathSync } from 'node:fs';
import { cleanupTempDirs, commitFiles, git, initRepo, tempDir } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { findRepo } from '../../src/git/repo.js';
import { startMcp, structured } from '../mcp/mcp-client.js';

afterAll(cleanupTempDirs);

describe('a linked work tree', () => {
  it('is found as its own checkout over the shared repository; a write there lands on the one docs branch', () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'shop']).code).toBe(0);
    const tree = join(realpathSync(tempDir()), 'feature');
    git(dir, ['worktree', 'add', '-q', '-b', 'feature', tree]);

    const at = findRepo(join(tree));
    expect(at.workDir).toBe(tree);
    expect(at.gitdir).toBe(join(realpathSync(dir), '.git', 'worktrees', 'feature'));
    expect(at.commonDir).toBe(join(realpathSync(dir), '.git'));

    const added = brain(tree, ['add', 'risk', '--title', 'The feature flag may leak', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const id = added.json<{ entry_id: string }>().entry_id;
    const listed = brain(dir, ['list', '--json']);
    expect(listed.json<{ entry_id: string }[]>().map((e) => e.entry_id)).toEqual([id]);
    expect(git(dir, ['rev-list', '--count', 'brain'])).toBe('2');
    const status = brain(tree, ['status']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.stdout).toContain('project:    shop');
  });

  it("one nested in the checkout (Claude Code's .claude/worktrees/<name>) reviews its own branch, not the main checkout's", () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'shop']).code).toBe(0);
    const decided = brain(dir, ['add', 'decision', '--title', 'Charge in cents', '--path', 'src/payments/**', '--json']);
    const id = decided.json<{ entry_id: string }>().entry_id;
    const tree = join(realpathSync(dir), '.claude', 'worktrees', 'fix-rounding');
    git(dir, ['worktree', 'add', '-q', '-b', 'worktree-fix-rounding', tree]);
    commitFiles(tree, { 'src/payments/charge.ts': 'export const cents = 1;\n' }, 'round to cents');

    const review = brain(tree, ['review', '--code', 'main..HEAD', '--json']);
    expect(review.code, review.stderr).toBe(0);
    expect(JSON.stringify(review.json())).toContain(id);
    expect(JSON.stringify(review.json())).toContain('src/payments/charge.ts');
  });

  it('brain mcp started in a work tree answers an agent', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'shop']).code).toBe(0);
    expect(brain(dir, ['add', 'open_question', '--title', 'Which port for the daemon?']).code).toBe(0);
    const tree = join(realpathSync(tempDir()), 'agent-1');
    git(dir, ['worktree', 'add', '-q', '-b', 'agent-1', tree]);
    const s = await startMcp(tree, ['--read-only']);
    try {
      const r = await s.call('brain_list', {});
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      expect(structured(r).entries.map((e: { title: string }) => e.title)).toEqual(['Which port for the daemon?']);
    } finally {
      await s.close();
    }
  });
});
