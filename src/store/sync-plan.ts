/**
 * Deciding what one `brain sync` attempt does (DESIGN §8, issue #4), given the local tip and
 * the freshly fetched remote tip: create the local branch, push it as is (the remote is behind),
 * fast-forward to the remote (the local branch is behind), or replay the local-only revisions
 * on top of the remote tip as one new commit (diverged). Writes objects (the replay commit) but
 * moves no ref: the caller pushes `target` when `push`, then moves the local branch to it with
 * compare-and-swap.
 *
 * Which revisions are local-only is decided by comparing the two trees, not by walking commits:
 * revision files are immutable and uniquely named (invariant 1), so a file the local tree has
 * and the remote's lacks is one the remote has never seen — whatever the histories look like
 * (two independent `brain init`s, merges made outside brain).
 */
import { pushRewrites, type PushRewrite } from './push-rewrites.js';
import { verifyBranch } from './verify-branch.js';
import { BrainError } from '../model/errors.js';
import { writeCommit, type Identity } from '../git/commit-writer.js';
import { CANDIDATES_DIR, PROJECTS_DIR, parseBrainPath, parseCandidatePath } from './layout.js';
import type { ObjectReader } from '../git/object-reader.js';
import { isAncestor } from '../git/remote-git.js';
import { replayRevisions, type ReplayedEntry } from './replay.js';
import type { RepoLocation } from '../git/repo.js';
import { diffTrees } from '../git/tree-diff.js';
import { commitTitle } from '../model/commit-title.js';
import { heldFiles } from './held-write.js';
import { writtenBy } from '../model/entry-fields.js';
import { checkAgentName } from '../model/agent-name.js';
import { AGENT_TRAILER } from './agent-trailer.js';

/** What an attempt does to the two branches. */
export type SyncAction = 'up_to_date' | 'created_local' | 'created_remote' | 'pushed' | 'fast_forward' | 'replayed';

/** The plan of one sync attempt. */
export interface SyncPlan {
  action: SyncAction;
  /** The commit both branches should end at. */
  target: string;
  /** Whether `target` must be pushed (the remote does not have it). */
  push: boolean;
  /** Entry revision files `target` adds to the remote's tip. */
  pushed: number;
  /** Entry revision files the remote's tip adds to the local tip. */
  received: number;
  /** Candidate revision files (proposals, approvals, rejections) pushed and received, counted apart. */
  candidates: { pushed: number; received: number };
  /** Local entries replayed (action `replayed`), with what became of each revision. */
  replayed: ReplayedEntry[];
  /** Ids of entries that got revisions from the remote. */
  receivedEntries: Set<string>;
  /** Local-only files that could not be replayed (invalid revision files). */
  unreplayable: string[];
}

/** Options of {@link planSync}. */
export interface PlanSyncOptions {
  repo: RepoLocation;
  reader: ObjectReader;
  local: string | null;
  remote: string | null;
  /** `<remote>/<branch>`, for the replay commit's message. */
  remoteLabel: string;
  /** The local docs branch's name, for hints (default `brain`). */
  branch?: string;
  /** Author and committer of the replay commit. */
  identity: () => Identity;
}

async function revisionDelta(reader: ObjectReader, from: string | null, to: string): Promise<{ added: string[]; deleted: string[] }> {
  const oldTree = from === null ? null : (await reader.readCommit(from)).tree;
  const newTree = (await reader.readCommit(to)).tree;
  const changes = [...(await diffTrees({ reader, oldTree, newTree, prefix: PROJECTS_DIR })), ...(await diffTrees({ reader, oldTree, newTree, prefix: CANDIDATES_DIR }))];
  const isRevision = (path: string) => parseBrainPath(path).type === 'revision' || parseCandidatePath(path).type === 'candidate_revision';
  return {
    added: changes.filter((c) => c.status !== 'deleted' && isRevision(c.path)).map((c) => c.path),
    deleted: changes.filter((c) => c.status === 'deleted' && isRevision(c.path)).map((c) => c.path),
  };
}

const isCandidateRevision = (path: string) => parseCandidatePath(path).type === 'candidate_revision';

/** `paths` (revision files of entries and candidates) counted by owner. */
function countByOwner(paths: readonly string[]): { entries: number; candidates: number } {
  const candidates = paths.filter(isCandidateRevision).length;
  return { entries: paths.length - candidates, candidates };
}

