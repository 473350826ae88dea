/**
 * The dashboard's pictures in Chromium (issue #22): the graph and the timeline chart drawn by
 * the daemon on a bundled ADR corpus imported fresh and on a synthetic project of 2 000 entries
 * (both written in-process, picture-seed.ts). Asserts that nodes and edges are drawn (boxes on
 * screen, not overlapping, labels inside them), that each is a link to its entry, that the text
 * alternative lists the same links, that the timeline places ADRs at their own dates and draws
 * the supersede chains, that references in entry text ("ADR 39") link to
 * their entries, and that hostile titles stay text. Screenshots in test-output/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { chromiumPresent, expectInert, launchChromium, open, shoot, SHOTS } from '../helpers/browser.js';
import { killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { HOSTILE_TITLE, seedCorpus, seedSynthetic, type Synthetic } from './picture-seed.js';

const haveChromium = chromiumPresent('dashboard picture tests');

let d: DaemonProcess;
let big: Synthetic;
let adrCount: number;
let adrIds: Map<string, string>;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(SHOTS, { recursive: true });
  const dir = initRepo();
  expect(brain(dir, ['init', '--project', 'adr']).code).toBe(0);
  adrIds = await seedCorpus(dir, 'adr');
  adrCount = adrIds.size;
  big = await seedSynthetic(dir, 'big');
  d = await startDaemonProcess(dir);
  base = `http://127.0.0.1:${d.port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

const VIEW = { width: 1280, height: 900 };
const entryHref = (project: string, id: string) => `/projects/${project}/entries/${id}`;

/** Every drawn node and edge of the page's graph, as the browser laid them out. */
async function drawnGraph(page: Page) {
  return page.locator('svg.picture[data-picture="graph"]').evaluate((svg) => {
    const box = (el: Element) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; };
    return {
      scale: svg.getBoundingClientRect().width / Number(svg.getAttribute('width')),
      nodes: [...svg.querySelectorAll('.node')].map((n) => ({
        href: n.getAttribute('href'), rect: box(n.querySelector('rect') as Element),
        label: box(n.querySelector('text.label') as Element), text: n.querySelector('text.label')?.textContent ?? '',
        fontPx: parseFloat(getComputedStyle(n.querySelector('text.label') as Element).fontSize),
      })),
      edges: [...svg.querySelectorAll('path.edge')].map((p) => ({ d: p.getAttribute('d') ?? '', length: (p as SVGPathElement).getTotalLength() })),
      edgeLinks: [...svg.querySelectorAll('a.edge-label')].map((a) => a.getAttribute('href')),
    };
  });
}

/** Asserts every node is a box on screen, inside which its label fits, and that no two boxes overlap. */
function expectReadable(g: Awaited<ReturnType<typeof drawnGraph>>): void {
  expect(g.scale).toBe(1);
  for (const n of g.nodes) {
    expect(n.rect.w).toBeGreaterThan(150);
    expect(n.fontPx).toBeGreaterThanOrEqual(12);
    expect(n.label.x + n.label.w, n.text).toBeLessThanOrEqual(n.rect.x + n.rect.w);
  }
  const rects = g.nodes.map((n) => n.rect);
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      const [a, b] = [rects[i], rects[j]] as [(typeof rects)[0], (typeof rects)[0]];
      expect(a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y, `nodes ${i} and ${j} overlap`).toBe(true);
    }
  }
  for (const e of g.edges) expect(e.length).toBeGreaterThan(10);
}

