/**
 * A word with a digit is never typo-corrected (src/search/typo-rule.ts): a newcomer typed
 * "ADR-0030" into search and got "showing results for "0008" or "0020" instead of "0030"" and
 * other ADRs. A number or a version names one thing; a near number is another.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { allowedDistance } from '../../src/search/typo-rule.js';
import { searchAnswer } from '../../src/service/search-corrections.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

describe('numbers are not typos', () => {
  it.each([['0030', 0], ['ipv6', 0], ['http2', 0], ['v1beta1', 0], ['cache', 1], ['databse', 1], ['kubernetse', 2], ['db', 0]])('%s: distance %i', (word, max) => {
    expect(allowedDistance(word)).toBe(max);
  });

  it('a search for a number matches it or nothing, and says no "instead of"', async () => {
    const b = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await b.init();
      await b.writes.append({ kind: 'decision', fields: { title: 'Retry budget', rationale: 'See ADR 0008 for the limits.' } });
      await b.writes.append({ kind: 'decision', fields: { title: 'Timeouts', rationale: 'Follows ADR 0020.' } });
      expect(await searchAnswer(b, { query: '0030' })).toEqual({ hits: [], corrections: [] });
      const typed = await searchAnswer(b, { query: 'ADR-0030' });
      expect(typed.corrections).toEqual([]);
      expect((await searchAnswer(b, { query: '0020' })).hits.map((h) => h.entry.title)).toEqual(['Timeouts']);
    } finally {
      await b.close();
    }
  });
});
