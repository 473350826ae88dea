/**
 * How the local docs branch stands against its upstream (issue #19 "nobody reads a stale
 * brain"; docs/decisions/0037-upstream-freshness.md): the remote-tracking ref
 * `refs/remotes/<remote>/<branch>` as of the last fetch — ahead / behind counts (`git rev-list
 * --left-right --count`), and when that fetch was — and the fast-forward every read makes when
 * the local branch is strictly behind (nothing local to lose), with the ref lock protocol
 * (refs.ts compare-and-swap, never git.writeRef), as a clone's first read creates the branch
 * (remote-branch.ts). Diverged or ahead: nothing moves.
 *
 * The upstream is the only remote that has the branch; with several, `branch.<branch>.remote`
 * when configured (as `git checkout` / brain set it), else `origin`'s. Nothing is spawned while every remote-tracking
 * ref equals the local tip (the common case of a read); counts are memoized per (local,
 * upstream) pair, and carried over to the commits this process writes ({@link rememberChild}).
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { isBrainError } from '../model/errors.js';
import type { Identity } from './commit-writer.js';
import { readBranchTip, updateBranchRef } from './refs.js';
import { worktreeHoldingBranch } from './checked-out.js';
import { listRemoteTrackingRefs, type RemoteTrackingRef } from './remote-branch.js';
import { brainDir, type RepoLocation } from './repo.js';
import { isDeadWritersRefLock } from './stale-writer.js';
import { isStale, readLock, writeLockPath } from './write-lock.js';
import { runGit } from './rev-parse.js';

/** Where the local branch stands: `up_to_date`, `ahead` (local revisions not pushed), `behind`, `diverged` (both). */
export type UpstreamRelation = 'up_to_date' | 'ahead' | 'behind' | 'diverged';

/** The local docs branch against its upstream, as of the last fetch. */
export interface UpstreamState {
  /** `origin` */
  remote: string;
  /** `refs/remotes/origin/brain` */
  ref: string;
  /** The remote-tracking ref's commit. */
  oid: string;
  /** Local commits the upstream lacks. */
  ahead: number;
  /** Upstream commits the local branch lacks. */
  behind: number;
  relation: UpstreamRelation;
  /** When the upstream was last fetched (ISO 8601; FETCH_HEAD naming the branch, or the ref's reflog), null when unknown. */
  fetched_at: string | null;
  /**
   * Only when `fetched_at` is null (a clone that checked nothing out keeps no reflog to date it,
   * docs/decisions/0063): the committer date of the upstream's tip (ISO 8601 UTC) — the ref was
   * fetched no earlier; null otherwise or when unreadable.
   */
  tip_committed_at: string | null;
}

const counts = new Map<string, { ahead: number; behind: number }>();
const countsKey = (commonDir: string, local: string, upstream: string) => `${commonDir}\0${local}\0${upstream}`;
function remember(key: string, value: { ahead: number; behind: number }): void {
  if (counts.size > 256) counts.clear();
  counts.set(key, value);
}

function configuredRemote(repo: RepoLocation, branch: string): Promise<string | null> {
  return runGit(repo, ['config', '--get', `branch.${branch}.remote`]).then((r) => (r.code === 0 ? r.stdout.trim() || null : null));
}

async function chooseUpstream(repo: RepoLocation, branch: string, refs: RemoteTrackingRef[]): Promise<RemoteTrackingRef | null> {
  if (refs.length === 1) return refs[0] as RemoteTrackingRef; // one remote has it: no config read on the read path
  const configured = await configuredRemote(repo, branch);
  const named = configured === null ? undefined : refs.find((r) => r.remote === configured);
  if (named) return named;
  if (configured !== null && configured !== '.') return null; // tracks a remote that has no such ref (yet)
  return refs.find((r) => r.remote === 'origin') ?? null;
}

async function aheadBehind(repo: RepoLocation, local: string, upstream: string): Promise<{ ahead: number; behind: number } | null> {
  const key = countsKey(repo.commonDir, local, upstream);
  const known = counts.get(key);
  if (known) return known;
  const run = await runGit(repo, ['rev-list', '--left-right', '--count', `${local}...${upstream}`]);
  const m = /^(\d+)\s+(\d+)\s*$/.exec(run.stdout);
  if (run.code !== 0 || !m) return null; // an object is missing (a broken clone): no claim
  const value = { ahead: Number(m[1]), behind: Number(m[2]) };
  remember(key, value);
  return value;
}

