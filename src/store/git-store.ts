/**
 * The git store: the docs branch as the only source of truth (DESIGN §1, §3). Creates the
 * branch, reads its tip and manifest, and runs write operations as one commit each, under the
 * writer lock, with a compare-and-swap ref update (retried on a new tip when another writer
 * moved the branch). Never imports the cache or search.
 */
import { BrainError, isBrainError } from '../model/errors.js';
import { brainDir, type RepoLocation } from '../git/repo.js';
import type { Identity } from '../git/commit-writer.js';
import { readFileAt } from '../git/tree-reader.js';
import { BRANCH_GITATTRIBUTES, branchReadme, manifestText, parseManifest, type Manifest } from './manifest.js';
import { MANIFEST_PATH } from './layout.js';
import { assertBranchName, readBranchTip, updateBranchRef } from '../git/refs.js';
import { createFromRemote, listRemoteTrackingRefs, type CreatedFromRemote } from '../git/remote-branch.js';
import { remotesLeavingOut } from '../git/remote-fetch-refspec.js';
import { remoteHasBranch } from '../git/remote-git.js';
import { fastForward, rememberChild, type FastForwardBlocked, type FastForwarded } from '../git/upstream.js';
import { withWriteLock } from '../git/write-lock.js';
import { assertBranchNotCheckedOut } from '../git/checked-out.js';
import type { StagedCandidate, StagedRevision, WriteTransaction } from './write-transaction.js';

/** Options of {@link GitStore}. */
export interface GitStoreOptions {
  repo: RepoLocation;
  /** The docs branch (default `brain`). */
  branch?: string;
  /** Reflog identity when the branch is created from a remote-tracking ref (default `brain <brain@localhost>`). */
  identity?: () => Identity;
  /** Told once when the local branch is created from a remote-tracking ref (issue #8). */
  onCreatedFromRemote?: (created: CreatedFromRemote & { branch: string }) => void;
  /** Told when a read fast-forwards the local branch to its upstream (issue #19). */
  onFastForwarded?: (done: FastForwarded & { branch: string }) => void;
  /** Told when a read could not fast-forward the branch to its upstream because its ref lock is taken (the read answers from the local branch). */
  onFastForwardBlocked?: (blocked: FastForwardBlocked & { branch: string }) => void;
}

/** What a committed operation returns. */
export interface CommitResult<T> {
  /** The new tip, or null when the operation staged nothing (no commit made). */
  commit: string | null;
  staged: StagedRevision[];
  /** Candidate revisions the commit holds (issue #20). */
  stagedCandidates: StagedCandidate[];
  value: T;
}

const MAX_ATTEMPTS = 20;

/** The docs branch of one repository. */
export class GitStore {
  readonly repo: RepoLocation;
  readonly branch: string;
  readonly gitdir: string;
  /**
   * Test seam, not an option (issue 17): awaited in {@link transact} after the commit is built
   * on `tip` and before the compare-and-swap moves the branch, with the attempt number (1, then
   * 2… after each `ref_conflict`). A test pauses here to move the branch from plain git, so the
   * race the compare-and-swap exists for happens every time. Nothing else sets it.
   */
  beforeRefUpdate: ((at: { attempt: number; tip: string | null; commit: string }) => Promise<void>) | null = null;

  constructor(private readonly options: GitStoreOptions) {
    this.repo = options.repo;
    this.branch = options.branch ?? 'brain';
    assertBranchName(this.branch);
    this.gitdir = options.repo.commonDir;
  }

  /**
   * Why the last {@link resolveTip} could not fast-forward a branch that is behind its upstream
   * (its ref lock is taken), or null when it did not need to or could (docs/decisions/0092).
   */
  fastForwardBlocked: (FastForwardBlocked & { branch: string }) | null = null;

  /** The local branch tip oid, or null when the local branch does not exist (a pure read). */
  tip(): string | null {
    return readBranchTip(this.gitdir, this.branch);
  }

