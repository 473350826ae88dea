/**
 * The read contract (read-scope.ts) over one clone's {@link Brain}: a hub of one repository.
 * Answers carry no `repo`; the `repo`/`project` narrowings are ignored (a clone's surfaces do
 * not offer them: its project is the Brain's). Every read is the Brain's own (same refresh,
 * same errors); list cursors are the clone's `[recorded_at, entry_id, first page's commit]` (list-cursor.ts), and
 * a later page read at another commit names the entries that changed meanwhile (decision 0099).
 */
import type { Brain } from '../service.js';
import { historyWithCommits, tallyEntries } from './history.js';
import { decodeCursor, encodeCursor } from './list-cursor.js';
import { buildCandidateList, buildCandidateView, candidateFilter, decodeCandidateCursor } from './candidate-page.js';
import type { ReadListPage, ReadScope } from './read-scope.js';
import { entriesChangedBetween } from './changed-entries.js';
import { searchCorrections } from './search-corrections.js';

/** What changed in the brain's project from commit `since` to `at`; undefined when no entry did (another project's write). */
async function changedSince(brain: Brain, since: string, at: string): Promise<NonNullable<ReadListPage['changed']> | undefined> {
  const found = await entriesChangedBetween(brain, { from: since, to: at, projectId: await brain.projectId() });
  if (found === null) return { since, count: null, entry_ids: null };
  return found.count === 0 ? undefined : found;
}

/** The read contract of `brain` (the caller opens and closes it). */
export function cloneReader(brain: Brain): ReadScope {
  return {
    spans_repositories: false,
    async list(q) {
      const after = q.cursor !== undefined ? decodeCursor(q.cursor) : undefined;
      const rows = await brain.list({
        kind: q.kind, status: q.status, tag: q.tag, author: q.author, relatedTask: q.relatedTask, updatedSince: q.updatedSince,
        ...(q.path !== undefined ? { path: q.path } : {}),
        ...(after !== undefined ? { after: { recorded_at: after.recorded_at, entry_id: after.entry_id } } : {}),
        limit: q.limit + 1,
      });
      const page = rows.slice(0, q.limit);
      const last = page[page.length - 1]?.entry;
      // The first page's commit rides along in every cursor: a later page read at another says what moved (decision 0099).
      const at = brain.projectedOid();
      const since = after === undefined ? at : after.since;
      const next = rows.length > q.limit && last ? encodeCursor({ recorded_at: last.recorded_at, entry_id: last.entry_id, ...(since ? { since } : {}) }) : null;
      const changed = after?.since !== undefined && at !== null && after.since !== at ? await changedSince(brain, after.since, at) : undefined;
      return { rows: page.map((r) => ({ entry: r.entry })), next_cursor: next, facet: null, ...(changed ? { changed } : {}) };
    },
    tally: (q) => tallyEntries(brain, { kind: q.kind, status: q.status, tag: q.tag, author: q.author, relatedTask: q.relatedTask, updatedSince: q.updatedSince, ...(q.path !== undefined ? { path: q.path } : {}) }),
    async get(q) {
      const row = await brain.get({ entryId: q.entryId, ...(q.revision !== undefined ? { revision: q.revision } : {}) });
      return { entry: row.entry, revision_count: row.revision_count, forked: row.forked };
    },
    async history(q) {
      return historyWithCommits(brain, { entryId: q.entryId });
    },
    search: (q) => brain.search({ query: q.query, ...(q.kind !== undefined ? { kind: q.kind } : {}), ...(q.limit ? { limit: q.limit } : {}) }), // a given empty kind is refused, not dropped (issue #17)
    searchCorrections: (query, hits) => brain.withCache(async () => searchCorrections(brain, query, hits)),
    brief: (q) => brain.context({ ...(q.budget !== undefined ? { budget: q.budget } : {}), ...(q.paths?.length ? { paths: q.paths } : {}), ...(q.taskIds?.length ? { taskIds: q.taskIds } : {}) }),
    async projects() {
      return { current: await brain.projectId(), projects: await brain.projects() };
    },
    async status() {
      return { scope: 'clone', status: await brain.status() };
    },
    async candidates(q) {
      if (q.candidateId !== undefined) return [{ candidate: (await brain.candidates.get({ candidateId: q.candidateId })).candidate }];
      const status = candidateFilter(q.status);
      return (await brain.candidates.list(status === 'all' ? {} : { status })).map((r) => ({ candidate: r.candidate }));
    },
    async candidatePage(q) {
      const list = await buildCandidateList(brain, { ...(q.status !== undefined ? { status: q.status } : {}), ...(q.cursor !== undefined ? { after: decodeCandidateCursor(q.cursor) } : {}) });
      return { list, projects: [list.project_id] };
    },
    candidateView: (q) => buildCandidateView(brain, { candidateId: q.candidateId }),
  };
}
