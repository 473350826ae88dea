/**
 * A clone brings the brain (issue #8 part 1; docs/decisions/0016-clone-creates-local-docs-branch.md):
 * when the docs branch exists only as remote-tracking refs (`refs/remotes/<remote>/<branch>`,
 * loose or in `packed-refs` — a fresh `git clone` packs them), the local branch is created from
 * one of them the way `git checkout <branch>` does: at the same commit, with
 * `branch.<branch>.remote` / `.merge` set so `git status`, `git pull` and `@{u}` work.
 *
 * `origin` wins when several remotes have the branch; several without `origin` is
 * `ambiguous_remote` naming them. The ref is created with the compare-and-swap ref update
 * (refs.ts, old value "none"), so a concurrent creator (another brain process, or plain git)
 * simply wins and is used.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { BrainError, isBrainError } from '../model/errors.js';
import { gitChildEnv } from './cat-file-batch.js';
import type { Identity } from './commit-writer.js';
import { readBranchTip, updateBranchRef } from './refs.js';

const OID = /^[0-9a-f]{40}$/;

/** One remote-tracking ref of the docs branch. */
export interface RemoteTrackingRef {
  /** The remote's name (`origin`). */
  remote: string;
  /** `refs/remotes/<remote>/<branch>` */
  ref: string;
  oid: string;
}

function looseRemotes(commonDir: string): string[] {
  try {
    return fs.readdirSync(join(commonDir, 'refs', 'remotes'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
}

function readLoose(path: string): string | null {
  try {
    const text = fs.readFileSync(path, 'utf8').trim();
    return OID.test(text) ? text : null; // a symbolic ref (`ref: …`, e.g. origin/HEAD) is not a branch
  } catch {
    return null;
  }
}

/**
 * Every remote-tracking ref of `branch` (`refs/remotes/<remote>/<branch>`, remote names without
 * `/`), loose refs taking precedence over `packed-refs` as in git; sorted by remote name.
 */
export function listRemoteTrackingRefs(args: { commonDir: string; branch: string }): RemoteTrackingRef[] {
  const found = new Map<string, RemoteTrackingRef>();
  let packed = '';
  try {
    packed = fs.readFileSync(join(args.commonDir, 'packed-refs'), 'utf8');
  } catch {
    /* no packed-refs */
  }
  const suffix = `/${args.branch}`;
  for (const line of packed.split('\n')) {
    if (line.length < 42 || line[40] !== ' ' || !OID.test(line.slice(0, 40))) continue;
    const ref = line.slice(41).trimEnd();
    if (!ref.startsWith('refs/remotes/') || !ref.endsWith(suffix)) continue;
    const remote = ref.slice('refs/remotes/'.length, ref.length - suffix.length);
    if (remote !== '' && !remote.includes('/')) found.set(remote, { remote, ref, oid: line.slice(0, 40) });
  }
  for (const remote of looseRemotes(args.commonDir)) {
    const ref = `refs/remotes/${remote}/${args.branch}`;
    const oid = readLoose(join(args.commonDir, ref));
    if (oid) found.set(remote, { remote, ref, oid });
  }
  return [...found.values()].sort((a, b) => (a.remote < b.remote ? -1 : a.remote > b.remote ? 1 : 0));
}

/**
 * The remote-tracking ref to create the local branch from: the only one, else `origin`'s, else
 * null when there is none. Errors: `ambiguous_remote` when several remotes, none of them
 * `origin`, have the branch (`data.remotes`).
 */
export function chooseRemoteTrackingRef(args: { refs: RemoteTrackingRef[]; branch: string }): RemoteTrackingRef | null {
  const { refs, branch } = args;
  if (refs.length <= 1) return refs[0] ?? null;
  const origin = refs.find((r) => r.remote === 'origin');
  if (origin) return origin;
  const remotes = refs.map((r) => r.remote);
  throw new BrainError('ambiguous_remote', `branch ${branch} exists on several remotes and none is origin: ${remotes.join(', ')}`, {
    hint: `choose one: \`brain sync ${remotes[0]}\` (or \`git branch --track ${branch} ${remotes[0]}/${branch}\`)`,
    data: { branch, remotes },
  });
}

/** What {@link createFromRemote} did. */
export interface CreatedFromRemote {
  remote: string;
  oid: string;
  /** False when git could not record the upstream (`branch.<b>.remote/merge`); the branch exists all the same. */
  tracking: boolean;
}

function setUpstream(args: { commonDir: string; branch: string; remote: string }): Promise<boolean> {
  const settings: [string, string][] = [[`branch.${args.branch}.remote`, args.remote], [`branch.${args.branch}.merge`, `refs/heads/${args.branch}`]];
  const env = gitChildEnv();
  const one = ([key, value]: [string, string]) =>
    new Promise<boolean>((resolve) => execFile('git', ['--git-dir', args.commonDir, 'config', key, value], { env }, (err) => resolve(err === null)));
  return settings.reduce<Promise<boolean>>(async (ok, setting) => (await ok) && one(setting), Promise.resolve(true));
}

/**
 * Creates `refs/heads/<branch>` from the chosen remote-tracking ref when the local branch does
 * not exist, and sets its upstream (as `git checkout <branch>` does). Returns what it created,
 * or null when nothing was created: the local branch exists (or was just created by someone
 * else), or no remote has the branch. Errors: `ambiguous_remote`, `ref_locked`, `git_error`.
 */
export async function createFromRemote(args: { commonDir: string; branch: string; identity: Identity }): Promise<CreatedFromRemote | null> {
  if (readBranchTip(args.commonDir, args.branch) !== null) return null;
  const chosen = chooseRemoteTrackingRef({ refs: listRemoteTrackingRefs(args), branch: args.branch });
  if (chosen === null) return null;
  try {
    await updateBranchRef({
      commonDir: args.commonDir,
      branch: args.branch,
      oldOid: null,
      newOid: chosen.oid,
      message: `branch: Created from ${chosen.remote}/${args.branch}`,
      identity: args.identity,
    });
  } catch (err) {
    if (isBrainError(err, 'ref_conflict')) return null; // created meanwhile: use theirs
    throw err;
  }
  const tracking = await setUpstream({ commonDir: args.commonDir, branch: args.branch, remote: chosen.remote });
  return { remote: chosen.remote, oid: chosen.oid, tracking };
}