  /**
   * The branch tip for reading or writing: the local tip — first fast-forwarded to its upstream
   * when strictly behind it (upstream.ts; issue #19) — or, when only remote-tracking refs
   * of the branch exist, as in a fresh clone — the tip of the local branch created from
   * `origin`'s (else the only remote's) like `git checkout <branch>` (remote-branch.ts), or
   * null when no one has the branch. A fast-forward blocked by a taken ref lock reads the local
   * tip (`onFastForwardBlocked` says why). Errors: `ambiguous_remote`, `ref_locked` (creating
   * the branch), `git_error`.
   */
  async resolveTip(): Promise<string | null> {
    const local = this.tip();
    if (local !== null) {
      this.fastForwardBlocked = null;
      const done = await fastForward({
        repo: this.repo, branch: this.branch, local,
        identity: () => this.options.identity?.() ?? { name: 'brain', email: 'brain@localhost' },
        onLocked: (blocked) => {
          this.fastForwardBlocked = { ...blocked, branch: this.branch };
          this.options.onFastForwardBlocked?.(this.fastForwardBlocked);
        },
      });
      if (done === null) return local;
      this.options.onFastForwarded?.({ ...done, branch: this.branch });
      return this.tip();
    }
    const created = await createFromRemote({ commonDir: this.gitdir, branch: this.branch, identity: this.options.identity?.() ?? { name: 'brain', email: 'brain@localhost' } });
    if (created) this.options.onCreatedFromRemote?.({ ...created, branch: this.branch });
    return this.tip();
  }

  /** The remotes that have the branch as a remote-tracking ref (`refs/remotes/<remote>/<branch>`), sorted. */
  remotesWithBranch(): string[] {
    return listRemoteTrackingRefs({ commonDir: this.gitdir, branch: this.branch }).map((r) => r.remote);
  }

  /**
   * The manifest at `at` (default: the tip from {@link resolveTip}).
   * Errors: `not_initialized` (no branch, or no brain.json), `unsupported_format`.
   */
  async manifest(at?: string | null): Promise<Manifest> {
    const tip = at === undefined ? await this.resolveTip() : at;
    if (!tip) throw new BrainError('not_initialized', `no brain here: branch ${this.branch} does not exist`, { hint: await this.missingBranchHint() });
    const text = await readFileAt(this.gitdir, tip, MANIFEST_PATH);
    if (!text) throw new BrainError('not_initialized', `branch ${this.branch} has no brain.json`, { hint: 'is this branch used for something else? pass --branch NAME' });
    return parseManifest(text.toString('utf8'), this.branch);
  }

  /**
   * What to do when the branch is missing: never `brain init` when a remote has it (issue #8). A
   * remote that `git fetch` leaves the branch out of (a `--single-branch` or `--depth` clone) may
   * have it unseen: `brain sync` first (decision 0099; nothing asks the network here).
   */
  private async missingBranchHint(): Promise<string> {
    const flag = this.branch === 'brain' ? '' : ` --branch ${this.branch}`;
    const remotes = this.remotesWithBranch();
    if (remotes.length > 0) return `${remotes.join(', ')} ${remotes.length === 1 ? 'has' : 'have'} it: run \`brain${flag} sync ${remotes.includes('origin') ? 'origin' : remotes[0]}\``;
    const unseen: string[] = await remotesLeavingOut({ repo: this.repo, branch: this.branch }).catch(() => []);
    if (unseen.length > 0) {
      const remote = unseen.includes('origin') ? 'origin' : (unseen[0] as string);
      return `this clone fetches only some branches of ${unseen.join(', ')} (git clone --single-branch or --depth), so a brain there was never fetched: run \`brain${flag} sync ${remote}\`, which fetches it by name (\`brain${flag} init\` only if no remote has one)`;
    }
    return `run \`brain${flag} init\` to start one, or \`brain${flag} sync\` if a remote has it`;
  }

  /**
   * The remotes that have the branch although no remote-tracking ref shows it: those whose fetch
   * refspecs leave it out (a `--single-branch` or `--depth` clone), asked with `git ls-remote`.
   * A remote that cannot be asked (offline) counts as not having it.
   */
  private async unseenRemotesWithBranch(): Promise<string[]> {
    const unseen = await remotesLeavingOut({ repo: this.repo, branch: this.branch });
    const answers = await Promise.all(unseen.map(async (remote) => ((await remoteHasBranch({ repo: this.repo, remote, branch: this.branch }).catch(() => null)) === true ? remote : null)));
    return answers.filter((r): r is string => r !== null);
  }

