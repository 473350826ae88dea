/**
 * Same-titled entries on the graph told apart (decision 0050): every entry node carries its
 * ADR label (`ADR-0036`) or, with none, a short id that no other drawn entry shares — in the
 * box, its tooltip and the table of links (the text alternative). In-process, no browser:
 * the SVG and table as the daemon serves them.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import type { Brain } from '../../src/service.js';
import { importAdr } from '../../src/service/import-adr.js';
import { buildEntryGraph } from '../../src/service/entry-graph.js';
import { withPictureReader } from '../../src/service/picture-reader.js';
import { renderGraph } from '../../src/http/dashboard/graph-page.js';
import { pageUrl } from '../../src/http/dashboard/parts.js';

const MOJ = fileURLToPath(new URL('../../fixtures/adr/ministryofjustice__cloud-platform', import.meta.url));
let b: Brain;
let twins: string[];

beforeAll(async () => {
  b = await openTestBrain(initRepo(), { projectId: 'moj' });
  await b.init();
  await importAdr(b, { dir: MOJ });
  const first = (await b.writes.append({ kind: 'decision', fields: { title: 'Cache policy' } })).entry.entry_id;
  const second = (await b.writes.append({ kind: 'decision', fields: { title: 'Cache policy' } })).entry.entry_id;
  await b.writes.supersede({ entryId: first, byEntryId: second });
  twins = [first, second];
});
afterAll(async () => {
  await b?.close();
  cleanupTempDirs();
});

const unescape = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

describe('graph nodes of same-titled entries', () => {
  it('carry the ADR label or a short id in the box, the tooltip and the table', async () => {
    const graph = await withPictureReader(b, (reader) => buildEntryGraph(reader, { relation: 'supersedes', includeResolved: true }));
    const html = renderGraph({ base: 'moj', graph, filters: { relation: 'supersedes', resolved: true }, url: (q) => pageUrl('moj', 'graph', q) }).body.toString();
    const nodes = [...html.matchAll(/<a class="node t-entry[^"]*" href="[^"]*entries\/([a-z0-9-]+)"><title>([^<]*)<\/title>.*?<text class="top"[^>]*>([^<]*)<\/text>/gs)]
      .map((m) => ({ id: m[1] as string, tip: unescape(m[2] as string), top: unescape(m[3] as string) }));
    const byId = new Map(nodes.map((n) => [n.id, n]));

    const multi = (await b.list({ kind: 'decision' })).filter((r) => r.entry.title === 'Multi-cluster').map((r) => r.entry);
    expect(multi).toHaveLength(2);
    for (const e of multi) {
      const label = e.citations.find((c) => c.source_kind === 'file')?.locator as string;
      expect(label).toMatch(/^ADR-00(21|36)$/);
      expect(byId.get(e.entry_id)?.top.startsWith(`${label} · Decision`)).toBe(true);
      expect(byId.get(e.entry_id)?.tip).toBe(`Multi-cluster (${label}, Decision, ${e.status})`);
    }
    for (const id of twins) {
      const tag = byId.get(id)?.top.split(' · ')[0] as string;
      expect(tag.length).toBeGreaterThanOrEqual(10);
      expect(id.startsWith(tag)).toBe(true);
    }
    // Every drawn entry reads differently from every other, by title and tag.
    const seen = nodes.map((n) => n.tip);
    expect(new Set(seen).size).toBe(seen.length);
    // The table (the text alternative) names them too.
    const table = html.slice(html.indexOf('<table class="entries edges">'));
    for (const e of multi) expect(table).toContain(`${byId.get(e.entry_id)?.top.split(' · ')[0]} · Decision</span>`);
  });
});
