/**
 * The dashboard's Candidates pages over real HTTP, in process (issue #20; docs/decisions/0045):
 * the dashboard routes on a loopback port over a real repository whose candidates were written
 * through the service. Statuses, the status filter (pending by default), keyset pages, the
 * reviewer's relation, suggestion and evidence beside the entry it concerns, a candidate's
 * history and the entry revisions its approval wrote, 404 for an unknown id, the pending count
 * in the navigation, the empty state, the read-only line, and hostile text inert.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brain } from '../../src/service.js';
import type { Candidate } from '../../src/model/candidate.js';
import type { CallerEnv } from '../../src/http/auth.js';
import { createDashboard, DASHBOARD_CSP } from '../../src/http/dashboard/routes.js';
import { serveLoopback, type LoopbackServer } from '../../src/http/app.js';
import { createLog } from '../../src/service/log.js';
import { openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { httpGet } from '../helpers/daemon.js';

const HOSTILE_TITLE = 'Cache <script>window.pwned=1</script> <img src=x onerror=alert(1)> \u202Egnp.exe';
const HOSTILE_AUTHOR = 'Mallory" onmouseover="alert(2) & \u202Eve';
let dir: string;
let server: LoopbackServer;
const brains: Brain[] = [];
const c: Record<string, Candidate> = {};
let sqlite: string;
let approvedEntry: string;
const get = (path: string) => httpGet(server.port, path);
/** The `<main>` of a page. */
const main = (body: string) => body.slice(body.indexOf('<main'), body.indexOf('</main>'));
const titles = (body: string) => [...main(body).matchAll(/<h2 id="c-(cand-[0-9a-z]+)">/g)].map((m) => m[1]);

async function open(author: string, projectId = 'demo'): Promise<Brain> {
  const b = await openTestBrain(dir, { author, projectId });
  brains.push(b);
  return b;
}

beforeAll(async () => {
  dir = initRepo();
  const ada = await open('ada');
  await ada.init();
  sqlite = (await ada.writes.append({ kind: 'decision', fields: { title: 'Use SQLite for the cache', rationale: 'SQLite is embedded and needs no server.', tags: ['storage'], payload: { decision_outcome: 'SQLite in WAL mode.' } } })).entry.entry_id;
  const agent = (await open('bob')).candidates.byAgent('claude-code');
  c.risk = (await agent.propose({ kind: 'risk', fields: { title: 'Quokka logs grow without bound', rationale: 'Nothing rotates them.' } })).candidate;
  c.noise = (await agent.propose({ kind: 'blocker', fields: { title: 'Flaky quokka runner' } })).candidate;
  c.duplicate = (await agent.propose({ kind: 'decision', fields: { title: 'Use SQLite for the local cache', rationale: 'SQLite is embedded, needs no server.', tags: ['storage'] } })).candidate;
  c.hostile = (await (await open(HOSTILE_AUTHOR)).candidates.propose({ kind: 'decision', fields: { title: HOSTILE_TITLE, rationale: `<script>alert(3)</script> ${'long text '.repeat(1900)}` } })).candidate;
  const carol = (await open('carol')).candidates;
  approvedEntry = (await carol.approve({ candidateId: c.risk.candidate_id, choice: { action: 'accept' } })).entries[0]!.entry_id;
  await carol.reject({ candidateId: c.noise.candidate_id, reason: 'not a blocker <i onclick=alert(4)>really</i>' });
  await (await open('dora', 'mobile')).writes.append({ kind: 'decision', fields: { title: 'Mobile reads the REST API' } });
  const app = new Hono<CallerEnv>();
  const byProject = new Map<string, Promise<Brain>>();
  app.route('/', createDashboard({
    brainFor: (project) => byProject.get(project) ?? byProject.set(project, open('reader', project)).get(project)!,
    defaultProject: async () => 'demo',
    log: createLog({ write: () => {} }),
  }));
  server = await serveLoopback(app, 0);
});
afterAll(async () => {
  await server?.stop();
  for (const b of brains) await b.close();
  cleanupTempDirs();
});

