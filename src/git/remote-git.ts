/**
 * Talking to a remote with the system `git` (DESIGN §8: "fetch the remote docs branch with the
 * system git — users' credentials and ssh work as they expect; isomorphic-git has no ssh").
 * The user's environment and git config apply (credential helpers, ssh keys, proxies, hooks);
 * only variables that would point git at another repository are dropped, and messages are
 * forced to English (`LC_ALL=C`) so failures can be classified.
 *
 * Every failure is a BrainError: `remote_error` with `data.reason` — `no_remote` (name not
 * configured), `unreachable` (network, bad URL or path), `auth` (credentials refused),
 * `refused` (the remote declined the push: a hook, protected branch), `contended` (set by the
 * caller when pushes keep being rejected) — or `git_error` (git missing or a local failure).
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { BrainError } from '../model/errors.js';
import type { RepoLocation } from './repo.js';

/** Why talking to the remote failed (`BrainError('remote_error').data.reason`). */
export type RemoteFailure = 'no_remote' | 'unreachable' | 'auth' | 'refused' | 'contended';

interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

const REPO_VARS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_COMMON_DIR', 'GIT_NAMESPACE', 'GIT_PREFIX'];

function runGit(repo: RepoLocation, args: string[]): Promise<GitRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C', LANGUAGE: 'C' };
  for (const name of REPO_VARS) delete env[name];
  return new Promise((resolve, reject) => {
    execFile('git', [`--git-dir=${repo.gitdir}`, ...args], { cwd: repo.workDir ?? repo.gitdir, env, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') {
        reject(new BrainError('git_error', `cannot run git: ${err.message}`, { cause: err, hint: 'brain sync needs git on PATH' }));
        return;
      }
      resolve({ code: err ? (err.code as number) : 0, stdout, stderr });
    });
  });
}

/** The last meaningful line of git's stderr, without the `fatal: ` / `error: ` prefix. */
function gitMessage(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('hint:'));
  const best = lines.find((l) => /^fatal:/.test(l)) ?? lines[lines.length - 1] ?? 'git failed';
  return best.replace(/^(fatal|error):\s*/, '');
}

/**
 * Classifies a failed fetch or push from git's stderr (LC_ALL=C): `auth` for refused
 * credentials, `unreachable` for everything else that prevented talking to the remote.
 */
export function classifyRemoteFailure(stderr: string): 'auth' | 'unreachable' {
  const auth = /authentication failed|permission denied|could not read (username|password)|terminal prompts disabled|invalid username or password|HTTP (401|403)|access denied|returned error: 40[13]/i;
  return auth.test(stderr) ? 'auth' : 'unreachable';
}

function remoteError(what: string, remote: string, run: GitRun): BrainError {
  const reason = classifyRemoteFailure(run.stderr);
  const hint =
    reason === 'auth'
      ? `check your credentials for ${remote}: does \`git fetch ${remote}\` work?`
      : `check the remote's URL (\`git remote get-url ${remote}\`) and your network; does \`git fetch ${remote}\` work?`;
  return new BrainError('remote_error', `${what} ${remote} failed: ${gitMessage(run.stderr)}`, { hint, data: { remote, reason, stderr: run.stderr.trim() } });
}

/** Throws `invalid_argument` for a remote name git could read as an option or that holds whitespace. */
export function assertRemoteName(remote: string): void {
  if (remote === '' || remote.startsWith('-') || /[\s\x00-\x1f]/.test(remote)) {
    throw new BrainError('invalid_argument', `invalid remote name "${remote}"`, { hint: 'brain sync [remote]: the name of a git remote, default origin' });
  }
}

/**
 * Throws `remote_error` (`no_remote`) unless `remote` is a configured remote name (`git remote`).
 * Errors: also `invalid_argument` (see {@link assertRemoteName}), `git_error`.
 */
export async function assertRemote(args: { repo: RepoLocation; remote: string }): Promise<void> {
  assertRemoteName(args.remote);
  const run = await runGit(args.repo, ['remote']);
  if (run.code !== 0) throw new BrainError('git_error', `git remote failed: ${gitMessage(run.stderr)}`);
  const names = run.stdout.split('\n').filter((n) => n !== '');
  if (!names.includes(args.remote)) {
    throw new BrainError('remote_error', `no remote named ${args.remote}${names.length ? ` (remotes: ${names.join(', ')})` : ' (this repository has no remotes)'}`, {
      hint: names.length ? `brain sync ${names[0]}, or add one: git remote add ${args.remote} <url>` : `add one: git remote add ${args.remote} <url>`,
      data: { remote: args.remote, reason: 'no_remote', remotes: names },
    });
  }
}

/** `refs/remotes/<remote>/<branch>`, the remote-tracking ref sync fetches into. */
export function trackingRef(remote: string, branch: string): string {
  return `refs/remotes/${remote}/${branch}`;
}

function readRef(commonDir: string, ref: string): string | null {
  try {
    const loose = fs.readFileSync(join(commonDir, ref), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(loose)) return loose;
  } catch {
    /* not loose */
  }
  try {
    for (const line of fs.readFileSync(join(commonDir, 'packed-refs'), 'utf8').split('\n')) {
      if (line.length > 41 && line[40] === ' ' && line.slice(41) === ref) return line.slice(0, 40);
    }
  } catch {
    /* no packed-refs */
  }
  return null;
}

