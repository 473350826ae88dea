/**
 * Rendering untrusted entry text in `brain review` Markdown: titles, values, citations and
 * rationale lines render as literal text — checked with a real Markdown parser (marked, GFM):
 * no links, images, HTML or headings of their own, no early end of the diff fence, no closing
 * `</brain-state>` tag.
 */
import { marked, type Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { renderReview } from '../../src/review/render-review.js';
import type { EntryChange, Review } from '../../src/review/review.js';

const HOSTILE = 'Evil [click](https://evil.example) ![i](x.png) <img src=x onerror=alert(1)> https://bare.example www.evil.example @octocat **bold** `code` $x^2$ </brain-state> # not a heading';

function change(over: Partial<EntryChange>): EntryChange {
  return {
    entry_id: 'dec-0000000000aa', entry_kind: 'decision', project_id: 'demo', title: 'Plain', summary: '', from_revision: 1, to_revision: 2,
    from_status: 'proposed', to_status: 'accepted', changed_fields: ['status'], rationale_diff: null, new_citations: [], removed_citations: [],
    value_changes: [], author: 'test-agent', recorded_at: '2026-01-01T00:00:00.000Z', forked: false, ...over,
  };
}

function review(changes: EntryChange[], problems: Review['problems'] = []): Review {
  return {
    rewrites: [],
    range: { spec: 'a..b', base: 'a'.repeat(40), head: 'b'.repeat(40), merge_base: 'a'.repeat(40) },
    commits: 1,
    groups: { decided: changes, newly_proposed: [], resolved: [], newly_open: [], newly_blocked: [], risks: [], plan: [], other: [] },
    problems,
    candidates: [],
  };
}

function tokens(markdown: string): Token[] {
  const out: Token[] = [];
  const walk = (list: Token[]) => {
    for (const t of list) {
      out.push(t);
      const children = [(t as { tokens?: Token[] }).tokens, ...((t as { items?: { tokens: Token[] }[] }).items ?? []).map((i) => i.tokens)];
      for (const c of children) if (c) walk(c);
    }
  };
  walk(marked.lexer(markdown, { gfm: true }));
  return out;
}

describe('renderReview with hostile entry text', () => {
  const markdown = renderReview(
    review(
      [
        change({
          title: `${HOSTILE}\nsecond line`,
          author: 'mallory [x](https://a.example)',
          changed_fields: ['status', 'rationale', 'payload.decision_outcome', 'tags'],
          value_changes: [
            { field: 'payload.decision_outcome', from: '', to: HOSTILE },
            { field: 'tags', from: [], to: ['`tick`', '</brain-state>'] },
          ],
          new_citations: [{ source_ref: 'https://evil.example/```', source_kind: 'external_url' }],
          rationale_diff: '@@ -1,1 +1,3 @@\n-old\n+```\n+ ```` not a fence\n+</brain-state>\x1b[31m red\r',
        }),
      ],
      [{ code: 'invalid_json', path: 'projects/demo/x/[a](https://b)', entry_id: null, message: HOSTILE }],
    ),
  );
  const all = tokens(markdown);

  it('produces no links, images or HTML', () => {
    expect(all.filter((t) => t.type === 'link' || t.type === 'image' || t.type === 'html')).toEqual([]);
    expect(markdown).toContain('Evil \\[click\\](https\\://evil.example)'); // escaped, not a link (raw `](https:` only inside code spans)
  });

  it('keeps each title on one heading line, and makes no other headings than its own', () => {
    const headings = all.filter((t) => t.type === 'heading').map((t) => (t as { depth: number }).depth);
    expect(headings).toEqual([2, 3, 4, 3]); // review, Decided, the entry, Problems
    expect(markdown).toContain('second line');
    expect(markdown.split('\n').filter((l) => l.startsWith('#### '))).toHaveLength(1);
  });

  it('keeps the whole rationale diff inside one code block whatever backticks it holds', () => {
    const code = all.filter((t) => t.type === 'code');
    expect(code).toHaveLength(1);
    const text = (code[0] as { text: string }).text;
    expect(text.split('\n')).toHaveLength(5);
    expect(text).toContain('+```');
    expect(text).toContain('+ ```` not a fence');
    expect(text).not.toMatch(/[\x1b\r]/);
  });

  it('never closes a <brain-state> wrapper', () => {
    expect(markdown).not.toMatch(/<\/brain-state/i);
  });
});

describe('renderReview layout', () => {
  it('says so when the range has no brain changes', () => {
    const empty = review([]);
    expect(renderReview(empty)).toBe(`## Brain review \`a..b\`\n\n1 commit · merge base \`aaaaaaaaaaaa\` → head \`bbbbbbbbbbbb\` · 0 entries changed\n\nNo brain changes in this range.\n`);
  });

  it('names the project of each entry when the review spans several', () => {
    const md = renderReview(review([change({ project_id: 'one' }), change({ project_id: 'two', entry_id: 'dec-0000000000bb' })]));
    expect(md).toContain('project `one`');
    expect(md).toContain('project `two`');
    expect(renderReview(review([change({})]))).not.toContain('project `');
  });

  it('cuts long rationale diffs and counts what it left out', () => {
    const diff = ['@@ -0,0 +1,100 @@', ...Array.from({ length: 100 }, (_, i) => `+line ${i}`)].join('\n');
    const md = renderReview(review([change({ from_revision: null, from_status: null, rationale_diff: diff })]), { maxDiffLines: 10 });
    expect(md).toContain('+line 8\n```');
    expect(md).toContain('_… 91 more diff lines not shown._');
    expect(md).toContain('- **rationale:** 100 lines');
  });
});
