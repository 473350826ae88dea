/**
 * Titles with inline Markdown on the dashboard (decision 0054, round six): the board, the
 * timeline's chart (label, tooltip, table) and list, the graph (box label, tooltip, table),
 * search hits and the entry page show a title's words — ``ABCI `ProposeTx` Method`` reads
 * "ABCI ProposeTx Method" — escaped as any text (the stored title: test/mcp/title-text.test.ts).
 * In-process: the daemon's dashboard routes over a real repository, no browser.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../src/service.js';
import type { CallerEnv } from '../../src/http/auth.js';
import { createDashboard } from '../../src/http/dashboard/routes.js';
import { createLog } from '../../src/service/log.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';

const CODE = 'ABCI `ProposeTx` Method';
const LINKED = 'Adopt *lazy* [RFC 9](https://example.com/rfc9) loading';
const PLAIN = { [CODE]: 'ABCI ProposeTx Method', [LINKED]: 'Adopt lazy RFC 9 loading' };

let b: Brain;
let app: Hono<CallerEnv>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  b = await openTestBrain(initRepo(), { projectId: 'demo' });
  await b.init();
  for (const title of [CODE, LINKED]) {
    ids[title] = (await b.writes.append({ kind: 'decision', fields: { title, rationale: 'Proposers need a say.', payload: { decision_date: '2024-05-01' } } })).entry.entry_id;
  }
  await b.writes.supersede({ entryId: ids[CODE]!, byEntryId: ids[LINKED]! });
  app = new Hono<CallerEnv>();
  app.route('/', createDashboard({ brainFor: async () => b, defaultProject: async () => 'demo', log: createLog({ write: () => {} }) }));
});
afterAll(async () => {
  await b?.close();
  cleanupTempDirs();
});

const page = async (path: string) => {
  const r = await app.request(path);
  expect(r.status, path).toBe(200);
  return r.text();
};
/** Every text of `html` between `>` and `<` (element content), entities decoded. */
const texts = (html: string) => [...html.matchAll(/>([^<]+)</g)].map((m) => (m[1] as string).replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&'));

describe('a title with inline Markdown on the dashboard', () => {
  it('reads as its words on the board, the timeline, the graph, search and the entry page', async () => {
    const pages = {
      board: await page('/projects/demo'),
      timeline: await page('/projects/demo/timeline'),
      graph: await page('/projects/demo/graph?resolved=1'),
      search: await page('/projects/demo/search?q=proposetx'),
      entry: await page(`/projects/demo/entries/${ids[CODE]}`),
    };
    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).not.toContain('`ProposeTx`');
      expect(html, name).not.toContain('*lazy*');
      expect(html, name).not.toContain('](https://example.com/rfc9)');
    }
    expect(texts(pages.board)).toEqual(expect.arrayContaining(Object.values(PLAIN)));
    expect(texts(pages.entry)).toContain('ABCI ProposeTx Method');
    expect(pages.entry).toContain('<title>ABCI ProposeTx Method · demo · Project Brain</title>');
    const hit = /<div class="title"><a [^>]*>(.*?)<\/a><\/div>/.exec(pages.search)?.[1] ?? '';
    expect(hit.replace(/<[^>]*>/g, '')).toBe('ABCI ProposeTx Method');
    // The chart: each dot's label and tooltip, and the table under it.
    const chart = pages.timeline.slice(pages.timeline.indexOf('<svg'), pages.timeline.indexOf('</svg>'));
    expect(chart).toContain('<text');
    expect(texts(chart)).toEqual(expect.arrayContaining([expect.stringMatching(/^ABCI ProposeTx/), expect.stringMatching(/^ABCI ProposeTx Method — Decision, superseded/)]));
    expect(texts(pages.timeline)).toEqual(expect.arrayContaining(Object.values(PLAIN)));
    // The graph: box labels, tooltips and the table of links.
    const graph = pages.graph.slice(pages.graph.indexOf('<svg'), pages.graph.indexOf('</svg>'));
    expect(texts(graph)).toEqual(expect.arrayContaining([expect.stringMatching(/^ABCI ProposeTx/), expect.stringMatching(/^Adopt lazy RFC 9 loading \(/)]));
    expect(texts(pages.graph.slice(pages.graph.indexOf('</svg>')))).toEqual(expect.arrayContaining(Object.values(PLAIN)));
  });

});
