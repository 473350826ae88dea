/**
 * Candidates in the service (issue #20; docs/decisions/0042): propose, list, read, approve,
 * reject. Candidate writes load the reviewer and zod on first use, never a read (issue #10 cold
 * start). Each write is one commit on the docs branch through GitStore.transact, made by the
 * Brain's writer (the person) or, from {@link BrainCandidates.byAgent}, by an agent for them —
 * recorded in the candidate revision (`author`, `agent`) and the commit's `Brain-Agent:`
 * trailer, as entry writes are (docs/decisions/0032).
 *
 * - **propose** reviews the proposal (candidate-review.ts) and records revision 1, `pending`,
 *   with the review. With `brain.json` `auto_approve: "safe"`, a `novel` candidate without a
 *   conflict signal is approved in the same commit by the rule (revision 2), its entry written.
 * - **approve** writes the entry revision(s) (candidate-approval.ts) and the candidate's
 *   `approved` revision in ONE commit; no identity may approve what it proposed
 *   (src/model/candidate-identity.ts).
 * - **reject** appends the `rejected` revision with its reason. Nothing is ever deleted.
 */
import type { Approver, Candidate, CandidateStatus, Decision, Identity, Proposal, Review } from '../model/candidate.js';
import { AUTO_APPROVE_RULE, describeApprover } from '../model/candidate-id.js';
import { assertNotSelfApproval } from '../model/candidate-identity.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { newCandidateId } from '../model/entry-id.js';
import type { EntryFields } from '../model/input.js';
import { checkAgentName } from '../model/agent-name.js';
import { withAgentTrailer } from '../store/agent-trailer.js';
import type { WriteTransaction } from '../store/write-transaction.js';
import { countCandidates, getCandidate, listCandidates, resolveCandidateId, type CandidateRow } from '../projection/sqlite/candidate-queries.js';
import type { ApprovalChoice } from './candidate-approval.js';
import type { Brain } from '../service.js';
import { successorsOf } from '../projection/sqlite/successor-queries.js';
import { commitTitle } from '../model/commit-title.js';

/** What a candidate write did: the candidate's revision written last, the entry revisions it wrote, the commit. */
export interface CandidateWriteResult {
  candidate: Candidate;
  entries: Entry[];
  commit: string;
}

/** Options of {@link BrainCandidates.propose}. */
export interface ProposeArgs {
  kind: string;
  fields: EntryFields;
  /** Set by `brain capture`: which extractor found it. */
  capture?: { extractor: 'command' | 'builtin' };
}

/** The reviewer and the approval writer: loaded by the first candidate write or review. */
const reviewer = () => import('./candidate-review.js');
const approval = () => import('./candidate-approval.js');

const oneLine = (text: string): string => commitTitle(text, 72);

/** Candidate operations of one {@link Brain}, made by its writer or (byAgent) by an agent for them. */
export class BrainCandidates {
  constructor(
    private readonly brain: Brain,
    /** The agent writing, or null for the person themself. */
    readonly agent: string | null = null,
  ) {}

  /** The same operations made by `agent` for the Brain's writer. Errors: `invalid_argument` for a name that is not an agent name. */
  byAgent(agent: string): BrainCandidates {
    return new BrainCandidates(this.brain, checkAgentName(agent, 'agent'));
  }

  /** Who this write is: the person and, when an agent writes, the agent. Errors: as Brain.writer. */
  private stamp(): Identity {
    return { author: this.brain.writer().author, ...(this.agent !== null ? { agent: this.agent } : {}) };
  }

  private async commit(message: string, operation: (tx: WriteTransaction, who: Identity, now: string) => Promise<string>): Promise<CandidateWriteResult> {
    const { candidates, entries, commit } = await this.write(message, operation);
    const last = candidates[candidates.length - 1];
    if (!last) throw new Error('a candidate write staged no candidate');
    return { candidate: last, entries, commit };
  }

  /** One commit by this writer: `operation` stages, its return is appended to `message`; returns every candidate and entry revision staged. */
  private async write(message: string, operation: (tx: WriteTransaction, who: Identity, now: string) => Promise<string>): Promise<{ candidates: Candidate[]; entries: Entry[]; commit: string }> {
    const who = this.stamp();
    const { identity, committer } = this.brain.writer();
    const projectId = await this.brain.projectId();
    const result = await this.brain.store.transact({ projectId, identity, committer }, async (tx) => {
      const suffix = await operation(tx, who, new Date().toISOString());
      return { message: withAgentTrailer(`${message}${suffix}`, this.agent), value: null };
    });
    await this.brain.refresh();
    if (!result.commit) throw new Error('a candidate write made no commit');
    return { candidates: result.stagedCandidates.map((s) => s.candidate), entries: result.staged.map((s) => s.entry), commit: result.commit };
  }

