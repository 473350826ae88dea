/**
 * The hub's dashboard in a real browser (docs/decisions/0028): Debian's chromium driven by
 * playwright-core against a real hub (real PostgreSQL, two real repositories). A person signs
 * in through the form, sees entries of both repositories with their repo badges, filters by
 * repository, opens an entry, searches, reads the repositories page and the brief, signs out
 * — also with JavaScript off — and hostile entry text runs nothing; the graph and the timeline
 * picture of a repository holding the bundled ADR corpus and a synthetic project are drawn and
 * linked (issue #22). Screenshots go to test-output/screenshots/hub-*.png.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPresent, expectInert, launchChromium, open, shoot, SHOTS } from '../helpers/browser.js';
import { HOSTILE } from '../http/dashboard-seed.js';
import { startHubDashboardWorld, type HubDashboardWorld } from './dashboard-world.js';
import { brainRepo } from './fixtures.js';
import { addRepo } from '../../src/hub/hub.js';
import { seedCorpus, seedSynthetic } from '../http/picture-seed.js';

const haveChromium = chromiumPresent('hub dashboard browser tests');
const DESKTOP = { width: 1280, height: 900 };

let w: HubDashboardWorld;
let browser: Browser;

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(SHOTS, { recursive: true });
  w = await startHubDashboardWorld();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await w?.stop();
});

/** Opens the hub, fills the sign-in form with `token` and submits it; ends on the board. */
async function signIn(page: Page, token: string): Promise<void> {
  await page.goto(`${w.server.url}/`);
  expect(await page.locator('h1').textContent()).toBe('Sign in to the hub');
  await page.getByLabel('Hub token').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${w.server.url}/`);
  expect(await page.locator('h1').textContent()).toBe('Board');
}

const rowRepos = (page: Page) => page.locator('table.entries tbody td.repo-cell').allTextContents();

describe.skipIf(!haveChromium)('hub dashboard in chromium', () => {
  it('signs in, shows both repositories with badges, filters by repository, opens an entry, searches', async () => {
    const context: BrowserContext = await browser.newContext({ viewport: DESKTOP });
    const { page, dialogs, errors } = await open(context);
    await signIn(page, w.admin);
    expect(await page.evaluate(() => document.cookie)).toBe(''); // HttpOnly: no script could read the token
    expect(new Set(await rowRepos(page))).toEqual(new Set(['alpha', 'beta']));
    expect(await page.locator('ul[aria-label="Matching entries per repository"] a').allInnerTexts()).toEqual(['3\nalpha', '1\nbeta']);
    await expectInert(page);
    // A long repository name stays inside its column, cut with an ellipsis; its title says it whole.
    const badge = page.locator('td.repo-cell a.repo').first();
    expect(await badge.getAttribute('title')).toMatch(/^(alpha|beta)$/);
    const fits = await badge.evaluate((a) => {
      a.textContent = 'home-assistant-architecture-decisions';
      const cell = a.closest('td')!.getBoundingClientRect();
      return a.getBoundingClientRect().right <= cell.right + 0.5 && getComputedStyle(a).textOverflow === 'ellipsis';
    });
    expect(fits).toBe(true);
    await page.reload();
    await shoot(page, 'hub-board');

    await page.getByLabel('Repository', { exact: true }).selectOption('beta');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/repo=beta/);
    expect(await rowRepos(page)).toEqual(['beta']);
    expect(await page.locator('tbody .title > a').allTextContents()).toEqual(['Zanzibar quokka migration timing']);

    await page.goto(`${w.server.url}/?repo=alpha`);
    await page.getByRole('link', { name: 'Use idempotency keys for charges' }).click();
    await page.waitForURL(`${w.server.url}/repos/alpha/entries/${w.ids.idempotency}`);
    expect(await page.locator('h1').textContent()).toBe('Use idempotency keys for charges');
    expect(await page.locator('ol.history > li h3').allTextContents()).toEqual(['Revision 2 current', 'Revision 1']);
    expect(await page.locator('aside dl.facts').innerText()).toContain('alpha');
    await shoot(page, 'hub-entry');
    await page.locator('aside').getByRole('link', { name: 'retries' }).click();
    await page.waitForURL(/repo=alpha&tag=retries/);
    expect(await page.locator('tbody .title > a').allTextContents()).toEqual(['Use idempotency keys for charges']);

    await page.getByLabel('Search entries').fill('quokka');
    await page.getByLabel('Search entries').press('Enter');
    await page.waitForURL(/\/search\?q=quokka/);
    const first = page.locator('ol.results > li').first();
    expect(await first.locator('.repo').textContent()).toBe('beta');
    expect(await first.locator('.title mark').allTextContents()).toEqual(['quokka']);
    await shoot(page, 'hub-search');
    await first.locator('.title a').click();
    await page.waitForURL(`${w.server.url}/repos/beta/entries/${w.ids.quokka}`);

    await page.getByRole('link', { name: 'Repositories' }).click();
    await page.waitForURL(`${w.server.url}/repos`);
    expect(await page.locator('tbody .repo').allTextContents()).toEqual(['alpha', 'beta', 'gamma']);
    expect(await page.locator('tbody tr', { hasText: 'gamma' }).locator('td.status').innerText()).toContain('failing');
    await shoot(page, 'hub-repos');
    await page.getByRole('link', { name: 'Brief' }).click();
    await page.waitForURL(`${w.server.url}/brief`);
    expect(await page.locator('article.brief h4').allTextContents()).toEqual(expect.arrayContaining(['alpha · payments — re-entry brief', 'beta · mobile — re-entry brief']));
    await shoot(page, 'hub-brief');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${w.server.url}/`);
    expect(await page.locator('h1').textContent()).toBe('Sign in to the hub');
    expect(await context.cookies()).toEqual([]);
    expect([dialogs, errors]).toEqual([[], []]);
    await context.close();
  });

  it('a token bound to one repository sees only it; hostile text runs nothing', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, dialogs, errors } = await open(context);
    await signIn(page, w.alphaOnly);
    expect(new Set(await rowRepos(page))).toEqual(new Set(['alpha']));
    expect(await page.getByLabel('Repository', { exact: true }).locator('option').allTextContents()).toEqual(['All repositories', 'alpha']);
    await page.getByRole('link', { name: HOSTILE.title }).click();
    expect(await page.locator('h1').textContent()).toBe(HOSTILE.title);
    await expectInert(page);
    await page.locator('main').hover();
    for (const link of await page.locator('main a').all()) expect((await link.getAttribute('href')) ?? '').not.toMatch(/^\s*javascript:/i);
    await shoot(page, 'hub-hostile');
    const hidden = await page.goto(`${w.server.url}/repos/beta/entries/${w.ids.quokka}`);
    expect(hidden?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe('Not found');
    expect([dialogs, errors, await page.title()]).toEqual([[], [], 'Not found · Project Brain hub']);
    await context.close();
  });

  it('works with JavaScript off: sign in, filter, a wrong token', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${w.server.url}/`);
    await page.getByLabel('Hub token').fill('bh_not_a_real_token_at_all_0000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.locator('[role=alert]').textContent()).toContain('That token is not valid');
    await shoot(page, 'hub-signin-wrong');
    await signIn(page, w.admin);
    await page.getByLabel('Kind', { exact: true }).selectOption('blocker');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/kind=blocker/);
    expect(await page.locator('tbody .title > a').allTextContents()).toEqual(['Card vault credentials missing']);
    await shoot(page, 'hub-board-phone');
    await context.close();
  });

  it('draws the graph and the timeline of a repository (issue #22): nodes, edges and dots linked to its entries, references in text linked, hostile titles inert', async () => {
    const dir = await brainRepo('adr');
    const adrIds = await seedCorpus(dir, 'adr');
    const synth = await seedSynthetic(dir, 'synth', 200);
    await addRepo(w.hub, { source: dir, name: 'pictures' });
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, dialogs, errors } = await open(context);
    await signIn(page, w.admin);

    await page.getByRole('link', { name: 'Graph', exact: true }).click();
    await page.waitForURL(`${w.server.url}/repos/alpha/graph`);
    await page.goto(`${w.server.url}/repos/pictures/graph?project=synth`);
    expect(await page.getByLabel('Project').inputValue()).toBe('synth');
    const graph = page.locator('svg.picture[data-picture="graph"]');
    const nodes = await graph.locator('a.node').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href') ?? '', w: a.querySelector('rect')!.getBoundingClientRect().width })));
    expect(nodes.length).toBeGreaterThan(20);
    expect(nodes.every((n) => n.w > 50)).toBe(true);
    const entryNodes = nodes.filter((n) => n.href.startsWith('/repos/pictures/entries/'));
    expect(entryNodes.length).toBeGreaterThan(20);
    expect(await graph.locator('path.edge').count()).toBeGreaterThan(20);
    expect(await page.locator('table.edges tbody tr').count()).toBe(await graph.locator('a.edge-label').count());
    const hostile = synth.hostile.find((id) => nodes.some((n) => n.href.endsWith(id)));
    expect(hostile).toBeDefined();
    await expectInert(page);
    await shoot(page, 'hub-graph');
    await page.locator(`svg a.node[href$="${hostile}"]`).click();
    await page.waitForURL(`${w.server.url}/repos/pictures/entries/${hostile}`);
    expect(await page.locator('h1').textContent()).toContain('<script>window.pwned=1</script>');
    await expectInert(page);

    // A reference in entry text ("see ADR 39") links to that ADR's page in the same repository.
    const adr = (file: string) => [...adrIds].find(([path]) => path.endsWith(file))?.[1] as string;
    await page.goto(`${w.server.url}/repos/pictures/entries/${adr('040-use-github-actions.md')}`);
    const ref = page.locator('#h-rationale + .prose a.ref', { hasText: 'ADR 39' });
    expect(await ref.getAttribute('href')).toBe(`/repos/pictures/entries/${adr('039-AWS-Network-Firewall.md')}`);

    await page.goto(`${w.server.url}/repos/pictures/timeline?project=adr`);
    const chart = page.locator('svg.picture[data-picture="timeline"]');
    const dots = await chart.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(dots.length).toBeGreaterThan(40);
    expect(dots.every((href) => href.startsWith('/repos/pictures/entries/'))).toBe(true);
    expect(await chart.locator('title').first().textContent()).toMatch(/from 2018-02-05 to 2026-06-05/);
    expect(await chart.locator('path.chain').count()).toBeGreaterThan(0);
    await shoot(page, 'hub-timeline');
    await page.goto(`${w.server.url}/repos/alpha/timeline`);
    expect(await page.locator('svg.picture[data-picture="timeline"] a').count()).toBe(2);
    expect(await page.locator('table.chart-table').textContent()).toContain(HOSTILE.title);
    await expectInert(page);
    expect([dialogs, errors]).toEqual([[], []]);
    await context.close();
  });
});
