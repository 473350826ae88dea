/**
 * `brain review --code BASE..HEAD` (issue #8 part 3): run in the code repository, BASE and HEAD
 * are code commits. The files changed since the merge base (`git diff -M BASE...HEAD`), the
 * commit messages of the range and the head's branch name come from git; the entries and
 * revisions from the brain's projection, brought up to the docs branch tip first. Selection
 * and shapes: src/review/code-review.ts; docs/decisions/0017-code-review-and-path-globs.md.
 */
import { listCurrent, listRevisionsSince } from '../projection/sqlite/queries.js';
import { BrainError } from '../model/errors.js';
import { selectForCode, type CodeReview } from '../review/code-review.js';
import { parseReviewRange } from '../review/parse-range.js';
import { changedFiles, commitDate, commitMessages, currentBranchName } from '../git/code-range.js';
import { countCommits, mergeBase, resolveCommit } from '../git/rev-parse.js';
import type { Brain } from '../service.js';

/** Options of {@link reviewCode}. */
export interface CodeReviewOptions {
  /** `BASE..HEAD`, `BASE...HEAD` (same meaning), `BASE..` or `BASE` (HEAD = the checked-out commit). */
  range: string;
  /**
   * The branch name searched for task ids (CI: the pull request's head branch). Default: HEAD's
   * name as given when it is a name (not an oid, not `HEAD`), else the checked-out branch.
   */
  headName?: string;
}

function nameOf(rev: string): string | null {
  return rev === 'HEAD' || /^[0-9a-f]{7,64}$/i.test(rev) || /[~^@:]/.test(rev) ? null : rev;
}

/**
 * The code review of a range for the project in effect. Errors: `invalid_argument` (bad range
 * syntax, unknown revision, BASE and HEAD without common history), `not_initialized` (no docs
 * branch here or on a remote), `ambiguous_remote`, `git_error`.
 */
export async function reviewCode(brain: Brain, args: CodeReviewOptions): Promise<CodeReview> {
  const spec = parseReviewRange(args.range);
  const repo = brain.repo;
  const headRev = spec.head ?? 'HEAD';
  const [base, head] = await Promise.all([resolveCommit({ repo, rev: spec.base }), resolveCommit({ repo, rev: headRev })]);
  const merge = await mergeBase({ repo, a: base, b: head });
  if (merge === null) {
    throw new BrainError('invalid_argument', `${spec.base} and ${headRev} share no history: no merge base to compare with`, {
      hint: 'review a pull request range of the code, e.g. brain review --code origin/main..HEAD',
      data: { range: args.range },
    });
  }
  const [files, messages, date, commits, checkedOut] = await Promise.all([
    changedFiles({ repo, from: merge, to: head }),
    commitMessages({ repo, base, head }),
    commitDate({ repo, oid: merge }),
    countCommits({ repo, base, head }),
    args.headName === undefined && nameOf(headRev) === null ? currentBranchName({ repo }) : Promise.resolve(null),
  ]);
  const headName = args.headName ?? nameOf(headRev) ?? (headRev === 'HEAD' ? checkedOut : null);
  return brain.withCache(async () => {
    await brain.refresh();
    const projectId = await brain.projectId();
    const current = listCurrent(brain.db(), { projectId }).map((r) => r.entry);
    const revisions = (await listRevisionsSince(brain.db(), (oid) => brain.readBlob(oid), { projectId, since: date })).map((r) => r.entry);
    const texts = [...(headName ? [headName] : []), ...messages];
    const selected = selectForCode({ current, revisions, files, texts });
    return {
      range: { spec: spec.spec, base, head, merge_base: merge, merge_base_date: date, head_name: headName },
      project_id: projectId,
      commits,
      files,
      ...selected,
    };
  });
}