/**
 * Fetches `refs/heads/<branch>` of `remote` into its remote-tracking ref (forced, no tags) and
 * returns the fetched oid, or null when the remote has no such branch.
 * Errors: `remote_error` (`no_remote`, `unreachable`, `auth`), `invalid_argument`, `git_error`.
 */
export async function fetchBranch(args: { repo: RepoLocation; remote: string; branch: string }): Promise<string | null> {
  assertRemoteName(args.remote);
  const tracking = trackingRef(args.remote, args.branch);
  const run = await runGit(args.repo, ['fetch', '--quiet', '--no-tags', '--no-recurse-submodules', args.remote, `+refs/heads/${args.branch}:${tracking}`]);
  if (run.code !== 0) {
    if (/couldn't find remote ref/i.test(run.stderr)) return null;
    await assertRemote(args); // "does not appear to be a git repository" is also what an unknown name gives
    throw remoteError('git fetch', args.remote, run);
  }
  const oid = readRef(args.repo.commonDir, tracking);
  if (!oid) throw new BrainError('git_error', `git fetch ${args.remote} succeeded but ${tracking} cannot be read`);
  return oid;
}

/**
 * Whether `remote` has `refs/heads/<branch>` (`git ls-remote --heads`), asked without fetching
 * anything: true or false, or null when the remote could not be asked (offline, credentials,
 * not configured) — the caller decides what an unknown answer means. Errors: `invalid_argument`
 * for a remote name git would read as an option; `git_error` when git cannot be run.
 */
export async function remoteHasBranch(args: { repo: RepoLocation; remote: string; branch: string }): Promise<boolean | null> {
  assertRemoteName(args.remote);
  const run = await runGit(args.repo, ['ls-remote', '--heads', args.remote, `refs/heads/${args.branch}`]);
  if (run.code !== 0) return null;
  return run.stdout.split('\n').some((line) => line.endsWith(`\trefs/heads/${args.branch}`));
}

/** The outcome of {@link pushBranch}: `rejected` means the remote moved (fetch and retry). */
export type PushOutcome = 'pushed' | 'rejected';

/**
 * After a push of `oid`, makes `refs/remotes/<remote>/<branch>` say so. git moves it itself only
 * when a fetch refspec of the remote maps the branch; in a `--single-branch` or `--depth` clone
 * none does, and the ref sync fetched into stayed at the old tip: `brain status` then called the
 * pushed revisions "not pushed yet" (decision 0099). Compare-and-swap against the value read,
 * so a fetch that moved it meanwhile wins; a failure leaves the ref as it was (the next sync
 * fetches it again).
 */
async function followPush(args: { repo: RepoLocation; remote: string; branch: string; oid: string }): Promise<void> {
  const tracking = trackingRef(args.remote, args.branch);
  const current = readRef(args.repo.commonDir, tracking);
  if (current === args.oid) return;
  await runGit(args.repo, ['update-ref', '-m', `brain sync: pushed to ${args.remote}`, tracking, args.oid, current ?? '0'.repeat(40)]);
}

/**
 * Pushes commit `oid` to `refs/heads/<branch>` of `remote` — never forced, so the remote only
 * accepts a fast-forward of what it has. `rejected` when the remote branch moved since it was
 * fetched (non-fast-forward, or a concurrent push won the remote's ref lock).
 * Errors: `remote_error` (`unreachable`, `auth`, `refused` for a declined push), `git_error`.
 */
export async function pushBranch(args: { repo: RepoLocation; remote: string; branch: string; oid: string }): Promise<PushOutcome> {
  const dest = `refs/heads/${args.branch}`;
  const run = await runGit(args.repo, ['push', '--porcelain', args.remote, `${args.oid}:${dest}`]);
  const line = run.stdout.split('\n').find((l) => l.includes(`:${dest}\t`));
  if (run.code === 0 && !line?.startsWith('!')) {
    await followPush({ repo: args.repo, remote: args.remote, branch: args.branch, oid: args.oid });
    return 'pushed';
  }
  const summary = line?.split('\t')[2] ?? '';
  const stale = /fetch first|non-fast-forward|stale info|failed to update ref|cannot lock ref|failed to lock|incorrect old value/i;
  if (line?.startsWith('!') && stale.test(summary)) return 'rejected';
  if (line?.startsWith('!')) {
    throw new BrainError('remote_error', `${args.remote} refused the push of ${args.branch}: ${summary || gitMessage(run.stderr)}`, {
      hint: 'the remote declined it (a hook or a protected branch?); see the message above',
      data: { remote: args.remote, reason: 'refused', stderr: run.stderr.trim() },
    });
  }
  throw remoteError('git push', args.remote, run);
}

/**
 * Whether commit `ancestor` is reachable from `descendant` (`git merge-base --is-ancestor`).
 * Errors: `git_error`.
 */
export async function isAncestor(args: { repo: RepoLocation; ancestor: string; descendant: string }): Promise<boolean> {
  const run = await runGit(args.repo, ['merge-base', '--is-ancestor', args.ancestor, args.descendant]);
  if (run.code === 0) return true;
  if (run.code === 1) return false;
  throw new BrainError('git_error', `git merge-base failed: ${gitMessage(run.stderr)}`);
}
