/**
 * Reads of entries (DESIGN §6): the current list (`Brain.list`), an entry's revisions — one of
 * them (`brain show --revision N`), its history, and its history with the git commit that added
 * each revision (REST `/brain/:entry_id/history`, issue #3). The commits are derived on demand
 * from `git log`, not projected (docs/decisions/0003); revision bodies are read from git by
 * blob oid (the cache keeps none, issue #10).
 */
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { countCurrentByKindStatus, getCurrent, listCurrent, listRevisions, type CurrentRow, type ListFilter, type RevisionRow } from '../projection/sqlite/queries.js';
import { checkListFilter, type RawListFilter } from '../model/list-filter.js';
import { revisionCommits, type RevisionCommit } from '../store/revision-commits.js';
import type { Brain } from '../service.js';

/** One revision plus its commit (`commit` null when it cannot be found in the tip's history). */
export interface RevisionWithCommit {
  entry: Entry;
  sha256: string;
  path: string;
  commit: RevisionCommit | null;
}

/** Every revision of `entryId` (any unique prefix), oldest first, with commits. Errors: as `brain.history`. */
export async function historyWithCommits(brain: Brain, args: { entryId: string }): Promise<RevisionWithCommit[]> {
  const revisions = await brain.history(args);
  const tip = brain.projectedOid();
  const first = revisions[0];
  if (!first || !tip) return revisions.map((r) => ({ ...r, commit: null }));
  const dir = first.path.slice(0, first.path.lastIndexOf('/'));
  const commits = await revisionCommits({ repo: brain.repo, tip, dir });
  return revisions.map((r) => ({ ...r, commit: commits.get(r.path.slice(r.path.lastIndexOf('/') + 1)) ?? null }));
}

/**
 * One entry (any unique id prefix): the current revision, or `revision` N (the last file of
 * that number in invariant-5 order). Errors: `not_found`, `ambiguous_id`.
 */
export async function entryAt(brain: Brain, args: { entryId: string; revision?: number }): Promise<CurrentRow> {
  return brain.withCache(async () => {
    const entryId = await brain.resolveId(args.entryId);
    const projectId = await brain.readProjectId();
    const row = getCurrent(brain.db(), entryId, projectId) as CurrentRow;
    if (args.revision === undefined) return row;
    const match = (await listRevisions(brain.db(), (oid) => brain.readBlob(oid), { entryId, projectId })).filter((r) => r.entry.revision === args.revision);
    const last = match[match.length - 1];
    if (!last) {
      throw new BrainError('not_found', `${entryId} has no revision ${args.revision}`, {
        hint: `it has revisions 1..${row.entry.revision}; see \`brain history ${entryId}\``,
        data: { entry_id: entryId, revision: args.revision },
      });
    }
    return { ...row, entry: last.entry, path: last.path };
  });
}

/** `Brain.list`: the filter checked (model/list-filter.ts), then one indexed page (projection/sqlite/queries.ts `listCurrent`). Errors: as `Brain.list`. */
export async function listEntries(brain: Brain, filter: RawListFilter & Pick<ListFilter, 'limit' | 'after' | 'path'>): Promise<CurrentRow[]> {
  const checked = checkListFilter(filter);
  return brain.withCache(async () => {
    await brain.refresh();
    const { limit, after, path } = filter;
    const paging = { ...(limit !== undefined ? { limit } : {}), ...(after ? { after } : {}), ...(path !== undefined ? { path } : {}) };
    return listCurrent(brain.db(), { ...checked, ...paging, projectId: await brain.readProjectId() });
  });
}

/**
 * How many current entries match `filter` per kind and status (the board's counts, issue #22;
 * queries.ts `countCurrentByKindStatus`): no row for a count of 0. Errors: as {@link listEntries}.
 */
export async function tallyEntries(brain: Brain, filter: RawListFilter & Pick<ListFilter, 'path'>): Promise<{ entry_kind: string; status: string; n: number }[]> {
  const checked = checkListFilter(filter);
  return brain.withCache(async () => {
    await brain.refresh();
    return countCurrentByKindStatus(brain.db(), { ...checked, ...(filter.path !== undefined ? { path: filter.path } : {}), projectId: await brain.readProjectId() });
  });
}

/** `Brain.history`: every revision of `entryId` (any unique prefix), oldest first, bodies read from git. Errors: `not_found`, `ambiguous_id`, reader errors. */
export async function entryHistory(brain: Brain, args: { entryId: string }): Promise<RevisionRow[]> {
  return brain.withCache(async () => {
    const entryId = await brain.resolveId(args.entryId);
    return listRevisions(brain.db(), (oid) => brain.readBlob(oid), { entryId, projectId: await brain.readProjectId() });
  });
}
