/**
 * `brain review BASE..HEAD` (issue #4): what a pull request against the docs branch adds or
 * revises, per entry, grouped for a reviewer (src/review/). BASE and HEAD are any git
 * revisions, resolved by the system git; HEAD is compared with the merge base of BASE and HEAD,
 * like `git diff BASE...HEAD`, so changes that landed on BASE meanwhile are not shown as the
 * pull request's; the candidates proposed or decided in the range too (issue #20) (docs/decisions/0011-brain-review.md). Read-only: needs no cache, no lock,
 * and not even a local docs branch when both sides are named.
 */
import { BrainError } from '../model/errors.js';
import { assertProjectId } from './project-id.js';
import { MANIFEST_PATH } from '../store/layout.js';
import { parseManifest } from '../store/manifest.js';
import type { ObjectReader } from '../git/object-reader.js';
import { countCommits, mergeBase, resolveCommit } from '../git/rev-parse.js';
import { computeReview } from '../review/compute-review.js';
import { candidateChanges } from '../review/candidate-changes.js';
import { parseReviewRange } from '../review/parse-range.js';
import { REWRITE_CODES, type Review } from '../review/review.js';
import type { Brain } from '../service.js';

/** Options of {@link reviewRange}. */
export interface ReviewRangeOptions {
  /** `BASE..HEAD`, `BASE...HEAD` (same meaning), `BASE..` or `BASE` (HEAD = the docs branch tip). */
  range: string;
  /** Only this project's entries (default: every project on the branch). */
  projectId?: string;
}

/**
 * The review of a range. Errors: `invalid_argument` (bad range syntax, unknown revision, a
 * HEAD that is not a brain commit), `not_initialized` (single-BASE form without a docs
 * branch), `unsupported_format`, `git_error` (git missing or failing).
 */
export async function reviewRange(brain: Brain, args: ReviewRangeOptions): Promise<Review> {
  const spec = parseReviewRange(args.range);
  const projectId = args.projectId === undefined ? undefined : assertProjectId(args.projectId);
  const repo = brain.repo;
  const base = await resolveCommit({ repo, rev: spec.base });
  const head = spec.head === null ? await docsTip(brain) : await resolveCommit({ repo, rev: spec.head });
  const reader = await brain.reader();
  const headCommit = await reader.readCommit(head);
  await assertBrainTree(reader, headCommit.tree, spec.head ?? brain.branch);
  const [mergeOid, commits] = await Promise.all([mergeBase({ repo, a: base, b: head }), countCommits({ repo, base, head })]);
  const baseTree = mergeOid === null ? null : (await reader.readCommit(mergeOid)).tree;
  const scope = { reader, baseTree, headTree: headCommit.tree, ...(projectId !== undefined ? { projectId } : {}) };
  const [body, candidates] = await Promise.all([computeReview(scope), candidateChanges(scope)]);
  const rewrites = body.problems.filter((p) => REWRITE_CODES.has(p.code));
  return { rewrites, range: { spec: spec.spec, base, head, merge_base: mergeOid }, commits, ...body, candidates };
}

async function docsTip(brain: Brain): Promise<string> {
  const tip = await brain.store.resolveTip();
  if (tip === null) {
    throw new BrainError('not_initialized', `no docs branch ${brain.branch} here to review against`, {
      hint: 'name both sides: brain review BASE..HEAD (e.g. origin/brain..pr-branch), or fetch the branch first',
    });
  }
  return tip;
}

/** Throws `invalid_argument` unless the tree holds a brain manifest (a docs-branch commit); `unsupported_format` for a newer one. */
async function assertBrainTree(reader: ObjectReader, tree: string, name: string): Promise<void> {
  const manifest = (await reader.readTree(tree)).find((item) => item.name === MANIFEST_PATH && item.type === 'blob');
  if (!manifest) {
    throw new BrainError('invalid_argument', `${name} is not a commit of a docs branch: it has no ${MANIFEST_PATH}`, {
      hint: 'review a range of the docs branch, e.g. brain review origin/brain..brain',
      data: { revision: name },
    });
  }
  parseManifest((await reader.readBlob(manifest.oid)).toString('utf8'), name);
}
