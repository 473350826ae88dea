/**
 * The dashboard over HTTP from the real daemon process (issue #8 part 2): redirects, strong
 * ETags answered 304 and changing when the branch moves, the Content-Security-Policy, the
 * stylesheet's long-lived cache, keyset pagination of the board and the timeline, friendly
 * HTML error pages with the statuses of src/http/errors.ts, the loopback guard, and a repository
 * with no brain yet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { handCommit, makeEntry, revisionFiles, type BranchFiles } from '../helpers/plain-git.js';
import { httpGet, killDaemons, startDaemonProcess, waitFor, type DaemonProcess } from '../helpers/daemon.js';
import { DASHBOARD_CSP } from '../../src/http/dashboard/routes.js';
import { STYLE_PATH } from '../../src/http/dashboard/style.js';

let dir: string;
let d: DaemonProcess;
const ids: string[] = [];
const get = (path: string, headers: Record<string, string> = {}) => httpGet(d.port, path, headers);
const shownIds = (body: string) => [...body.matchAll(/<span class="id">([a-z]+-[0-9a-z]+)<\/span>/g)].map((m) => m[1] as string);
const nextHref = (body: string) => /<a class="button quiet" href="([^"]+)" rel="next">/.exec(body)?.[1]?.replace(/&amp;/g, '&') ?? null;

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  // 60 open questions, one a minute, in one plain-git commit; a decision answers one of them.
  const files: BranchFiles = {};
  for (let i = 0; i < 60; i++) {
    const e = makeEntry({ kind: 'open_question', projectId: 'demo', title: `Question ${i}`, recordedAt: new Date(Date.UTC(2024, 4, 1, 12, i)).toISOString() });
    ids.push(e.entry_id);
    Object.assign(files, revisionFiles(dir, e));
  }
  handCommit(dir, files, 'seed');
  d = await startDaemonProcess(dir);
});
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

describe('dashboard over HTTP', () => {
  it('redirects / to the default project and the switcher to the chosen one', async () => {
    const root = await get('/');
    expect(root.status).toBe(302);
    expect(root.headers.location).toBe('/projects/demo');
    const switched = await get('/projects?project=demo');
    expect(switched.status).toBe(303);
    expect(switched.headers.location).toBe('/projects/demo');
    expect((await get('/projects?project=Not%20A%20Slug')).status).toBe(400);
    // A page's address without its project (the hub's shape, typed from memory) opens the default project's page.
    const bare = await get('/search?q=cache%20policy');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe('/projects/demo/search?q=cache%20policy');
    expect((await get('/brief')).headers.location).toBe('/projects/demo/brief');
    // Any other unknown address: a browser gets the HTML error page with a way home, an API client the JSON error.
    const html = await get('/nowhere', { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' });
    expect(html.status).toBe(404);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('no such page: /nowhere');
    expect(html.body).not.toContain('/api');
    expect(html.body).toContain('href="/"');
    const json = await get('/nowhere');
    expect(json.status).toBe(404);
    expect(JSON.parse(json.body).error.code).toBe('not_found');
    // The dependency view's old address leads to the graph, keeping its one filter.
    const old = await get('/projects/demo/dependencies?resolved=1');
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/projects/demo/graph?resolved=1');
  });

  it('sends every page with a strong ETag, answers If-None-Match with 304, and forbids scripts', async () => {
    for (const path of ['/projects/demo', '/projects/demo?kind=open_question&status=open', `/projects/demo/entries/${ids[0]}`, '/projects/demo/search?q=question', '/projects/demo/brief', '/projects/demo/timeline', '/projects/demo/graph', '/projects/demo/graph?relation=supersedes&resolved=1']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['content-security-policy']).toBe(DASHBOARD_CSP);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.body).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(r.body).toContain(`<link rel="stylesheet" href="${STYLE_PATH.replace(/&/g, '&amp;')}">`);
      expect(r.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      // An icon of the site's own: no /favicon.ico request, no 404 logged by the browser.
      expect(r.body).toContain('<link rel="icon" href="/assets/icon.svg" type="image/svg+xml">');
      expect(r.body).not.toMatch(/<script|\sstyle="/i);
      const etag = String(r.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      const again = await get(path, { 'if-none-match': etag });
      expect(again.status, path).toBe(304);
      expect(again.body).toBe('');
      expect((await get(path, { 'if-none-match': `W/${etag}, "other"` })).status).toBe(304);
    }
  });

  it('serves the icon the pages link, an SVG without script', async () => {
    const r = await get('/assets/icon.svg');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect(r.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(r.body).toMatch(/^<svg [^>]*><circle [^>]*\/><\/svg>$/);
    expect((await get('/assets/icon.svg', { 'if-none-match': String(r.headers.etag) })).status).toBe(304);
  });

  it('changes the ETag when the branch moves', async () => {
    const before = await get('/projects/demo');
    expect(brain(dir, ['add', 'risk', '--title', 'A new risk appears']).code).toBe(0);
    const after = await waitFor('the new risk on the board', async () => {
      const r = await get('/projects/demo', { 'if-none-match': String(before.headers.etag) });
      return r.status === 200 && r.body.includes('A new risk appears') ? r : null;
    });
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('finds an entry another process just wrote (and projected) once the search index is loaded', async () => {
    expect((await get('/projects/demo/search?q=question')).status).toBe(200); // loads the daemon's index
    expect((await get('/projects/demo/search?q=zeppelin')).body).toContain('Nothing matches');
    expect(brain(dir, ['add', 'decision', '--title', 'Zeppelin storage for cold data']).code).toBe(0);
    expect(brain(dir, ['list', '--json']).code).toBe(0); // the CLI brings the shared cache up to the tip itself
    await waitFor('the new decision in search', async () => (await get('/projects/demo/search?q=zeppelin')).body.includes('<mark>Zeppelin</mark> storage for cold data'));
  });

  it('serves the stylesheet once a year, revalidated by its ETag', async () => {
    const css = await get(STYLE_PATH);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('prefers-color-scheme:dark');
    expect((await get(STYLE_PATH, { 'if-none-match': String(css.headers.etag) })).status).toBe(304);
  });

  it('pages through one kind with a keyset cursor, newest first, each entry once', async () => {
    const first = await get('/projects/demo?kind=open_question');
    const page1 = shownIds(first.body);
    expect(page1).toHaveLength(50);
    const next = nextHref(first.body);
    expect(next).toMatch(/^\/projects\/demo\?kind=open_question&cursor=/);
    const second = await get(next ?? '');
    const page2 = shownIds(second.body);
    expect(nextHref(second.body)).toBeNull();
    expect(second.body).toContain('← First page');
    expect([...page1, ...page2]).toEqual([...ids].reverse());
    // Without a kind, each section shows its first rows and links to the rest.
    const board = await get('/projects/demo');
    expect(shownIds(board.body).filter((id) => id.startsWith('que-'))).toHaveLength(8);
    expect(board.body).toContain('Show all 60 open questions →');
  });

  it('pages the timeline', async () => {
    const first = await get('/projects/demo/timeline?kind=open_question');
    expect(shownIds(first.body)).toEqual([...ids].reverse().slice(0, 50));
    const second = await get(nextHref(first.body) ?? '');
    expect(shownIds(second.body)).toEqual([...ids].reverse().slice(50));
  });

  it('shows errors as HTML pages with the status, message and hint', async () => {
    const cases: [string, number, string][] = [
      ['/projects/demo?kind=bogus', 400, 'unknown entry kind &quot;bogus&quot;'],
      ['/projects/demo?status=nope', 400, 'unknown status &quot;nope&quot;'],
      ['/projects/demo?kind=risk&status=resolved', 400, 'a risk cannot be resolved; legal: active, mitigated, retired'],
      ['/projects/demo?colour=red', 400, 'unknown query parameter &quot;colour&quot;'],
      ['/projects/demo?tag=a&tag=b', 400, 'query parameter &quot;tag&quot; given 2 times'],
      ['/projects/demo?kind=risk&cursor=!!', 400, 'invalid page cursor'],
      ['/projects/demo/timeline?kind=nope', 400, 'unknown entry kind'],
      ['/projects/demo/timeline?before=!!', 400, 'invalid page cursor'],
      ['/projects/demo/graph?relation=owns', 400, 'unknown relation &quot;owns&quot;'],
      ['/projects/demo/graph?entry=dec-zzzzzzzzzzzz', 404, 'no entry dec-zzzzzzzzzzzz in project demo'],
      ['/projects/demo/brief?budget=0', 400, 'budget must be an integer from 1 to 1000000'],
      ['/projects/demo/entries/que-zzzzzzzzzzzz', 404, 'no entry que-zzzzzzzzzzzz in project demo'],
      ['/projects/nope', 404, 'no project nope on branch brain'],
      ['/projects/demo/nonsense', 404, 'no such page'],
    ];
    for (const [path, status, text] of cases) {
      const r = await get(path);
      expect(r.status, path).toBe(status);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['content-security-policy']).toBe(DASHBOARD_CSP);
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body, path).toContain(text);
      expect(r.body).toContain(`Error ${status}`);
    }
    expect((await get('/projects/demo?kind=bogus')).body).toContain('<strong>What to do:</strong> legal kinds: decision, open_question');
    // An empty form field counts as absent (a GET form sends every field).
    expect((await get('/projects/demo?kind=&status=&tag=&path=&task=&author=')).status).toBe(200);
  });

  it('keeps the loopback Host/Origin guard', async () => {
    expect((await get('/projects/demo', { host: 'evil.example:80' })).status).toBe(421);
    expect((await get('/projects/demo', { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('says how to start when the repository has no brain yet', async () => {
    const empty = initRepo();
    const other = await startDaemonProcess(empty);
    try {
      const r = await httpGet(other.port, '/');
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.body).toContain('create it with `brain init`');
    } finally {
      await other.stop();
    }
  });
});
