/**
 * What approving a candidate writes (issue #20 "`brain approve <cand> [--as new|--merge
 * <id>|--supersede <id>]` writes the entry revision(s)"; docs/decisions/0042), staged in the
 * caller's transaction beside the candidate's own approval revision, so both are one commit:
 *
 * - `accept` — a new entry (revision 1) from the proposal;
 * - `merge` — the next revision of an entry of the same kind, with the proposal's fields applied
 *   like `brain revise` (nothing written when that changes nothing);
 * - `supersede` — a new entry from the proposal that supersedes a decision or plan, and that
 *   entry's `superseded` revision, linked both ways as `brain supersede` links them.
 *
 * Every revision written carries `approval`: the candidate, who proposed it, who approved it.
 */
import type { Approver, Candidate, CandidateAction, Decision, Identity, Proposal } from '../model/candidate.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { newEntryId } from '../model/entry-id.js';
import type { EntryFields } from '../model/input.js';
import { kindWithArticle } from '../model/kinds.js';
import { assertSupersededHasSuccessor, assertSupersededStays, supersedeChanges } from '../model/lifecycle.js';
import type { WriteTransaction } from '../store/write-transaction.js';

/** How to approve: as a new entry, merged into one, or superseding one. */
export type ApprovalChoice = { action: 'accept' } | { action: 'merge' | 'supersede'; entryId: string };

/** The entry fields of a proposal (its kind aside). */
export function proposalFields(p: Proposal): EntryFields {
  const { entry_kind: _kind, ...fields } = p;
  return fields;
}

/**
 * The choice the reviewer suggests for `candidate`. Errors: `invalid_argument` when it suggests
 * rejecting (a duplicate, a possible split): approving it needs an explicit choice.
 */
export function suggestedChoice(candidate: Candidate): ApprovalChoice {
  const { suggested_action: action, target_entry_id: target, relation, summary } = candidate.review;
  if (action === 'accept') return { action: 'accept' };
  if (action === 'reject' || target === null) {
    throw new BrainError('invalid_argument', `the reviewer suggests rejecting ${candidate.candidate_id} (${relation}: ${summary})`, {
      hint: `reject it (brain reject ${candidate.candidate_id} --reason "…"), or approve it explicitly: --as new, --merge <entry_id> or --supersede <entry_id>`,
      data: { candidate_id: candidate.candidate_id, relation },
    });
  }
  return { action, entryId: target };
}

/**
 * Who writes the entry revisions (the stamp of this write) and who approved; `successors`
 * gives the ids of the entries that supersede an entry (the projection's, as `brain revise`
 * asks it), for the rule that `superseded` needs a successor (decision 0049).
 */
export interface ApprovalStamp {
  writer: Identity;
  approvedBy: Approver;
  now: string;
  successors: (entryId: string) => readonly string[];
  /**
   * Pending candidates (other than this one) whose proposal supersedes `entryId`: asked only when
   * approving would leave the entry superseded by none, to name the one to approve first (a held
   * supersede is two candidates, decision 0067).
   */
  pendingSuccessors?: (entryId: string) => readonly { candidate_id: string; title: string }[];
}

/**
 * {@link assertSupersededHasSuccessor} for a merge into `target`; when it refuses and a pending
 * candidate proposes the successor, the hint names that candidate and the order (decision 0067).
 */
function assertMergeHasSuccessor(target: Entry, next: Entry, candidateId: string, stamp: ApprovalStamp): void {
  try {
    assertSupersededHasSuccessor({ entry_id: target.entry_id, entry_kind: target.entry_kind, from: target.status, to: next.status, successors: () => stamp.successors(target.entry_id) });
  } catch (err) {
    const pending = err instanceof BrainError && err.code === 'illegal_status' ? (stamp.pendingSuccessors?.(target.entry_id) ?? []) : [];
    const first = pending[0];
    if (first === undefined) throw err;
    throw new BrainError('illegal_status', `${err instanceof Error ? err.message : String(err)} yet: the successor is still a pending candidate`, {
      hint: `approve ${first.candidate_id} first (it proposes "${first.title}", which supersedes ${target.entry_id}), then ${candidateId}`,
      data: { entry_id: target.entry_id, status: 'superseded', approve_first: pending.map((p) => p.candidate_id) },
      cause: err,
    });
  }
}

