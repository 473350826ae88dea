/**
 * Which remotes `git fetch` leaves the docs branch out of (src/git/remote-fetch-refspec.ts,
 * decision 0099): refspec matching as git documents it (`+src:dst`, one `*`, `^` excluding), and
 * the remotes of real clones made with and without `--single-branch`.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refspecsFetch, remotesLeavingOut } from '../../src/git/remote-fetch-refspec.js';
import { findRepo } from '../../src/git/repo.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

describe('refspecsFetch', () => {
  it('a glob or the branch by name fetches it; another branch, no refspec, a source only or an exclusion does not', () => {
    expect(refspecsFetch(['+refs/heads/*:refs/remotes/origin/*'], 'brain')).toBe(true);
    expect(refspecsFetch(['+refs/heads/main:refs/remotes/origin/main', '+refs/heads/brain:refs/remotes/origin/brain'], 'brain')).toBe(true);
    expect(refspecsFetch(['refs/heads/b*:refs/remotes/o/b*'], 'brain')).toBe(true);
    expect(refspecsFetch(['+refs/heads/main:refs/remotes/origin/main'], 'brain')).toBe(false);
    expect(refspecsFetch([], 'brain')).toBe(false);
    expect(refspecsFetch(['refs/heads/brain'], 'brain')).toBe(false);
    expect(refspecsFetch(['+refs/heads/*:refs/remotes/origin/*', '^refs/heads/brain'], 'brain')).toBe(false);
    expect(refspecsFetch(['+refs/heads/*:refs/remotes/origin/*'], 'docs/brain')).toBe(true);
    expect(refspecsFetch(['+refs/heads/release/*:refs/remotes/origin/release/*'], 'brain')).toBe(false);
  });
});

describe('remotesLeavingOut', () => {
  it('names the remote of a --single-branch clone, not that of a full clone', async () => {
    const origin = initRepo();
    const full = join(tempDir(), 'full');
    const single = join(tempDir(), 'single');
    git(tempDir(), ['clone', '-q', origin, full]);
    git(tempDir(), ['clone', '-q', '--single-branch', origin, single]);
    git(single, ['remote', 'add', 'upstream', origin]);
    expect(await remotesLeavingOut({ repo: findRepo(full), branch: 'brain' })).toEqual([]);
    expect(await remotesLeavingOut({ repo: findRepo(single), branch: 'brain' })).toEqual(['origin']);
    expect(await remotesLeavingOut({ repo: findRepo(origin), branch: 'brain' })).toEqual([]);
  });
});
