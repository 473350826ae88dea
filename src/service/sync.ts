/**
 * `brain sync [remote]` (DESIGN §8, issue #4): fetch the remote docs branch with the system
 * git, replay the local revisions it lacks on top of it, push, and move the local branch —
 * retrying from the fetch when someone pushed meanwhile. The whole sync holds the brain writer
 * lock; the local ref moves last, with compare-and-swap against the tip that was replayed, and
 * only after the push succeeded: on any error the local branch is exactly as before.
 * See docs/decisions/0008-sync-replays-local-revisions.md.
 */
import { BrainError, isBrainError } from '../model/errors.js';
import type { Identity } from '../git/identity.js';
import { updateBranchRef } from '../git/refs.js';
import { assertBranchNotCheckedOut } from '../git/checked-out.js';
import { assertRemoteName, fetchBranch, pushBranch } from '../git/remote-git.js';
import { brainDir } from '../git/repo.js';
import { planSync, type SyncAction, type SyncPlan } from '../store/sync-plan.js';
import { withWriteLock } from '../git/write-lock.js';
import type { Brain } from '../service.js';

/** Options of {@link syncBrain}. */
export interface SyncOptions {
  /** A configured git remote (default `origin`). */
  remote?: string;
  /** Fetch–replay–push rounds before giving up when the remote keeps moving (default 5). */
  maxAttempts?: number;
}

/** An entry that changed on both sides, and where the local revisions went. */
export interface SyncedEntry {
  entry_id: string;
  /** Title of its current revision after the sync. */
  title: string;
  /** The local revision numbers, before the sync. */
  yours: number[];
  /** The remote's current revision number, before the sync. */
  theirs: number | null;
  /** The numbers those revisions have now (same order as `yours`; null: the remote already said the same). */
  now: (number | null)[];
  /** Fields both sides changed to different values; the local value was kept. */
  both_changed: string[];
  /** The command to review it. */
  review: string;
}

/**
 * A local write guarded by compare-and-swap (`--expected-revision`, MCP `expected_revision`)
 * whose entry the remote moved: held back, not replayed over the remote's revisions, and kept as
 * a pending candidate (store/held-write.ts, docs/decisions/0063). `code` is `revision_conflict`.
 */
export interface HeldConflict {
  code: 'revision_conflict';
  entry_id: string;
  /** Title of the entry's current revision (the remote's). */
  title: string;
  /** The local revision numbers held, before the sync. */
  yours: number[];
  /** The revision the guarded write expected (null: held with a guarded write it belongs to or builds on). */
  expected_revision: number | null;
  /** The remote's current revision number. */
  theirs: number | null;
  /** The pending candidate keeping the held change. */
  candidate_id: string;
  /** What to do. */
  hint: string;
}

/** `brain sync --json` */
export interface SyncReport {
  remote: string;
  branch: string;
  action: SyncAction;
  /** The local tip before and after (after = the remote's tip). */
  before: string | null;
  tip: string;
  /** Entry revisions the remote got from this clone. */
  pushed: number;
  /** Entry revisions this clone got from the remote. */
  received: number;
  /** Candidate revisions (proposals, approvals, rejections) pushed and received, counted apart from the entries'. */
  candidate_revisions: { pushed: number; received: number };
  /** Entries changed on both sides (their revisions replayed after the remote's). */
  changed_on_both_sides: SyncedEntry[];
  /** Local revision files that could not be replayed (invalid; see `brain verify`). */
  unreplayable: string[];
  /** Guarded local writes held back as candidates (their entry moved on the remote). */
  held: HeldConflict[];
  /** Fetch–push rounds it took (> 1 when someone pushed meanwhile). */
  attempts: number;
}

const DEFAULT_ATTEMPTS = 5;

function fallbackIdentity(brain: Brain): Identity {
  try {
    return brain.identity();
  } catch (err) {
    // No author configured: replaying other people's revisions still needs a committer.
    // A configured but invalid identity is an error (issue #7), never silently replaced.
    if (isBrainError(err, 'invalid_argument')) return { name: 'brain sync', email: 'brain@localhost' };
    throw err;
  }
}

async function assertRemoteBrain(brain: Brain, tip: string, remoteLabel: string): Promise<void> {
  try {
    await brain.store.manifest(tip);
  } catch (err) {
    if (!isBrainError(err, 'not_initialized')) throw err;
    throw new BrainError('not_initialized', `${remoteLabel} is not a brain: ${err.message}`, {
      hint: `is that branch used for something else? sync another docs branch with --branch NAME`,
      data: { remote_tip: tip },
    });
  }
}

/**
 * The order to approve the candidates of one held write that changed two entries (a supersede:
 * the guard is on the old entry, its successor is held with it): the successor's first, since
 * no entry becomes superseded by none (decision 0049). '' for a write of one entry (decision 0067).
 */
function approvalOrder(plan: SyncPlan, e: SyncPlan['replayed'][number]): string {
  const held = e.held;
  if (held === null) return '';
  const partners = plan.replayed.filter((o) => o !== e && o.held !== null && o.held.commits.some((c) => held.commits.includes(c)));
  if (partners.length === 0) return '';
  const successor = held.expected_revision === null ? e : partners.find((o) => o.held?.expected_revision === null);
  const old = held.expected_revision !== null ? e : partners.find((o) => o.held?.expected_revision !== null);
  if (successor === undefined || old === undefined) return '';
  return `. One write held both ${old.entry_id} and ${successor.entry_id}: approve ${successor.held?.candidate_id} (${successor.entry_id}) first, then ${old.held?.candidate_id} (${old.entry_id}) — the other order is refused, as nothing becomes superseded before its successor exists; or redo the whole write: brain supersede ${old.entry_id} --by ${successor.entry_id} --expected-revision ${old.held?.current_revision ?? '<n>'}`;
}