/**
 * Records that commit `child`, whose only parent is `parent`, became the local tip (a write of
 * this process): its counts against every remote-tracking ref of `branch` follow from the
 * parent's without asking git (one more ahead), so the next read spawns nothing.
 */
export function rememberChild(args: { repo: RepoLocation; branch: string; parent: string | null; child: string }): void {
  if (args.parent === null) return;
  for (const ref of listRemoteTrackingRefs({ commonDir: args.repo.commonDir, branch: args.branch })) {
    const before = ref.oid === args.parent ? { ahead: 0, behind: 0 } : counts.get(countsKey(args.repo.commonDir, args.parent, ref.oid));
    if (before) remember(countsKey(args.repo.commonDir, args.child, ref.oid), { ahead: before.ahead + 1, behind: before.behind });
  }
}

/** The later of FETCH_HEAD's mtime (when it names `branch`) and the ref's last reflog line; without either, the clone's time (HEAD's first reflog entry); null when nothing says. */
export function lastFetch(commonDir: string, branch: string, ref: string): string | null {
  let ms = 0;
  try {
    const fetchHead = join(commonDir, 'FETCH_HEAD');
    if (fs.readFileSync(fetchHead, 'utf8').includes(`branch '${branch}' of `)) ms = fs.statSync(fetchHead).mtimeMs;
  } catch {
    /* never fetched with FETCH_HEAD */
  }
  try {
    const lines = fs.readFileSync(join(commonDir, 'logs', ref), 'utf8').trimEnd().split('\n');
    const m = /> (\d+) [+-]\d{4}\t/.exec(lines[lines.length - 1] ?? '');
    if (m) ms = Math.max(ms, Number(m[1]) * 1000);
  } catch {
    // No reflog for the ref: `git clone` writes none for remote-tracking branches other than
    // HEAD's, but records the clone itself as the first entry of HEAD's reflog — when the ref was fetched.
    if (ms === 0) ms = cloneTime(commonDir);
  }
  return ms > 0 ? new Date(Math.floor(ms / 1000) * 1000).toISOString() : null;
}