  /**
   * Creates the docs branch as an orphan commit holding brain.json, .gitattributes and
   * README.md, without touching HEAD, the index or the working tree. Idempotent: an existing
   * brain branch is left as is. Errors: `branch_exists` when only a remote has the branch (a
   * clone: an unrelated root beside the remote's brain would fork it — `brain sync` instead;
   * issue #8), `not_initialized` if the branch exists but is not a brain, `unsupported_format`.
   */
  async init(args: { defaultProject: string; identity: Identity; committer?: Identity }): Promise<{ created: boolean; tip: string; manifest: Manifest }> {
    return withWriteLock({ brainDir: brainDir(this.repo), commonDir: this.gitdir }, async (lock) => {
      const existing = this.tip();
      if (existing) return { created: false, tip: existing, manifest: await this.manifest(existing) };
      const tracked = this.remotesWithBranch();
      const remotes = tracked.length > 0 ? tracked : await this.unseenRemotesWithBranch();
      if (remotes.length > 0) {
        const remote = remotes.includes('origin') ? 'origin' : (remotes[0] as string);
        const unfetched = tracked.length === 0 ? ` (this clone never fetched it: git clone --single-branch or --depth)` : '';
        throw new BrainError('branch_exists', `${remotes.map((r) => `${r}/${this.branch}`).join(', ')} already ${remotes.length === 1 ? 'has' : 'have'} a brain${unfetched}: init would start an unrelated one beside it`, {
          hint: `brain${this.branch === 'brain' ? '' : ` --branch ${this.branch}`} sync ${remote}`,
          data: { branch: this.branch, remotes },
        });
      }
      const files = new Map<string, string>([
        [MANIFEST_PATH, manifestText(args.defaultProject)],
        ['.gitattributes', BRANCH_GITATTRIBUTES],
        ['README.md', branchReadme(this.branch)],
      ]);
      const message = `brain: init (format 1, project ${args.defaultProject})`;
      const { writeCommit } = await import('../git/commit-writer.js');
      const commit = await writeCommit({ gitdir: this.gitdir, parent: null, files, message, author: args.identity, committer: args.committer });
      await updateBranchRef({ commonDir: this.gitdir, branch: this.branch, oldOid: null, newOid: commit, message, identity: args.committer ?? args.identity, onRefLock: lock.recordRefLock });
      return { created: true, tip: commit, manifest: await this.manifest(commit) };
    });
  }

  /**
   * Runs `operation` on a fresh transaction at the tip and commits what it staged as one
   * commit with the message it returns. Under the writer lock; if the ref moved underneath
   * (a writer outside brain), the operation is re-run on the new tip. Errors: whatever the
   * operation throws (nothing is written), `not_initialized`, `lock_timeout`, `ref_locked`,
   * `conflict` (the branch is checked out in a work tree: src/git/checked-out.ts).
   * With `dryRun`, the operation runs the same (its checks, its staging) and nothing is written:
   * no object, no commit, no ref move; `commit` is null and `staged` says what would have been.
   */
  async transact<T>(
    args: { projectId: string; identity: Identity; committer?: Identity; dryRun?: boolean },
    operation: (tx: WriteTransaction) => Promise<{ message: string; value: T }>,
  ): Promise<CommitResult<T>> {
    // Entry validation (zod) and the object writer (packs, deflate) load with the first write,
    // never with a read (issue #10 cold start; docs/decisions/0085-one-shot-reads.md).
    const [{ WriteTransaction }, { rememberEntryState }, { writeCommit }] = await Promise.all([import('./write-transaction.js'), import('./entry-state.js'), import('../git/commit-writer.js')]);
    assertBranchNotCheckedOut(this.gitdir, this.branch); // before any work; updateBranchRef checks again
    return withWriteLock({ brainDir: brainDir(this.repo), commonDir: this.gitdir }, async (lock) => {
      for (let attempt = 1; ; attempt++) {
        const tip = await this.resolveTip();
        await this.manifest(tip);
        const tx = new WriteTransaction(this.gitdir, tip, args.projectId);
        const { message, value } = await operation(tx);
        if (args.dryRun === true) return { commit: null, staged: tx.staged, stagedCandidates: tx.stagedCandidates, value };
        if (tx.files.size === 0) return { commit: null, staged: [], stagedCandidates: [], value };
        const trees = new Map<string, string>();
        const blobs = new Map<string, string>();
        const commit = await writeCommit({ gitdir: this.gitdir, parent: tip, files: tx.files, message, author: args.identity, committer: args.committer, trees, blobs });
        // The next transaction (a bulk import's next batch) reads these entries from memory.
        for (const state of tx.written()) {
          const tree = trees.get(state.dir);
          if (tree) rememberEntryState(tree, state, blobs);
        }
        await this.beforeRefUpdate?.({ attempt, tip, commit });
        try {
          await updateBranchRef({ commonDir: this.gitdir, branch: this.branch, oldOid: tip, newOid: commit, message, identity: args.committer ?? args.identity, onRefLock: lock.recordRefLock });
          rememberChild({ repo: this.repo, branch: this.branch, parent: tip, child: commit });
          return { commit, staged: tx.staged, stagedCandidates: tx.stagedCandidates, value };
        } catch (err) {
          if (!isBrainError(err, 'ref_conflict') || attempt >= MAX_ATTEMPTS) throw err;
        }
      }
    });
  }
}
