/**
 * The hub's bare mirrors (issue #11: "fetched with system git into a hub-owned mirror"):
 * `<hub dir>/mirrors/<name>.git`, made with `git init --bare` and updated with
 * `git fetch --prune <source> +refs/heads/<branch>:refs/heads/<branch>` — only the docs
 * branch, no tags, nothing else of the source. git runs with an argv array (never a shell),
 * `--` before the source, `GIT_TERMINAL_PROMPT=0` (a credential prompt fails instead of
 * hanging), `protocol.ext.allow=never`, English messages, and a timeout.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BrainError } from '../model/errors.js';
import { classifyRemoteFailure } from '../git/remote-git.js';
import type { RepoLocation } from '../git/repo.js';
import { createObjectReader } from '../git/object-reader.js';

/** Default limit of one git run, in ms. */
export const GIT_TIMEOUT_MS = 120_000;

const REPO_VARS = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_ALTERNATE_OBJECT_DIRECTORIES', 'GIT_COMMON_DIR', 'GIT_NAMESPACE', 'GIT_PREFIX'];

interface GitRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `git <args>`; resolves with the exit code (a timeout is code -1). Errors: `git_error` when git cannot be started. */
function git(args: string[], timeoutMs: number): Promise<GitRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0' };
  for (const name of REPO_VARS) delete env[name];
  return new Promise((resolve, reject) => {
    execFile('git', ['-c', 'protocol.ext.allow=never', ...args], { env, timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number' && !err.killed) {
        reject(new BrainError('git_error', `cannot run git: ${err.message}`, { cause: err, hint: 'the hub needs git on PATH' }));
        return;
      }
      resolve({ code: err ? (err.killed ? -1 : (err.code as number)) : 0, stdout, stderr });
    });
  });
}

function lastLine(stderr: string): string {
  const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('hint:'));
  return (lines.find((l) => l.startsWith('fatal:')) ?? lines[lines.length - 1] ?? 'git failed').replace(/^(fatal|error):\s*/, '');
}

/** The mirror directory of repository `name` under `hubDir`. */
export function mirrorPath(hubDir: string, name: string): string {
  return join(hubDir, 'mirrors', `${name}.git`);
}

/** The mirror as a {@link RepoLocation} (bare: no work tree) for object readers. */
export function mirrorLocation(hubDir: string, name: string): RepoLocation {
  const dir = mirrorPath(hubDir, name);
  return { workDir: null, gitdir: dir, commonDir: dir };
}

/** Creates the bare mirror if missing (idempotent). Errors: `git_error`. */
export async function ensureMirror(hubDir: string, name: string): Promise<string> {
  const dir = mirrorPath(hubDir, name);
  if (existsSync(join(dir, 'HEAD'))) return dir;
  mkdirSync(dir, { recursive: true });
  const run = await git(['init', '--bare', '--quiet', '--', dir], GIT_TIMEOUT_MS);
  if (run.code !== 0) throw new BrainError('git_error', `git init --bare ${dir} failed: ${lastLine(run.stderr)}`, { data: { stderr: run.stderr.trim() } });
  return dir;
}

/** Removes the mirror of `name` (a repository unregistered). */
export function removeMirror(hubDir: string, name: string): void {
  rmSync(mirrorPath(hubDir, name), { recursive: true, force: true });
}

/**
 * Fetches `branch` of `source` into the mirror (forced: the mirror follows the source, DESIGN
 * §8 rewrites included). Errors: `not_initialized` (the source has no such branch),
 * `remote_error` with `data.reason` `unreachable`/`auth`/`timeout`, `git_error`.
 */
export async function fetchMirror(args: { hubDir: string; name: string; source: string; branch: string; timeoutMs?: number }): Promise<void> {
  const dir = await ensureMirror(args.hubDir, args.name);
  const ref = `refs/heads/${args.branch}`;
  const run = await git(['--git-dir', dir, 'fetch', '--quiet', '--prune', '--no-tags', '--no-write-fetch-head', '--no-show-forced-updates', '--', args.source, `+${ref}:${ref}`], args.timeoutMs ?? GIT_TIMEOUT_MS);
  if (run.code === 0) return;
  const message = lastLine(run.stderr);
  if (run.code === -1) throw new BrainError('remote_error', `fetching ${args.source} timed out`, { hint: 'check the source is reachable; the hub retries at the next sync', data: { reason: 'timeout' } });
  if (/couldn't find remote ref/i.test(run.stderr)) {
    throw new BrainError('not_initialized', `${args.source} has no branch ${args.branch}`, { hint: `run \`brain init\` in that repository (or register it with the right --branch)`, data: { branch: args.branch } });
  }
  throw new BrainError('remote_error', `fetching ${args.source} failed: ${message}`, { hint: 'does `git fetch` of that source work for the user running the hub?', data: { reason: classifyRemoteFailure(run.stderr) } });
}

/**
 * The commit `refs/heads/<branch>` of the mirror points at (an annotated tag peeled), or null
 * when the ref does not exist; one `git for-each-ref`. Errors: `git_error` (not a commit).
 */
export async function mirrorTip(hubDir: string, name: string, branch: string): Promise<string | null> {
  const dir = mirrorPath(hubDir, name);
  const ref = `refs/heads/${branch}`;
  const run = await git(['--git-dir', dir, 'for-each-ref', '--format=%(refname) %(objectname) %(objecttype) %(*objectname) %(*objecttype)', '--', ref], GIT_TIMEOUT_MS);
  if (run.code !== 0) throw new BrainError('git_error', `reading ${ref} of the mirror of "${name}" failed: ${lastLine(run.stderr)}`);
  // for-each-ref also lists refs under `<ref>/`: keep the exact name.
  const line = run.stdout.split('\n').find((l) => l.startsWith(`${ref} `));
  if (line === undefined) return null;
  const [, oid, type, peeled, peeledType] = line.split(' ');
  if (type === 'commit') return oid!;
  if (type === 'tag' && peeledType === 'commit') return peeled!;
  throw new BrainError('git_error', `${ref} of the mirror of "${name}" is not a commit`, { hint: 'the source branch must point at a commit' });
}

/**
 * The bytes of `oids`, in order, read from the mirror of repository `name` (one object reader,
 * closed after). Errors: `not_found` for a missing object, `git_error`.
 */
export async function readMirrorBlobs(hubDir: string, name: string, oids: readonly string[]): Promise<Buffer[]> {
  if (oids.length === 0) return [];
  const reader = await createObjectReader({ repo: mirrorLocation(hubDir, name) });
  try {
    const out: Buffer[] = [];
    for (const oid of oids) out.push(await reader.readBlob(oid));
    return out;
  } finally {
    await reader.close();
  }
}
