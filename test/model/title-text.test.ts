/**
 * Titles as plain text for display (model/title-text.ts, decision 0054 round six): inline
 * Markdown shown as its words, nothing else of the title lost or changed.
 */
import { describe, expect, it } from 'vitest';
import { titleText } from '../../src/model/title-text.js';

describe('titleText', () => {
  it('shows code spans, emphasis, links and images as their words', () => {
    expect(titleText('ABCI `ProposeTx` Method')).toBe('ABCI ProposeTx Method');
    expect(titleText('`nop` Mempool')).toBe('nop Mempool');
    expect(titleText('TEP-0039: Add Variable `retries` and `retry-count`')).toBe('TEP-0039: Add Variable retries and retry-count');
    expect(titleText('Use *emphasis*, __strong__ and ~~old~~ new words')).toBe('Use emphasis, strong and new words');
    // Struck-out words no longer hold (decision 0057): left out, never the whole title.
    expect(titleText('~~Use Redis~~ Use Postgres')).toBe('Use Postgres');
    expect(titleText('~~Use Redis~~')).toBe('~~Use Redis~~');
    expect(titleText('Adopt [RFC 9](https://example.com/rfc9) follow-up')).toBe('Adopt RFC 9 follow-up');
    expect(titleText('Logo ![the mark](logo.png) and <https://example.com>')).toBe('Logo the mark and https://example.com');
    expect(titleText('Keep ``a`b`` as is')).toBe('Keep a`b as is');
    expect(titleText('Escaped \\*star\\*')).toBe('Escaped *star*');
  });

  it('leaves text that is not inline Markdown as it is', () => {
    for (const title of ['Use SQLite for the cache', 'snake_case_names everywhere', 'a * b * c', '1. Scope', '# tags in titles', 'Vec<T> over <brain-state>', 'Tom &amp; Jerry', 'Unclosed `tick', '[draft] notes', 'E2E tests for CometBFT\'s behaviour']) {
      expect(titleText(title)).toBe(title);
    }
  });

  it('never turns a title into nothing', () => {
    expect(titleText('``')).toBe('``');
    expect(titleText('**')).toBe('**');
    expect(titleText('[](x)')).toBe('[](x)');
  });
});
