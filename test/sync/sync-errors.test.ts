/**
 * `brain sync` failure paths (issue #4): no remote, an unreachable remote, a push that fails
 * or is refused after the replay was built, a remote that is not a brain — each a clear
 * `remote_error`/`not_initialized` with a hint, and the local branch exactly as before. And the
 * race: someone pushes between our fetch and our push (a real second clone syncing from a
 * pre-push hook) — the push is rejected, sync retries from the fetch and converges; when the
 * remote never stops moving it gives up after a bounded number of attempts.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { classifyRemoteFailure } from '../../src/git/remote-git.js';
import { BRAIN_BIN, brain, type BrainRun } from '../helpers/brain.js';
import { cleanupTempDirs, commitFiles, git, initBareRepo, tempDir } from '../helpers/git.js';
import { cloneOf, listOf, ok, remoteWithClones, sync, treeOf } from './sync-helpers.js';

afterAll(cleanupTempDirs);

const heads = (dir: string) => git(dir, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads']);

function failed(run: BrainRun): { code: string; message: string; hint?: string; data?: Record<string, unknown> } {
  expect(run.code, run.stdout + run.stderr).toBe(1);
  expect(run.stdout).toBe('');
  return run.errorJson().error as ReturnType<typeof failed>;
}

function hook(path: string, script: string): void {
  writeFileSync(path, `#!/bin/sh\n${script}\n`);
  chmodSync(path, 0o755);
}

/** A pre-push hook in `dir` that runs `script` in `other` (with a clean git env) before each push, or only the first. */
function racingHook(dir: string, other: string, script: string, once: boolean): void {
  const marker = join(tempDir(), 'raced');
  const guard = once ? `[ -e '${marker}' ] && exit 0\ntouch '${marker}'\n` : '';
  hook(join(dir, '.git', 'hooks', 'pre-push'), `${guard}cd '${other}' && env -u GIT_DIR -u GIT_WORK_TREE -u GIT_INDEX_FILE sh -c '${script}' >&2\nexit 0`);
}

