/**
 * The dashboard's upstream line (issue #19) shows the command the summary names as code, not
 * the Markdown backticks of the words `brain status` prints (docs/decisions/0054).
 */
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../src/http/dashboard/layout.js';
import { h } from '../../src/http/dashboard/html.js';

describe('the dashboard header: upstream line', () => {
  it('renders the summary\'s code spans as <code>, escaped, with no backtick left', () => {
    const html = renderPage({
      title: 'Board',
      project: 'demo',
      active: 'board',
      body: h`<p>x</p>`,
      upstream: { summary: 'up to date with origin/brain (as of the last fetch, 2026-11-24T14:27:36.000Z; `brain sync <origin>` fetches again)', fix: null },
    });
    const line = /<p class="wrap small upstream muted">(.*?)<\/p>/s.exec(html)?.[1];
    expect(line).toBe('Upstream: up to date with origin/brain (as of the last fetch, 2026-11-24T14:27:36.000Z; <code>brain sync &lt;origin&gt;</code> fetches again)');
  });
});