describe.skipIf(!haveChromium)('pictures in chromium', () => {
  it('places a freshly imported ADR corpus at the ADRs’ own dates, with its supersede chain, and draws it as a graph', async () => {
    const context = await browser.newContext({ viewport: VIEW });
    const { page } = await open(context);
    await page.goto(`${base}/projects/adr/timeline`);
    const chart = page.locator('svg.picture[data-picture="timeline"]');
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.locator('title').first().textContent()).toBe(`Timeline of ${adrCount} decisions and plan revisions from 2018-02-05 to 2026-06-05`);
    const items = chart.locator('a.item');
    expect(await items.count()).toBe(adrCount);
    for (const box of await items.locator('circle').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().width))) expect(box).toBeGreaterThan(5);
    const hrefs = await items.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
    expect(hrefs.every((h) => /^\/projects\/adr\/entries\/dec-[0-9a-z]+$/.test(h))).toBe(true);
    // The text alternative: every date is an ADR's own (none is the import's day), newest first.
    const dates = await page.locator('table.chart-table time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    expect(dates).toHaveLength(adrCount);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(dates).not.toContain(new Date().toISOString().slice(0, 10));
    expect(dates.at(-1)).toBe('2018-02-05');
    expect(await page.locator('table.chart-table .meta').allTextContents()).toEqual(Array(adrCount).fill('decided'));
    // The supersede chain: an arrow, and the table names both ends.
    expect(await chart.locator('path.chain').count()).toBe(1);
    const chained = page.locator('table.chart-table tbody tr').filter({ has: page.locator('td:nth-child(5) a') });
    expect(await chained.count()).toBe(1);
    await shoot(page, 'pictures-adr-timeline');
    // The graph of supersedes: both ends drawn and linked; a node opens its entry.
    await page.goto(`${base}/projects/adr/graph?relation=supersedes&resolved=1`);
    const g = await drawnGraph(page);
    expect(g.nodes).toHaveLength(2);
    expect(g.edges).toHaveLength(1);
    expectReadable(g);
    expect(await page.locator('table.edges tbody tr td.relation').allTextContents()).toEqual(['supersedes']);
    const successor = (await page.locator('table.edges tbody td:first-child a').getAttribute('href')) as string;
    await page.locator(`svg.picture a.node[href="${successor}"]`).click();
    await page.waitForURL(`${base}${successor}`);
    expect(await page.locator('aside h3', { hasText: 'Supersedes' }).count()).toBe(1);
    // A reference in the text ("see ADR 39") links to that ADR; one inside a Markdown link stays that link.
    const adr = (file: string) => [...adrIds].find(([path]) => path.endsWith(file))?.[1] as string;
    await page.goto(`${base}${entryHref('adr', adr('040-use-github-actions.md'))}`);
    const ref = page.locator('#h-rationale + .prose a.ref', { hasText: 'ADR 39' });
    expect(await ref.getAttribute('href')).toBe(entryHref('adr', adr('039-AWS-Network-Firewall.md')));
    expect(await ref.getAttribute('title')).toBe('AWS Network Firewall');
    await page.goto(`${base}${entryHref('adr', adr('022-EKS.md'))}`);
    expect(await page.locator('main a a, main a.ref', { hasText: 'ADR 6' }).count()).toBe(0);
    await context.close();
  });

  it('draws a 2 000-entry project: 200 readable, linked nodes a page, every edge with its table row, supersede chains by the decisions’ dates', async () => {
    const context = await browser.newContext({ viewport: VIEW });
    const { page } = await open(context);
    const ids = new Set(big.ids);
    await page.goto(`${base}/projects/big/graph`);
    const g = await drawnGraph(page);
    expect(g.nodes.length).toBeGreaterThan(150);
    expect(g.nodes.length).toBeLessThanOrEqual(200);
    expectReadable(g);
    for (const n of g.nodes) {
      const id = /^\/projects\/big\/entries\/(.+)$/.exec(n.href ?? '')?.[1];
      expect(id !== undefined ? ids.has(id) : /^\/projects\/big(\?related_task=T-\d+|\/search\?q=library-\d+%401?[0-9])$/.test(n.href ?? ''), String(n.href)).toBe(true);
    }
    expect(g.edgeLinks.every((h) => ids.has(h?.split('/').at(-1) ?? ''))).toBe(true);
    expect(await page.locator('table.edges tbody tr').count()).toBe(g.edges.length);
    const sample = g.nodes.filter((n) => n.href?.includes('/entries/')).slice(0, 5);
    for (const n of sample) expect((await page.request.get(`${base}${n.href}`)).status()).toBe(200);
    await shoot(page, 'pictures-big-graph');
    // Later pages hold other groups.
    await page.getByRole('link', { name: /next/i }).click();
    const second = await drawnGraph(page);
    expect(second.nodes.length).toBeGreaterThan(0);
    expectReadable(second);
    // Supersede links point from the successor to what it replaced, as the entries record it.
    await page.goto(`${base}/projects/big/graph?relation=supersedes&resolved=1`);
    const pairs = await page.locator('table.edges tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td a')].slice(0, 2).map((a) => a.getAttribute('href')?.split('/').at(-1))));
    expect(pairs.length).toBeGreaterThan(50);
    for (const [from, to] of pairs) expect(big.supersedes.get(from as string)).toBe(to);
    // The timeline: windows of 200 by the decisions' own dates, chains drawn, older windows reachable.
    await page.goto(`${base}/projects/big/timeline`);
    const chart = page.locator('svg.picture[data-picture="timeline"]');
    expect(await chart.locator('a.item').count()).toBe(200);
    expect(await chart.locator('path.chain').count()).toBeGreaterThan(50);
    const first = await page.locator('table.chart-table time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    expect(first).toEqual([...first].sort().reverse());
    await shoot(page, 'pictures-big-timeline');
    await page.getByRole('link', { name: 'Older decisions →' }).click();
    const older = await page.locator('table.chart-table time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    expect(older).toHaveLength(200);
    expect(older[0]! <= first.at(-1)!).toBe(true);
    await context.close();
  });

  it('keeps hostile titles as text in both pictures and their tables', async () => {
    const context = await browser.newContext({ viewport: VIEW });
    const { page, dialogs, errors } = await open(context);
    const [dependency, decision] = [big.hostile.find((id) => id.startsWith('dep-')), big.hostile.find((id) => id.startsWith('dec-'))] as [string, string];
    // A hostile decision is a node; a hostile dependency that names its subjects is the words of its edges.
    await page.goto(`${base}/projects/big/graph?entry=${decision}`);
    const node = page.locator(`svg.picture a.node[href="${entryHref('big', decision)}"]`);
    expect(await node.locator('title').textContent()).toContain('<script>window.pwned=1</script>');
    expect(await node.locator('text.label').textContent()).toMatch(/^Evil gnp\.exe <script>/);
    await expectInert(page);
    await page.goto(`${base}/projects/big/graph?entry=${dependency}`);
    const edge = page.locator(`svg.picture a.edge-label[href="${entryHref('big', dependency)}"]`);
    expect(await edge.count()).toBeGreaterThan(0);
    expect(await edge.first().locator('title').textContent()).toContain('"><svg onload="window.pwned=3">');
    expect(await page.locator(`table.edges td:nth-child(4) a[href="${entryHref('big', dependency)}"]`).first().textContent()).toContain('<img src=x onerror="window.pwned=2">');
    await expectInert(page);
    await shoot(page, 'pictures-hostile-graph');
    // Walk the timeline's windows back to the hostile decision.
    await page.goto(`${base}/projects/big/timeline`);
    for (let i = 0; i < 5 && (await page.locator(`svg.picture a.item[href="${entryHref('big', decision)}"]`).count()) === 0; i++) {
      await page.getByRole('link', { name: 'Older decisions →' }).click();
    }
    const item = page.locator(`svg.picture a.item[href="${entryHref('big', decision)}"]`);
    expect(await item.locator('title').textContent()).toContain(HOSTILE_TITLE.replace('\u202E', '').slice(0, 20));
    expect(await item.locator('text').textContent()).toMatch(/^Evil gnp\.exe <script>/);
    await expectInert(page);
    await page.mouse.move(10, 10);
    await item.hover();
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { pwned?: unknown }).pwned ?? null)).toBeNull();
    await context.close();
  });
});
