/**
 * The words for a read that could not fast-forward the docs branch to its upstream because the
 * branch's ref lock is taken (git/upstream.ts `fastForward`; docs/decisions/0092): the CLI
 * prints them on stderr, the daemon logs them and hands them to a one-shot read it answers
 * (daemon/cli-route.ts), so an answer from the local branch never comes silently old.
 */
import type { FastForwardBlocked } from '../git/upstream.js';

/** `could not fast-forward brain to origin/brain (1 new commit): <lock> exists (for 5 s): …; answering from the local branch` and, on its own line, `hint: …`. */
export function blockedFastForwardNotice(b: FastForwardBlocked & { branch: string }): string {
  const commits = `${b.behind} new commit${b.behind === 1 ? '' : 's'}`;
  return `could not fast-forward ${b.branch} to ${b.remote}/${b.branch} (${commits}): ${b.message}; answering from the local branch${b.hint ? `\nhint: ${b.hint}` : ''}`;
}
