/**
 * Resolving revisions and walking history with the system `git` (for `brain review BASE..HEAD`):
 * any revision git understands — branch names (`brain`, `origin/brain`), `brain~3`, tags,
 * short or full oids, `@{u}` — resolved exactly as `git rev-parse` does, so a review range means
 * what it means to git. Read-only: nothing is written, no lock taken.
 *
 * Runs `git --git-dir <gitdir>` (the checkout's git dir, so `HEAD` is this worktree's) with the
 * inherited repository overrides dropped, replace refs off and messages in English.
 * Errors: `git_error` when git cannot be run or fails unexpectedly; `invalid_argument` for a
 * revision that does not name a commit.
 */
import { execFile } from 'node:child_process';
import { BrainError } from '../model/errors.js';
import { gitChildEnv } from './cat-file-batch.js';
import type { RepoLocation } from './repo.js';

/** A finished git run. */
export interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs read-only `git --git-dir <gitdir> <args>` as described in the module comment. Errors: `git_error` when git cannot be run. */
export function runGit(repo: RepoLocation, args: string[]): Promise<GitRun> {
  const env = { ...gitChildEnv(), LC_ALL: 'C', LANGUAGE: 'C' };
  return new Promise((resolve, reject) => {
    execFile('git', ['--git-dir', repo.gitdir, ...args], { cwd: repo.workDir ?? repo.gitdir, env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') {
        reject(new BrainError('git_error', `cannot run git: ${err.message}`, { cause: err, hint: 'brain review needs git on PATH' }));
        return;
      }
      resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
    });
  });
}

/** A `git_error` for a failed run: `<what> failed: <git's first stderr line>`. */
export function failure(what: string, run: GitRun): BrainError {
  const line = run.stderr.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? `exit ${run.code}`;
  return new BrainError('git_error', `${what} failed: ${line.replace(/^(fatal|error):\s*/, '')}`, { data: { stderr: run.stderr.trim() } });
}

/**
 * The full oid of the commit `rev` names (`git rev-parse --verify <rev>^{commit}`; an annotated
 * tag is peeled). Errors: `invalid_argument` when `rev` is empty, starts with `-`, holds
 * whitespace or control characters, or names no commit here; `git_error`.
 */
export async function resolveCommit(args: { repo: RepoLocation; rev: string }): Promise<string> {
  const { rev } = args;
  if (rev === '' || rev.startsWith('-') || /[\s\x00-\x1f\x7f]/.test(rev)) {
    throw new BrainError('invalid_argument', `invalid revision "${rev}"`, { hint: 'a branch, tag or commit, e.g. origin/brain or brain~3', data: { revision: rev } });
  }
  const run = await runGit(args.repo, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]);
  const oid = run.stdout.trim();
  if (run.code === 0 && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(oid)) return oid;
  if (run.code === 1 || run.code === 128) {
    throw new BrainError('invalid_argument', `unknown revision "${rev}": no commit by that name in this repository`, {
      hint: 'name a branch, tag or commit git knows (git rev-parse --verify REV); fetch it first if it is on a remote',
      data: { revision: rev },
    });
  }
  throw failure(`git rev-parse ${rev}`, run);
}

/**
 * The best common ancestor of two commits (`git merge-base a b`), or null when their histories
 * are unrelated. With several (criss-cross merges) git's first answer, as `git diff a...b` uses.
 * Errors: `git_error`.
 */
export async function mergeBase(args: { repo: RepoLocation; a: string; b: string }): Promise<string | null> {
  const run = await runGit(args.repo, ['merge-base', '--end-of-options', args.a, args.b]);
  if (run.code === 1 && run.stdout.trim() === '') return null;
  if (run.code !== 0) throw failure('git merge-base', run);
  return run.stdout.trim().split('\n')[0] ?? null;
}

/**
 * How many commits `head` has that `base` does not (`git rev-list --count head ^base`): the
 * commits a pull request from `base` to `head` brings. Errors: `git_error`.
 */
export async function countCommits(args: { repo: RepoLocation; base: string; head: string }): Promise<number> {
  const run = await runGit(args.repo, ['rev-list', '--count', args.head, `^${args.base}`, '--']);
  const count = Number(run.stdout.trim());
  if (run.code !== 0 || !Number.isInteger(count)) throw failure('git rev-list --count', run);
  return count;
}
