/**
 * The typo rule's distance (decision 0054, round seven; src/search/typo-rule.ts): two letters
 * swapped are one edit ("djnago" found nothing on get.gov, two Levenshtein edits from
 * "django"), and the allowance follows the stem the distance is measured on ("tempates",
 * stem "tempat", offered "compatibility", stem "compat", two edits away, beside "templates").
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { boundedDistance } from '../../src/search/query-terms.js';
import { searchAnswer } from '../../src/service/search-corrections.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

/** Optimal string alignment distance, the textbook full table (the reference). */
function osa(left: string, right: string): number {
  const a = [...left];
  const b = [...right];
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('boundedDistance', () => {
  it.each([
    ['djnago', 'django', 1, 1],
    ['tempat', 'compat', 2, 2],
    ['tempat', 'compat', 1, 2],
    ['kitten', 'sitting', 3, 3],
    ['ab', 'ba', 1, 1],
    ['abc', 'cba', 1, 2],
  ])('%s → %s within %i: %i', (a, b, max, expected) => {
    expect(boundedDistance(a, b, max)).toBe(expected);
  });

  it('is the optimal string alignment distance, capped at max + 1', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 8 });
    fc.assert(fc.property(word, word, fc.integer({ min: 0, max: 3 }), (a, b, max) => {
      expect(boundedDistance(a, b, max)).toBe(Math.min(osa(a, b), max + 1));
    }));
  });
});

describe('typo corrections on a brain', () => {
  it('finds a swapped-letter word and offers no stand-in two edits from a short stem', async () => {
    const b = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await b.init();
      await b.writes.append({ kind: 'decision', fields: { title: 'Django', rationale: 'A web framework.' } });
      await b.writes.append({ kind: 'decision', fields: { title: 'Server-side templates', rationale: 'Rendered HTML.' } });
      await b.writes.append({ kind: 'decision', fields: { title: 'Browser compatibility', rationale: 'Two versions back.' } });
      const django = await searchAnswer(b, { query: 'djnago' });
      expect(django.hits.map((h) => h.entry.title)).toEqual(['Django']);
      expect(django.corrections).toEqual([{ word: 'djnago', matched: ['django'] }]);
      const templates = await searchAnswer(b, { query: 'tempates' });
      expect(templates.hits.map((h) => h.entry.title)).toEqual(['Server-side templates']);
      expect(templates.corrections).toEqual([{ word: 'tempates', matched: ['templates'] }]);
    } finally {
      await b.close();
    }
  });
});
