/**
 * The candidates a range of the docs branch adds or decides (issue #20: "`brain review` shows
 * candidates added in a range"; docs/decisions/0042): `diffTrees` under `candidates/` names the
 * candidate revision files added between the merge base's tree and HEAD's; for each candidate,
 * the highest revision added is read (a file that does not parse as a candidate is left out:
 * `brain verify` reports it). Sorted by candidate id.
 */
import type { ObjectReader } from '../git/object-reader.js';
import { diffTrees } from '../git/tree-diff.js';
import { CandidateSchema, type CandidateAction, type CandidateStatus, type Relation } from '../model/candidate.js';
import { describeApprover } from '../model/candidate-id.js';
import { suggestionLine } from '../model/candidate-suggestion.js';
import type { EntryKind } from '../model/kinds.js';
import { CANDIDATES_DIR, parseCandidatePath } from '../store/layout.js';

/** One candidate proposed or decided in the range, as of its last revision there. */
export interface CandidateChange {
  candidate_id: string;
  project_id: string;
  /** Revision 1 is in the range (proposed there), else only a decision is. */
  proposed_in_range: boolean;
  revision: number;
  status: CandidateStatus;
  entry_kind: EntryKind;
  title: string;
  relation: Relation;
  suggested_action: CandidateAction;
  target_entry_id: string | null;
  /** What the reviewer suggests and why, the entry by id: `reject: duplicate of dec-…` (src/model/candidate-suggestion.ts). */
  suggestion: string;
  /** Who proposed it (`claude-code for Ada`). */
  proposed_by: string;
}

/** The candidates added or decided between `baseTree` (null: none) and `headTree`, of `projectId` when given. Errors: the reader's. */
export async function candidateChanges(options: { reader: ObjectReader; baseTree: string | null; headTree: string; projectId?: string }): Promise<CandidateChange[]> {
  const { reader, baseTree, headTree, projectId } = options;
  const prefix = projectId === undefined ? CANDIDATES_DIR : `${CANDIDATES_DIR}/${projectId}`;
  const changes = await diffTrees({ reader, oldTree: baseTree, newTree: headTree, prefix });
  const added = new Map<string, { revision: number; oid: string; first: boolean }>();
  for (const change of changes) {
    const where = parseCandidatePath(change.path);
    if (where.type !== 'candidate_revision' || change.status !== 'added' || change.newOid === null) continue;
    const held = added.get(where.candidate_id);
    const first = (held?.first ?? false) || where.revision === 1;
    if (!held || where.revision > held.revision) added.set(where.candidate_id, { revision: where.revision, oid: change.newOid, first });
    else held.first = first;
  }
  const out: CandidateChange[] = [];
  for (const [id, { oid, first }] of [...added].sort(([a], [b]) => (a < b ? -1 : 1))) {
    let json: unknown;
    try {
      json = JSON.parse((await reader.readBlob(oid)).toString('utf8'));
    } catch {
      continue;
    }
    const parsed = CandidateSchema.safeParse(json);
    if (!parsed.success || parsed.data.candidate_id !== id) continue;
    const c = parsed.data;
    out.push({
      candidate_id: id, project_id: c.project_id, proposed_in_range: first, revision: c.revision, status: c.status,
      entry_kind: c.proposal.entry_kind, title: c.proposal.title, relation: c.review.relation, suggested_action: c.review.suggested_action,
      target_entry_id: c.review.target_entry_id, suggestion: suggestionLine(c.review, (entryId) => entryId), proposed_by: describeApprover(c.proposed_by),
    });
  }
  return out;
}
