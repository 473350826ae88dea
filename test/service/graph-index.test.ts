/**
 * The graph's project-wide part kept per projected commit (service/graph-index.ts, decision
 * 0081): every page renders byte for byte as when everything is read afresh (a reader that
 * cannot say its version: main's path), the link records are read once per commit and filter,
 * and a write that moves the projection is read and shown. Real git repository, real SQLite.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import type { Brain } from '../../src/service.js';
import { buildEntryGraph, type GraphQuery } from '../../src/service/entry-graph.js';
import { withPictureReader, type PictureReader } from '../../src/service/picture-reader.js';
import { renderGraph } from '../../src/http/dashboard/graph-page.js';
import { pageUrl } from '../../src/http/dashboard/parts.js';
import { seedDashboard, type Seeded } from '../http/dashboard-seed.js';
import { seedSynthetic, type Synthetic } from '../http/picture-seed.js';

let dir: string;
let demo: Brain;
let big: Brain;
let seeded: Seeded;
let synthetic: Synthetic;

beforeAll(async () => {
  dir = initRepo();
  const first = await openTestBrain(dir, { projectId: 'demo' });
  await first.init();
  await first.close();
  seeded = await seedDashboard(dir);
  synthetic = await seedSynthetic(dir, 'big', 1000);
  demo = await openTestBrain(dir, { projectId: 'demo' });
  big = await openTestBrain(dir, { projectId: 'big' });
}, 120_000);
afterAll(async () => {
  await demo?.close();
  await big?.close();
  cleanupTempDirs();
});

/** The reader without `version`: nothing kept, every read afresh (the path before decision 0081). */
function afresh(reader: PictureReader): PictureReader {
  const { version: _version, ...rest } = reader;
  return rest;
}

/** `reader` counting its calls of `linkRecords` into `calls`. */
function counted(reader: PictureReader, calls: { n: number }): PictureReader {
  return { ...reader, linkRecords: (args) => { calls.n++; return reader.linkRecords(args); } };
}

async function page(b: Brain, query: GraphQuery, wrap: (r: PictureReader) => PictureReader): Promise<{ json: string; html: string }> {
  const project = await b.projectId();
  const graph = await withPictureReader(b, (reader) => buildEntryGraph(wrap(reader), query));
  const filters = { ...(query.relation ? { relation: query.relation } : {}), ...(query.includeResolved ? { resolved: true } : {}), ...(query.focus ? { entry: query.focus } : {}) };
  const html = renderGraph({ base: project, graph, filters, url: (q) => pageUrl(project, 'graph', q) }).body.toString();
  return { json: JSON.stringify(graph), html };
}

describe('the graph index, kept per projected commit', () => {
  it('renders every page, filter and group as a fresh read does, byte for byte, reading the link records once per filter', async () => {
    const dependency = synthetic.ids.find((id) => id.startsWith('dep-')) as string;
    const decision = [...synthetic.supersedes.keys()][0] as string;
    const queries: GraphQuery[] = [
      {}, { page: 1 }, { page: 2 }, { page: 9 }, { includeResolved: true }, { includeResolved: true, page: 1 },
      { relation: 'needs' }, { relation: 'blocked_by' }, { relation: 'relates_to' }, { relation: 'supersedes', includeResolved: true },
      { relation: 'supersedes', includeResolved: true, page: 1 },
    ];
    for (const [b, extra] of [[big, [{ focus: decision, includeResolved: true }, { focus: dependency }]], [demo, [{ focus: seeded.cycleA }, { focus: seeded.cycleB, relation: 'needs' }]]] as [Brain, GraphQuery[]][]) {
      const calls = { n: 0 };
      for (const q of [...queries, ...extra]) {
        const expected = await page(b, q, afresh);
        for (let i = 0; i < 2; i++) {
          const kept = await page(b, q, (r) => counted(r, calls));
          expect(kept.html, JSON.stringify(q)).toBe(expected.html);
          expect(kept.json, JSON.stringify(q)).toBe(expected.json);
        }
      }
      // One read with resolved links, one without; every other page answered from them.
      expect(calls.n).toBe(2);
    }
    const bigFirst = await page(big, {}, afresh);
    expect(bigFirst.html).toContain('Page 1 of');
    expect(bigFirst.html).not.toContain('Page 1 of 1:');
    expect((await page(demo, {}, afresh)).html).toContain('dependency cycle');
  });

  it('reads the records again when the projection moves, and shows the new link', async () => {
    const calls = { n: 0 };
    const before = await page(demo, { relation: 'needs' }, (r) => counted(r, calls));
    const read = calls.n; // 0: the first test read these records at this commit
    const target = seeded.sqlite;
    const added = (await demo.writes.append({ kind: 'dependency', fields: { title: 'Graph index test needs SQLite', payload: { depends_on: target, dependency_kind: 'requires' } } })).entry.entry_id;
    const after = await page(demo, { relation: 'needs' }, (r) => counted(r, calls));
    expect(calls.n).toBe(read + 1);
    expect(after.html).not.toBe(before.html);
    expect(after.html).toContain(`entries/${added}`);
    expect(after.html).toBe((await page(demo, { relation: 'needs' }, afresh)).html);
    expect(JSON.parse(after.json).total.edges).toBe(JSON.parse(before.json).total.edges + 1);
  });
});
