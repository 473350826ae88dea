/**
 * The hub's dashboard over HTTP (issue #11 "the dashboard … served by the hub too";
 * docs/decisions/0028): real PostgreSQL, real repositories, a real hub on port 0. Signing in
 * sets an HttpOnly, SameSite=Strict session cookie; wrong, revoked and cross-origin attempts
 * fail; the cookie opens no API; a token bound to one repository sees nothing of the other on
 * any page; hostile entry text is escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHubApp } from '../../src/hub/http/app.js';
import { createToken, revokeToken } from '../../src/hub/tokens.js';
import { DASHBOARD_CSP } from '../../src/http/dashboard/security.js';
import { startHubDashboardWorld, type HubDashboardWorld } from './dashboard-world.js';

let w: HubDashboardWorld;

beforeAll(async () => {
  w = await startHubDashboardWorld();
});
afterAll(async () => {
  await w?.stop();
});

const url = (path: string) => `${w.server.url}${path}`;

/** POSTs the sign-in form with `token` (same origin unless `headers` say otherwise). */
const signIn = (token: string, headers: Record<string, string> = { origin: w.server.url }) =>
  fetch(url('/session'), { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token }), headers });

/** The `name=value` of the session cookie a sign-in response sets. */
async function session(token: string): Promise<string> {
  const res = await signIn(token);
  expect(res.status).toBe(303);
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
}