function heldConflicts(plan: SyncPlan): HeldConflict[] {
  return plan.replayed.flatMap((e) => {
    if (e.held === null) return [];
    const { candidate_id: cand, expected_revision: expected, current_revision: theirs, revisions } = e.held;
    return [{
      code: 'revision_conflict' as const,
      entry_id: e.entry_id,
      title: e.title,
      yours: revisions,
      expected_revision: expected,
      theirs,
      candidate_id: cand,
      hint: `compare (brain show ${e.entry_id}; brain candidates ${cand}), then apply yours as the next revision (brain approve ${cand}; a teammate approves, or you redo it with brain revise ${e.entry_id} --expected-revision ${theirs ?? '<n>'}) or drop it (brain reject ${cand} --reason "…")${approvalOrder(plan, e)}`,
    }];
  });
}

function bothSides(plan: SyncPlan): SyncedEntry[] {
  return plan.replayed
    .filter((e) => plan.receivedEntries.has(e.entry_id) && e.revisions.length > 0)
    .map((e) => ({
      entry_id: e.entry_id,
      title: e.title,
      yours: e.revisions.map((r) => r.from),
      theirs: e.theirs,
      now: e.revisions.map((r) => r.to),
      both_changed: [...new Set(e.revisions.flatMap((r) => r.conflicts))].sort(),
      review: e.entry_id.startsWith('cand-') ? `brain candidates ${e.entry_id}` : `brain show ${e.entry_id}`,
    }));
}

/**
 * Syncs `brain`'s docs branch with `remote` (see the module comment) and refreshes the
 * projection. Errors: `remote_error` (`data.reason`: `no_remote`, `unreachable`, `auth`,
 * `refused`, `contended` after `maxAttempts` rejected pushes), `not_initialized` (neither side
 * has a brain, or the remote branch is not one), `unsupported_format`, `lock_timeout`,
 * `ref_locked`, `git_error`, `conflict` (the branch is checked out in a work tree and would move),
 * `verify_failed` (`data.reason` `history_rewritten`: the local branch edits, deletes or rewrites
 * revision files or ledger lines the remote has; nothing pushed — decision 0067).
 * On every error the local branch is unchanged.
 */
export async function syncBrain(brain: Brain, options: SyncOptions = {}): Promise<SyncReport> {
  const remote = options.remote ?? 'origin';
  const { repo, store } = brain;
  const maxAttempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  assertRemoteName(remote);
  const remoteLabel = `${remote}/${store.branch}`;
  const report = await withWriteLock({ brainDir: brainDir(repo), commonDir: repo.commonDir }, async (lock): Promise<SyncReport> => {
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      // The local tip before the fetch: a fast-forward another process makes after the fetch
      // moved `origin/<branch>` is then this sync's own result, not a tip it started from.
      const before = store.tip();
      const remoteTip = await fetchBranch({ repo, remote, branch: store.branch });
      if (remoteTip !== null) await assertRemoteBrain(brain, remoteTip, remoteLabel);
      const identity = () => fallbackIdentity(brain);
      const plan = await planSync({ repo, reader: await brain.reader(), local: before, remote: remoteTip, remoteLabel, branch: store.branch, identity });
      // Before the push: a branch checked out in a work tree is not moved (checked-out.ts), so nothing is pushed either.
      if (plan.target !== before) assertBranchNotCheckedOut(repo.commonDir, store.branch);
      if (plan.push && (await pushBranch({ repo, remote, branch: store.branch, oid: plan.target })) === 'rejected') continue;
      if (plan.target !== before) {
        try {
          await updateBranchRef({ commonDir: store.gitdir, branch: store.branch, oldOid: before, newOid: plan.target, message: `brain: sync with ${remoteLabel} (${plan.action})`, identity: identity(), onRefLock: lock.recordRefLock });
        } catch (err) {
          if (!isBrainError(err, 'ref_conflict')) throw err;
          // Another process of this clone already put the branch where this sync takes it — a
          // daemon's or a read's fast-forward to the remote-tracking ref this fetch or push just
          // moved: the sync's work is done, and its report says what it brought (decision 0088;
          // a retry read "already up to date: 0 revisions received"). Moved elsewhere (plain git
          // meanwhile): replay again.
          if (store.tip() !== plan.target) continue;
        }
      }
      return {
        remote,
        branch: store.branch,
        action: plan.action,
        before,
        tip: plan.target,
        pushed: plan.pushed,
        received: plan.received,
        candidate_revisions: plan.candidates,
        changed_on_both_sides: bothSides(plan),
        unreplayable: plan.unreplayable,
        held: heldConflicts(plan),
        attempts: attempt,
      };
    }
    throw new BrainError('remote_error', `${remoteLabel} kept moving: gave up after ${maxAttempts} attempts (each time someone else pushed first)`, {
      hint: 'run `brain sync` again in a moment',
      data: { remote, reason: 'contended', attempts: maxAttempts },
    });
  });
  await brain.refresh();
  return report;
}
