/**
 * The dashboard in a real browser (issue #8 part 2): Debian's chromium driven by
 * playwright-core against the real daemon process over a real git repository seeded through
 * the service. Asserts what a person sees: the board and its filters, an entry with its
 * history diff, search with highlights, the timeline, the graph with its cycle, the
 * brief, the candidates with the reviewer's verdict beside the entry it concerns; that hostile
 * entry and candidate text runs nothing; that filtering works with JavaScript off.
 * Screenshots of every page (light, dark, phone) go to test-output/screenshots/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain, openTestBrain } from '../helpers/brain.js';
import type { Candidate } from '../../src/model/candidate.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';
import { chromiumPresent, expectInert, launchChromium, open, shoot, SHOTS } from '../helpers/browser.js';
import { HOSTILE, seedDashboard, type Seeded } from './dashboard-seed.js';

const haveChromium = chromiumPresent('dashboard browser tests');

let dir: string;
let d: DaemonProcess;
let ids: Seeded;
let browser: Browser;
let base: string;
/** Pending candidates (the board does not change): an agent's near-duplicate of the SQLite decision, and a hostile one. */
let candidates: { duplicate: Candidate; hostile: Candidate };

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(SHOTS, { recursive: true });
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  ids = await seedDashboard(dir);
  const dave = await openTestBrain(dir, { author: 'dave', projectId: 'demo' });
  try {
    const agent = dave.candidates.byAgent('claude-code');
    candidates = {
      duplicate: (await agent.propose({ kind: 'decision', fields: { title: 'Use SQLite as the local projection store', rationale: 'Queries over 50 000 revisions must stay fast; WAL mode for readers.', tags: ['storage'] } })).candidate,
      hostile: (await dave.candidates.propose({ kind: 'risk', fields: { title: `Risk ${HOSTILE.title}`, rationale: HOSTILE.rationale, tags: [HOSTILE.tag] } })).candidate,
    };
  } finally {
    await dave.close();
  }
  expect(candidates.duplicate.review.target_entry_id).toBe(ids.sqlite);
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

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

