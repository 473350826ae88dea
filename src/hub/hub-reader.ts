/**
 * The read contract (src/service/read-scope.ts) over the hub: {@link HubService} with the
 * caller's {@link TokenScope} (issue #22: the hub's MCP serves the clone's read tools through
 * it). Answers span the token's repositories and carry `repo`; `repo` and `project` narrow as
 * on every hub read (a hidden repository or project answers as a missing one: scope.ts). An
 * entry or candidate is named per repository, so reading one needs `repo`. List cursors are
 * the hub's `[recorded_at, entry_id, repo]` (src/service/list-cursor.ts).
 */
import { BrainError } from '../model/errors.js';
import type { ReadScope } from '../service/read-scope.js';
import { decodeCandidateCursor } from '../service/candidate-page.js';
import { decodeRepoCursor, nextRepoCursor } from '../service/list-cursor.js';
import type { HubService } from './hub-service.js';
import type { TokenScope } from './scope.js';

/** `repo`, which reading one entry or candidate needs on the hub. Errors: `invalid_argument`. */
function repoOf(q: { repo?: string | undefined }, what: string): string {
  if (q.repo !== undefined) return q.repo;
  throw new BrainError('invalid_argument', `reading one ${what} on a hub needs its repo`, { hint: 'give repo: the repository the id belongs to (every brain_list and brain_search row names it)' });
}

/** The read contract of `hub` within `grant`. */
export function hubReader(hub: HubService, grant: TokenScope): ReadScope {
  const history = async (q: { repo?: string | undefined; entryId: string }) =>
    hub.history(grant, { repo: repoOf(q, 'entry'), entryId: q.entryId });
  return {
    spans_repositories: true,
    async list(q) {
      const { cursor, limit, facet, ...filter } = q;
      const page = await hub.list(grant, { ...filter, limit, ...(cursor !== undefined ? { after: decodeRepoCursor(cursor) } : {}), facet: facet === true });
      return { rows: page.rows.map((r) => ({ repo: r.repo, entry: r.entry })), next_cursor: nextRepoCursor(page), facet: page.facet };
    },
    tally: (q) => hub.tally(grant, q),
    async get(q) {
      const row = await hub.get(grant, { repo: repoOf(q, 'entry'), entryId: q.entryId });
      const current = { repo: row.repo, revision_count: row.revision_count, forked: row.forked };
      if (q.revision === undefined || q.revision === row.entry.revision) return { ...current, entry: row.entry };
      const past = (await history(q)).find((r) => r.entry.revision === q.revision);
      if (!past) throw new BrainError('not_found', `${row.entry.entry_id} has no revision ${q.revision}`, { hint: `its revisions are listed by brain_history (current: ${row.entry.revision})`, data: { repo: row.repo, entry_id: row.entry.entry_id, revision: q.revision } });
      return { ...current, entry: past.entry };
    },
    history,
    search: (q) => hub.search(grant, q),
    searchCorrections: (query, hits, n) => hub.searchCorrections(grant, { query, repo: n?.repo, project: n?.project }, hits),
    brief: (q) => hub.brief(grant, { repo: q.repo, project: q.project, ...(q.paths?.length ? { paths: q.paths } : {}), ...(q.taskIds?.length ? { taskIds: q.taskIds } : {}), ...(q.budget !== undefined ? { budget: q.budget } : {}) }),
    async projects(q) {
      return { current: null, projects: await hub.projects(grant, { repo: q.repo }) };
    },
    async status(q) {
      const repos = await hub.repos(grant, { repo: q.repo }); // not_found for an unknown or hidden repo
      return { scope: 'repositories', repos, problems: await hub.problems(grant, { repo: q.repo }) };
    },
    async candidates(q) {
      if (q.candidateId !== undefined) {
        const row = await hub.candidate(grant, { repo: repoOf(q, 'candidate'), project: q.project, candidateId: q.candidateId });
        return [{ repo: row.repo, candidate: row.candidate }];
      }
      return (await hub.candidateRows(grant, { repo: q.repo, project: q.project, status: q.status })).map((r) => ({ repo: r.repo, candidate: r.candidate }));
    },
    candidatePage: (q) => hub.candidates(grant, { repo: repoOf(q, 'project\'s candidates'), project: q.project, status: q.status, ...(q.cursor !== undefined ? { after: decodeCandidateCursor(q.cursor) } : {}) }),
    candidateView: (q) => hub.candidate(grant, { repo: repoOf(q, 'candidate'), project: q.project, candidateId: q.candidateId }, 'revisions'),
  };
}
