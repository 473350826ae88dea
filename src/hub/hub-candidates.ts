/**
 * The hub's candidate reads (issue #22, extending issue #20 to the hub): the same plain data the
 * daemon's Candidates pages render ({@link CandidateList}, {@link CandidateView} of
 * src/service/candidate-page.ts), built from the PostgreSQL projection's candidate rows within
 * the caller's backend {@link Scope} — one project of one repository — with the revision bodies
 * read from the hub's mirror by blob oid. HubService calls these after resolving the token's
 * scope; nothing here widens it.
 */
import type { Candidate } from '../model/candidate.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../model/candidate-id.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import type { ProjectionBackend, RepoCandidateRow, Scope } from '../projection/backend.js';
import { CANDIDATE_PAGE_SIZE, candidateFilter, concernedIds, type CandidateList, type CandidateView } from '../service/candidate-page.js';

/** What the reads need: the backend, the scope narrowed to one repository, and its mirror's blobs. */
export interface CandidateReadContext {
  backend: ProjectionBackend;
  repo: string;
  scope: Scope;
  readBlobs(oids: readonly string[]): Promise<Buffer[]>;
}

async function currentEntries(ctx: CandidateReadContext, projectId: string, candidates: readonly Candidate[]): Promise<Record<string, Entry>> {
  const out: Record<string, Entry> = {};
  for (const id of new Set(candidates.flatMap(concernedIds))) {
    const row = (await ctx.backend.get({ ...ctx.scope, entryId: id })).find((r) => r.repo === ctx.repo && r.entry.project_id === projectId);
    if (row) out[id] = row.entry;
  }
  return out;
}

/**
 * One page (50) of the candidates of `projectId` of `status` (default `pending`) after the keyset
 * `after`, newest first, with the counts per status. One query reads the project's candidate
 * rows; counts and the page come from them. Errors: `invalid_argument` (status), backend errors.
 */
export async function hubCandidateList(ctx: CandidateReadContext, args: { projectId: string; status?: string | undefined; after?: NonNullable<CandidateList['next']> | undefined }): Promise<CandidateList> {
  const status = candidateFilter(args.status);
  const all = (await ctx.backend.candidates({ ...ctx.scope, projectId: args.projectId })).filter((r) => r.repo === ctx.repo).map((r) => r.candidate);
  const counts = Object.fromEntries(CANDIDATE_STATUSES.map((s) => [s, all.filter((c) => c.status === s).length])) as Record<CandidateStatus, number>;
  const after = args.after;
  // The rows are newest first, then by id (the keyset order of the daemon's SQL).
  const rest = all.filter((c) => (status === 'all' || c.status === status) && (!after || c.recorded_at < after.recorded_at || (c.recorded_at === after.recorded_at && c.candidate_id > after.candidate_id)));
  const candidates = rest.slice(0, CANDIDATE_PAGE_SIZE);
  const last = candidates[candidates.length - 1];
  return {
    project_id: args.projectId, status, counts, candidates, entries: await currentEntries(ctx, args.projectId, candidates),
    next: rest.length > CANDIDATE_PAGE_SIZE && last ? { recorded_at: last.recorded_at, candidate_id: last.candidate_id } : null,
  };
}

/** The `not_found` of a candidate: one message whether the candidate, its project or the token's view of it is missing. */
function noSuchCandidate(repo: string, prefix: string): BrainError {
  return new BrainError('not_found', `no candidate ${prefix.slice(0, 80)} in repository ${repo.slice(0, 100)}`, { hint: 'the Candidates page of the repository lists them (any unique id prefix works)', data: { candidate_id: prefix.slice(0, 80) } });
}

/**
 * The current row of one candidate of the repository (in the scope's projects) by id or unique
 * prefix (`cand-4f9k` or `4f9k`, as the daemon resolves it). Errors: `not_found`, `ambiguous_id`.
 */
export async function hubCandidateRow(ctx: CandidateReadContext, candidateId: string): Promise<RepoCandidateRow> {
  const text = candidateId.trim().toLowerCase();
  const full = text.startsWith('cand-') ? text : `cand-${text}`;
  const rows = (await ctx.backend.candidates(ctx.scope)).filter((r) => r.repo === ctx.repo && r.candidate.candidate_id.startsWith(full));
  const row = rows.find((r) => r.candidate.candidate_id === full) ?? (rows.length === 1 ? rows[0] : undefined);
  if (row) return row;
  if (rows.length === 0) throw noSuchCandidate(ctx.repo, candidateId);
  const ids = rows.map((r) => r.candidate.candidate_id).sort();
  throw new BrainError('ambiguous_id', `${candidateId.slice(0, 80)} matches several candidates: ${ids.slice(0, 10).join(', ')}`, { data: { candidates: ids.slice(0, 11) } });
}

/** One candidate ({@link hubCandidateRow}) with every revision, oldest first, read from the mirror. Errors: as {@link hubCandidateRow}, backend and reader errors. */
export async function hubCandidateView(ctx: CandidateReadContext, candidateId: string): Promise<CandidateView> {
  const row = await hubCandidateRow(ctx, candidateId);
  const projectId = row.candidate.project_id;
  const files = await ctx.backend.candidateRevisions({ repo: ctx.repo, projectId, candidateId: row.candidate.candidate_id });
  // The projection keeps only revision files that validated; zod stays unloaded on reads (issue #10).
  const revisions = (await ctx.readBlobs(files.map((f) => f.blob_oid))).map((b) => JSON.parse(b.toString('utf8')) as Candidate);
  return { project_id: projectId, candidate: row.candidate, revisions, forked: row.forked, entries: await currentEntries(ctx, projectId, [row.candidate]) };
}
