/**
 * One house (issue #22): the same checks against a daemon serving a clone and a hub (real
 * PostgreSQL) serving that same clone as repository `r`, and the answers compared — REST (one
 * router over both readers: list, get and a past revision, history, brief, search, projects),
 * MCP over Streamable HTTP (one read tool set over both readers: list, get, history, search,
 * context, projects, candidates), the dashboard's pictures (the graph with its text
 * alternative, the timeline picture with its table) and the candidates (REST list and get, the
 * Candidates pages: list per status, one candidate with its history). Where the two surfaces
 * differ by design, only that is taken out: the hub's `repo` field and its URLs
 * (`/repos/r/entries/<id>` for `/projects/<p>/entries/<id>`, `/?repo=r&…` for the board,
 * `/search` for the project's) and the hub brief's own heading.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from '../../src/model/candidate.js';
import { brain, openTestBrain } from '../helpers/brain.js';
import { killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';
import { initRepo } from '../helpers/git.js';
import { HOSTILE_TITLE, seedSynthetic, type Synthetic } from '../http/picture-seed.js';
import { serveTestHub, type TestHub } from './fixtures.js';

const P = 'synth';
let daemon: DaemonProcess;
let hub: TestHub;
let token: string;
let cookie: string;
let seeded: Synthetic;
const cand: Record<string, Candidate> = {};
const labelled: string[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  const dir = initRepo();
  expect(brain(dir, ['init', '--project', P]).code).toBe(0);
  seeded = await seedSynthetic(dir, P, 600); // 240 decisions and plan revisions: the timeline picture has an older window
  const writer = await openTestBrain(dir, { projectId: P, author: 'Mallory" onmouseover="alert(2) \u202Eve' });
  await writer.writes.revise({ entryId: seeded.hostile[0]!, fields: { rationale: `Revised: ${HOSTILE_TITLE}`, tags: ['revised'] } }); // a history of two revisions
  // Imported ADRs' labels (decision 0052): ADR-0030 names one entry, ADR-0031 two.
  const adr = async (title: string, path: string, label: string) =>
    (await writer.writes.append({ kind: 'decision', fields: { title, rationale: `${title} for peers.`, citations: [{ source_ref: path, source_kind: 'file', locator: label }] } })).entry.entry_id;
  labelled.push(await adr('Mempool gossip', 'docs/adr/0030-mempool-gossip.md', 'ADR-0030'), await adr('Block sync', 'docs/adr/0031-block-sync.md', 'ADR-0031'), await adr('State sync', 'legacy/0031-state-sync.md', 'ADR-0031'));
  const agent = writer.candidates.byAgent('claude-code');
  cand.hostile = (await agent.propose({ kind: 'risk', fields: { title: HOSTILE_TITLE, rationale: `<script>window.pwned=4</script> ${HOSTILE_TITLE}` } })).candidate;
  cand.rejected = (await agent.propose({ kind: 'blocker', fields: { title: 'Flaky quokka runner' } })).candidate;
  // Not approved here: an approval writes an entry, and the REST/MCP search comparison above pins today's corpus.
  await writer.candidates.reject({ candidateId: cand.rejected.candidate_id, reason: `not a blocker ${HOSTILE_TITLE}` });
  await writer.close();
  daemon = await startDaemonProcess(dir);
  hub = await serveTestHub([['r', dir]]);
  token = await hub.readToken('all', null);
  const signIn = await fetch(`${hub.server.url}/session`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token }), headers: { origin: hub.server.url } });
  cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0]!;
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await daemon?.stop();
  killDaemons();
  await hub?.stop();
});

const onDaemon = (path: string) => `http://127.0.0.1:${daemon.port}${path}`;
const onHub = (path: string) => `${hub.server.url}${path}`;

async function json(url: string, headers: Record<string, string> = {}): Promise<any> {
  const res = await fetch(url, { headers });
  expect(res.status, url).toBe(200);
  return res.json();
}
const daemonApi = (path: string) => json(onDaemon(`/api/projects/${P}${path}`));
const hubApi = (path: string) => json(onHub(`/api${path}`), { authorization: `Bearer ${token}` });

/** Drops the hub's `repo` (at the top of `value` or of each element). */
const withoutRepo = (value: any): any => (Array.isArray(value) ? value.map(withoutRepo) : value && typeof value === 'object' ? (({ repo: _, ...rest }) => rest)(value) : value);

