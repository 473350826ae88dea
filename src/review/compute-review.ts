/**
 * The entry changes and problems between two trees of the docs branch (issue #4,
 * `brain review`): the tree of the merge base of BASE and HEAD, and HEAD's tree — what a pull
 * request from HEAD into BASE would add, like `git diff BASE...HEAD`.
 *
 * Only what changed is read: `diffTrees` under `projects/` names the touched entry
 * directories, and for each, the current revision on both sides is found from that
 * directory's revision files ({@link entryAt}). Every revision file added or modified in the
 * range is checked with `readRevisionFile`; failures, stray files, edited or deleted revision
 * files (invariant 1) and new forks (invariant 5) are problems — never fatal.
 */
import type { ObjectReader } from '../git/object-reader.js';
import { diffTrees, type TreeChange } from '../git/tree-diff.js';
import { parseBrainPath, PROJECTS_DIR } from '../store/layout.js';
import { RevisionProblem } from '../store/revision-file.js';
import { lostLedgerLines } from '../store/ledger-loss.js';
import { describeChange } from './entry-change.js';
import { entryAt, RevisionCache } from './entry-at.js';
import { compareChanges, groupOf } from './group.js';
import { REVIEW_GROUPS, type EntryChange, type Review, type ReviewGroup, type ReviewProblem } from './review.js';

/** Options of {@link computeReview}. */
export interface ComputeReviewOptions {
  reader: ObjectReader;
  /** The merge base's tree; null when there is none (everything at HEAD is new). */
  baseTree: string | null;
  headTree: string;
  /** Only this project's entries and files (default: every project under `projects/`). */
  projectId?: string;
}

/** Groups and problems of a review (the range facts are added by the service). */
export type ReviewBody = Pick<Review, 'groups' | 'problems'>;

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * Compares the two trees. Errors: the reader's (`not_found` for a missing tree object,
 * `git_error`); bad data is reported in `problems`, never thrown.
 */
export async function computeReview(options: ComputeReviewOptions): Promise<ReviewBody> {
  const { reader, baseTree, headTree, projectId } = options;
  const prefix = projectId === undefined ? PROJECTS_DIR : `${PROJECTS_DIR}/${projectId}`;
  const changes = await diffTrees({ reader, oldTree: baseTree, newTree: headTree, prefix });
  const cache = new RevisionCache(reader);
  const problems: ReviewProblem[] = [];
  const dirs = new Set<string>();
  const addedFiles = new Set<string>();

  await Promise.all(changes.map(async (change) => {
    const where = parseBrainPath(change.path);
    if (where.type === 'other') return;
    if (where.type === 'stray') {
      if (change.status !== 'deleted') problems.push({ code: 'stray', path: change.path, entry_id: null, message: `stray file under projects/: ${where.reason}` });
      return;
    }
    dirs.add(where.dir);
    if (where.type === 'ledger') {
      problems.push(...(await checkLedgerChange(reader, change, where.entry_id)));
      return;
    }
    problems.push(...(await checkRevisionChange(cache, change, where.entry_id)));
    if (change.status === 'added') addedFiles.add(change.path);
  }));

  const groups = Object.fromEntries(REVIEW_GROUPS.map((g) => [g, [] as EntryChange[]])) as Record<ReviewGroup, EntryChange[]>;
  await Promise.all([...dirs].map(async (dir) => {
    const [before, after] = await Promise.all([entryAt({ cache, treeOid: baseTree, dir }), entryAt({ cache, treeOid: headTree, dir })]);
    if (after === null) return; // nothing valid at HEAD: its files are already problems
    const entryId = after.current.entry.entry_id;
    if (after.forked && after.fork_files.some((file) => addedFiles.has(`${dir}/${file}`))) {
      const number = after.current.entry.revision;
      problems.push({
        code: 'forked',
        path: null,
        entry_id: entryId,
        message: `${after.fork_files.length} revision files hold r${number}: ${after.fork_files.join(', ')} (a merge made outside brain sync); the current one is ${after.file}, and the next revision written through brain closes the fork — see brain history ${entryId}`,
      });
    }
    if (before !== null && before.current.sha256 === after.current.sha256) return;
    const change = describeChange({ before: before?.current.entry ?? null, after: after.current.entry, forked: after.forked });
    groups[groupOf(change)].push(change);
  }));

  for (const group of REVIEW_GROUPS) groups[group].sort(compareChanges);
  problems.sort((a, b) => cmp(a.path ?? '', b.path ?? '') || cmp(a.entry_id ?? '', b.entry_id ?? '') || cmp(a.code, b.code) || cmp(a.message, b.message));
  return { groups, problems };
}

/** Problems of one changed revision file: edited or deleted (invariant 1), or failing its checks. */
async function checkRevisionChange(cache: RevisionCache, change: TreeChange, entryId: string): Promise<ReviewProblem[]> {
  const at = { path: change.path, entry_id: entryId };
  if (change.status === 'deleted') {
    return [{ code: 'revision_deleted', ...at, message: 'a committed revision file was deleted; revision files are never deleted (a deletion is a status)' }];
  }
  const out: ReviewProblem[] = [];
  if (change.status === 'modified') {
    out.push({ code: 'revision_modified', ...at, message: 'a committed revision file was edited in place; revision files are immutable (a change is a new revision)' });
  }
  const parsed = await cache.revision(change.path, change.newOid as string);
  if (parsed instanceof RevisionProblem) out.push({ code: parsed.code, ...at, message: parsed.message });
  return out;
}

/** `ledger_rewritten` when the range changed or removed ledger lines the merge base had (invariant 3: ledgers are append-only). */
async function checkLedgerChange(reader: ObjectReader, change: TreeChange, entryId: string): Promise<ReviewProblem[]> {
  if (change.status === 'added') return [];
  const lost = await lostLedgerLines(reader, change.oldOid as string, change.newOid);
  if (lost.length === 0) return [];
  const revisions = lost.map((line) => {
    const m = /"revision":\s*(\d+)/.exec(line);
    return m ? `r${m[1]}` : 'an unreadable line';
  });
  const what = change.status === 'deleted' ? 'the ledger was deleted' : `${lost.length === 1 ? 'the line' : 'the lines'} of ${revisions.join(', ')} changed or removed`;
  return [{ code: 'ledger_rewritten', path: change.path, entry_id: entryId, message: `${what}; ledgers are append-only (a change is a new revision): the line${lost.length === 1 ? '' : 's'} the merge base had must stay byte for byte` }];
}
