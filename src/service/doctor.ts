/**
 * `brain doctor [--fix]` (issue #7 "Repair, append-only"): runs the checks a person would
 * otherwise piece together from `status`, `verify` and `ls .git`, explains each problem in
 * plain words with the command that fixes it, and with `fix` performs the safe repairs:
 *
 * - a writer lock whose holder is gone — dead, its pid reused by another process, or
 *   unconfirmable and older than any write (lock-holder.ts) — and what it left (its recorded
 *   ref lock, temp objects): taken over and cleaned up exactly as the next write would
 *   (write-lock.ts). A lock its running writer has held longer than any write takes is
 *   reported with the command that clears it (`kill <pid>`), never taken;
 * - temp files of dead processes under `.git/objects` and `.git/brain`;
 * - a branch ref lock older than {@link OLD_REF_LOCK_MS} while no brain writer runs (git holds
 *   one for milliseconds; git's own advice for this case is to remove it);
 * - the cache: discarded and rebuilt from git when it cannot be opened or differs from a rebuild.
 *
 * It also names brain commits a killed write or import left unreachable, with how git reclaims
 * them (git/unreachable.ts): reported, never deleted — that is git's prune, run by the user.
 *
 * Problems on the branch itself are never "fixed" by rewriting history: doctor names the
 * append-only command (`brain revise`, `brain add`, restoring from git history).
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { isBrainError } from '../model/errors.js';
import { branchRef, OLD_REF_LOCK_MS } from '../git/refs.js';
import { brainDir } from '../git/repo.js';
import { remotesLeavingOut } from '../git/remote-fetch-refspec.js';
import { findDeadTempFiles } from '../git/stale-writer.js';
import { findUnreachableBrainObjects } from '../git/unreachable.js';
import { checkHolder, MAX_WRITE_MS } from '../git/lock-holder.js';
import { isAbandoned, isStale, readLock, unreadableLockAge, UNREADABLE_LOCK_MS, withWriteLock, writeLockPath, type LockInfo } from '../git/write-lock.js';
import { removeDbFiles } from '../projection/sqlite/open-cache.js';
import type { Brain } from '../service.js';
import { daemonFinding } from './doctor-daemon.js';

/** A ref lock this old is never a live git operation (git/refs.ts). */
export { OLD_REF_LOCK_MS };

/** One finding of the doctor. */
export interface DoctorFinding {
  /** What was checked: `identity`, `branch`, `upstream`, `upstream_fetch` (git fetch leaves the branch out: a single-branch clone), `writer_lock`, `ref_lock`, `temp_files`, `cache`, `fork`, `daemon` (doctor-daemon.ts), or a problem code. */
  check: string;
  ok: boolean;
  /** Plain words: what is wrong (or what is fine). */
  message: string;
  /** The command or action that fixes it, when not ok. */
  fix?: string;
  /** With `fix`: what doctor did. */
  fixed?: string;
}

/** The doctor's report; `ok` when nothing is left to fix. */
export interface DoctorReport {
  ok: boolean;
  findings: DoctorFinding[];
}

const PROBLEM_ADVICE: Record<string, string> = {
  invalid_current: 'append a valid revision: brain revise <id> --<field> <value> (the bad file stays as history)',
  ledger_missing_file: 'a revision file was deleted outside brain: restore it from git history (git log --all -- <path>), or record the entry again',
  missing_revision: 'a commit on the docs branch deleted the revision and its ledger line: `git log brain --diff-filter=D --name-only -- <entry dir>` names it; undo it (git worktree add ../fix brain && git -C ../fix revert <commit> && git worktree remove ../fix), then brain sync',
  ledger_hash_mismatch: 'a revision file was edited after it was committed: restore the original from git history; edit entries with brain revise',
  unledgered_revision: 'a revision file was added outside brain: remove it in a commit, or record the change with brain revise',
  invalid_ledger: 'the ledger is not valid JSON lines: restore it from git history',
  stray_file: 'a file that is not part of the layout sits under projects/: move it out in a commit',
  duplicate_entry_id: 'two projects hold the same entry id (written outside brain): `brain verify` names them; record the hidden entries again in their project with brain add (new ids), then remove this directory in a commit',
};

