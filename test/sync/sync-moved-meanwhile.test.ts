/**
 * Decision 0088 (the newcomer run of round eleven): Bob's daemon was running when he ran `brain
 * sync`; the sync's fetch moved `origin/brain`, the daemon fast-forwarded `brain` to it (the
 * "nobody reads a stale brain" rule), the sync's compare-and-swap of the ref lost, and its retry
 * found nothing left to do: "already up to date: 0 revisions pushed, 0 revisions received", while
 * the sync had brought Alice's revision. Here the other process is made deterministic with a git
 * `reference-transaction` hook in Bob's clone that moves `brain` to `origin/brain` the moment git
 * updates that ref — what the daemon's fast-forward does, from another process, through git's
 * own locks. Real bare remote, real clones, the built CLI.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { git } from '../helpers/git.js';
import { ok, remoteWithClones, sync } from './sync-helpers.js';

/** Installs the hook: after git commits an update of `refs/remotes/origin/brain`, `brain` follows it when strictly behind (a fast-forward, as upstream.ts moves it). */
function followOriginInAnotherProcess(dir: string): void {
  const hook = join(dir, '.git', 'hooks', 'reference-transaction');
  writeFileSync(hook, [
    '#!/bin/sh',
    '[ "$1" = committed ] || exit 0',
    'while read old new ref; do',
    '  if [ "$ref" = refs/remotes/origin/brain ] && git merge-base --is-ancestor refs/heads/brain "$new"; then git update-ref refs/heads/brain "$new"; fi',
    'done',
    '',
  ].join('\n'));
  chmodSync(hook, 0o755);
}

describe('brain sync while another process moves the branch to where the sync takes it', () => {
  it('a fast-forward: the report counts the revision received, in one attempt', () => {
    const [alice, bob] = remoteWithClones(2).clones as [string, string];
    ok(brain(alice, ['add', 'decision', '--title', 'Require Python 3.13']));
    sync(alice);
    followOriginInAnotherProcess(bob);
    const report = sync(bob);
    expect(report).toMatchObject({ action: 'fast_forward', pushed: 0, received: 1, attempts: 1 });
    expect(git(bob, ['rev-parse', 'brain'])).toBe(git(alice, ['rev-parse', 'brain']));
    expect(ok(brain(bob, ['sync'])).stdout).toContain('already up to date'); // and now it is
  });

  it('a replay (diverged: nothing fast-forwards it meanwhile) still reports what it pushed and received', () => {
    const [alice, bob] = remoteWithClones(2).clones as [string, string];
    ok(brain(alice, ['add', 'decision', '--title', 'Require Python 3.13']));
    sync(alice);
    ok(brain(bob, ['add', 'open_question', '--title', 'Drop Python 3.12 when?']));
    followOriginInAnotherProcess(bob);
    const report = sync(bob);
    expect(report).toMatchObject({ action: 'replayed', pushed: 1, received: 1 });
    expect(git(bob, ['rev-parse', 'brain'])).toBe(report.tip);
    expect(ok(brain(alice, ['sync', '--json'])).json()).toMatchObject({ received: 1 });
  });
});
