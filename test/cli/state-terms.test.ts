/**
 * One vocabulary of "decided, proposed, open, blocked, at risk" (decision 0050): on an imported
 * ADR corpus plus open questions (one resolved) and an open dependency, the brief's answer
 * line, `brain status`, the board's tiles and `brain list` under each term's filter give the
 * same numbers — a proposed decision is "proposed", never "open"; a resolved question is not open.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain, openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { importAdr } from '../../src/service/import-adr.js';
import { cloneReader } from '../../src/service/clone-reader.js';
import { withPictureReader } from '../../src/service/picture-reader.js';
import { boardPage } from '../../src/http/dashboard/board-page.js';
import { STATE_TERMS } from '../../src/model/state-terms.js';
import { renderSearch } from '../../src/http/dashboard/search-page.js';
import { summarize } from '../../src/mcp/summaries.js';
import { summaryLine } from '../../src/mcp/render.js';

const MOJ = fileURLToPath(new URL('../../fixtures/adr/ministryofjustice__cloud-platform', import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = initRepo();
  const b = await openTestBrain(dir, { projectId: 'demo' });
  try {
    await b.init();
    await importAdr(b, { dir: MOJ });
    const asked = await b.writes.append({ kind: 'open_question', fields: { title: 'Which region?' } });
    await b.writes.append({ kind: 'open_question', fields: { title: 'Which node size?' } });
    await b.writes.resolve({ entryId: asked.entry.entry_id, answer: 'eu-west-2' });
    await b.writes.append({ kind: 'dependency', fields: { title: 'Needs the VPC module', payload: { depends_on: 'terraform-aws-vpc' } } as never });
  } finally {
    await b.close();
  }
});
afterAll(() => cleanupTempDirs());

describe('decided, proposed, open, blocked, at risk', () => {
  it('the brief, brain status, the board tiles and brain list agree term by term', async () => {
    const b = await openTestBrain(dir, { projectId: 'demo' });
    let line = '';
    try {
      const listed: Record<string, number> = {};
      for (const t of STATE_TERMS) listed[t.label] = (await b.list({ ...(t.kind ? { kind: t.kind } : {}), status: t.status })).length;
      // The import gives proposed decisions; the question resolved is not open.
      expect(listed.Proposed).toBeGreaterThan(0);
      expect(listed.Open).toBe(2);
      line = `Decided ${listed.Decided} · Proposed ${listed.Proposed} · Open 2 (1 open question, 1 open dependency) · Blocked 0 · At risk 0`;

      expect((await b.context()).markdown.split('\n')).toContain(line);
      const board = (await boardPage({ reader: cloneReader(b), pictures: (_at, fn) => withPictureReader(b, fn), links: () => 'demo' }, {})).body.toString();
      const tiles = [...board.matchAll(/<li><a href="[^"]*"><span class="n">(\d+)<\/span><span class="k">([^<]+)<\/span>/g)].map((m) => [m[2], Number(m[1])]);
      expect(Object.fromEntries(tiles)).toEqual(listed);
      expect(board).toContain('href="/projects/demo?status=open"');
    } finally {
      await b.close();
    }
    const status = brain(dir, ['status']);
    expect(status.code).toBe(0);
    expect(status.stdout.split('\n')).toContain(`state:      ${line}`);
    expect(brain(dir, ['list', '--status', 'open', '--json']).json()).toHaveLength(2);
  });
});

describe("an imported ADR's label", () => {
  it('is shown beside its id on the board and the search page, and in brain_list / brain_search rows', async () => {
    const b = await openTestBrain(dir, { projectId: 'demo' });
    try {
      const [hit] = await b.search({ query: 'Karpenter scaling' });
      expect(hit?.entry.title).toBe('Use Karpenter For Scaling');
      const label = 'ADR-0047';
      const board = (await boardPage({ reader: cloneReader(b), pictures: (_at, fn) => withPictureReader(b, fn), links: () => 'demo' }, { kind: 'decision' })).body.toString();
      expect(board).toContain(`<span class="adr">${label}</span> · <span class="id">${hit!.entry.entry_id}</span>`);
      const page = renderSearch({ project: 'demo', query: 'Karpenter scaling', hits: [hit!] }).body.toString();
      expect(page).toContain(`<span class="adr">${label}</span> · <span class="id">${hit!.entry.entry_id}</span>`);
      const summary = summarize(hit!.entry);
      expect(summary.adr_label).toBe(label);
      expect(summaryLine(summary)).toContain(`— ${label} Use Karpenter For Scaling —`);
      const [plain] = await b.list({ kind: 'open_question' });
      expect('adr_label' in summarize(plain!.entry)).toBe(false);
    } finally {
      await b.close();
    }
  });
});