/** A revision file that does not parse or validate (invalid_json, invalid_entry, illegal_status, …): its bytes are history. */
const INVALID_FILE_ADVICE =
  '`brain verify` names the commit that changed the file: undo it on the docs branch (git worktree add ../fix brain && git -C ../fix revert <commit> && git worktree remove ../fix); a file committed bad from the start stays as history: append a valid revision with brain revise, or record the entry again with brain add';

async function brainFindings(brain: Brain): Promise<DoctorFinding[]> {
  const findings: DoctorFinding[] = [];
  try {
    const { author, identity, committer } = brain.writer();
    const by = committer.name !== identity.name || committer.email !== identity.email ? `, committed by ${committer.name} <${committer.email}>` : '';
    findings.push({ check: 'identity', ok: true, message: `writes as ${author} <${identity.email}>${by}` });
  } catch (err) {
    if (!isBrainError(err)) throw err;
    findings.push({ check: 'identity', ok: false, message: err.message, fix: err.hint });
  }
  try {
    const status = await brain.status();
    findings.push({ check: 'branch', ok: true, message: `${status.branch} at ${status.tip?.slice(0, 12) ?? '(none)'}; ${status.entries} entries in ${status.project_id}` });
    const up = status.upstream; // issue #19: a clone behind, ahead or diverged from its upstream is told so
    // Unpushed revisions (ahead) are normal work, said with the command; behind or diverged needs it.
    if (up) findings.push(up.relation === 'up_to_date' || up.relation === 'ahead' ? { check: 'upstream', ok: true, message: up.fix ? `${up.summary}; \`${up.fix}\` pushes them` : up.summary } : { check: 'upstream', ok: false, message: up.summary, fix: up.fix ?? '' });
    if (up && (await remotesLeavingOut({ repo: brain.repo, branch: brain.branch })).includes(up.remote)) findings.push(fetchLeavesOut(up.remote, brain.branch));
    for (const problem of status.problems) {
      findings.push({ check: problem.code, ok: false, message: `${problem.path}: ${problem.message}`, fix: PROBLEM_ADVICE[problem.code] ?? INVALID_FILE_ADVICE });
    }
    // A fork (invariant 5) loses nothing, but a person decides what stands (decision 0092: doctor said "nothing left to fix").
    for (const id of status.forked) {
      findings.push({ check: 'fork', ok: false, message: `${id}: two revisions share one number (branches merged outside brain sync); both are kept, the later one reads as current`, fix: `brain history ${id} shows both; write its next revision with what should stand (brain revise ${id} …): that closes the fork` });
    }
  } catch (err) {
    if (!isBrainError(err)) throw err;
    findings.push({ check: err.code === 'io_error' ? 'cache' : 'branch', ok: false, message: err.message, fix: err.hint });
  }
  return findings;
}

/**
 * A `--single-branch` or `--depth` clone whose upstream `git fetch` leaves the docs branch out of:
 * `git pull` never brings teammates' revisions, so reads never fast-forward; only `brain sync`
 * fetches them (decision 0099). Fine as it is — said, with git's command that changes it.
 */
function fetchLeavesOut(remote: string, branch: string): DoctorFinding {
  return {
    check: 'upstream_fetch',
    ok: true,
    message: `git fetch and git pull leave ${remote}/${branch} out here (a clone made with --single-branch or --depth): teammates' revisions arrive only with \`brain${branch === 'brain' ? '' : ` --branch ${branch}`} sync ${remote}\`; \`git remote set-branches --add ${remote} ${branch}\` makes git fetch them too`,
  };
}