/**
 * Stages the entry revision(s) of approving `candidate` with `choice` in `tx` and returns the
 * decision to record. `entryId` of a choice must be a full id. Errors: `not_found` (the entry),
 * `invalid_argument` (merging across kinds), `illegal_status` (superseding what cannot be
 * superseded; a proposal whose status `superseded` would leave an entry superseded by none —
 * the error and hint of `brain add` / `brain revise`, decision 0050), `invalid_entry`.
 */
export async function stageApproval(tx: WriteTransaction, candidate: Candidate, choice: ApprovalChoice, stamp: ApprovalStamp): Promise<Decision> {
  const { buildEntry, newEntryBase, sameContent } = await import('../model/input.js');
  const approval = { candidate_id: candidate.candidate_id, proposed_by: candidate.proposed_by, approved_by: stamp.approvedBy };
  const over = (revision: number) => ({ revision, author: stamp.writer.author, agent: stamp.writer.agent, recorded_at: stamp.now, approval });
  const fields = proposalFields(candidate.proposal);
  const kind = candidate.proposal.entry_kind;
  const fresh = () => buildEntry(newEntryBase({ entry_id: newEntryId(kind), entry_kind: kind, project_id: tx.projectId, author: stamp.writer.author, recorded_at: stamp.now }), fields, over(1));
  const existing = async (entryId: string): Promise<Entry> => {
    const current = await tx.current(entryId);
    if (!current) throw new BrainError('not_found', `no entry ${entryId} in project ${tx.projectId}`, { data: { entry_id: entryId } });
    return current;
  };
  const ref = (e: Entry, sha256: string) => ({ entry_id: e.entry_id, revision: e.revision, sha256 });
  const decision = (action: CandidateAction, entryId: string, written: { entry_id: string; revision: number; sha256: string }[]): Decision => ({ action, entry_id: entryId, written, decided_by: stamp.approvedBy });
  // As `brain add` / `brain revise`: no write leaves an entry superseded by none (decision 0049).
  const newEntry = (e: Entry) => assertSupersededHasSuccessor({ entry_id: null, entry_kind: e.entry_kind, from: null, to: e.status, successors: () => [] });
  if (choice.action === 'accept') {
    const entry = fresh();
    newEntry(entry);
    const staged = await tx.put(entry);
    return decision('accept', staged.entry.entry_id, [ref(staged.entry, staged.sha256)]);
  }
  const target = await existing(choice.entryId);
  if (choice.action === 'merge') {
    if (target.entry_kind !== kind) {
      throw new BrainError('invalid_argument', `cannot merge ${kindWithArticle(kind)} into ${target.entry_id}, ${kindWithArticle(target.entry_kind)}`, { hint: 'approve it --as new, or merge it into an entry of the same kind', data: { entry_id: target.entry_id } });
    }
    const next = buildEntry(target, fields, over(target.revision + 1));
    assertMergeHasSuccessor(target, next, candidate.candidate_id, stamp);
    assertSupersededStays({ entry_id: target.entry_id, from: target.status, to: next.status, successors: () => stamp.successors(target.entry_id) });
    if (sameContent(next, target) && (await tx.repairs(target.entry_id)) === null) return decision('merge', target.entry_id, []);
    const staged = await tx.put(next);
    return decision('merge', target.entry_id, [ref(staged.entry, staged.sha256)]);
  }
  const draft = fresh();
  const changes = supersedeChanges(target, draft);
  const built = buildEntry(draft, changes.successor, over(1));
  newEntry(built);
  const successor = await tx.put(built);
  const old = await tx.put(buildEntry(target, changes.old, over(target.revision + 1)));
  return decision('supersede', target.entry_id, [ref(successor.entry, successor.sha256), ref(old.entry, old.sha256)]);
}
