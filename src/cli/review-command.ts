/**
 * `brain review BASE..HEAD` (DESIGN §1, §6; issue #4): Markdown for a pull request description
 * or comment — what the range adds or revises, grouped as Decided / Resolved / Newly open /
 * Newly blocked / Risks / Plan / Other changes, plus Problems. `--json` prints the
 * {@link Review}. A single `BASE` means `BASE..<docs branch tip>`. `--project` limits the review
 * to one project (default: every project on the branch).
 */
import type { Command } from 'commander';
import type { Review } from '../review/review.js';
import { runWithBrain, type GlobalOptions } from './context.js';

/** Registers `review` on `program`. */
export function registerReviewCommand(program: Command): void {
  program
    .command('review <range>')
    .description('Markdown of what a range of the docs branch adds or revises (BASE..HEAD, or BASE = BASE..brain), for a pull request')
    .action(async (range: string, _options: unknown, command: Command) => {
      const { reviewRange } = await import('../service/review.js');
      const { renderReview } = await import('../review/render-review.js');
      const project = command.optsWithGlobals<GlobalOptions>().project;
      await runWithBrain<Review>(command, (brain) => reviewRange(brain, { range, ...(project !== undefined ? { projectId: project } : {}) }), (review) => renderReview(review));
    });
}
