/**
 * `brain review` shows the candidates a range proposes or decides (issue #20;
 * src/review/candidate-changes.ts), in the JSON and the Markdown, hostile titles inert; the
 * candidates outside the range are not shown.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { reviewRange } from '../../src/service/review.js';
import { renderReview } from '../../src/review/render-review.js';

afterAll(cleanupTempDirs);

describe('brain review: candidates', () => {
  it('lists the candidates proposed or decided in the range, with relation and suggestion, escaped in Markdown', async () => {
    const dir = initRepo();
    const brain = await openTestBrain(dir);
    try {
      await brain.init();
      const earlier = (await brain.candidates.byAgent('claude-code').propose({ kind: 'risk', fields: { title: 'Tokens leak into logs' } })).candidate;
      const untouched = (await brain.candidates.propose({ kind: 'decision', fields: { title: 'Use SQLite for the cache' } })).candidate;
      const base = git(dir, ['rev-parse', 'brain']);
      const hostile = (await brain.candidates.byAgent('codex').propose({ kind: 'decision', fields: { title: 'Use <script>alert(1)</script> [x](https://evil.example) @team' } })).candidate;
      await brain.candidates.reject({ candidateId: earlier.candidate_id, reason: 'not a risk here' });
      const review = await reviewRange(brain, { range: `${base}..brain` });
      expect(review.candidates.map((c) => [c.candidate_id, c.proposed_in_range, c.status, c.entry_kind, c.relation, c.proposed_by])).toEqual(
        [
          [hostile.candidate_id, true, 'pending', 'decision', hostile.review.relation, 'codex for test-agent'],
          [earlier.candidate_id, false, 'rejected', 'risk', earlier.review.relation, 'claude-code for test-agent'],
        ].sort((a, b) => ((a[0] as string) < (b[0] as string) ? -1 : 1)),
      );
      expect(review.candidates.map((c) => c.candidate_id)).not.toContain(untouched.candidate_id);
      const markdown = renderReview(review);
      expect(markdown).toContain('### Candidates (2)');
      expect(markdown).toContain(`\`${earlier.candidate_id}\` · risk · **Tokens leak into logs** · rejected · novel; suggests accept as a new entry: no current entry says this · by claude-code for test-agent`);
      expect(markdown).not.toContain('<script>');
      expect(markdown).not.toContain('[x](https://evil.example)');
      expect(markdown).not.toMatch(/(?<!\\)@team/);
      expect((await reviewRange(brain, { range: 'brain..brain' })).candidates).toEqual([]);
    } finally {
      await brain.close();
    }
  });
});
