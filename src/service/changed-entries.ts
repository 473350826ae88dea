/**
 * Which entries of a project changed between two commits of the docs branch — what a paged list
 * read must own up to when the brain moved between its pages (decision 0099). The list is
 * ordered by each entry's newest revision (DESIGN §4), so an entry revised while a reader walks
 * the pages moves: one not reached yet jumps ahead of the cursor and is never served, one an
 * import re-dates moves behind it and is served twice. The keyset cursor cannot prevent that
 * without a snapshot the projection does not keep; it can say which entries moved. Git is the
 * source of truth: the tree diff of the two commits (git/tree-diff.ts), under
 * `projects/<project>/`, names them.
 */
import { diffTrees } from '../git/tree-diff.js';
import { isBrainError } from '../model/errors.js';
import { parseBrainPath, PROJECTS_DIR } from '../store/layout.js';
import type { Brain } from '../service.js';

/** Entries named at most (the count says how many changed). */
const MAX_NAMED = 100;

/** What changed between the commit a list's first page was read at and the commit of this page. */
export interface ChangedSinceFirstPage {
  /** The projected commit of the first page. */
  since: string;
  /** Entries of the project added or revised since then (each file of theirs changed), sorted. */
  count: number;
  /** The first {@link MAX_NAMED} of them by id. */
  entry_ids: string[];
}

/**
 * The entries of `projectId` whose files differ between commits `from` and `to`, or null when
 * `from` can no longer be read (a rewritten and pruned history): then nothing can be said but
 * that the list changed. Errors: the object reader's (`git_error`).
 */
export async function entriesChangedBetween(brain: Brain, args: { from: string; to: string; projectId: string }): Promise<ChangedSinceFirstPage | null> {
  const reader = await brain.reader();
  let trees: [string, string];
  try {
    trees = [(await reader.readCommit(args.from)).tree, (await reader.readCommit(args.to)).tree];
  } catch (err) {
    // Pruned, or (a cursor made by hand) not a commit: nothing to compare with.
    if (isBrainError(err, 'not_found') || isBrainError(err, 'git_error')) return null;
    throw err;
  }
  const changes = await diffTrees({ reader, oldTree: trees[0], newTree: trees[1], prefix: `${PROJECTS_DIR}/${args.projectId}` });
  const ids = new Set<string>();
  for (const change of changes) {
    const at = parseBrainPath(change.path);
    if (at.type === 'revision' || at.type === 'ledger') ids.add(at.entry_id);
  }
  const sorted = [...ids].sort();
  return { since: args.from, count: sorted.length, entry_ids: sorted.slice(0, MAX_NAMED) };
}