const page = async (path: string, cookie?: string) => {
  const res = await fetch(url(path), { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

describe('signing in', () => {
  it('shows the sign-in form on / without a session, with the dashboard security headers', async () => {
    const r = await page('/');
    expect(r.status).toBe(200);
    expect(r.html).toContain('<form method="post" action="/session">');
    expect(r.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
    expect(r.headers.get('x-frame-options')).toBe('DENY');
    expect((await page('/repos')).status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Strict session cookie and redirects to the board', async () => {
    const res = await signIn(w.admin);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^brain_hub_session=${w.admin}; `));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Secure/); // plain http here; https requests get Secure
    const board = await page('/', cookie.split(';')[0]);
    expect(board.status).toBe(200);
    expect(board.headers.get('cache-control')).toBe('private, no-cache');
    expect(board.headers.get('vary')).toBe('Cookie');
    expect(board.headers.get('referrer-policy')).toBe('same-origin'); // no-referrer would make the browser send Origin: null on the sign-in POST
    expect(board.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
    expect(board.html).toContain('Use idempotency keys for charges');
    expect(board.html).toContain('Zanzibar quokka migration timing');
    expect(board.html).toMatch(/<a class="repo" href="\/\?repo=alpha" title="alpha">alpha<\/a>/);
    expect(board.html).toMatch(/<a class="repo" href="\/\?repo=beta" title="beta">beta<\/a>/);
  });

  it('marks the cookie Secure when the request itself came over https, never because of X-Forwarded-Proto', async () => {
    const app = createHubApp({ pool: w.hub.pool, hub: w.hub.service, syncer: w.hub.syncer, webhookSecret: null, log: () => undefined });
    const post = (target: string, headers: Record<string, string>) => app.request(target, { method: 'POST', body: new URLSearchParams({ token: w.admin }), headers });
    const overTls = await post('https://hub.example/session', { host: 'hub.example', origin: 'https://hub.example' });
    expect(overTls.status).toBe(303);
    expect(overTls.headers.get('set-cookie')).toMatch(/; Secure/);
    const forwarded = await post('http://hub.example/session', { host: 'hub.example', origin: 'https://hub.example', 'x-forwarded-proto': 'https' });
    expect(forwarded.status).toBe(303); // behind a TLS proxy the browser's Origin is https: the host is what must match
    expect(forwarded.headers.get('set-cookie')).not.toMatch(/Secure/);
    expect((await post('http://hub.example/session', { host: 'hub.example', origin: 'https://hub.example.evil.test' })).status).toBe(403);
  });

  it('refuses a wrong or malformed token with a 401 sign-in page and no cookie', async () => {
    for (const token of ['bh_wrongwrongwrongwrongwrongwrong', '<script>alert(1)</script>', '']) {
      const res = await signIn(token);
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      const html = await res.text();
      expect(html).toContain('That token is not valid');
      expect(html).not.toContain('<script>');
    }
  });

  it('refuses a cross-origin sign-in and sign-out (Origin or Sec-Fetch-Site)', async () => {
    const crossOrigin: Record<string, string>[] = [{ origin: 'http://evil.example' }, { origin: 'null' }, { origin: w.server.url, 'sec-fetch-site': 'cross-site' }];
    for (const headers of crossOrigin) {
      const res = await signIn(w.admin, headers);
      expect(res.status).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(await res.text()).toContain('sent from another site');
    }
    const cookie = await session(w.admin);
    const end = await fetch(url('/session/end'), { method: 'POST', redirect: 'manual', headers: { cookie, origin: 'http://evil.example' } });
    expect(end.status).toBe(403);
    expect((await page('/', cookie)).status).toBe(200);
    // Without an Origin (curl, older clients) the form is accepted.
    expect((await signIn(w.admin, {})).status).toBe(303);
  });

  it('signs out: the cookie is cleared', async () => {
    const res = await fetch(url('/session/end'), { method: 'POST', redirect: 'manual', headers: { cookie: await session(w.admin), origin: w.server.url } });
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(/^brain_hub_session=; Max-Age=0; .*HttpOnly; SameSite=Strict/);
  });

  it('a revoked token shows the sign-in form again on the next page', async () => {
    const { token, secret } = await createToken(w.hub.pool, { name: 'soon revoked', scope: { repos: null, projects: null, capabilities: ['read'] } });
    const cookie = await session(secret);
    expect((await page('/repos', cookie)).status).toBe(200);
    await revokeToken(w.hub.pool, token.id);
    const r = await page('/repos', cookie);
    expect(r.status).toBe(401);
    expect(r.html).toContain('Your session has ended');
    expect(r.headers.get('set-cookie')).toMatch(/^brain_hub_session=; Max-Age=0/);
    expect((await page('/', cookie)).status).toBe(401);
  });

  it('the cookie opens no API: /api/*, POST /api/tokens and /mcp stay bearer-only', async () => {
    const cookie = await session(w.admin);
    for (const path of ['/api/repos', '/api/entries', `/api/entries/alpha/${w.ids.idempotency}`, '/api/search?q=idempotency', '/api/brief']) {
      expect((await fetch(url(path), { headers: { cookie } })).status, path).toBe(401);
    }
    const mint = await fetch(url('/api/tokens'), { method: 'POST', headers: { cookie, origin: w.server.url, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x', repos: null, projects: null, capabilities: ['read'] }) });
    expect(mint.status).toBe(401);
    const mcp = await fetch(url('/mcp'), { method: 'POST', headers: { cookie, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    expect(mcp.status).toBe(401);
  });
});

describe('pages through the token scope', () => {
  it('a token bound to alpha never sees beta on the board, repositories, search, brief or entry pages', async () => {
    const cookie = await session(w.alphaOnly);
    const pages = ['/', '/repos', '/search?q=quokka', '/search?q=migration+timing', '/brief', '/brief?budget=500', `/repos/alpha/entries/${w.ids.idempotency}`, '/repos/alpha/graph', '/repos/alpha/timeline', '/repos/alpha/candidates', '/repos/alpha/candidates?status=all'];
    for (const path of pages) {
      const r = await page(path, cookie);
      expect(r.status, path).toBe(200);
      expect(r.html, path).not.toMatch(/beta|Zanzibar|quokka migration/i);
    }
    expect((await page('/search?q=quokka', cookie)).html).toContain('Nothing matches');
    // A hidden repository answers exactly like one that does not exist, on every page that names one.
    for (const [path, tail] of [['/?repo=', ''], ['/search?q=quokka&repo=', ''], ['/brief?repo=', ''], ['/repos/', '/graph'], ['/repos/', '/timeline?project=mobile'], ['/repos/', '/candidates?status=all'], ['/repos/', '/candidates/cand-zzzzzzzzzzzz']] as const) {
      const hidden = await page(`${path}beta${tail}`, cookie);
      const missing = await page(`${path}zzzz${tail}`, cookie);
      expect([hidden.status, missing.status], path + tail).toEqual([404, 404]);
      expect(hidden.html.replaceAll('beta', 'zzzz'), path + tail).toBe(missing.html);
      expect(hidden.html, path + tail).not.toContain('/api/'); // a person's hint names pages, not REST routes (decision 0088)
    }
    expect((await page('/?repo=beta', cookie)).html).toContain('see the Repositories page (/repos) for the repositories you can read');
    // The navigation's Graph, Timeline and Candidates open the first repository the token can read.
    for (const sub of ['graph', 'timeline', 'candidates']) {
      const r = await page(`/${sub}`, cookie);
      expect([r.status, r.headers.get('location')]).toEqual([302, `/repos/alpha/${sub}`]);
    }
    // An entry of a hidden repository: the same 404 page as a missing entry and a missing repository.
    const hidden = await page(`/repos/beta/entries/${w.ids.quokka}`, cookie);
    const missingRepo = await page(`/repos/zzzz/entries/${w.ids.quokka}`, cookie);
    const missingEntry = await page(`/repos/alpha/entries/${w.ids.quokka}`, cookie);
    expect([hidden.status, missingRepo.status, missingEntry.status]).toEqual([404, 404, 404]);
    expect(hidden.html.replaceAll('beta', 'zzzz')).toBe(missingRepo.html);
    expect(hidden.html.replaceAll('beta', 'alpha')).toBe(missingEntry.html);
    expect(hidden.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('the repositories page shows sync state and counts; the entry page its history', async () => {
    const cookie = await session(w.admin);
    const repos = await page('/repos', cookie);
    expect(repos.html).toMatch(/href="\/\?repo=alpha">alpha<\/a>[\s\S]*in sync[\s\S]*<td class="who">3<\/td>/);
    expect(repos.html).toMatch(/<span class="mono" title="[0-9a-f]{40}">[0-9a-f]{12}<\/span>/);
    // gamma fails (not a brain tree) and says why; beta's invalid file is listed under Problems.
    expect(repos.html).toMatch(/href="\/\?repo=gamma">gamma<\/a>[\s\S]*?<span class="badge bad">failing<\/span><div class="small"><span class="mono">not_initialized<\/span>/);
    expect(repos.html).toContain('<strong>1 failing</strong>');
    expect(repos.html).toMatch(new RegExp(`id="problems-beta"[\\s\\S]*<span class="mono">${w.brokenPath}</span>`));
    const entry = await page(`/repos/alpha/entries/${w.ids.idempotency}`, cookie);
    expect(entry.html).toContain('Revision 2');
    expect(entry.html).toContain('Keys live 24 hours.');
    expect(entry.html).toMatch(/<a class="tag" href="\/\?repo=alpha&amp;tag=retries">retries<\/a>/);
    const filtered = await page('/?repo=beta&kind=open_question', cookie);
    expect(filtered.html).toContain('Zanzibar quokka');
    expect(filtered.html).not.toContain('idempotency');
  });

  it('pages one kind of the board with the REST keyset cursor; a cursor needs a kind, as on the daemon', async () => {
    const cookie = await session(w.admin);
    const rest = await (await fetch(url('/api/entries?kind=decision&limit=1'), { headers: { authorization: `Bearer ${w.admin}` } })).json();
    const [first] = rest.data as { title: string }[];
    const next = await page(`/?kind=decision&cursor=${rest.pagination.next_cursor}`, cookie);
    expect(next.status).toBe(200);
    expect(next.html).not.toContain(`>${first!.title}</a>`);
    expect(next.html.match(/<td class="repo-cell">/g)).toHaveLength(1); // 2 decisions in all, 1 after the cursor
    expect(next.html).toContain('← First page');
    expect((await page(`/?cursor=${rest.pagination.next_cursor}`, cookie)).status).toBe(400);
  });

  it('bad parameters are HTML error pages', async () => {
    const cookie = await session(w.admin);
    for (const [path, status] of [['/?kind=nope', 400], ['/?cursor=garbage', 400], ['/?bogus=1', 400], ['/brief?budget=0', 400], ['/repos/alpha', 404], ['/search?q=%21%21', 400]] as const) {
      const r = await page(path, cookie);
      expect(r.status, path).toBe(status);
      expect(r.headers.get('content-type')).toMatch(/^text\/html/);
      expect(r.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
      expect(r.html, path).not.toMatch(/brain (?!hub\b)[a-z<]|--help/); // hub hints, never a clone's commands
      expect(r.html, path).not.toContain('/api/'); // … said in pages, not REST routes (decision 0088)
    }
  });

  it('an address no route serves is an HTML 404 page for a browser, the JSON error for an API client', async () => {
    const browser = await fetch(url('/nowhere'), { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(browser.status).toBe(404);
    expect(browser.headers.get('content-type')).toMatch(/^text\/html/);
    expect(browser.headers.get('content-security-policy')).toBe(DASHBOARD_CSP);
    const html = await browser.text();
    expect(html).toContain('no such page: /nowhere');
    expect(html).toContain('Project Brain hub');
    expect(html).not.toContain('/api/');
    const api = await fetch(url('/nowhere'));
    expect(api.status).toBe(404);
    expect((await api.json()).error).toMatchObject({ code: 'not_found', message: 'no such endpoint: /nowhere' });
  });

  it('escapes hostile entry text on the board, entry, search, brief and timeline pages', async () => {
    const cookie = await session(w.admin);
    const pages = ['/', `/repos/alpha/entries/${w.ids.hostile}`, '/search?q=hostile', '/search?q=harmless', '/brief', '/repos/alpha/timeline'];
    for (const path of pages) {
      const { status, html: full } = await page(path, cookie);
      const html = full.replace(/<svg class="picture timeline-chart"[^>]*>/, ''); // the timeline's own picture: the one SVG a page may hold
      expect(status, path).toBe(200);
      expect(html, path).toMatch(/Hostile(?:<\/mark>)? &lt;img/);
      expect(html, path).not.toMatch(/<script|<img|<iframe|<svg|<style|<[a-z][^>]*href="\s*(?:javascript|data):/i); // a link in a tag (raw HTML shown as text keeps its href=": decision 0088)
      expect(html, path).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i); // no event-handler attribute in any tag
    }
  });
});
