/**
 * A typo-corrected search says so (decision 0050): when a query word matched nothing and the
 * search widened it to indexed words within a small edit distance, `brain search`, the
 * dashboard's search page and the brain_search tool say `showing results for "database"
 * instead of "databse"`; a word that matched as typed is never "corrected"; `--json` stays the
 * hits array.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain, openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { startMcp, textOf } from '../mcp/mcp-client.js';
import { searchAnswer } from '../../src/service/search-corrections.js';
import { renderSearch } from '../../src/http/dashboard/search-page.js';

let dir: string;

beforeAll(async () => {
  dir = initRepo();
  const b = await openTestBrain(dir, { projectId: 'demo' });
  try {
    await b.init();
    await b.writes.append({ kind: 'decision', fields: { title: 'One PostgreSQL database for the hub', rationale: 'Every database migration runs at start; databases per tenant were rejected.' } });
    await b.writes.append({ kind: 'decision', fields: { title: 'Cache the brief', rationale: 'The brief is read at every session start.' } });
  } finally {
    await b.close();
  }
});
afterAll(() => cleanupTempDirs());

describe('a typo-corrected search', () => {
  it('names the word it searched instead, in the service answer and on the dashboard', async () => {
    const b = await openTestBrain(dir, { projectId: 'demo' });
    try {
      const typo = await searchAnswer(b, { query: 'databse brief' });
      expect(typo.corrections).toEqual([{ word: 'databse', matched: ['database'] }]);
      expect(typo.hits.map((h) => h.entry.title)).toContain('One PostgreSQL database for the hub');
      expect((await searchAnswer(b, { query: 'database brief' })).corrections).toEqual([]);

      const page = renderSearch({ project: 'demo', query: 'databse brief', hits: typo.hits, corrections: typo.corrections }).body.toString();
      expect(page).toContain('<p class="lede correction">Showing results for &quot;database&quot; instead of &quot;databse&quot;.</p>');
      const plain = renderSearch({ project: 'demo', query: 'database', hits: typo.hits, corrections: [] }).body.toString();
      expect(plain).not.toContain('Showing results for');
    } finally {
      await b.close();
    }
  });

  it('is said by brain search (text, not --json) and by the brain_search tool', async () => {
    const text = brain(dir, ['search', 'databse']);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe('showing results for "database" instead of "databse"');
    const json = brain(dir, ['search', 'databse', '--json']).json();
    expect(Array.isArray(json) && json[0].entry.title).toBe('One PostgreSQL database for the hub');
    expect(brain(dir, ['search', 'database']).stdout).not.toContain('showing results for');
    // Unquoted words are one query, as quoted ones are (it was "too many arguments").
    const unquoted = brain(dir, ['search', 'databse', 'brief', '--json']);
    expect(unquoted.code).toBe(0);
    expect(unquoted.json()).toEqual(brain(dir, ['search', 'databse brief', '--json']).json());
    expect(brain(dir, ['search', 'databse', 'brief']).stdout.split('\n')[0]).toBe('showing results for "database" instead of "databse"');

    const s = await startMcp(dir);
    try {
      expect(textOf(await s.call('brain_search', { query: 'databse' })).split('\n')[0]).toContain('(showing results for "database" instead of "databse")');
      expect(textOf(await s.call('brain_search', { query: 'database' }))).not.toContain('showing results for');
    } finally {
      await s.close();
    }
  });
});
