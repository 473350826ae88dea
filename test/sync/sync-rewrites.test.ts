/**
 * `brain sync` refuses to push a docs branch that rewrites what the remote already has (DESIGN
 * §3 invariants 1 and 3; decision 0067): a revision file edited in place or a ledger line
 * changed by a hand commit → `verify_failed` (`data.reason` `history_rewritten`), exit 1,
 * nothing pushed, the local branch as it was; after the documented revert, sync pushes. A first
 * push (the remote has no docs branch) checks the whole local history as `brain verify` does.
 * Real bare remote, real clones, the built CLI, hand commits through the system git.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initBareRepo } from '../helpers/git.js';
import { handCommit, readBranchFile } from '../helpers/plain-git.js';
import { PROJECT, cloneOf, ok, remoteWithClones, sync } from './sync-helpers.js';

afterAll(cleanupTempDirs);

/** A clone with one decision at r2, synced; its entry dir and its files. */
function setup(): { remote: string; dir: string; entryDir: string; r1: string } {
  const { remote, clones } = remoteWithClones(1);
  const dir = clones[0] as string;
  const id = ok(brain(dir, ['add', 'decision', '--title', 'Cache in SQLite', '--json'])).json<{ entry_id: string }>().entry_id;
  ok(brain(dir, ['revise', id, '--rationale', 'fast']));
  sync(dir);
  const files = git(dir, ['ls-tree', '-r', '--name-only', 'brain', 'projects']).split('\n');
  const r1 = files.find((f) => /\/r0001-/.test(f)) as string;
  return { remote, dir, entryDir: r1.replace(/\/[^/]+$/, ''), r1 };
}

function refused(dir: string, remote: string): Record<string, any> {
  const before = git(dir, ['rev-parse', 'brain']);
  const remoteBefore = git(remote, ['rev-parse', 'brain']);
  const run = brain(dir, ['sync', '--json']);
  expect(run.code, run.stdout + run.stderr).toBe(1);
  const error = run.errorJson().error;
  expect(error).toMatchObject({ code: 'verify_failed', data: { reason: 'history_rewritten', remote: 'origin/brain' } });
  expect(error.hint).toContain('brain verify --range origin/brain..brain');
  expect(git(dir, ['rev-parse', 'brain'])).toBe(before);
  expect(git(remote, ['rev-parse', 'brain'])).toBe(remoteBefore);
  return error;
}

describe('brain sync does not push a rewritten history', () => {
  it('a revision file edited in place: revision_modified, nothing pushed; reverted, sync pushes', () => {
    const { remote, dir, r1 } = setup();
    const bad = handCommit(dir, { [r1]: '{"title":"edited"}\n' }, 'edit r1 in place');
    expect(refused(dir, remote).data.rewrites).toEqual([{ code: 'revision_modified', path: r1 }]);
    handCommit(dir, { [r1]: readBranchFile(dir, r1, `${bad}^`) as Buffer }, 'Revert "edit r1 in place"');
    ok(brain(dir, ['sync']));
    expect(git(remote, ['rev-parse', 'brain'])).toBe(git(dir, ['rev-parse', 'brain']));
  });

  it('a ledger line rewritten: ledger_rewritten, nothing pushed', () => {
    const { remote, dir, entryDir } = setup();
    const ledger = `${entryDir}/ledger.jsonl`;
    const text = (readBranchFile(dir, ledger) as Buffer).toString('utf8');
    handCommit(dir, { [ledger]: text.replace(/"author":"[^"]*"/, '"author":"mallory"') }, 'rewrite an author');
    const error = refused(dir, remote);
    expect(error.data.rewrites).toEqual([{ code: 'ledger_rewritten', path: ledger }]);
    expect(error.message).toContain('ledger_rewritten');
  });

  it('a first push (no docs branch on the remote yet) of a history that edited a revision: refused; reverted, it creates the branch', () => {
    const remote = initBareRepo();
    const dir = cloneOf(remote, 'first');
    ok(brain(dir, ['init', '--project', PROJECT]));
    ok(brain(dir, ['add', 'decision', '--title', 'Cache in SQLite']));
    const r1 = git(dir, ['ls-tree', '-r', '--name-only', 'brain', 'projects']).split('\n').find((f) => /\/r0001-/.test(f)) as string;
    const bad = handCommit(dir, { [r1]: '{"title":"edited"}\n' }, 'edit r1 in place');
    const before = git(dir, ['rev-parse', 'brain']);
    const run = brain(dir, ['sync', '--json']);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const error = run.errorJson().error;
    expect(error).toMatchObject({ code: 'verify_failed', data: { reason: 'history_rewritten', remote: 'origin/brain', rewrites: [{ code: 'revision_modified', path: r1 }] } });
    expect(error.message).toContain('a first push would publish');
    expect(error.hint).toMatch(/^revision files .* brain verify names the commit/);
    expect(git(dir, ['rev-parse', 'brain'])).toBe(before);
    expect(git(remote, ['branch', '--list', 'brain'])).toBe('');
    handCommit(dir, { [r1]: readBranchFile(dir, r1, `${bad}^`) as Buffer }, 'Revert "edit r1 in place"');
    expect(ok(brain(dir, ['sync', '--json'])).json<{ action: string }>().action).toBe('created_remote');
    expect(git(remote, ['rev-parse', 'brain'])).toBe(git(dir, ['rev-parse', 'brain']));
  });

  it('ordinary writes still push', () => {
    const { remote, dir } = setup();
    ok(brain(dir, ['add', 'risk', '--title', 'Disk fills up']));
    expect(sync(dir).action).toBe('pushed');
    expect(git(remote, ['rev-parse', 'brain'])).toBe(git(dir, ['rev-parse', 'brain']));
  });
});