/** The committer date of commit `oid` (ISO 8601 UTC, whole seconds), null when git cannot read it. */
async function commitDate(repo: RepoLocation, oid: string): Promise<string | null> {
  const run = await runGit(repo, ['show', '-s', '--format=%ct', oid]);
  const seconds = Number(run.stdout.trim());
  return run.code === 0 && Number.isInteger(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null;
}

/** When this repository was cloned (ms), from the first entry of HEAD's reflog (`clone: from …`); 0 when it was not, or git kept no reflog. */
function cloneTime(commonDir: string): number {
  try {
    const first = fs.readFileSync(join(commonDir, 'logs', 'HEAD'), 'utf8').split('\n', 1)[0] ?? '';
    const m = /> (\d+) [+-]\d{4}\tclone: /.exec(first);
    return m ? Number(m[1]) * 1000 : 0;
  } catch {
    return 0;
  }
}

/**
 * The local branch (tip `local`) against its upstream, or null when no remote has the branch,
 * none is its upstream, or git cannot count (a missing object). Errors: `git_error` when git
 * cannot be run.
 */
export async function readUpstream(args: { repo: RepoLocation; branch: string; local: string }): Promise<UpstreamState | null> {
  const refs = listRemoteTrackingRefs({ commonDir: args.repo.commonDir, branch: args.branch });
  if (refs.length === 0) return null;
  const upstream = await chooseUpstream(args.repo, args.branch, refs);
  if (upstream === null) return null;
  const fetched_at = lastFetch(args.repo.commonDir, args.branch, upstream.ref);
  const tip_committed_at = fetched_at === null ? await commitDate(args.repo, upstream.oid) : null;
  const base = { remote: upstream.remote, ref: upstream.ref, oid: upstream.oid, fetched_at, tip_committed_at };
  if (upstream.oid === args.local) return { ...base, ahead: 0, behind: 0, relation: 'up_to_date' };
  const c = await aheadBehind(args.repo, args.local, upstream.oid);
  if (c === null) return null;
  const relation: UpstreamRelation = c.ahead > 0 && c.behind > 0 ? 'diverged' : c.ahead > 0 ? 'ahead' : c.behind > 0 ? 'behind' : 'up_to_date';
  return { ...base, ...c, relation };
}

/**
 * How long a read waits for the branch's ref lock before answering from the local branch, ms: a
 * live git or brain update holds it for milliseconds, and a killed one's lock never goes away by
 * waiting (a write waits longer, refs.ts, since it must move the branch).
 */
export const READ_REF_LOCK_WAIT_MS = 500;

/** Why {@link fastForward} could not move a branch that is behind: its ref lock is taken. */
export interface FastForwardBlocked {
  remote: string;
  /** Upstream commits the local branch still lacks. */
  behind: number;
  /** The ref lock's path. */
  lock: string;
  /** refs.ts's `ref_locked` message (the lock and its age). */
  message: string;
  /** What clears it. */
  hint: string | undefined;
}

/**
 * The hint for a taken ref lock: one provably a killed brain writer's (its stale `write.lock`
 * names it, stale-writer.ts) is cleared by the next write; else refs.ts's hint.
 */
function lockedHint(repo: RepoLocation, lock: string, fallback: string | undefined): string | undefined {
  const holder = readLock(writeLockPath(brainDir(repo)));
  if (holder?.ref_lock?.path !== lock || !isStale(holder) || !isDeadWritersRefLock(holder.ref_lock)) return fallback;
  return `a brain write (pid ${holder.pid}) was killed while moving the branch and left it: \`brain sync\`, any brain write or \`brain doctor --fix\` removes it`;
}

/** What {@link fastForward} did. */
export interface FastForwarded {
  remote: string;
  from: string;
  to: string;
  /** Commits gained. */
  commits: number;
}

/**
 * Moves `refs/heads/<branch>` from `local` to its upstream when it is strictly behind (every
 * local commit is in the upstream), with compare-and-swap under git's ref lock; returns what
 * it did, or null when nothing moved: no upstream, up to date, ahead, diverged, or the branch
 * moved meanwhile (the mover wins; the next read looks again), or it is checked out in a work
 * tree (checked-out.ts), or the branch's ref lock stayed taken for {@link READ_REF_LOCK_WAIT_MS}
 * — then `onLocked` is told why (a {@link FastForwardBlocked}) and the read answers from the
 * local branch, which the upstream line reports as behind (docs/decisions/0092: a lock left by
 * a killed writer failed every read after a fetch). Cheap when every remote-tracking ref equals
 * `local`: no git child. Errors: `git_error`.
 */
export async function fastForward(args: { repo: RepoLocation; branch: string; local: string; identity: () => Identity; onLocked?: (blocked: FastForwardBlocked) => void }): Promise<FastForwarded | null> {
  const refs = listRemoteTrackingRefs({ commonDir: args.repo.commonDir, branch: args.branch });
  if (refs.every((r) => r.oid === args.local)) return null;
  const state = await readUpstream(args);
  if (state === null || state.relation !== 'behind') return null;
  if (readBranchTip(args.repo.commonDir, args.branch) !== args.local) return null;
  if (worktreeHoldingBranch(args.repo.commonDir, args.branch) !== null) return null; // git's rule: a checked-out branch is not moved
  try {
    await updateBranchRef({
      commonDir: args.repo.commonDir,
      branch: args.branch,
      oldOid: args.local,
      newOid: state.oid,
      message: `brain: fast-forward to ${state.remote}/${args.branch}`,
      identity: args.identity(),
      lockWaitMs: READ_REF_LOCK_WAIT_MS,
    });
  } catch (err) {
    if (isBrainError(err, 'ref_conflict')) return null;
    if (!isBrainError(err, 'ref_locked')) throw err;
    args.onLocked?.({ remote: state.remote, behind: state.behind, lock: String(err.data?.lock ?? ''), message: err.message, hint: lockedHint(args.repo, String(err.data?.lock ?? ''), err.hint) });
    return null;
  }
  return { remote: state.remote, from: args.local, to: state.oid, commits: state.behind };
}
