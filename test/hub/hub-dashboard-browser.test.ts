/**
 * The hub's dashboard in a real browser (docs/decisions/0028): Debian's chromium driven by
 * playwright-core against a real hub (real PostgreSQL, two real repositories). A person signs
 * in through the form, sees entries of both repositories with their repo badges, filters by
 * repository, opens an entry, searches, reads the repositories page and the brief, signs out
 * — also with JavaScript off — and hostile entry text runs nothing. Screenshots go to
 * test-output/screenshots/hub-*.png.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPresent, expectInert, launchChromium, open, shoot, SHOTS } from '../helpers/browser.js';
import { HOSTILE } from '../http/dashboard-seed.js';
import { startHubDashboardWorld, type HubDashboardWorld } from './dashboard-world.js';

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
    expect(await page.locator('.tiles a').allInnerTexts()).toEqual(['3\nalpha', '1\nbeta']);
    await expectInert(page);
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
});
