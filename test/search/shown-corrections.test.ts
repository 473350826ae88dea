/**
 * How typo corrections are shown (decision 0050), the step the clone and the hub share
 * (service/search-corrections.ts `shownCorrections`): each stand-in stem as the word the hits
 * hold most, else the stem; with `fromHitsOnly` (the hub under a project-scoped token, whose
 * vocabulary spans other projects) a word no hit holds is never shown.
 */
import { describe, expect, it } from 'vitest';
import { shownCorrections } from '../../src/service/search-corrections.js';
import { makeEntry } from '../helpers/plain-git.js';

const hit = (title: string) => ({ entry: makeEntry({ kind: 'decision', projectId: 'p', title }) });

describe('shownCorrections', () => {
  it('shows each stem as the hits\' word, else the stem; words without stand-ins are left out', () => {
    const typos = [{ word: 'databse', alternatives: ['databas'] }, { word: 'zebrx', alternatives: ['zebra'] }, { word: 'cache', alternatives: [] }];
    expect(shownCorrections(typos, [hit('Database choice'), hit('Databases compared')])).toEqual([
      { word: 'databse', matched: ['database'] },
      { word: 'zebrx', matched: ['zebra'] },
    ]);
  });

  it('with fromHitsOnly never names a word no hit holds', () => {
    const typos = [{ word: 'databse', alternatives: ['databas'] }, { word: 'zebrx', alternatives: ['zebra'] }];
    expect(shownCorrections(typos, [hit('Database choice')], true)).toEqual([{ word: 'databse', matched: ['database'] }]);
    expect(shownCorrections(typos, [], true)).toEqual([]);
  });
});
