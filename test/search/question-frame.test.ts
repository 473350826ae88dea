/**
 * "why did we choose django" (issue #18, docs/decisions/0061): in a log of decisions, a verb of
 * deciding said of the team asks for the decision about X and names none. On get.gov, where
 * "django" is in more than half the ADRs (FTS5's IDF is floored there), the verb "choose" of three
 * unrelated ADRs ranked them first and ADR-0003 "Django" sixth.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { decidingWords } from '../../src/search/question-frame.js';
import { searchQuery } from '../../src/search/query-terms.js';
import { searchAnswer } from '../../src/service/search-corrections.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const words = (q: string) => searchQuery(q).words;

describe('the question frame "why did we choose X"', () => {
  it('drops a verb of deciding said of the team, with its particle', () => {
    expect(words('why did we choose django')).toEqual(['django']);
    expect(words('which web framework did we pick')).toEqual(['web', 'framework']);
    expect(words('why did we go with postgres')).toEqual(['postgres']);
    expect(words('what have we decided on caching')).toEqual(['caching']);
    expect(words('why we chose not to use redis')).toEqual(['use', 'redis']);
  });

  it('keeps the same words anywhere else, and when nothing else is asked', () => {
    expect(words('should line headings like chosen option be bold')).toEqual(['line', 'headings', 'like', 'chosen', 'option', 'bold']);
    expect(words('how can operators opt in to breaking changes')).toEqual(['operators', 'opt', 'breaking', 'changes']);
    expect(words('how to select a region')).toEqual(['select', 'region']);
    expect(words('why do we go for go')).toEqual(['go']);
    expect(words('why did we choose')).toEqual(['choose']);
    expect(words('we chose choose')).toEqual(['choose']);
    expect([...decidingWords(['we', 'go', 'home'])]).toEqual([]);
  });

  it('ranks the decision about X first, not the entries that say "choose"', async () => {
    const b = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await b.init();
      const add = async (title: string, rationale: string) => (await b.writes.append({ kind: 'decision', fields: { title, rationale } })).entry.entry_id;
      const django = await add('Django', 'Django is the web framework: its admin and its ORM fit the team.');
      await add('Caching', 'We choose to cache rendered pages for a minute, and choose short lifetimes over stale pages.');
      await add('Form wizard', 'Django form tools build the multi-step request form.');
      await add('Staff tools', 'Staff work in the Django admin.');
      await add('Upgrades', 'Django upgrades follow the long-term support releases.');
      const hits = (await searchAnswer(b, { query: 'why did we choose django' })).hits.map((h) => h.entry.entry_id);
      expect(hits[0]).toBe(django);
    } finally {
      await b.close();
    }
  });
});
