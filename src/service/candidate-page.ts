/**
 * What the dashboard's Candidates pages show (issue #20; docs/decisions/0045), as plain data a
 * renderer turns into HTML without a Brain (the hub can build the same from its own store):
 *
 * - {@link buildCandidateList}: one page of a project's candidates of a status, newest first
 *   (keyset paged), the count per status, and the current entries they concern;
 * - {@link buildCandidateView}: one candidate with every revision (its history: proposed →
 *   approved / rejected, by whom, why), and the current entries it concerns.
 *
 * "Concerns": the entry the reviewer's verdict names (`review.target_entry_id`), and for a
 * decided candidate the entries its approval wrote. An entry no longer in the project's current
 * state is simply absent from `entries`.
 */
import type { Candidate } from '../model/candidate.js';
import { CANDIDATE_STATUSES, type CandidateStatus } from '../model/candidate-id.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { candidateRevisionFiles, countCandidates, getCandidate, listCandidates, resolveCandidateId, type CandidateCursor, type CandidateRow } from '../projection/sqlite/candidate-queries.js';
import { getCurrent } from '../projection/sqlite/queries.js';
import type { CacheDb } from '../projection/sqlite/open-cache.js';
import type { Brain } from '../service.js';
import { decodeKeyset, encodeKeyset } from './keyset-cursor.js';

/** The statuses a list can show: one, or `all`. */
export const CANDIDATE_FILTERS = [...CANDIDATE_STATUSES, 'all'] as const;
export type CandidateFilter = (typeof CANDIDATE_FILTERS)[number];

/** Candidates per page of {@link buildCandidateList}. */
export const CANDIDATE_PAGE_SIZE = 50;

/** One page of a project's candidates. */
export interface CandidateList {
  project_id: string;
  status: CandidateFilter;
  /** How many candidates the project has per status (all pages). */
  counts: Record<CandidateStatus, number>;
  /** This page, most recently recorded first, then by id. */
  candidates: Candidate[];
  /** The current entries the candidates concern, by entry id. */
  entries: Record<string, Entry>;
  /** Where the next page starts, null on the last page. */
  next: CandidateCursor | null;
}

/** One candidate and its history. */
export interface CandidateView {
  project_id: string;
  /** The current revision. */
  candidate: Candidate;
  /** Every revision, oldest first (DESIGN §3 invariant-5 order). */
  revisions: Candidate[];
  /** Two revisions of the same number exist (concurrent decisions from two clones). */
  forked: boolean;
  /** The current entries it concerns, by entry id. */
  entries: Record<string, Entry>;
}

/** The `cursor` of the candidates page after `next` (keyset-cursor.ts: the bytes the pages have always handed out). */
export const encodeCandidateCursor = (next: CandidateCursor): string => encodeKeyset([next.recorded_at, next.candidate_id]);

/** The keyset a candidates page `cursor` names. Errors: `invalid_argument` ("invalid page cursor") for anything else. */
export function decodeCandidateCursor(cursor: string): CandidateCursor {
  const [recorded_at, candidate_id] = decodeKeyset(cursor, 2, { message: 'invalid page cursor', hint: 'follow the "Next page" link, or go back to the first page' }) as [string, string];
  return { recorded_at, candidate_id };
}

/** How many candidates of the Brain's project are pending (the dashboard's navigation shows it). Errors: cache errors. */
export async function pendingCandidateCount(brain: Brain): Promise<number> {
  return brain.withCache(async () => countCandidates(brain.db(), await brain.projectId(), 'pending'));
}

/** The entry ids `c` concerns: the verdict's target, the decision's entry and what it wrote. */
export function concernedIds(c: Candidate): string[] {
  const ids = [c.review.target_entry_id, c.decision?.entry_id ?? null, ...(c.decision?.written.map((w) => w.entry_id) ?? [])];
  return [...new Set(ids.filter((id): id is string => id !== null))];
}

function currentEntries(db: CacheDb, projectId: string, candidates: readonly Candidate[]): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  for (const id of new Set(candidates.flatMap(concernedIds))) {
    const row = getCurrent(db, id, projectId);
    if (row) out[id] = row.entry;
  }
  return out;
}

/** The list filter of `status` (absent: `pending`). Errors: `invalid_argument` (an unknown status). Shared by the daemon's and the hub's lists. */
export function candidateFilter(status: string | undefined): CandidateFilter {
  const filter = (status ?? 'pending') as CandidateFilter;
  if (!CANDIDATE_FILTERS.includes(filter)) {
    throw new BrainError('invalid_argument', `unknown candidate status "${String(status).slice(0, 40)}"`, { hint: `use one of: ${CANDIDATE_FILTERS.join(', ')}` });
  }
  return filter;
}

/**
 * One page of the candidates of the Brain's project of `status` (default `pending`), after the
 * keyset `after`. Errors: `invalid_argument` (an unknown status), cache and reader errors.
 */
export async function buildCandidateList(brain: Brain, args: { status?: string; after?: CandidateCursor } = {}): Promise<CandidateList> {
  const status = candidateFilter(args.status);
  return brain.withCache(async () => {
    await brain.refresh();
    const db = brain.db();
    const projectId = await brain.projectId();
    const rows = listCandidates(db, { projectId, ...(status === 'all' ? {} : { status }), limit: CANDIDATE_PAGE_SIZE + 1, ...(args.after ? { after: args.after } : {}) });
    const candidates = rows.slice(0, CANDIDATE_PAGE_SIZE).map((r) => r.candidate);
    const last = candidates[candidates.length - 1];
    const counts = Object.fromEntries(CANDIDATE_STATUSES.map((s) => [s, countCandidates(db, projectId, s)])) as Record<CandidateStatus, number>;
    return {
      project_id: projectId, status, counts, candidates, entries: currentEntries(db, projectId, candidates),
      next: rows.length > CANDIDATE_PAGE_SIZE && last ? { recorded_at: last.recorded_at, candidate_id: last.candidate_id } : null,
    };
  });
}

/**
 * One candidate of the Brain's project by id or unique prefix, with its revisions read from git
 * by blob oid (the projection keeps valid revision files only). Errors:
 * `not_found`, `ambiguous_id`, cache and reader errors.
 */
export async function buildCandidateView(brain: Brain, args: { candidateId: string }): Promise<CandidateView> {
  return brain.withCache(async () => {
    await brain.refresh();
    const db = brain.db();
    const projectId = await brain.projectId();
    const row = getCandidate(db, projectId, resolveCandidateId(db, projectId, args.candidateId)) as CandidateRow;
    // The projection keeps only revision files that validated; zod stays unloaded on reads (issue #10).
    const revisions: Candidate[] = [];
    for (const file of candidateRevisionFiles(db, projectId, row.candidate.candidate_id)) revisions.push(JSON.parse((await brain.readBlob(file.blob_oid)).toString('utf8')) as Candidate);
    return { project_id: projectId, candidate: row.candidate, revisions, forked: row.forked, entries: currentEntries(db, projectId, [row.candidate]) };
  });
}