describe('the Candidates page', () => {
  it('lists the pending candidates by default, newest first, with the pending count in the navigation', async () => {
    const r = await get('/projects/demo/candidates');
    expect(r.status).toBe(200);
    expect(r.headers['content-security-policy']).toBe(DASHBOARD_CSP);
    expect(titles(r.body)).toEqual([c.hostile!.candidate_id, c.duplicate!.candidate_id]);
    expect(r.body).toContain('>Pending 2</a>');
    expect(r.body).toContain('>Approved 1</a>');
    expect(r.body).toContain('>All 4</a>');
    expect(r.body).toMatch(/<a href="\/projects\/demo\/candidates" aria-current="page">Candidates <span class="count" aria-label="2 pending">2<\/span><\/a>/);
    const board = await get('/projects/demo');
    expect(board.body).toContain('Candidates <span class="count" aria-label="2 pending">2</span>');
    // Read-only: nothing in the page writes; it says how to decide.
    expect(main(r.body)).not.toMatch(/<form|<button|method="post"/i);
    expect(main(r.body)).toContain('<code>brain approve &lt;id&gt;</code>');
    expect(main(r.body)).toContain('<code>brain_approve</code>');
  });

  it('shows the relation and suggestion beside the entry the verdict concerns, with its evidence', async () => {
    const body = main((await get('/projects/demo/candidates')).body);
    const card = body.slice(body.indexOf(`id="c-${c.duplicate!.candidate_id}"`));
    expect(c.duplicate!.review).toMatchObject({ relation: 'duplicate', suggested_action: 'reject', target_entry_id: sqlite });
    expect(card).toContain('<p class="kind-label">Concerns · Decision</p>');
    expect(card).toContain(`<h3><a href="/projects/demo/entries/${sqlite}"><bdi>Use SQLite for the cache</bdi></a></h3>`);
    expect(card).toContain('<span class="badge good">accepted</span>');
    expect(card).toContain('<bdi>SQLite in WAL mode.</bdi>'); // the entry's key text: its outcome
    expect(card).toMatch(/<dt>score<\/dt><dd>0\.\d\d<\/dd>/);
    expect(card).toContain('<span class="tag mono">same_kind</span>');
    expect(card).toContain(`<span class="badge bad">duplicate</span> <span class="small muted">suggests</span> <span class="suggestion">reject: duplicate of <a href="/projects/demo/entries/${sqlite}"><bdi>Use SQLite for the cache</bdi></a> <span class="id">${sqlite}</span></span>`);
    expect(card).toContain('proposed by agent <strong class="agent"><bdi>claude-code</bdi></strong> for <strong><bdi>bob</bdi></strong>');
    // A novel one concerns no entry.
    const hostile = body.slice(body.indexOf(`id="c-${c.hostile!.candidate_id}"`), body.indexOf(`id="c-${c.duplicate!.candidate_id}"`));
    expect(hostile).toContain('No entry: the reviewer found no current entry that says this');
    expect(hostile).toContain('<span class="suggestion">accept as a new entry: no current entry says this</span>');
  });

  it('filters by status (approved, rejected, all) and refuses an unknown status or cursor', async () => {
    const approved = await get('/projects/demo/candidates?status=approved');
    expect(titles(approved.body)).toEqual([c.risk!.candidate_id]);
    expect(main(approved.body)).toMatch(new RegExp(`approved</span> by <strong><bdi>carol</bdi></strong> <time[^>]*>[^<]*</time>: <strong>accept</strong> → <a href="/projects/demo/entries/${approvedEntry}"><bdi>Quokka logs grow without bound</bdi></a>`));
    const rejected = await get('/projects/demo/candidates?status=rejected');
    expect(titles(rejected.body)).toEqual([c.noise!.candidate_id]);
    expect(main(rejected.body)).toContain('<bdi>not a blocker &lt;i onclick=alert(4)&gt;really&lt;/i&gt;</bdi>');
    expect(titles((await get('/projects/demo/candidates?status=all')).body)).toHaveLength(4);
    expect((await get('/projects/demo/candidates?status=maybe')).status).toBe(400);
    expect((await get('/projects/demo/candidates?cursor=nonsense')).status).toBe(400);
    expect((await get('/projects/demo/candidates?sort=title')).status).toBe(400);
  });

  it('shows one candidate with its history; an approved one links to the entry revision it wrote; an unknown id is 404', async () => {
    const r = await get(`/projects/demo/candidates/${c.risk!.candidate_id.slice(0, 9)}`);
    expect(r.status).toBe(200);
    const body = main(r.body);
    expect(body).toContain('<h3>Revision 1 · proposed</h3>');
    expect(body).toContain('<h3>Revision 2 · approved</h3>');
    expect(body).toContain(`<a href="/projects/demo/entries/${approvedEntry}#r1"><bdi>Quokka logs grow without bound</bdi> r1</a>`);
    expect(body).toContain('decided by <strong><bdi>carol</bdi></strong>');
    expect(body).not.toContain('brain approve'); // decided: no line on how to approve
    const dup = main((await get(`/projects/demo/candidates/${c.duplicate!.candidate_id}`)).body);
    expect(dup).toContain(`<code>brain approve ${c.duplicate!.candidate_id}</code>`);
    expect(dup).toContain('<th scope="col">Entry compared</th>');
    expect(dup).toContain(`<td class="title"><a href="/projects/demo/entries/${sqlite}"><bdi>Use SQLite for the cache</bdi></a>`);
    const rejected = main((await get(`/projects/demo/candidates/${c.noise!.candidate_id}`)).body);
    expect(rejected).toContain('<h3>Revision 2 · rejected</h3>');
    // The reason as Markdown: its hostile tag shown as text, with its closing tag (decision 0088).
    expect(rejected).toContain('<p>not a blocker &lt;i onclick=alert(4)&gt;really&lt;/i&gt;</p>');
    expect(rejected).not.toMatch(/<[^>]*onclick/); // no tag carries the handler: it is text
    const missing = await get('/projects/demo/candidates/cand-zzzzzzzzzzzz');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('href="/projects/demo"'); // the error page links back to the project
    expect((await get('/projects/demo/candidates/cand-zzzz/more')).status).toBe(404);
  });

  it('keeps hostile titles, text and identities inert', async () => {
    for (const path of ['/projects/demo/candidates', `/projects/demo/candidates/${c.hostile!.candidate_id}`]) {
      const body = main((await get(path)).body);
      expect(body).not.toMatch(/<script|<img|<[^>]*\son[a-z]+=/i);
      expect(body).toContain('<bdi>Cache &lt;script&gt;window.pwned=1&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; \\u202egnp.exe</bdi>'); // the override shown, not obeyed
      expect(body).toContain('<strong><bdi>Mallory&quot; onmouseover=&quot;alert(2) &amp; \\u202eve</bdi></strong>');
    }
    const list = main((await get('/projects/demo/candidates')).body);
    expect(list.length).toBeLessThan(60_000); // the 19 000-character text is cut in the list
  });

  it('says what to do when a project has no candidates', async () => {
    const r = await get('/projects/mobile/candidates');
    expect(r.status).toBe(200);
    expect(main(r.body)).toContain('<p class="empty">No pending candidates.');
    expect(main(r.body)).toContain('<code>brain propose decision --title "…"</code>');
    expect(main(r.body)).toContain('<code>brain capture notes.md</code>');
    expect(r.body).toMatch(/aria-current="page">Candidates<\/a>/); // no count when none is pending
    git(dir, ['fsck', '--strict']);
  });

  it('pages 50 candidates at a time, newest first, none twice', async () => {
    // 51 more pending ones (one capture commit): 50 on the first page, the rest after it, none twice.
    const proposals = Array.from({ length: 51 }, (_, i) => ({ kind: 'risk', fields: { title: `Paged risk number ${i} about wombat ${i * 7919}` } }));
    await (await open('erin')).candidates.capture({ proposals, extractor: 'builtin', source: 'paging test' });
    const first = await get('/projects/demo/candidates');
    const next = /<a class="button quiet" href="([^"]+)" rel="next">/.exec(first.body)?.[1]?.replace(/&amp;/g, '&');
    expect(titles(first.body)).toHaveLength(50);
    expect(next).toMatch(/^\/projects\/demo\/candidates\?cursor=/);
    const second = await get(next!);
    expect(titles(second.body)).toHaveLength(3);
    expect(new Set([...titles(first.body), ...titles(second.body)]).size).toBe(53);
    expect(second.body).not.toContain('rel="next"');
  });
});
