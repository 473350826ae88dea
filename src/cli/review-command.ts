/**
 * `brain review BASE..HEAD` (DESIGN §1, §6; issue #4): Markdown for a pull request description
 * or comment — what the range adds or revises, grouped as Decided / Newly proposed / Resolved / Newly open /
 * Newly blocked / Risks / Plan / Other changes, plus Problems. `--json` prints the
 * {@link Review}. A single `BASE` means `BASE..<docs branch tip>`. `--project` limits the review
 * to one project (default: every project on the branch).
 *
 * `brain review --code BASE..HEAD` (issue #8): run in the code repository on a range of code
 * commits — the entries whose paths match the changed files and the brain revisions since the
 * merge base, as a pull request comment ({@link CodeReview} with `--json`).
 */
import type { Command } from 'commander';
import { BrainError } from '../model/errors.js';
import type { CodeReview } from '../review/code-review.js';
import type { Review } from '../review/review.js';
import { runWithBrain, type GlobalOptions } from './context.js';

/** Registers `review` on `program`. */
export function registerReviewCommand(program: Command): void {
  program
    .command('review <range>')
    .description('Markdown of what a range of the docs branch adds or revises (BASE..HEAD, or BASE = BASE..brain), for a pull request')
    .option('--code', 'the range is of code commits: show the entries whose paths match the files it changes, and the brain revisions since its merge base')
    .option('--head-name <branch>', 'with --code: the branch name searched for task ids (default: HEAD as named, else the checked-out branch)')
    .action(async (range: string, options: { code?: boolean; headName?: string }, command: Command) => {
      if (options.code) {
        const { reviewCode } = await import('../service/code-review.js');
        const { renderCodeReview } = await import('../review/render-code-review.js');
        await runWithBrain<CodeReview>(command, (brain) => reviewCode(brain, { range, ...(options.headName !== undefined ? { headName: options.headName } : {}) }), renderCodeReview);
        return;
      }
      if (options.headName !== undefined) throw new BrainError('invalid_argument', '--head-name only applies with --code', { hint: 'brain review --code BASE..HEAD --head-name BRANCH' });
      const { reviewRange } = await import('../service/review.js');
      const { renderReview } = await import('../review/render-review.js');
      const project = command.optsWithGlobals<GlobalOptions>().project;
      await runWithBrain<Review>(command, (brain) => reviewRange(brain, { range, ...(project !== undefined ? { projectId: project } : {}) }), (review) => renderReview(review));
    });
}