async function mcp(url: string, headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'parity', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  clients.push(client);
  return client;
}

/** The `<main>` of a dashboard page with entry URLs and the page's own URL made surface-neutral. */
async function pageMain(url: string, headers: Record<string, string>, own: string): Promise<string> {
  const res = await fetch(url, { headers, redirect: 'manual' });
  expect(res.status, url).toBe(200);
  const html = await res.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  expect(main.length, url).toBeGreaterThan(100);
  return main.replaceAll(`/projects/${P}/entries/`, 'ENTRY/').replaceAll(`/projects/${P}/candidates`, 'CANDIDATES').replaceAll('/repos/r/candidates', 'CANDIDATES').replaceAll('/repos/r/entries/', 'ENTRY/').replaceAll(own, 'PAGE')
    .replaceAll(`/projects/${P}/search?`, 'SEARCH?').replaceAll('"/search?', '"SEARCH?').replaceAll(`/projects/${P}?`, 'BOARD?').replaceAll('/?repo=r&amp;', 'BOARD?');
}

/** One section of a page: from the first `from` to the first `to` after it. */
const section = (html: string, from: string, to: string) => { const at = html.indexOf(from); expect(at, from).toBeGreaterThanOrEqual(0); return html.slice(at, html.indexOf(to, at) + to.length); };

