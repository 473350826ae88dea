/**
 * The reviewer against the reviewer set from real ADR corpora (issue #20 "Measure it";
 * fixtures/reviewer-set/, bench/reviewer-set.js): the targets as floors — at least 90% of the
 * cases get the expected relation and entry, no duplicate or replacement would be approved by
 * `auto_approve: "safe"`, every relation of the set is represented and mostly right. Needs `dist/` (npx tsc -p tsconfig.json).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, tempDir } from '../helpers/git.js';
import { runReviewerSet } from '../../bench/reviewer-set.js';

afterAll(() => cleanupTempDirs());

interface Verdict { id: string; expected: string; relation: string; correct: boolean; unsafe: boolean; summary: string }
interface Summary { total: number; correct: number; unsafe_auto_approvals: number; byRelation: Record<string, { total: number; correct: number }> }

describe('the reviewer set', () => {
  it('meets the targets: >= 60 cases, >= 90% correct, 0 unsafe auto-approvals, each relation mostly right', async () => {
    const first = (await runReviewerSet({ root: tempDir('reviewer-set-') })) as { verdicts: Verdict[]; summary: Summary };
    const { summary } = first;
    expect(summary.total).toBeGreaterThanOrEqual(60);
    expect(summary.unsafe_auto_approvals).toBe(0);
    expect(summary.correct / summary.total, first.verdicts.filter((v) => !v.correct).map((v) => `${v.id}: ${v.relation}`).join('\n')).toBeGreaterThanOrEqual(0.9);
    for (const [relation, { total, correct }] of Object.entries(summary.byRelation)) {
      expect(total, relation).toBeGreaterThanOrEqual(8);
      expect(correct / total, relation).toBeGreaterThanOrEqual(0.7);
    }
  });
});