/** Hours or minutes, for a lock's age. */
function duration(ms: number): string {
  if (!Number.isFinite(ms)) return 'since an unreadable time';
  return ms >= 2 * 3_600_000 ? `for ${Math.round(ms / 3_600_000)} h` : `for ${Math.max(1, Math.round(ms / 60_000))} min`;
}

/** The writer lock: free, a write in progress, stale or abandoned (any write or --fix takes it over), or held past any write. */
function writerLockFinding(lock: LockInfo | null, path: string): DoctorFinding {
  const unreadable = lock === null ? unreadableLockAge(path) : null;
  if (unreadable !== null) {
    const what = `${path} has held no lock record ${duration(unreadable)}: no brain writer holds it — written by hand or by another tool, or cut short when the machine went down`;
    return isAbandoned(path)
      ? { check: 'writer_lock', ok: false, message: what, fix: 'brain doctor --fix (or any write) takes it over' }
      : { check: 'writer_lock', ok: true, message: `${what}; taken over when it is ${UNREADABLE_LOCK_MS / 1000} s old` };
  }
  if (lock === null) return { check: 'writer_lock', ok: true, message: 'free' };
  const holder = checkHolder(lock);
  const held = `the writer lock has been held ${duration(holder.age_ms)} by pid ${lock.pid} on ${lock.hostname}`;
  if (holder.stale) {
    const why = holder.state === 'unconfirmed' ? `${holder.reason}, and no write takes that long` : holder.reason;
    return { check: 'writer_lock', ok: false, message: `${held}: ${why}`, fix: 'brain doctor --fix (or any write) takes it over and cleans up after it' };
  }
  if (holder.age_ms > MAX_WRITE_MS) {
    // Only a running, confirmed holder gets here: a writer that hangs. Doctor does not kill processes.
    return { check: 'writer_lock', ok: false, message: `${held}, which is still running: no write takes that long, the writer hangs`, fix: `kill ${lock.pid}; then any write, or brain doctor --fix, takes the lock over` };
  }
  return { check: 'writer_lock', ok: true, message: `held by pid ${lock.pid} on ${lock.hostname} since ${lock.acquired_at} (a write in progress${holder.state === 'unconfirmed' ? `; unconfirmed: ${holder.reason}` : ''})` };
}

function lockFindings(brain: Brain): DoctorFinding[] {
  const dir = brainDir(brain.repo);
  const lock = readLock(writeLockPath(dir));
  const writerAlive = lock !== null && !isStale(lock);
  const findings: DoctorFinding[] = [writerLockFinding(lock, writeLockPath(dir))];
  const refLock = join(brain.repo.commonDir, `${branchRef(brain.branch)}.lock`);
  const age = (() => {
    try {
      return Date.now() - fs.statSync(refLock).mtimeMs;
    } catch {
      return null;
    }
  })();
  if (age === null) findings.push({ check: 'ref_lock', ok: true, message: 'none' });
  else if (age >= OLD_REF_LOCK_MS && !writerAlive) {
    findings.push({ check: 'ref_lock', ok: false, message: `${refLock} is ${Math.round(age / 1000)} s old and no brain writer runs: a crashed git or brain process left it`, fix: 'brain doctor --fix removes it' });
  } else findings.push({ check: 'ref_lock', ok: true, message: `${refLock} exists (${Math.round(age / 1000)} s old): a git operation may be in progress; check again in a minute` });
  const temps = findDeadTempFiles({ commonDir: brain.repo.commonDir, brainDir: dir });
  findings.push(temps.length > 0 ? { check: 'temp_files', ok: false, message: `${temps.length} temp file(s) left by killed processes (git fsck reports them as bad objects)`, fix: 'brain doctor --fix removes them' } : { check: 'temp_files', ok: true, message: 'none' });
  return findings;
}