describe('a daemon and a hub serving the same clone answer alike', () => {
  it('REST: list, get (and a past revision), history, brief, search and projects', async () => {
    const list = await daemonApi('/brain?limit=500');
    const hubList = await hubApi('/entries?repo=r&limit=500');
    expect(list.data).toHaveLength(500);
    expect(withoutRepo(hubList.data)).toEqual(list.data);
    const id = seeded.supersedes.keys().next().value as string;
    const one = await daemonApi(`/brain/${id}`);
    const hubOne = await hubApi(`/entries/r/${id}`);
    expect(one.data).toMatchObject({ entry_id: id, revision_count: 1, forked: false });
    expect(withoutRepo(hubOne.data)).toEqual(one.data);
    // One router (issue #22, third round): a past revision, the history with its commits, the brief, on both.
    const revised = seeded.hostile[0]!;
    expect(withoutRepo((await hubApi(`/entries/r/${revised}?revision=1`)).data)).toEqual((await daemonApi(`/brain/${revised}?revision=1`)).data);
    const history = await daemonApi(`/brain/${revised}/history`);
    expect(history.data.map((r: any) => [r.entry.revision, /^[0-9a-f]{40}$/.test(r.commit.oid)])).toEqual([[1, true], [2, true]]);
    expect(withoutRepo((await hubApi(`/entries/r/${revised}/history`)).data)).toEqual(history.data);
    const brief = (await daemonApi('/brain/context?budget=200000&related_task=T-3')).data;
    const hubBrief = (await hubApi('/brief?repo=r&budget=200000&related_task=T-3')).data;
    expect(hubBrief.markdown.slice(hubBrief.markdown.indexOf('## r · ')).replace('## r · ', '# Project brain: ')).toBe(brief.markdown);
    expect(hubBrief.omitted).toEqual(brief.omitted);
    const search = await daemonApi('/brain/search?q=decision&limit=20');
    const hubSearch = await hubApi('/search?repo=r&q=decision&limit=20');
    expect(search.data.length).toBeGreaterThan(0);
    expect(hubSearch.data.map((h: any) => h.entry.entry_id)).toEqual(search.data.map((h: any) => h.entry.entry_id));
    // An entry id typed into search (decision 0050): the entry first with score 1, alike on both, then
    // each backend's ordinary hits for the id's words (their ranking of such weak hits differs by design).
    const idHits = await daemonApi(`/brain/search?q=${id.slice(0, 12).toUpperCase()}&limit=5`);
    const hubIdHits = await hubApi(`/search?repo=r&q=${id.slice(0, 12).toUpperCase()}&limit=5`);
    expect(idHits.data[0]).toMatchObject({ entry: { entry_id: id }, relevance_score: 1 });
    expect(withoutRepo(hubIdHits.data[0])).toEqual(idHits.data[0]);
    expect([idHits.data.length, hubIdHits.data.length]).toEqual([5, 5]);
    expect(hubIdHits.data.slice(1).map((h: any) => h.entry.entry_id)).not.toContain(id);
    const projects = await json(onDaemon('/api/projects'));
    expect(withoutRepo((await hubApi('/projects')).data)).toEqual(projects.data);
  });

  it('MCP: the same read tools (list, get, history, search, context, projects, candidates) answer alike', async () => {
    const local = await mcp(onDaemon('/mcp'), {});
    const remote = await mcp(onHub('/mcp'), { authorization: `Bearer ${token}` });
    const call = async (client: Client, name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, `${name} ${JSON.stringify(result.structuredContent)}`).toBeFalsy();
      return result.structuredContent as any;
    };
    /** The same call on both, the hub's with `repo: 'r'` where `hubArgs` says so. */
    const both = async (name: string, args: Record<string, unknown>, hubArgs: Record<string, unknown> = {}) => [await call(local, name, args), await call(remote, name, { ...args, ...hubArgs })];
    const id = seeded.hostile[0]!;
    const [got, hubGot] = await both('brain_get', { entry_id: id }, { repo: 'r' });
    expect(got.entry.title).not.toBe(HOSTILE_TITLE); // neutralized on both
    expect(hubGot.repo).toBe('r');
    expect(withoutRepo(hubGot)).toEqual(got);
    const [past, hubPast] = await both('brain_get', { entry_id: id, revision: 1 }, { repo: 'r' });
    expect(withoutRepo(hubPast)).toEqual(past);
    const [history, hubHistory] = await both('brain_history', { entry_id: id }, { repo: 'r' });
    expect(history.revisions.map((r: any) => r.changed)).toEqual([['created'], ['rationale', 'tags']]);
    expect(history.revisions.every((r: any) => /^[0-9a-f]{40}$/.test(r.commit))).toBe(true);
    expect(withoutRepo(hubHistory)).toEqual(history);
    const [page, hubPage] = await both('brain_list', { entry_kind: 'decision', limit: 7 });
    expect(page.count).toBe(7);
    expect(withoutRepo(hubPage.entries)).toEqual(page.entries);
    const [hits, hubHits] = await both('brain_search', { query: 'plan', limit: 10 }, { repo: 'r' });
    expect(hits.count).toBeGreaterThan(0);
    expect(withoutRepo(hubHits.hits)).toEqual(hits.hits);
    // The hub's text rows stay a Markdown list, the repo after the bullet (decision 0054).
    const rowsOf = async (name: string, args: Record<string, unknown>) => String(((await remote.callTool({ name, arguments: args })).content as { text: string }[])[0]!.text).split('\n').filter((l) => l.includes('[r]'));
    for (const rows of [await rowsOf('brain_search', { query: 'plan', limit: 3 }), await rowsOf('brain_list', { limit: 3 })]) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toMatch(/^- \[r\] /);
    }
    const noRepo = (await remote.callTool({ name: 'brain_get', arguments: { entry_id: id } })) as { isError?: boolean; structuredContent?: { error?: unknown } };
    expect(noRepo.isError).toBe(true);
    expect(noRepo.structuredContent?.error).toMatchObject({ code: 'invalid_argument', hint: expect.stringContaining('repo names the repository holding the entry') });
    const [idHits, hubIdHits] = await both('brain_search', { query: id.slice(0, 10), limit: 3 }, { repo: 'r' });
    expect(idHits.hits[0]).toMatchObject({ entry_id: id, relevance_score: 1 });
    expect(withoutRepo(hubIdHits.hits[0])).toEqual(idHits.hits[0]);
    // A typo-corrected search says what it searched, on both (decision 0050).
    const heads = await Promise.all([local, remote].map(async (client) => {
      const result = await client.callTool({ name: 'brain_search', arguments: { query: 'synthetc', limit: 3 } });
      return String((result.content as { text: string }[])[0]!.text).split('\n')[0];
    }));
    expect(heads[0]).toContain('showing results for "synthetic" instead of "synthetc"');
    expect(heads[1]).toBe(heads[0]);
    const [projects, hubProjects] = await both('brain_projects', {});
    expect(withoutRepo(hubProjects.projects)).toEqual(projects.projects);
    // The hub's brief holds the clone's under its own heading (which takes a little of the budget): given room for everything, the same brief.
    const [brief, hubBrief] = await both('brain_context', { budget: 200_000 }, { repo: 'r' });
    expect(hubBrief.groups).toEqual([{ repo: 'r', project_id: P, included: true }]);
    expect([hubBrief.included, hubBrief.omitted]).toEqual([brief.included, brief.omitted]);
    expect(brief.included).toBeGreaterThan(100);
    expect(hubBrief.markdown.slice(hubBrief.markdown.indexOf('## r · ')).replace('## r · ', '# Project brain: ')).toBe(brief.markdown);
    for (const status of ['pending', 'rejected', 'all']) {
      const [candidates, hubCandidates] = await both('brain_candidates', { status });
      expect(candidates.count, status).toBeGreaterThan(0);
      expect(withoutRepo(hubCandidates.candidates), status).toEqual(candidates.candidates);
    }
    const [one, hubOne] = await both('brain_candidates', { candidate_id: cand.hostile!.candidate_id.slice(0, 11) }, { repo: 'r' });
    expect(one.candidates[0].review.compared).toBeDefined();
    expect(withoutRepo(hubOne.candidates)).toEqual(one.candidates);
  });

  it('an ADR label where an id is expected: REST and MCP get, search, and a shared label refused alike (decision 0052)', async () => {
    const [thirty, blockSync, stateSync] = labelled as [string, string, string];
    const got = await daemonApi('/brain/ADR-0030');
    expect(got.data.entry_id).toBe(thirty);
    expect(withoutRepo((await hubApi('/entries/r/adr%2030')).data)).toEqual(got.data);
    expect(withoutRepo((await hubApi('/entries/r/0031-block-sync.md')).data)).toEqual((await daemonApi('/brain/0031-block-sync.md')).data);
    expect((await daemonApi('/brain/0031-block-sync.md')).data.entry_id).toBe(blockSync);
    for (const [url, headers] of [[onDaemon(`/api/projects/${P}/brain/ADR-31`), {}], [onHub('/api/entries/r/ADR-31'), { authorization: `Bearer ${token}` }]] as const) {
      const res = await fetch(url, { headers });
      const body = await res.json();
      expect([res.status, body.error.code], url).toEqual([409, 'ambiguous_id']);
      expect(body.error.message, url).toContain(`${blockSync} (`);
      expect(body.error.message, url).toContain(`${stateSync} (`);
    }
    const local = await mcp(onDaemon('/mcp'), {});
    const remote = await mcp(onHub('/mcp'), { authorization: `Bearer ${token}` });
    const call = (client: Client, name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
    const gets = [await call(local, 'brain_get', { entry_id: 'adr-030' }), await call(remote, 'brain_get', { entry_id: 'adr-030', repo: 'r' })].map((r) => r.structuredContent as any);
    expect(gets[0].entry.entry_id).toBe(thirty);
    expect(withoutRepo(gets[1])).toEqual(gets[0]);
    const refusals = [await call(local, 'brain_get', { entry_id: 'ADR-0031' }), await call(remote, 'brain_get', { entry_id: 'ADR-0031', repo: 'r' })];
    for (const r of refusals) {
      expect(r.isError).toBe(true);
      expect((r.structuredContent as any).error).toMatchObject({ code: 'ambiguous_id', data: { candidates: [blockSync, stateSync].sort() } });
    }
    const hits = [await call(local, 'brain_search', { query: 'why did ADR 30 pick gossip', limit: 3 }), await call(remote, 'brain_search', { query: 'why did ADR 30 pick gossip', limit: 3, repo: 'r' })].map((r) => (r.structuredContent as any).hits);
    expect(hits[0][0]).toMatchObject({ entry_id: thirty, relevance_score: 1 });
    expect(withoutRepo(hits[1][0])).toEqual(hits[0][0]);
  });

  it.each([
    ['', ''],
    ['?relation=supersedes', '&relation=supersedes'],
    ['?resolved=1', '&resolved=1'],
  ])('dashboard: the graph%s draws the same nodes, edges and table', async (daemonQuery) => {
    const local = await pageMain(onDaemon(`/projects/${P}/graph${daemonQuery}`), {}, `/projects/${P}/graph`);
    const remote = await pageMain(onHub(`/repos/r/graph${daemonQuery}`), { cookie }, '/repos/r/graph');
    const graph = (html: string) => section(html, '<svg', '</svg>');
    expect((graph(local).match(/class="node /g) ?? []).length).toBeGreaterThan(5);
    expect(graph(remote)).toBe(graph(local));
    expect(section(remote, '<table class="entries edges">', '</table>')).toBe(section(local, '<table class="entries edges">', '</table>'));
    expect(section(remote, '<form', '</form>')).toBe(section(local, '<form', '</form>'));
  });

  it.each(['', '?kind=decision'])('dashboard: the timeline picture%s places the same entries at the same dates', async (query) => {
    const local = await pageMain(onDaemon(`/projects/${P}/timeline${query}`), {}, `/projects/${P}/timeline`);
    const remote = await pageMain(onHub(`/repos/r/timeline${query}`), { cookie }, '/repos/r/timeline');
    const chart = (html: string) => section(html, '<section aria-labelledby="h-chart">', '</section>');
    expect((chart(local).match(/<a href="ENTRY\//g) ?? []).length).toBeGreaterThan(5);
    expect(chart(local)).toContain('class="chain"');
    expect(chart(remote)).toBe(chart(local));
    if (query !== '') return;
    // The older window, followed on both.
    const older = chart(local).match(/href="PAGE\?([^"]*before=[^"]*)"/)?.[1]?.replaceAll('&amp;', '&');
    expect(older).toBeTruthy();
    const [localOlder, remoteOlder] = [await pageMain(onDaemon(`/projects/${P}/timeline?${older}`), {}, `/projects/${P}/timeline`), await pageMain(onHub(`/repos/r/timeline?${older}`), { cookie }, '/repos/r/timeline')];
    expect(chart(remoteOlder)).toBe(chart(localOlder));
  });

  it('dashboard: one navigation in one order, and the timeline under the same heading, naming what it shows (decision 0054, round six)', async () => {
    const [local, remote] = [await (await fetch(onDaemon(`/projects/${P}/timeline`))).text(), await (await fetch(onHub('/repos/r/timeline'), { headers: { cookie } })).text()];
    const nav = (html: string) => [...section(html, '<nav class="wrap pages"', '</nav>').matchAll(/<a href="[^"]*"( aria-current="page")?>([A-Za-z]+)/g)].map((m) => `${m[2]}${m[1] ? '*' : ''}`);
    expect(nav(local)).toEqual(['Board', 'Timeline*', 'Graph', 'Brief', 'Search', 'Candidates']);
    expect(nav(remote)).toEqual([...nav(local), 'Repositories']);
    const heading = (html: string) => section(html, '<main', '<section aria-labelledby="h-chart">');
    expect(heading(remote)).toBe(heading(local));
    expect(local).toContain(`<title>Timeline · ${P} · Project Brain</title>`);
    expect(remote).toContain(`<title>Timeline · r · ${P} · Project Brain hub</title>`);
    expect(remote).toContain(`repository <strong>r</strong> · project <strong>${P}</strong>`);
    expect(await (await fetch(onHub('/repos/r/graph'), { headers: { cookie } })).text()).toContain(`<title>Graph · r · ${P} · Project Brain hub</title>`);
  });

  /** The text a reader sees in `html` (tags dropped, blanks collapsed). */
  const text = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
  /** The board's rows in order: [entry_id, title] (the hub's board also names each row's repository and kind, by design). */
  const boardRows = (html: string) => [...html.matchAll(/<td class="title">(?:<span class="kind-label">[^<]*<\/span> )?<a href="ENTRY\/([^"#?]+)">([^<]*)<\/a>/g)].map((m) => [m[1], m[2]]);
  /**
   * What a reader sees of the board (issue #22, fifth round: one board page over the reader): the
   * answer tiles and every section — counts, status chips, rows with their detail (a dependency's
   * target by its title), "show all" and the pager — without what only the hub shows by design
   * (the repository column and each row's project) and with the cursors (keysets of each list)
   * made neutral.
   */
  const boardShown = (m: string) => {
    const from = m.includes('<ul class="tiles" aria-label="What is') ? '<ul class="tiles" aria-label="What is' : '<section class="kind"';
    return m.slice(m.indexOf(from)).replace(/<col class="c-repo">|<th scope="col">Repository<\/th>|<td class="repo-cell">.*?<\/td>\n/g, '')
      .replaceAll(`</span> · ${P}`, '</span>').replace(/cursor=[^"&]*/g, 'cursor=C');
  };
  /** An entry page without what only the hub shows by design: its repository in the crumbs and facts. */
  const entryBody = (html: string) => html.slice(html.indexOf('<header>')).replace(/<dt>Repository<\/dt><dd>.*?<\/dd>/, '');

  // The same page on both surfaces (issue #22, fourth round): each must exist on both (200), and what a reader sees of it is the same.
  const superseded = () => [...seeded.supersedes.values()][0]!;
  it.each<[string, () => string, () => string, (html: string) => unknown]>([
    ['board (one kind)', () => `/projects/${P}?kind=decision`, () => '/?repo=r&kind=decision', boardRows],
    ['board (filters)', () => `/projects/${P}?kind=risk&status=active&author=synthetic`, () => '/?repo=r&kind=risk&status=active&author=synthetic', boardRows],
    ['board (every kind: tiles, counts, chips, rows)', () => `/projects/${P}`, () => '/?repo=r', boardShown],
    ['board (dependencies: their targets by title; the pager)', () => `/projects/${P}?kind=dependency`, () => '/?repo=r&kind=dependency', boardShown],
    ['board (a status)', () => `/projects/${P}?status=open`, () => '/?repo=r&status=open', boardShown],
    // The hits, best first, with their titles and excerpts (each backend scores weak hits its own way, decision 0047: the scores are not compared).
    ['search', () => `/projects/${P}/search?q=decision&kind=decision`, () => '/search?repo=r&q=decision&kind=decision', (m) => section(m, '<ol class="results">', '</ol>').replaceAll('<span class="repo">r</span>', '').replace(/<span class="small muted" title="relevance[^]*?<\/span> [0-9]+%<\/span>/g, '')],
    ['brief (room for everything)', () => `/projects/${P}/brief?budget=200000`, () => '/brief?repo=r&budget=200000', (m) => text(section(m, '<article class="panel prose brief">', '</article>')).replace(/^.*?(?=## |Decided )/, '')],
    ['entry (superseded: links into it)', () => `/projects/${P}/entries/${superseded()}`, () => `/repos/r/entries/${superseded()}`, entryBody],
    ['entry (revised: history)', () => `/projects/${P}/entries/${seeded.hostile[0]}`, () => `/repos/r/entries/${seeded.hostile[0]}`, entryBody],
    ['entry (a past revision)', () => `/projects/${P}/entries/${seeded.hostile[0]}?revision=1`, () => `/repos/r/entries/${seeded.hostile[0]}?revision=1`, entryBody],
    ['graph', () => `/projects/${P}/graph`, () => '/repos/r/graph', (m) => section(m, '<svg', '</svg>')],
    ['timeline (the picture and the list)', () => `/projects/${P}/timeline`, () => '/repos/r/timeline', (m) => m.slice(m.indexOf('<section aria-labelledby="h-chart">')).replace(/"[^"]*timeline(?=[?"])/g, '"PAGE')],
    ['timeline (one kind)', () => `/projects/${P}/timeline?kind=dependency`, () => '/repos/r/timeline?kind=dependency', (m) => [...m.matchAll(/<li class="event">[^]*?<\/li>/g)].map((e) => e[0])],
  ])('dashboard page %s exists on both and shows the same', async (_name, daemonPath, hubPath, shown) => {
    const local = await pageMain(onDaemon(daemonPath()), {}, 'NO-PAGE');
    const remote = await pageMain(onHub(hubPath()), { cookie }, 'NO-PAGE');
    const seen = shown(local);
    expect(JSON.stringify(seen).length, daemonPath()).toBeGreaterThan(200);
    if (daemonPath() === `/projects/${P}?kind=dependency`) expect(seen).toMatch(/<td class="detail"><span class="small muted">[a-z ]+<\/span> <a href="ENTRY\/([^"]+)">(?!\1)[^<]+<\/a><\/td>/); // a title, not an id
    expect(shown(remote)).toEqual(seen);
  });

  it('dashboard: the timeline lists the same changes on its next page, with their commits', async () => {
    const events = (html: string) => [...html.matchAll(/<li class="event">[^]*?<\/li>/g)].map((e) => e[0]);
    const first = await pageMain(onHub('/repos/r/timeline?kind=decision'), { cookie }, 'NO-PAGE');
    const next = first.match(/href="\/repos\/r\/timeline\?([^"]*cursor=[^"]*)" rel="next"/)?.[1]?.replaceAll('&amp;', '&');
    expect(next).toBeTruthy();
    const local = events(await pageMain(onDaemon(`/projects/${P}/timeline?${next}`), {}, 'NO-PAGE'));
    expect(local.length).toBeGreaterThan(10);
    expect(local.every((e) => / · commit <span class="mono" title="[0-9a-f]{40}">/.test(e))).toBe(true);
    expect(events(await pageMain(onHub(`/repos/r/timeline?${next}`), { cookie }, 'NO-PAGE'))).toEqual(local);
  });

  it('dashboard: the entry pages name the links into an entry and show a past revision as it was', async () => {
    const local = await pageMain(onDaemon(`/projects/${P}/entries/${superseded()}`), {}, 'NO-PAGE');
    const successor = [...seeded.supersedes.entries()].find(([, old]) => old === superseded())![0];
    expect(section(local, '<h3>Superseded by</h3>', '</ul>')).toContain(`href="ENTRY/${successor}"`);
    const past = await pageMain(onHub(`/repos/r/entries/${seeded.hostile[0]}?revision=1`), { cookie }, 'NO-PAGE');
    expect(past).toContain('This is revision 1 of 2, as it was recorded');
    expect(section(past, '<h2 id="h-rationale">', '</section>')).not.toContain('Revised: ');
    expect(section(past, '<h2 id="h-history">', '</section>')).toContain('Revised: ');
    expect((await fetch(onHub(`/repos/r/entries/${seeded.hostile[0]}?revision=9`), { headers: { cookie } })).status).toBe(404);
    expect((await fetch(onDaemon(`/projects/${P}/entries/${seeded.hostile[0]}?revision=x`))).status).toBe(400);
  });

  it('dashboard: a typo-corrected search says what it searched on both search pages', async () => {
    const note = (html: string) => section(html, '<p class="lede correction">', '</p>');
    const local = note(await (await fetch(onDaemon(`/projects/${P}/search?q=synthetc`))).text());
    expect(local).toMatch(/Showing results for .{0,8}synthetic.{0,8} instead of .{0,8}synthetc/);
    expect(note(await (await fetch(onHub('/search?q=synthetc&repo=r'), { headers: { cookie } })).text())).toBe(local);
  });

  it.each(['', '?status=rejected', '?status=all'])('dashboard: the Candidates page%s lists the same candidates, hostile text inert', async (query) => {
    const local = await pageMain(onDaemon(`/projects/${P}/candidates${query}`), {}, `/projects/${P}/candidates`);
    const remote = await pageMain(onHub(`/repos/r/candidates${query}`), { cookie }, '/repos/r/candidates');
    expect(local).toContain('<article class="candidate panel"');
    expect(remote).toBe(local);
    expect(remote).not.toMatch(/<(script|img|svg)\b|<[^>]*\son\w+=/);
  });

  it('dashboard: one candidate (by unique prefix) shows the same verdict and history, over REST too; unknown ids are 404 on both', async () => {
    for (const c of [cand.hostile!, cand.rejected!]) {
      const prefix = c.candidate_id.slice(0, 'cand-'.length + 6);
      const local = await pageMain(onDaemon(`/projects/${P}/candidates/${prefix}`), {}, `/projects/${P}/candidates`);
      const remote = await pageMain(onHub(`/repos/r/candidates/${prefix}`), { cookie }, '/repos/r/candidates');
      expect(local).toContain(c.candidate_id);
      expect((local.match(/<li id="r\d+">/g) ?? []).length).toBe(c === cand.hostile ? 1 : 2);
      expect(remote).toBe(local);
      expect(remote).not.toMatch(/<(script|img|svg)\b|<[^>]*\son\w+=/);
    }
    expect((await fetch(onDaemon(`/projects/${P}/candidates/cand-zzzzzzzzzzzz`))).status).toBe(404);
    expect((await fetch(onHub('/repos/r/candidates/cand-zzzzzzzzzzzz'), { headers: { cookie } })).status).toBe(404);
    // REST: the same candidates, by status and by unique prefix.
    for (const status of ['pending', 'rejected', 'all']) {
      const local = await daemonApi(`/candidates?status=${status}`);
      expect(local.data.length, status).toBeGreaterThan(0);
      expect(withoutRepo((await hubApi(`/candidates?repo=r&status=${status}`)).data), status).toEqual(local.data);
    }
    const prefix = cand.rejected!.candidate_id.slice(0, 11);
    expect(withoutRepo((await hubApi(`/candidates/r/${prefix}`)).data)).toEqual((await daemonApi(`/candidates/${prefix}`)).data);
    const first = await fetch(onHub('/candidates'), { headers: { cookie }, redirect: 'manual' });
    expect([first.status, first.headers.get('location')]).toEqual([302, '/repos/r/candidates']);
  });
});
