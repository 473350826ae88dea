/**
 * `brain import adr DIR --history` (issue #9 "History", issue #18): each commit that changed an
 * ADR of the folder — followed like `git log --follow` through renames, folder moves and
 * delete/restore pairs (git-file-history.ts) — becomes a revision of its entry, with that
 * commit's author and date, so a decision's real path (proposed → accepted → superseded) is its
 * revision chain. Revisions from before a rename or move belong to the entry of the file's path
 * now. The folder is rebuilt as it was at each commit (cross-file links and the index page's
 * statuses included: an ADR superseded by a later commit gets its `superseded` revision at that
 * commit). Re-running plans nothing already recorded.
 */
import { listRevisions } from '../projection/sqlite/queries.js';
import type { Entry } from '../model/entry.js';
import { buildEntry, newEntryBase, sameContent, type EntryFields } from '../model/input.js';
import type { GitFileHistory } from '../importers/adr/git-file-history.js';
import { INDEX_PAGE, isAdrPath, skipReason } from '../importers/adr/list-adr-files.js';
import { assembleAdrSources, type ParseCache } from '../importers/adr/read-adr-dir.js';
import { isFolderPage, SIDECAR_NAMES, withSidecar } from '../importers/adr/sidecar-metadata.js';
import { posix } from 'node:path';
import type { Brain } from '../service.js';
import { authorOf, withOrigin } from './adr-origin.js';

/** One revision to write: the entry's fields as of a commit, stamped with its author and date. */
export interface PlannedRevision {
  fields: EntryFields;
  recorded_at: string;
  author: string;
  /** The commit of the ADR folder this text is from. */
  commit: string;
}

/**
 * The ADR and index-page texts of the folder after each commit that changed one, oldest first.
 * A file of the folder is there again at the end, so a commit that deleted it only took it away
 * for a while: its text stays until the restore (a delete/restore pair changes nothing).
 */
async function* folderStates(git: GitFileHistory): AsyncGenerator<{ oid: string; author: string; date: string; adrs: Map<string, string>; pages: Map<string, string>; sidecars: Map<string, string> }> {
  const adrs = new Map<string, string>();
  const pages = new Map<string, string>();
  const sidecars = new Map<string, string>();
  for (const commit of git.commits) {
    let touched = false;
    for (const change of commit.changes) {
      const name = change.path.split('/').pop() ?? '';
      const files = isAdrPath(change.path) ? adrs : (SIDECAR_NAMES as readonly string[]).includes(name) ? sidecars : skipReason(name) === INDEX_PAGE ? pages : null;
      if (files === null) continue;
      const text = change.blob === null ? null : await git.readBlob(change.blob, `${change.path} at commit ${commit.oid.slice(0, 12)}`);
      if (text === null || files.get(change.path) === text) continue;
      files.set(change.path, text);
      touched = true;
    }
    if (touched) yield { oid: commit.oid, author: commit.author, date: commit.date, adrs, pages, sidecars };
  }
}

/**
 * Per entry id, the revisions the folder's history asks for and the brain does not hold yet:
 * consecutive commits that leave an entry unchanged give one revision; everything up to the last
 * planned revision the entry already has (same content and `recorded_at`) is dropped. `dirName`,
 * the imported folder's own name, can state a status (folder-status.ts), as for a plain import.
 * Errors: `io_error` / `git_error` when git cannot read a file, `invalid_entry` for an invalid draft (a bug).
 */
export async function historyPlan(args: { brain: Brain; projectId: string; git: GitFileHistory; dirName?: string | null }): Promise<Map<string, PlannedRevision[]>> {
  const { brain, projectId, git } = args;
  const plan = new Map<string, PlannedRevision[]>();
  const lastFields = new Map<string, string>();
  const cache: ParseCache = new Map();
  for await (const state of folderStates(git)) {
    // A record folder's `kep.yaml` as it was at this commit is its README's front matter, as a plain import reads it (decision 0082).
    const sidecarOf = (path: string): string | null => {
      if (!isFolderPage(path)) return null;
      const name = SIDECAR_NAMES.find((n) => state.sidecars.has(posix.join(posix.dirname(path), n)));
      return name === undefined ? null : (state.sidecars.get(posix.join(posix.dirname(path), name)) ?? null);
    };
    const sources = [...state.adrs].map(([source_path, source]) => ({ source_path, source: withSidecar(source, sidecarOf(source_path)) }));
    const indexPages = [...state.pages].map(([source_path, source]) => ({ source_path, source }));
    for (const draft of assembleAdrSources({ sources, indexPages, projectId, cache, dirName: args.dirName ?? null }).drafts) {
      const fields = withOrigin(draft, git);
      const key = JSON.stringify(fields);
      if (lastFields.get(draft.entry_id) === key) continue;
      lastFields.set(draft.entry_id, key);
      plan.set(draft.entry_id, [...(plan.get(draft.entry_id) ?? []), { fields, recorded_at: state.date, author: authorOf(state.author), commit: state.oid }]);
    }
  }
  await brain.refresh();
  for (const [entryId, steps] of plan) {
    const existing = await brain.withCache(async () => (await listRevisions(brain.db(), (oid) => brain.readBlob(oid), { entryId, projectId })).map((r) => r.entry));
    if (existing.length === 0) continue;
    const asEntry = (step: PlannedRevision): Entry => {
      const base = newEntryBase({ entry_id: entryId, entry_kind: 'decision', project_id: projectId, author: step.author, recorded_at: step.recorded_at });
      return buildEntry(base, step.fields, { revision: 1, author: step.author, recorded_at: step.recorded_at });
    };
    let done = -1;
    steps.forEach((step, i) => {
      const entry = asEntry(step);
      if (existing.some((e) => e.recorded_at === step.recorded_at && sameContent(e, entry))) done = i;
    });
    plan.set(entryId, steps.slice(done + 1));
  }
  return plan;
}