/** The entry and candidate ids of revision paths. */
function entryIds(paths: string[]): Set<string> {
  return new Set(paths.flatMap((p) => {
    const where = parseBrainPath(p);
    if (where.type === 'revision') return [where.entry_id];
    const candidate = parseCandidatePath(p);
    return candidate.type === 'candidate_revision' ? [candidate.candidate_id] : [];
  }));
}

const oneLine = (text: string): string => commitTitle(text, 60);

/**
 * The replay commit's message: a subject, one line per replayed revision naming who wrote it
 * (`by claude-code for Alice`: the replay commit's author is whoever synced, so the line keeps
 * each write's own writer; docs/decisions/0092), the held writes, and a `Brain-Agent` trailer
 * per agent that wrote a replayed revision (agent-trailer.ts), as their own commits had.
 */
function replayMessage(entries: ReplayedEntry[], remoteLabel: string): string {
  const lines = entries.flatMap((e) =>
    e.revisions.flatMap((r) => (r.to === null ? [] : [`${e.entry_id} r${r.to}${r.to !== r.from ? ` (was r${r.from})` : ''} — ${oneLine(e.title)} — by ${oneLine(writtenBy(r))}`])),
  );
  const agents = [...new Set(entries.flatMap((e) => e.revisions.flatMap((r) => (r.to !== null && r.agent !== undefined ? [r.agent] : []))))].sort();
  const held = entries.flatMap((e) => (e.held === null ? [] : [`${e.entry_id} r${e.held.revisions.join(', r')} held as ${e.held.candidate_id} (expected revision ${e.held.expected_revision ?? '-'}, remote at r${e.held.current_revision ?? '-'}) — ${oneLine(e.title)}`]));
  const body = [...lines, ...held].join('\n');
  const heldPart = held.length === 0 ? '' : held.length === 1 ? ', hold 1 guarded write as a candidate' : `, hold ${held.length} guarded writes as candidates`;
  const trailers = agents.length === 0 ? '' : `\n${agents.map((a) => `${AGENT_TRAILER}: ${checkAgentName(a, 'commit trailer')}`).join('\n')}\n`;
  return `brain: sync — replay ${lines.length} revision${lines.length === 1 ? '' : 's'}${heldPart} onto ${remoteLabel}\n\n${body}\n${trailers}`;
}

/**
 * Refuses to push a branch that edits, deletes or rewrites what the remote already has
 * (invariants 1 and 3; decision 0067): `verify_failed`, `data.reason` `history_rewritten`,
 * `data.rewrites` (push-rewrites.ts). Nothing is pushed and the local branch stays as it is.
 */
async function assertNoRewrites(reader: ObjectReader, remote: string, local: string, remoteLabel: string, branch: string): Promise<void> {
  const rewrites = await pushRewrites({ reader, from: remote, to: local });
  if (rewrites.length > 0) throw rewriteRefusal(rewrites, `your docs branch rewrites what ${remoteLabel} already has`, `brain verify --range ${remoteLabel}..${branch}`, remoteLabel, branch);
}

/**
 * The first push (the remote has no docs branch yet) publishes the whole local history, and
 * history is forever: a revision file edited or deleted, or a ledger line rewritten, by a commit
 * on it would fail every teammate's `brain verify` from then on. So the history is checked as
 * `brain verify` checks it (a rewrite the tip has undone — a revert — passes) and the push is
 * refused like {@link assertNoRewrites}'s. Cost: one `brain verify` of the branch, once per remote.
 */
async function assertHistoryKeepsRevisions(reader: ObjectReader, local: string, remoteLabel: string, branch: string): Promise<void> {
  const report = await verifyBranch({ reader, tip: local });
  const rewrites = report.failures.flatMap((f): PushRewrite[] => (isRewriteCode(f.code) ? [{ code: f.code, path: f.path }] : []));
  if (rewrites.length > 0) throw rewriteRefusal(rewrites, 'your docs branch rewrites its own history, which a first push would publish for good', 'brain verify', remoteLabel, branch);
}

const isRewriteCode = (code: string): code is PushRewrite['code'] => code === 'revision_modified' || code === 'revision_deleted' || code === 'ledger_rewritten';

