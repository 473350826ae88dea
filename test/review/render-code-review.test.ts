/**
 * The Markdown of `brain review --code` with hostile entry text (issue #8: entries arrive from
 * other clones): titles, whys, authors, paths and task ids render as literal text — no HTML,
 * links, mentions or headings of their own.
 */
import { describe, expect, it } from 'vitest';
import type { CodeReview } from '../../src/review/code-review.js';
import { renderCodeReview } from '../../src/review/render-code-review.js';

const HOSTILE = '<script>alert(1)</script> [click](javascript:alert(1)) @everyone\n## Approved';

function review(): CodeReview {
  return {
    range: { spec: 'main..HEAD', base: 'a'.repeat(40), head: 'b'.repeat(40), merge_base: 'c'.repeat(40), merge_base_date: '2026-01-01T00:00:00Z', head_name: null },
    project_id: 'shop',
    commits: 1,
    files: [{ path: 'src/a`b.ts', status: 'M' }],
    task_ids: ['T-1'],
    groups: {
      decisions: [{ entry_id: 'dec-000000000000', entry_kind: 'decision', status: 'accepted', revision: 1, title: HOSTILE, why: HOSTILE, matched_paths: ['src/**'], files: ['src/a`b.ts'] }],
      open_questions: [], risks: [], blockers: [], dependencies: [],
    },
    revisions: [{ entry_id: 'dec-000000000000', revision: 1, entry_kind: 'decision', status: 'accepted', title: HOSTILE, author: '<img src=x onerror=alert(1)>', recorded_at: '2026-01-02T00:00:00Z', matched_paths: [], matched_task_ids: ['T-1'] }],
  };
}

describe('renderCodeReview', () => {
  it('renders hostile entry text as literal, one-line text', () => {
    const md = renderCodeReview(review());
    expect(md).not.toMatch(/(?<!\\)<(script|img)|(?<!\\)\]\(javascript/);
    expect(md).toContain('\\<script\\>alert(1)\\</script\\> \\[click\\](javascript:alert(1)) \\@everyone \\#\\# Approved');
    expect(md.split('\n').filter((l) => l.startsWith('#'))).toEqual(['## Brain: decisions for `main..HEAD`', '### Decisions that govern these files (1)', '### Brain revisions since the merge base (1)']);
    expect(md).toContain('``src/a`b.ts``');
  });

  it('is one line when nothing matches', () => {
    const empty = { ...review(), groups: { decisions: [], open_questions: [], risks: [], blockers: [], dependencies: [] }, revisions: [], task_ids: [] };
    expect(renderCodeReview(empty)).toBe('No brain entries concern the 1 file changed in `main..HEAD`.\n');
  });
});
