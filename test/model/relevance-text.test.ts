/**
 * A hit that matched is never shown with relevance zero (README: `relevance_score` in (0, 1]):
 * a score below the printed precision reads `<0.01` in the CLI and MCP text, `<1%` on the
 * dashboard.
 */
import { describe, expect, it } from 'vitest';
import { scorePercent, scoreText } from '../../src/model/relevance-text.js';
import { renderSearch } from '../../src/cli/render.js';
import { summaryLine } from '../../src/mcp/render.js';
import { summarize } from '../../src/mcp/summaries.js';
import { makeEntry } from '../context/make-entry.js';

describe('relevance as text', () => {
  it.each([
    [1, '1.00', '100%'],
    [0.874, '0.87', '87%'],
    [0.005, '0.01', '1%'],
    [0.004, '<0.01', '<1%'],
    [1e-6, '<0.01', '<1%'],
  ])('%s → %s, %s', (score, text, percent) => {
    expect(scoreText(score)).toBe(text);
    expect(scorePercent(score)).toBe(percent);
  });

  it('the CLI table and the MCP summary line print a tiny score as <0.01', () => {
    const entry = makeEntry('decision', { title: 'Use Postgres' });
    expect(renderSearch({ hits: [{ entry, relevance_score: 1e-6 }], corrections: [] })).toMatch(/^<0\.01 +dec-/m);
    expect(summaryLine(summarize(entry), 1e-6)).toContain('[<0.01]');
  });
});