  /** The reviewer's verdict on a proposal, without writing anything. Errors: as candidate-review.ts `toProposal`. */
  async review(args: { kind: string; fields: EntryFields }): Promise<{ proposal: Proposal; review: Review }> {
    const { reviewProposal, toProposal, withNamedSuperseded } = await reviewer();
    const proposal = await toProposal(args.kind, await withNamedSuperseded(this.brain, args.kind, args.fields));
    return { proposal, review: await reviewProposal(this.brain, await this.brain.projectId(), proposal) };
  }

  /**
   * Records a candidate (revision 1, pending, reviewed); auto-approves it when `brain.json` says
   * `auto_approve: "safe"` and it is novel without a conflict signal. Errors: `invalid_argument`,
   * `invalid_entry`, `illegal_status` (nothing written), store errors.
   */
  async propose(args: ProposeArgs): Promise<CandidateWriteResult> {
    const { proposal, review } = await this.review(args);
    const { stageApproval } = await approval();
    const manifest = await this.brain.store.manifest();
    const autoApprove = manifest.auto_approve === 'safe' && review.relation === 'novel' && review.conflict_signals.length === 0;
    const candidateId = newCandidateId();
    return this.commit(`brain: propose ${candidateId} r1 — ${oneLine(proposal.title)}`, async (tx, who, now) => {
      const first = await tx.putCandidate({
        candidate_id: candidateId, project_id: tx.projectId, status: 'pending', ...who, recorded_at: now, proposed_by: who, proposal, review,
        ...(args.capture ? { capture: args.capture } : {}),
      });
      if (!autoApprove) return '';
      const decision = await stageApproval(tx, first.candidate, { action: 'accept' }, { writer: who, approvedBy: { rule: AUTO_APPROVE_RULE }, now, successors: (id) => successorsOf(this.brain.db(), tx.projectId, id) });
      await this.putDecided(tx, first.candidate, who, now, 'approved', decision);
      return `\n\napproved by the ${AUTO_APPROVE_RULE} rule: ${decision.entry_id} r1`;
    });
  }

  /**
   * Records every proposal of `args.proposals` as a pending candidate in ONE commit (`brain
   * capture`, issue #20: captured text lands as candidates, never as entries — no
   * auto-approval). Each is checked and reviewed before anything is written: one invalid
   * proposal (or a credential in one) refuses them all, nothing written. An empty list writes
   * nothing and returns no commit. Errors: as {@link propose}.
   */
  async capture(args: { proposals: readonly { kind: string; fields: EntryFields }[]; extractor: 'command' | 'builtin'; source: string }): Promise<{ candidates: Candidate[]; commit: string | null }> {
    const reviewed: { proposal: Proposal; review: Review }[] = [];
    for (const p of args.proposals) reviewed.push(await this.review(p));
    if (reviewed.length === 0) return { candidates: [], commit: null };
    const ids = reviewed.map(() => newCandidateId());
    const result = await this.write(`brain: capture ${reviewed.length} candidate${reviewed.length === 1 ? '' : 's'} from ${oneLine(args.source)} (${args.extractor} extractor)`, async (tx, who, now) => {
      for (const [i, { proposal, review }] of reviewed.entries()) {
        await tx.putCandidate({ candidate_id: ids[i] as string, project_id: tx.projectId, status: 'pending', ...who, recorded_at: now, proposed_by: who, proposal, review, capture: { extractor: args.extractor } });
      }
      return `\n\n${ids.map((id, i) => `${id} — ${oneLine(reviewed[i]?.proposal.title ?? '')}`).join('\n')}`;
    });
    return { candidates: result.candidates, commit: result.commit };
  }

  /** Appends the decided revision of `current`, written by `who`. */
  private async putDecided(tx: WriteTransaction, current: Candidate, who: Identity, now: string, status: CandidateStatus, decision: Decision): Promise<void> {
    const { revision: _r, agent: _a, decision: _d, ...rest } = current;
    await tx.putCandidate({ ...rest, ...who, recorded_at: now, status, decision });
  }

  /** The candidate `candidateId` as of `tx`, pending. Errors: `not_found`, `conflict` (already decided). */
  private async pending(tx: WriteTransaction, candidateId: string): Promise<Candidate> {
    const current = await tx.currentCandidate(candidateId);
    if (!current) throw new BrainError('not_found', `no candidate ${candidateId} in project ${tx.projectId}`, { data: { candidate_id: candidateId } });
    if (current.status !== 'pending') {
      throw new BrainError('conflict', `${candidateId} is already ${current.status}`, { hint: `see it with brain candidates ${candidateId}`, data: { candidate_id: candidateId, status: current.status } });
    }
    return current;
  }