/** "3.2 MiB" */
function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MiB` : `${Math.max(1, Math.round(bytes / 1024))} KiB`;
}

/**
 * Commits (and the objects only they hold) that a killed brain write or import left unreachable
 * (git/unreachable.ts; decision 0063). Harmless, so `ok` stays true: the finding says what they
 * are and how git reclaims them; doctor never deletes them (`git gc --prune=now` also prunes the
 * user's other unreachable objects, such as a dropped stash).
 */
async function unreachableFinding(brain: Brain): Promise<DoctorFinding> {
  const found = await findUnreachableBrainObjects({ commonDir: brain.repo.commonDir });
  if (found === null) return { check: 'unreachable', ok: true, message: 'not checked (git fsck could not run)' };
  if (found.commits.length === 0) return { check: 'unreachable', ok: true, message: 'none left by interrupted brain writes' };
  const what = `${found.commits.length} brain commit(s) no branch or reflog reaches (${found.commits.slice(0, 3).map((c) => c.slice(0, 12)).join(', ')}${found.commits.length > 3 ? ', …' : ''}) with ${found.objects} object(s), ${sizeText(found.bytes)}`;
  return {
    check: 'unreachable',
    ok: true,
    message: `${what}: left by an interrupted write or import (killed before its branch moved); harmless, nothing reads them. Git reclaims them: \`git gc\` once they are two weeks old, or \`git gc --prune=now\` at once — which also deletes every other unreachable object of this repository (a dropped stash); brain never deletes them itself`,
  };
}

/**
 * Takes the writer lock — recovering from a gone holder exactly as the next write would — and
 * removes the ref lock and temp files found. False when a running holder keeps the lock (a
 * write that outlasts the wait, or a hung writer): those findings stay unfixed.
 */
async function repairLocks(brain: Brain, removeRefLock: boolean): Promise<boolean> {
  const dir = brainDir(brain.repo);
  try {
    await withWriteLock({ brainDir: dir, commonDir: brain.repo.commonDir, timeoutMs: 5_000 }, async () => {
      if (removeRefLock) fs.rmSync(join(brain.repo.commonDir, `${branchRef(brain.branch)}.lock`), { force: true });
      for (const path of findDeadTempFiles({ commonDir: brain.repo.commonDir, brainDir: dir })) fs.rmSync(path, { force: true });
    });
    return true;
  } catch (err) {
    if (isBrainError(err, 'lock_timeout')) return false;
    throw err;
  }
}

async function repair(brain: Brain, findings: DoctorFinding[]): Promise<void> {
  const bad = (check: string) => findings.find((f) => f.check === check && !f.ok);
  const writer = bad('writer_lock');
  // A hung, running holder is reported (kill it), never waited for: only a gone one is taken over.
  const lockPath = writeLockPath(brainDir(brain.repo));
  const abandoned = isAbandoned(lockPath);
  const takeOver = writer !== undefined && (abandoned || isStale(readLock(lockPath)));
  const refLock = bad('ref_lock');
  const temps = bad('temp_files');
  if ((takeOver || refLock || temps) && (await repairLocks(brain, refLock !== undefined))) {
    if (writer && takeOver) writer.fixed = abandoned ? 'took the lock over (it named no writer to clean up after)' : 'took the lock over and cleaned up after the dead writer';
    if (refLock) refLock.fixed = 'removed the ref lock';
    if (temps) temps.fixed = 'removed the temp files';
  }
  const cache = bad('cache');
  if (cache) {
    await brain.close();
    fs.rmSync(brain.cachePath, { recursive: true, force: true });
    removeDbFiles(brain.cachePath);
    cache.fixed = 'removed the cache; it is rebuilt from git on the next command';
  }
}

/**
 * Runs the checks; with `fix`, the safe repairs, then the checks again (the report shows what
 * was found, what was done, and `ok` for the state after). Never throws for what it finds.
 */
export async function runDoctor(brain: Brain, options: { fix?: boolean } = {}): Promise<DoctorReport> {
  const findings = [...lockFindings(brain), ...(await brainFindings(brain)), await unreachableFinding(brain), daemonFinding(brain)];
  if (options.fix) await repair(brain, findings);
  return { ok: findings.every((f) => f.ok || f.fixed !== undefined), findings };
}