describe('brain sync errors leave the local branch as it was', () => {
  it('no remote named origin (or the one asked for): remote_error no_remote, with the remotes there are', () => {
    const [a] = remoteWithClones(1).clones as [string];
    ok(brain(a, ['add', 'risk', '--title', 'unsynced']));
    const before = heads(a);
    const wrongName = failed(brain(a, ['sync', 'upstream', '--json']));
    expect(wrongName).toMatchObject({ code: 'remote_error', message: 'no remote named upstream (remotes: origin)', data: { reason: 'no_remote' } });
    expect(wrongName.hint).toContain('brain sync origin');
    git(a, ['remote', 'remove', 'origin']);
    const none = failed(brain(a, ['sync', '--json']));
    expect(none).toMatchObject({ code: 'remote_error', message: 'no remote named origin (this repository has no remotes)', data: { reason: 'no_remote' } });
    expect(none.hint).toBe('add one: git remote add origin <url>');
    expect(heads(a)).toBe(before);
    // Human output: message and hint on stderr, exit 1.
    const human = brain(a, ['sync']);
    expect(human.code).toBe(1);
    expect(human.stderr).toBe('brain: remote_error: no remote named origin (this repository has no remotes)\nhint: add one: git remote add origin <url>\n');
    // A name git would read as an option is a usage error.
    const option = brain(a, ['sync', '--json', '--', '--upload-pack=touch x']);
    expect(option.code).toBe(2);
    expect(option.errorJson().error).toMatchObject({ code: 'invalid_argument', message: 'invalid remote name "--upload-pack=touch x"' });
  });

  it('an unreachable remote path: remote_error unreachable naming git\'s reason; nothing changes', () => {
    const [a] = remoteWithClones(1).clones as [string];
    ok(brain(a, ['add', 'risk', '--title', 'unsynced']));
    const before = heads(a);
    git(a, ['remote', 'set-url', 'origin', join(tempDir(), 'gone', 'remote.git')]);
    const err = failed(brain(a, ['sync', '--json']));
    expect(err.code).toBe('remote_error');
    expect(err.data?.reason).toBe('unreachable');
    expect(err.message).toMatch(/^git fetch origin failed: .*does not appear to be a git repository/);
    expect(err.hint).toContain('git remote get-url origin');
    expect(heads(a)).toBe(before);
  });

  it('a push that fails after the replay was built: the replay is not applied locally', () => {
    const { remote, clones } = remoteWithClones(2);
    const [a, b] = clones as [string, string];
    ok(brain(b, ['add', 'risk', '--title', 'from b']));
    sync(b);
    ok(brain(a, ['add', 'risk', '--title', 'from a']));
    const before = heads(a);
    const listBefore = listOf(a);
    git(a, ['remote', 'set-url', '--push', 'origin', join(tempDir(), 'gone.git')]);
    const err = failed(brain(a, ['sync', '--json']));
    expect(err).toMatchObject({ code: 'remote_error', data: { reason: 'unreachable' } });
    expect(err.message).toMatch(/^git push origin failed/);
    expect(heads(a)).toBe(before);
    expect(listOf(a)).toEqual(listBefore);
    // Once the push URL is fixed, the same sync goes through.
    git(a, ['remote', 'set-url', '--push', 'origin', remote]);
    expect(sync(a)).toMatchObject({ action: 'replayed', pushed: 1, received: 1 });
  });

  it('a push the remote refuses (pre-receive hook): remote_error refused with the remote\'s answer', () => {
    const { remote, clones } = remoteWithClones(1);
    const [a] = clones as [string];
    hook(join(remote, 'hooks', 'pre-receive'), 'echo "docs branch is frozen" >&2\nexit 1');
    ok(brain(a, ['add', 'risk', '--title', 'refused']));
    const before = heads(a);
    const err = failed(brain(a, ['sync', '--json']));
    expect(err).toMatchObject({ code: 'remote_error', data: { reason: 'refused' } });
    expect(err.message).toContain('pre-receive hook declined');
    expect(String(err.data?.stderr)).toContain('docs branch is frozen');
    expect(heads(a)).toBe(before);
  });

  it('neither side has a brain, or the remote branch is not one: not_initialized', () => {
    const remote = initBareRepo();
    const a = cloneOf(remote, 'a');
    expect(failed(brain(a, ['sync', '--json']))).toMatchObject({ code: 'not_initialized', message: 'neither this repository nor origin/brain has a brain' });
    // Someone pushed an unrelated branch named brain.
    const other = cloneOf(remote, 'other');
    commitFiles(other, { 'notes.txt': 'not a brain\n' });
    git(other, ['push', '-q', 'origin', 'HEAD:refs/heads/brain']);
    ok(brain(a, ['init', '--project', 'demo']));
    const before = heads(a);
    expect(failed(brain(a, ['sync', '--json']))).toMatchObject({ code: 'not_initialized', message: 'origin/brain is not a brain: branch brain has no brain.json' });
    expect(heads(a)).toBe(before);
  });

  it('classifies git\'s messages: credentials refused are auth, the rest unreachable', () => {
    expect(classifyRemoteFailure("fatal: Authentication failed for 'https://example.com/x.git/'")).toBe('auth');
    expect(classifyRemoteFailure('git@example.com: Permission denied (publickey).\nfatal: Could not read from remote repository.')).toBe('auth');
    expect(classifyRemoteFailure("fatal: could not read Username for 'https://example.com': terminal prompts disabled")).toBe('auth');
    expect(classifyRemoteFailure('fatal: unable to access \'https://example.com/x.git/\': The requested URL returned error: 403')).toBe('auth');
    expect(classifyRemoteFailure('ssh: Could not resolve hostname example.invalid: Name or service not known\nfatal: Could not read from remote repository.')).toBe('unreachable');
    expect(classifyRemoteFailure("fatal: '/nope' does not appear to be a git repository")).toBe('unreachable');
  });
});

describe('someone pushes between our fetch and our push', () => {
  it('the rejected push is retried from the fetch and converges', () => {
    const { clones } = remoteWithClones(2);
    const [a, b] = clones as [string, string];
    ok(brain(b, ['add', 'decision', '--title', 'pushed meanwhile by b']));
    ok(brain(a, ['add', 'decision', '--title', 'written by a']));
    // B's real `brain sync` runs while A's push is on its way (after A fetched and replayed).
    racingHook(a, b, `node '${BRAIN_BIN}' sync`, true);
    const report = sync(a);
    expect(report.attempts).toBe(2);
    expect(report).toMatchObject({ action: 'replayed', pushed: 1, received: 1 });
    sync(b);
    expect(treeOf(a)).toBe(treeOf(b));
    expect(listOf(a).map((e) => e.title).sort()).toEqual(['pushed meanwhile by b', 'written by a']);
    expect(ok(brain(a, ['verify'])).stdout).toContain('ok');
  });

  it('a remote that keeps moving: gives up after 5 attempts with remote_error contended; nothing changes', () => {
    const { clones } = remoteWithClones(2);
    const [a, b] = clones as [string, string];
    ok(brain(a, ['add', 'decision', '--title', 'never gets in']));
    racingHook(a, b, `node '${BRAIN_BIN}' add risk --title again && node '${BRAIN_BIN}' sync`, false);
    const before = heads(a);
    const err = failed(brain(a, ['sync', '--json']));
    expect(err).toMatchObject({ code: 'remote_error', data: { reason: 'contended', attempts: 5 } });
    expect(err.hint).toContain('brain sync');
    expect(heads(a)).toBe(before);
    expect(listOf(b).filter((e) => e.title === 'again')).toHaveLength(5);
  });
});