  /**
   * Approves a pending candidate: as `choice` (default: the reviewer's suggestion), in one
   * commit with the entry revision(s) it writes. Errors: `not_found`, `ambiguous_id`, `conflict`
   * (not pending), `forbidden` (the approver proposed it), `invalid_argument` (the suggestion is
   * to reject; merging across kinds), `illegal_status`, `invalid_entry`.
   */
  async approve(args: { candidateId: string; choice?: ApprovalChoice }): Promise<CandidateWriteResult> {
    const candidateId = await this.resolveId(args.candidateId);
    const { stageApproval, suggestedChoice } = await approval();
    const choice = args.choice && args.choice.action !== 'accept' ? { ...args.choice, entryId: await this.brain.resolveId(args.choice.entryId) } : args.choice;
    return this.commit(`brain: approve ${candidateId}`, async (tx, who, now) => {
      const current = await this.pending(tx, candidateId);
      assertNotSelfApproval({ candidateId, proposer: current.proposed_by, approver: who });
      const approver: Approver = who;
      const pendingSuccessors = (id: string) =>
        listCandidates(this.brain.db(), { projectId: tx.projectId, status: 'pending' })
          .filter((r) => r.candidate.candidate_id !== candidateId && r.candidate.proposal.supersedes_entry_id === id)
          .map((r) => ({ candidate_id: r.candidate.candidate_id, title: oneLine(r.candidate.proposal.title) }));
      const decision = await stageApproval(tx, current, choice ?? suggestedChoice(current), { writer: who, approvedBy: approver, now, successors: (id) => successorsOf(this.brain.db(), tx.projectId, id), pendingSuccessors });
      await this.putDecided(tx, current, who, now, 'approved', decision);
      // `git log brain` names who proposed what the approval writes — an agent for its person — as a direct write's
      // Brain-Agent trailer does (newcomer round fourteen, docs/decisions/0103); the trailer itself stays the approver's.
      return ` r${current.revision + 1} → ${decision.action} ${decision.entry_id} — ${oneLine(current.proposal.title)} — proposed by ${commitTitle(describeApprover(current.proposed_by), 100)}`;
    });
  }

  /** Rejects a pending candidate with a reason. Errors: `invalid_argument` (blank reason), `not_found`, `ambiguous_id`, `conflict`. */
  async reject(args: { candidateId: string; reason: string }): Promise<CandidateWriteResult> {
    if (args.reason.trim() === '') throw new BrainError('invalid_argument', 'a rejection needs a reason', { hint: 'brain reject <candidate> --reason "duplicate of dec-…"' });
    const candidateId = await this.resolveId(args.candidateId);
    return this.commit(`brain: reject ${candidateId}`, async (tx, who, now) => {
      const current = await this.pending(tx, candidateId);
      await this.putDecided(tx, current, who, now, 'rejected', { action: 'reject', entry_id: null, written: [], decided_by: who, reason: args.reason.replace(/\r\n/g, '\n') });
      return ` r${current.revision + 1} — ${oneLine(current.proposal.title)}`;
    });
  }

  /** The project to read candidates of, after a refresh: one with candidates (it may have no entry yet), else as Brain.readProjectId. Errors: `not_found`. */
  private async readProject(): Promise<string> {
    await this.brain.refresh();
    const projectId = await this.brain.projectId();
    return countCandidates(this.brain.db(), projectId) > 0 ? projectId : this.brain.readProjectId();
  }

  /** The full id of a candidate prefix in the project (after a refresh). Errors: `not_found`, `ambiguous_id`. */
  async resolveId(prefix: string): Promise<string> {
    return this.brain.withCache(async () => resolveCandidateId(this.brain.db(), await this.readProject(), prefix));
  }

  /** The project's candidates of `status` (default: every status), most recent first. Errors: `not_found` (project). */
  async list(args: { status?: CandidateStatus } = {}): Promise<CandidateRow[]> {
    return this.brain.withCache(async () => listCandidates(this.brain.db(), { projectId: await this.readProject(), ...(args.status ? { status: args.status } : {}) }));
  }

  /** One candidate by id or unique prefix. Errors: `not_found`, `ambiguous_id`. */
  async get(args: { candidateId: string }): Promise<CandidateRow> {
    const candidateId = await this.resolveId(args.candidateId);
    return this.brain.withCache(async () => getCandidate(this.brain.db(), await this.readProject(), candidateId) as CandidateRow);
  }
}
