/**
 * `brain import adr DIR --history` (issue #9 "History"): each commit that changed an ADR file of
 * the folder becomes a revision of its entry, with that commit's author and date, so a decision's
 * real path (proposed → accepted → superseded) is its revision chain. The folder is rebuilt as it
 * was at each commit (cross-file links included: an ADR superseded by a later commit gets its
 * `superseded` revision at that commit). Re-running plans nothing already recorded.
 */
import { listRevisions } from '../projection/sqlite/queries.js';
import type { Entry } from '../model/entry.js';
import { buildEntry, newEntryBase, sameContent, type EntryFields } from '../model/input.js';
import { readFileAt, type GitFileHistory } from '../importers/adr/git-file-history.js';
import { isAdrPath } from '../importers/adr/list-adr-files.js';
import { assembleAdrSources } from '../importers/adr/read-adr-dir.js';
import type { Brain } from '../service.js';

/** One revision to write: the entry's fields as of a commit, stamped with its author and date. */
export interface PlannedRevision {
  fields: EntryFields;
  recorded_at: string;
  author: string;
  /** The commit of the ADR folder this text is from. */
  commit: string;
}

/** The ADR texts of the folder after each commit that changed one, oldest first. */
async function* folderStates(dir: string, git: GitFileHistory): AsyncGenerator<{ oid: string; author: string; date: string; files: Map<string, string> }> {
  const files = new Map<string, string>();
  for (const commit of git.commits) {
    let touched = false;
    for (const [from, to] of Object.entries(commit.renamed)) {
      const text = files.get(from);
      files.delete(from);
      if (text !== undefined && isAdrPath(to)) files.set(to, text);
      touched ||= isAdrPath(from) || isAdrPath(to);
    }
    for (const path of commit.deleted) {
      if (!(path in commit.renamed)) touched ||= files.delete(path);
    }
    for (const path of commit.changed) {
      if (!isAdrPath(path)) continue;
      const text = await readFileAt({ dir, oid: commit.oid, path });
      if (text !== null) files.set(path, text);
      touched = true;
    }
    if (touched) yield { oid: commit.oid, author: commit.author, date: commit.date, files };
  }
}

/**
 * Per entry id, the revisions the folder's history asks for and the brain does not hold yet:
 * consecutive commits that leave an entry unchanged give one revision; everything up to the last
 * planned revision the entry already has (same content and `recorded_at`) is dropped.
 * Errors: `io_error` when git cannot read a file, `invalid_entry` for an invalid draft (a bug).
 */
export async function historyPlan(args: { brain: Brain; dir: string; projectId: string; git: GitFileHistory }): Promise<Map<string, PlannedRevision[]>> {
  const { brain, dir, projectId, git } = args;
  const plan = new Map<string, PlannedRevision[]>();
  const lastFields = new Map<string, string>();
  for await (const state of folderStates(dir, git)) {
    const sources = [...state.files].map(([source_path, source]) => ({ source_path, source }));
    for (const draft of assembleAdrSources({ sources, projectId }).drafts) {
      const key = JSON.stringify(draft.fields);
      if (lastFields.get(draft.entry_id) === key) continue;
      lastFields.set(draft.entry_id, key);
      plan.set(draft.entry_id, [...(plan.get(draft.entry_id) ?? []), { fields: draft.fields, recorded_at: state.date, author: state.author, commit: state.oid }]);
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
