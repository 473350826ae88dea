/**
 * Reviewing a proposal against the project (issue #20; docs/decisions/0043): turns `brain
 * add`-style fields into a checked {@link Proposal}, gathers what the reviewer compares it
 * with from the projection — the full-text search's top hits for its words (FTS5 BM25), the
 * entries sharing its tags, related tasks or paths, the entries it names, and the successors of
 * any superseded one (lineage), and how many entries hold each word (the reviewer's word
 * weights) — and runs the pure reviewer (src/candidates/). The projection is
 * brought up to the branch tip first.
 */
import type { Proposal, Review } from '../model/candidate.js';
import { ProposalSchema } from '../model/candidate.js';
import { BrainError } from '../model/errors.js';
import type { EntryFields } from '../model/input.js';
import { KIND_PREFIX, kindWithArticle, parseEntryKind } from '../model/kinds.js';
import { formatIssues } from '../model/validate.js';
import { searchEntries } from '../projection/sqlite/search.js';
import { currentWithHashes, documentFrequencies, entriesSharingScope, successorsOf } from '../projection/sqlite/review-queries.js';
import { contentWords, fullText, keyWords, proposalText } from '../candidates/text-profile.js';
import { reviewCandidate } from '../candidates/review-candidate.js';
import type { Brain } from '../service.js';

/** Search hits and scope matches the reviewer looks at (each). */
const SEARCH_HITS = 12;
const SCOPE_MATCHES = 12;

/**
 * The proposal `kind` + `fields` make, checked as `brain add` would check a new entry (the
 * proposal holds only the fields given, line ends normalized; payload keys only as given).
 * Errors: `invalid_argument` (kind, no title), `invalid_entry`, `illegal_status`.
 */
export async function toProposal(kind: string, fields: EntryFields): Promise<Proposal> {
  const entryKind = parseEntryKind(kind);
  if (fields.title === undefined) throw new BrainError('invalid_argument', 'a proposal needs a title', { hint: 'brain propose decision --title "Use SQLite for the cache"' });
  const { buildEntry, checkTypedText, newEntryBase } = await import('../model/input.js');
  checkTypedText(fields);
  const now = '2000-01-01T00:00:00.000Z';
  const built = buildEntry(newEntryBase({ entry_id: `${KIND_PREFIX[entryKind]}-000000000000`, entry_kind: entryKind, project_id: 'p', author: 'a', recorded_at: now }), fields, { revision: 1, author: 'a', agent: undefined, recorded_at: now });
  const given = Object.keys(fields).filter((k) => (fields as Record<string, unknown>)[k] !== undefined && k !== 'payload');
  const proposal: Record<string, unknown> = { entry_kind: entryKind };
  for (const key of given) proposal[key] = (built as unknown as Record<string, unknown>)[key];
  if (fields.payload !== undefined) proposal.payload = Object.fromEntries(Object.keys(fields.payload).map((k) => [k, built.payload[k]]));
  const parsed = ProposalSchema.safeParse(proposal);
  if (!parsed.success) throw new BrainError('invalid_entry', `invalid proposal: ${formatIssues(parsed.error.issues, '', proposal)}`);
  return parsed.data;
}

/**
 * The reviewer's verdict on `proposal` against project `projectId`'s current entries (see the
 * module doc). Deterministic for a given branch tip. Errors: reader and cache errors.
 */
export async function reviewProposal(brain: Brain, projectId: string, proposal: Proposal): Promise<Review> {
  return brain.withCache(async () => {
    await brain.refresh();
    const db = brain.db();
    const words = keyWords(proposalText(proposal), 32);
    const hits = words.length === 0 ? [] : searchEntries(db, { query: words.join(' '), projectId, limit: SEARCH_HITS });
    const relevance = new Map(hits.map((h) => [h.entry_id, h.relevance_score]));
    const scope = entriesSharingScope(db, projectId, { tags: proposal.tags ?? [], tasks: proposal.related_task_ids ?? [], paths: proposal.paths ?? [] }, SCOPE_MATCHES);
    const named = [...(proposal.supersedes_entry_id ? [proposal.supersedes_entry_id] : []), ...(proposal.related_entry_ids ?? [])];
    const ids = new Set([...relevance.keys(), ...scope, ...named]);
    for (const id of successorsOf(db, [...ids])) ids.add(id);
    const rows = currentWithHashes(db, projectId, [...ids]);
    const frequencies = documentFrequencies(db, [proposalText(proposal), ...rows.map((r) => fullText(r.entry))].flatMap(contentWords));
    return reviewCandidate({ proposal, frequencies, entries: rows.map((r) => ({ entry: r.entry, sha256: r.sha256, search_relevance: relevance.get(r.entry.entry_id) ?? 0 })) });
  });
}

/**
 * `fields` with the entry a proposal names in `supersedes_entry_id` (any unique prefix or an
 * imported ADR's label, as `brain supersede` takes) made its full id, after checking that it is
 * a current decision or plan revision of the project, of the proposal's kind: what approving
 * the candidate would supersede (docs/decisions/0078). Fields without it come back unchanged.
 * Errors: `not_found`, `ambiguous_id`, `illegal_status` (another kind, or one never superseded).
 */
export async function withNamedSuperseded(brain: Brain, kind: string, fields: EntryFields): Promise<EntryFields> {
  const named = fields.supersedes_entry_id;
  if (named === undefined || named === null) return fields;
  const entryKind = parseEntryKind(kind);
  const target = (await brain.get({ entryId: await brain.resolveId(named) })).entry;
  if ((target.entry_kind !== 'decision' && target.entry_kind !== 'plan_revision') || target.entry_kind !== entryKind) {
    throw new BrainError('illegal_status', `${kindWithArticle(entryKind)} cannot supersede ${target.entry_id}, ${kindWithArticle(target.entry_kind)}`, {
      hint: 'only a decision supersedes a decision, and a plan revision a plan revision; to relate other entries, give related_entry_ids',
      data: { entry_id: target.entry_id },
    });
  }
  return { ...fields, supersedes_entry_id: target.entry_id };
}