function rewriteRefusal(rewrites: PushRewrite[], what: string, verifyCommand: string, remoteLabel: string, branch: string): BrainError {
  const shown = rewrites.slice(0, 5).map((r) => `${r.code} ${r.path}`).join('; ');
  const more = rewrites.length > 5 ? `; +${rewrites.length - 5} more` : '';
  return new BrainError('verify_failed', `not pushed: ${what} (${rewrites.length} file${rewrites.length === 1 ? '' : 's'}: ${shown}${more})`, {
    hint: `revision files and ledger lines never change once committed (a change is a new revision, a deletion is a status). ${verifyCommand} names the commit; undo it without checking the branch out: git worktree add ../brain-fix ${branch} && git -C ../brain-fix revert --no-edit <commit> && git worktree remove ../brain-fix — then brain sync`,
    data: { reason: 'history_rewritten', remote: remoteLabel, rewrites },
  });
}

/**
 * Plans one attempt (see the module comment). Errors: `not_initialized` when neither side has
 * the branch; `git_error`, reader errors; `invalid_entry` from a replay onto an invalid revision.
 */
export async function planSync(options: PlanSyncOptions): Promise<SyncPlan> {
  const { reader, local, remote } = options;
  const none = { replayed: [], receivedEntries: new Set<string>(), unreplayable: [] };
  if (local === null && remote === null) {
    throw new BrainError('not_initialized', `neither this repository nor ${options.remoteLabel} has a brain`, { hint: 'run `brain init`, then `brain sync`' });
  }
  if (local === null) {
    const delta = await revisionDelta(reader, null, remote as string);
    const got = countByOwner(delta.added);
    return { ...none, action: 'created_local', target: remote as string, push: false, pushed: 0, received: got.entries, candidates: { pushed: 0, received: got.candidates }, receivedEntries: entryIds(delta.added) };
  }
  if (remote === null) {
    await assertHistoryKeepsRevisions(reader, local, options.remoteLabel, options.branch ?? 'brain');
    const delta = await revisionDelta(reader, null, local);
    const sent = countByOwner(delta.added);
    return { ...none, action: 'created_remote', target: local, push: true, pushed: sent.entries, received: 0, candidates: { pushed: sent.candidates, received: 0 } };
  }
  if (local === remote) return { ...none, action: 'up_to_date', target: local, push: false, pushed: 0, received: 0, candidates: { pushed: 0, received: 0 } };
  const delta = await revisionDelta(reader, remote, local);
  const receivedEntries = entryIds(delta.deleted);
  const [sent, got] = [countByOwner(delta.added), countByOwner(delta.deleted)];
  // Revision files are never deleted (invariant 1), so a side lacking a file the other has
  // cannot be its descendant: only ask git about ancestry when the local tree lacks nothing.
  if (delta.deleted.length === 0 && (await isAncestor({ repo: options.repo, ancestor: remote, descendant: local }))) {
    await assertNoRewrites(reader, remote, local, options.remoteLabel, options.branch ?? 'brain');
    return { ...none, action: 'pushed', target: local, push: true, pushed: sent.entries, received: 0, candidates: { pushed: sent.candidates, received: 0 } };
  }
  if (delta.added.length === 0) {
    // Everything local is already on the remote (a fast-forward, or content-wise one): take theirs.
    return { ...none, action: 'fast_forward', target: remote, push: false, pushed: 0, received: got.entries, candidates: { pushed: 0, received: got.candidates }, receivedEntries };
  }
  // A local write guarded by --expected-revision on an entry the remote moved is held back (decision 0063).
  const held = await heldFiles({ repo: options.repo, local, remote, moved: receivedEntries });
  const replay = await replayRevisions({ gitdir: options.repo.commonDir, reader, local, onto: remote, localOnly: delta.added, held, remoteLabel: options.remoteLabel });
  const base = { replayed: replay.entries, receivedEntries, unreplayable: replay.unreplayable, received: got.entries };
  if (replay.files.size === 0) return { ...base, action: 'fast_forward', target: remote, push: false, pushed: 0, candidates: { pushed: 0, received: got.candidates } };
  const message = replayMessage(replay.entries, options.remoteLabel);
  const commit = await writeCommit({ gitdir: options.repo.commonDir, parent: remote, files: replay.files, message, author: options.identity() });
  // Candidates are replayed as entries of their own (replay-candidates.ts): their revisions are told apart by path.
  const replayedSent = countByOwner(replay.entries.flatMap((e) => e.revisions.flatMap((r) => (r.to !== null && r.path !== null ? [r.path] : []))));
  return { ...base, action: 'replayed', target: commit, push: true, pushed: replayedSent.entries, candidates: { pushed: replayedSent.candidates, received: got.candidates } };
}