describe.skipIf(!haveChromium)('dashboard in chromium', () => {
  it('opens on the board: a section per kind with counts, newest first, and a project switcher', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context);
    const response = await page.goto(`${base}/`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(new URL(page.url()).pathname).toBe('/projects/demo');
    expect(await page.locator('h1').textContent()).toBe('Board');
    expect(await page.locator('section.kind h2').allTextContents()).toEqual(['Decisions4', 'Open questions2', 'Blockers2', 'Risks2', 'Dependencies5', 'Plan2']);
    // The tiles answer in the brief's words (decision 0050): the resolved question is not open.
    expect(await page.locator('.tiles a').allInnerTexts()).toEqual(['3\nDecided', '0\nProposed', '6\nOpen', '1\nBlocked', '1\nAt risk']);
    // Current state, newest first: the hostile decision was recorded last, the superseded one is superseded.
    expect(await page.locator('#decisions tbody tr .title > a').allTextContents()).toEqual([HOSTILE.title, 'Search stays MiniSearch', 'Use SQLite as the local projection', 'Keep the cache in JSON files']);
    expect(await page.locator('#decisions tbody tr td.status').allTextContents()).toEqual(['accepted', 'accepted', 'accepted', 'superseded']);
    expect(await page.locator('#blockers tbody tr', { hasText: 'CI has no chromium' }).locator('td.detail').textContent()).toBe('critical');
    expect(await page.locator('#dependencies tbody tr', { hasText: 'Dashboard search needs the warm index' }).locator('td.detail').innerText()).toBe('requires Search stays MiniSearch');
    expect(await page.locator('#project-switch option').allTextContents()).toEqual(['demo', 'mobile']);
    // Keyboard: the first Tab reaches the skip link, which moves focus to the main landmark.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('f-kind');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle)).toBe('solid');
    await page.locator('#project-switch').selectOption('mobile');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(`${base}/projects/mobile`);
    expect(await page.locator('#decisions tbody tr .title > a').allTextContents()).toEqual(['Mobile app reads the REST API']);
    await context.close();
  });

  it('filters by kind, status, tag, path, task and author through the form and the status chips', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo`);
    await page.getByLabel('Kind', { exact: true }).selectOption('risk');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/kind=risk/);
    expect(await page.locator('section.kind h2').allTextContents()).toEqual(['Risks2']);
    await page.getByRole('link', { name: 'active 1' }).click();
    await page.waitForURL(/status=active/);
    expect(await page.locator('tbody .title > a').allTextContents()).toEqual(['Index load time grows with entries']);
    await shoot(page, 'board-filtered');
    const titles = async (query: string) => {
      await page.goto(`${base}/projects/demo?${query}`);
      return (await page.locator('tbody .title > a').allTextContents()).sort();
    };
    expect(await titles('tag=storage')).toEqual(['Keep the cache in JSON files', 'Use SQLite as the local projection']);
    expect(await titles('path=src/cache/schema.ts')).toEqual(['Keep the cache in JSON files', 'Use SQLite as the local projection']);
    expect(await titles('path=src/search/index.ts')).toEqual(['Search stays MiniSearch']);
    expect(await titles('path=src/**')).toEqual(['Keep the cache in JSON files', 'Search stays MiniSearch', 'Use SQLite as the local projection']);
    expect(await titles('path=src/payments/**')).toEqual([]);
    expect(await titles('task=T-31')).toEqual(['CI has no chromium for browser tests']);
    expect(await titles('author=alice&kind=open_question')).toEqual(['Should the daemon also bind the IPv6 loopback?']);
    expect(await page.getByLabel('Author', { exact: true }).inputValue()).toBe('alice');
    expect(await titles('status=blocked')).toEqual(['CI has no chromium for browser tests']);
    expect(await page.locator('section.kind h2').allTextContents()).toEqual(['Blockers1']);
    // An unknown value is an error page with a 400, its hint, and a way back.
    const bad = await page.goto(`${base}/projects/demo?kind=risk&status=resolved`);
    expect(bad?.status()).toBe(400);
    expect(await page.locator('h1').textContent()).toBe('That request does not work');
    expect(await page.locator('main').innerText()).toContain('a risk cannot be resolved; legal: active, mitigated, retired');
    await context.close();
  });

  it('shows an entry with every field, links, citations and the field-level history diff with commits', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo`);
    await page.getByRole('link', { name: 'Use SQLite as the local projection' }).click();
    expect(await page.locator('h1').textContent()).toBe('Use SQLite as the local projection');
    const main = page.locator('main');
    expect(await main.locator('#h-rationale + .prose li').allTextContents()).toEqual(['WAL mode for readers', 'one apply path', 'measured: 2 ms per filter']);
    expect(await main.locator('#p-decision_outcome + .prose strong').textContent()).toBe('WAL');
    expect(await main.locator('#p-alternatives + ul li').allInnerTexts()).toEqual(['PostgreSQL per clone', 'Plain JSON files']);
    expect(await main.getByRole('link', { name: 'https://sqlite.org/wal.html' }).getAttribute('href')).toBe('https://sqlite.org/wal.html');
    expect(await main.locator('section', { hasText: 'Citations' }).getByText('src/cache/schema.ts').evaluate((el) => el.tagName)).toBe('SPAN');
    const facts = await page.locator('aside dl.facts').innerText();
    for (const text of ['Accepted'.toLowerCase(), '3 of 3', 'bob', '90%', 'storage', 'src/cache/', 'T-12']) expect(facts).toContain(text);
    expect(await page.locator('aside h3', { hasText: 'Supersedes' }).locator('+ ul a').textContent()).toBe('Keep the cache in JSON files');
    // History, newest first: r3 changed tags and the rationale (one line added), by bob, in the commit git has.
    expect(await page.locator('ol.history > li h3').allTextContents()).toEqual(['Revision 3 current', 'Revision 2', 'Revision 1']);
    const r3 = page.locator('#r3');
    expect(await r3.locator('.old').first().textContent()).toBe('storage, cache');
    expect(await r3.locator('.new').first().textContent()).toBe('storage, cache, performance');
    expect(await r3.locator('pre.diff .add').allTextContents()).toEqual(['+- measured: 2 ms per filter']);
    expect(await r3.locator('pre.diff .del').count()).toBe(0);
    const oid = git(dir, ['log', '--format=%H', '--fixed-strings', `--grep=revise ${ids.sqlite} r3`, 'brain']);
    expect(oid).toMatch(/^[0-9a-f]{40}$/);
    expect(await r3.locator('.rev-head .mono').getAttribute('title')).toBe(oid);
    expect(await r3.locator('.rev-head').innerText()).toContain('revised by bob');
    // r2 came from the supersede: the link fields, shown as links to the entry.
    expect(await page.locator('#r2 .new a').first().textContent()).toBe('Keep the cache in JSON files');
    // The superseded entry links back, and its own history shows the status change.
    await page.locator('aside h3', { hasText: 'Supersedes' }).locator('+ ul a').click();
    expect(await page.locator('h1').textContent()).toBe('Keep the cache in JSON files');
    expect(await page.locator('aside h3', { hasText: 'Superseded by' }).locator('+ ul a').textContent()).toBe('Use SQLite as the local projection');
    expect(await page.locator('#r2 .changes').innerText()).toContain('status accepted → superseded');
    await context.close();
  });

  it('searches with relevance and the matched words highlighted', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo`);
    await page.getByLabel('Search entries').fill('sqlite cache');
    await page.getByLabel('Search entries').press('Enter');
    await page.waitForURL(/\/projects\/demo\/search\?q=sqlite\+cache/);
    expect(await page.locator('.lede').innerText()).toMatch(/^\d+ results? for sqlite cache/);
    const first = page.locator('ol.results > li').first();
    expect(await first.locator('.title').innerText()).toBe('Use SQLite as the local projection');
    expect(await first.locator('.title mark').allTextContents()).toEqual(['SQLite']);
    expect(await first.innerText()).toContain('100%');
    const marked = (await page.locator('ol.results mark').allTextContents()).map((m) => m.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['sqlite', 'cache']));
    for (const m of marked) expect(m.startsWith('sqlite') || m.startsWith('cache')).toBe(true);
    // The kind filter, and a query that looks like markup stays text.
    await page.goto(`${base}/projects/demo/search?q=${encodeURIComponent('runner <script>')}&kind=blocker`);
    expect(await page.locator('ol.results .title').allInnerTexts()).toEqual(['Flaky runner disk']);
    expect(await page.locator('.lede').innerText()).toContain('for runner <script>,');
    await expectInert(page);
    await context.close();
  });

  it('tells the story on the timeline: decisions, plan revisions and status changes with who, when, commit and citations', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo`);
    await page.getByRole('link', { name: 'Timeline', exact: true }).click();
    const events = page.locator('li.event');
    const texts = await events.allInnerTexts();
    const times = await events.locator('.time time').evaluateAll((els) => els.map((el) => el.getAttribute('datetime') ?? ''));
    expect(times).toEqual([...times].sort().reverse());
    const flaky = texts.filter((t) => t.includes('Flaky runner disk'));
    expect(flaky).toHaveLength(2);
    expect(flaky[0]).toMatch(/BLOCKER Flaky runner disk moved blocked → cleared\n+by bob · commit [0-9a-f]{10} · blk-/);
    expect(flaky[1]).toMatch(/BLOCKER Flaky runner disk recorded blocked\n+by alice · commit [0-9a-f]{10} · blk-/);
    // Plain revisions of other kinds are not events; every revision of a decision is.
    expect(texts.filter((t) => t.includes('Schema v2 needs the migration tool'))).toHaveLength(1);
    expect(texts.filter((t) => t.includes('Use SQLite as the local projection'))).toHaveLength(3);
    const sqliteR3 = events.filter({ hasText: 'revised (r3)' });
    expect(await sqliteR3.getByRole('link', { name: 'https://sqlite.org/wal.html' }).count()).toBe(1);
    expect(await sqliteR3.locator('.what a').getAttribute('href')).toBe(`/projects/demo/entries/${ids.sqlite}#r3`);
    await page.getByLabel('Kind', { exact: true }).selectOption('plan_revision');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/kind=plan_revision/);
    expect(await page.locator('li.event .what').allInnerTexts()).toEqual([
      'PLAN REVISION Milestone 1: store and cache moved active → superseded',
      'PLAN REVISION Milestone 2: dashboard recorded active',
      'PLAN REVISION Milestone 1: store and cache recorded active',
    ]);
    await context.close();
  });

  it('draws what depends on what, what blocks what and which plan superseded which, with the cycle flagged', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo`);
    await page.getByRole('link', { name: 'Graph', exact: true }).click();
    expect(await page.locator('h1').textContent()).toBe('Graph');
    const alert = page.getByRole('alert');
    expect(await alert.innerText()).toMatch(/1 dependency cycle/);
    expect(await alert.locator('li').innerText()).toMatch(/^(Schema v2 needs the migration tool → Migration tool needs schema v2 → Schema v2 needs the migration tool|Migration tool needs schema v2 → Schema v2 needs the migration tool → Migration tool needs schema v2)$/);
    // The text alternative: each link read from its tail to its head, with the entry that records it.
    const cells = (sel: string) => page.locator(sel).evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' | ')));
    const tagged = await cells('table.edges tbody tr');
    // Each entry cell names the entry's short id (decision 0050: same-titled entries told apart); the rows read without it below.
    const TAG = / ([a-z]{3}-[0-9a-z]{6,12}) · (?=Decision|Dependency|Blocker|Plan revision)/g;
    expect(tagged.every((r) => [...r.matchAll(TAG)].length >= 1)).toBe(true);
    const rows = tagged.map((r) => r.replace(TAG, ' '));
    expect(rows).toContain('Dashboard search needs the warm index open Dependency | needs | Search stays MiniSearch accepted Decision | the entry itself open');
    expect(rows).toContain('Release 1.0 waits for browser tests in CI open Dependency | is blocked by | CI has no chromium for browser tests blocked Blocker | the entry itself open');
    expect(rows).toContain('task T-31 | is blocked by | CI has no chromium for browser tests blocked Blocker | Blocker CI has no chromium for browser tests blocked');
    expect(rows).toContain('Native addon build open Dependency | needs | better-sqlite3 >= 12 (external) | the entry itself open');
    expect(rows).toContain('Milestone 2: dashboard active Plan revision | supersedes | Milestone 1: store and cache superseded Plan revision | the entry itself active');
    expect(rows).toContain('Use SQLite as the local projection accepted Decision | supersedes | Keep the cache in JSON files superseded Decision | the entry itself accepted');
    expect(rows).toHaveLength(8);
    // The picture: a node per row end, each a link to its entry; an arrow per link.
    const svg = page.locator('main svg.picture[data-picture="graph"]');
    expect(await svg.getAttribute('role')).toBe('img');
    const nodes = svg.locator('a.node');
    const hrefs = await nodes.evaluateAll((els) => els.map((el) => el.getAttribute('href')));
    for (const id of [ids.needsIndex, ids.minisearch, ids.releaseWaits, ids.ciChromium, ids.cycleA, ids.cycleB, ids.plan1, ids.plan2, ids.external]) expect(hrefs).toContain(`/projects/demo/entries/${id}`);
    expect(hrefs).toContain('/projects/demo?related_task=T-31');
    expect(await svg.locator('path.edge').count()).toBe(await page.locator('table.edges tbody tr').count());
    const box = await svg.locator(`a.node[href="/projects/demo/entries/${ids.minisearch}"] rect`).boundingBox();
    expect(box?.width).toBeGreaterThan(100);
    // A node opens its entry.
    await svg.locator(`a.node[href="/projects/demo/entries/${ids.ciChromium}"]`).click();
    expect(await page.locator('h1').textContent()).toBe('CI has no chromium for browser tests');
    // One relation, and one entry's group.
    await page.goto(`${base}/projects/demo/graph?relation=supersedes&resolved=1`);
    expect((await cells('table.edges tbody tr')).map((row) => row.split(' | ')[1])).toEqual(['supersedes', 'supersedes']);
    await page.goto(`${base}/projects/demo/graph?entry=${ids.minisearch.slice(0, 10)}`);
    expect(await page.locator('table.edges tbody tr').count()).toBe(1);
    expect(await svg.locator('a.node.focus').getAttribute('href')).toBe(`/projects/demo/entries/${ids.minisearch}`);
    await context.close();
  });

  it('renders the re-entry brief', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context);
    await page.goto(`${base}/projects/demo/brief?budget=4000`);
    expect(await page.locator('h1').textContent()).toBe('Re-entry brief');
    const article = page.locator('article.brief');
    expect(await article.locator('h3').first().textContent()).toBe('Project brain: demo — re-entry brief');
    expect(await article.innerText()).toContain('Use SQLite as the local projection');
    expect(await page.getByLabel('Budget (tokens)').inputValue()).toBe('4000');
    await page.locator('details summary').click();
    expect(await page.locator('details pre').innerText()).toContain('<brain-state>');
    await expectInert(page);
    await context.close();
  });

  it('runs no script from hostile entry text on any page', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, dialogs, errors } = await open(context);
    for (const path of [`/projects/demo/entries/${ids.hostile}`, '/projects/demo', '/projects/demo/timeline', '/projects/demo/graph', '/projects/demo/brief', `/projects/demo/search?q=hostile`, `/projects/demo?tag=${encodeURIComponent(HOSTILE.tag)}`]) {
      const response = await page.goto(`${base}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.mouse.move(10, 10);
      for (const el of await page.getByText('hover me').all()) await el.hover();
      await expectInert(page);
      expect(await page.title(), path).not.toBe('pwned');
    }
    await page.goto(`${base}/projects/demo/entries/${ids.hostile}`);
    expect(await page.locator('h1').textContent()).toBe(HOSTILE.title);
    const text = await page.locator('main').innerText();
    expect(text).toContain('<script>window.pwned = 1; alert("script")</script>');
    expect(text).toContain('javascript:alert(10)');
    expect(await page.getByText('click me').getAttribute('href')).toBeNull();
    expect(await page.getByText('data link').getAttribute('href')).toBeNull();
    expect(await page.getByRole('link', { name: 'https://example.com/"onmouseover="alert(11)' }).getAttribute('href')).toBe('https://example.com/"onmouseover="alert(11)');
    expect(await page.getByText(HOSTILE.tag).first().getAttribute('href')).toBe(`/projects/demo?${new URLSearchParams({ tag: HOSTILE.tag })}`);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    await shoot(page, 'hostile');
    await context.close();
  });

  it('shows each candidate with the reviewer\'s verdict beside the entry it concerns; its links resolve; nothing runs', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page, dialogs, errors } = await open(context);
    const consoleErrors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && consoleErrors.push(m.text())));
    await page.goto(`${base}/projects/demo`);
    await page.getByRole('link', { name: 'Candidates 2' }).click();
    await page.waitForURL(`${base}/projects/demo/candidates`);
    expect(await page.locator('h1').textContent()).toBe('Candidates');
    expect(await page.locator('.chips a').allInnerTexts()).toEqual(['Pending 2', 'Approved 0', 'Rejected 0', 'All 2']);
    const card = page.locator('article.candidate', { hasText: 'Use SQLite as the local projection store' });
    // Side by side: what is proposed on the left, the entry it concerns on the right, in one row.
    const [left, right] = [await card.locator('.proposed').boundingBox(), await card.locator('.concerns').boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(30);
    expect(await card.locator('.concerns h3').innerText()).toBe('Use SQLite as the local projection');
    expect(await card.locator('.concerns .badge').innerText()).toBe('accepted');
    expect(await card.locator('.concerns dl.scores dt').allInnerTexts()).toEqual(['score', 'title ~', 'text ~', 'coverage', 'novelty', 'search']);
    const relation = candidates.duplicate.review.relation.replace(/_/g, ' ');
    expect(await card.locator('.verdict').innerText()).toContain(`${relation} suggests`);
    expect(await card.locator('.verdict').innerText()).toContain(`Use SQLite as the local projection ${ids.sqlite}`);
    await card.locator('.concerns h3 a').click();
    await page.waitForURL(`${base}/projects/demo/entries/${ids.sqlite}`);
    expect(await page.locator('h1').textContent()).toBe('Use SQLite as the local projection');
    await page.goBack();
    await card.locator('h2 a').click();
    await page.waitForURL(`${base}/projects/demo/candidates/${candidates.duplicate.candidate_id}`);
    expect(await page.locator('ol.history h3').allInnerTexts()).toEqual(['Revision 1 · proposed']);
    expect(await page.locator('table.evidence tbody tr .title > a').first().innerText()).toBe('Use SQLite as the local projection');
    expect(await page.locator('.how code').first().innerText()).toBe(`brain approve ${candidates.duplicate.candidate_id}`);
    // Every link of both pages resolves.
    for (const path of ['/projects/demo/candidates', `/projects/demo/candidates/${candidates.duplicate.candidate_id}`, `/projects/demo/candidates/${candidates.hostile.candidate_id}`]) {
      await page.goto(`${base}${path}`);
      const hrefs = [...new Set(await page.locator('main a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href.split('#')[0]!)))];
      for (const href of hrefs) expect((await context.request.get(href)).status(), href).toBe(200);
      await expectInert(page);
      expect(await page.locator('main form, main button').count(), path).toBe(0);
    }
    expect(await page.locator('h1').innerText()).toBe(`Risk ${HOSTILE.title}`);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(await page.title()).not.toBe('pwned');
    await context.close();
  });

  it('filters and switches projects with JavaScript disabled', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/projects/demo`);
    await page.getByLabel('Kind', { exact: true }).selectOption('blocker');
    await page.getByLabel('Status', { exact: true }).selectOption('blocked');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/kind=blocker&status=blocked/);
    expect(await page.locator('section.kind h2').allTextContents()).toEqual(['Blockers1']);
    expect(await page.locator('tbody .title > a').allTextContents()).toEqual(['CI has no chromium for browser tests']);
    await page.getByLabel('Search entries').fill('runner');
    await page.getByRole('button', { name: 'Search', exact: true }).first().click();
    await page.waitForURL(/search\?q=runner/);
    expect(await page.locator('ol.results .title').allInnerTexts()).toEqual(['Flaky runner disk']);
    await page.locator('#project-switch').selectOption('mobile');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(`${base}/projects/mobile`);
    expect(await page.locator('h1').textContent()).toBe('Board');
    await context.close();
  });

  it('writes a screenshot of every page in light and dark, on a desktop and a phone', async () => {
    const pages: [string, string][] = [
      ['board', '/projects/demo'], ['board-risks', '/projects/demo?kind=risk'], ['entry', `/projects/demo/entries/${ids.sqlite}`], ['search', '/projects/demo/search?q=sqlite+cache'],
      ['timeline', '/projects/demo/timeline'], ['graph', '/projects/demo/graph'], ['brief', '/projects/demo/brief'], ['error', '/projects/demo?kind=nope'],
      ['candidates', '/projects/demo/candidates'], ['candidate', `/projects/demo/candidates/${candidates.duplicate.candidate_id}`],
    ];
    for (const [viewport, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport: size, colorScheme: scheme });
        const page = await context.newPage();
        for (const [name, path] of pages) {
          await page.goto(`${base}${path}`);
          await shoot(page, `${name}-${viewport}-${scheme}`);
          // Landmarks, and a label on every form control.
          const a11y = await page.evaluate(() => ({
            landmarks: ['header', 'nav', 'main', 'footer'].filter((tag) => document.querySelector(tag) !== null),
            unlabeled: [...document.querySelectorAll('input, select, textarea')].filter((el) => (el as HTMLInputElement).labels?.length === 0 && !el.getAttribute('aria-label')).map((el) => el.outerHTML),
          }));
          expect(a11y.unlabeled, name).toEqual([]);
          expect(a11y.landmarks, name).toEqual(name === 'error' ? ['header', 'main', 'footer'] : ['header', 'nav', 'main', 'footer']);
          if (viewport === 'phone') {
            // Nothing wider than the phone, even with a long project name in the switcher and a long unbroken title.
            const overflow = await page.evaluate(() => {
              document.querySelector('#project-switch')?.append(new Option('nats-io__nats-architecture-and-design-and-more'));
              const h1 = document.querySelector('h1');
              if (h1) h1.textContent = 'Unbroken'.repeat(30);
              return document.documentElement.scrollWidth - window.innerWidth;
            });
            expect(overflow, name).toBeLessThanOrEqual(0);
          }
        }
        await context.close();
      }
    }
    expect(existsSync(join(SHOTS, 'timeline-phone-dark.png'))).toBe(true);
  });
});
