/**
 * `brain hub` end to end (issue #11 "Done means"): three real repositories — alpha and beta
 * written by the brain service (beta with a revision file of invalid JSON committed by plain
 * git), gamma a branch that is not a brain tree — registered with a hub on a real PostgreSQL,
 * served over real HTTP on port 0. A push is picked up by the signed webhook and by the
 * schedule (polled with a deadline); a failing repository is reported while the others serve.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHubReader, type Hub } from '../../src/hub/hub.js';
import { serveHub, type HubServer } from '../../src/hub/hub-server.js';
import { signBody } from '../../src/hub/webhook.js';
import { brainRepo, commitInvalidRevision, notABrainRepo, pollUntil, record, serveTestHub, type TestHub } from './fixtures.js';
import { HUB_BACKEND } from './backend-kind.js';

const SECRET = 'webhook-secret-for-tests';
let world: TestHub;
let hub: Hub;
let server: HubServer;
let admin: string;
let dbUrl: string;
const dirs: Record<string, string> = {};
const ids: Record<string, string[]> = {};

const api = (path: string, token: string | null = admin, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, { ...init, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string> | undefined) } });
const data = async (path: string, token: string | null = admin) => {
  const res = await api(path, token);
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return ((await res.json()) as { data: any }).data;
};

beforeAll(async () => {
  dirs.alpha = await brainRepo('payments');
  dirs.beta = await brainRepo('mobile');
  dirs.gamma = notABrainRepo();
  ids.alpha = await record(dirs.alpha, 'payments', [
    { kind: 'decision', fields: { title: 'Use idempotency keys for charges', rationale: 'Retries must not double charge.', tags: ['billing'] } },
    { kind: 'blocker', fields: { title: 'Card vault credentials missing', rationale: 'Ops has not issued them.', payload: { severity: 'high' } } },
  ]);
  ids.beta = await record(dirs.beta, 'mobile', [{ kind: 'open_question', fields: { title: 'Zanzibar quokka migration timing', rationale: 'Only beta knows this word.' } }]);
  commitInvalidRevision(dirs.beta, 'mobile');
  world = await serveTestHub(['alpha', 'beta', 'gamma'].map((name) => [name, dirs[name]!]), { webhookSecret: SECRET });
  ({ hub, server, db: dbUrl } = world);
  admin = await world.readToken('admin', null);
});

afterAll(async () => {
  await world?.stop();
});

describe('brain hub end to end', () => {
  it('reports the failing repository while the others serve', async () => {
    const repos = (await data('/api/repos')) as any[];
    expect(repos.map((r) => r.name)).toEqual(['alpha', 'beta', 'gamma']);
    const [alpha, beta, gamma] = repos;
    expect(alpha.last_error).toBeNull();
    expect(alpha.entries).toBe(2);
    expect(alpha.projected_oid).toMatch(/^[0-9a-f]{40}$/);
    expect(beta.entries).toBe(1);
    expect([alpha.problems, beta.problems > 0]).toEqual([0, true]); // its malformed file, counted where the repositories are listed
    expect(gamma.last_error).toMatchObject({ code: 'not_initialized' });
    expect(gamma.last_error.message).toMatch(/not a brain tree/);
    expect(gamma.projected_oid).toBeNull();
    const problems = (await data('/api/problems')) as any[];
    expect(problems.map((p) => p.repo)).toEqual(['beta']);
    const list = await (await api('/api/entries?facets=repo')).json();
    expect(list.data).toHaveLength(3);
    expect(new Set(list.data.map((e: any) => e.repo))).toEqual(new Set(['alpha', 'beta']));
    expect(list.facets.repo).toEqual([{ repo: 'alpha', entries: 2 }, { repo: 'beta', entries: 1 }]);
  });

  it('serves one entry, its history, search, projects and the brief with their repo', async () => {
    const entry = await data(`/api/entries/alpha/${ids.alpha![0]}`);
    expect(entry).toMatchObject({ repo: 'alpha', entry_id: ids.alpha![0], title: 'Use idempotency keys for charges', revision_count: 1 });
    const history = (await data(`/api/entries/alpha/${ids.alpha![0]}/history`)) as any[];
    expect(history).toHaveLength(1);
    expect(history[0].entry.title).toBe('Use idempotency keys for charges');
    expect(history[0].commit.oid).toMatch(/^[0-9a-f]{40}$/);
    const hits = (await data('/api/search?q=idempotency')) as any[];
    expect(hits[0]).toMatchObject({ repo: 'alpha', entry: { entry_id: ids.alpha![0] } });
    expect(((await data('/api/projects')) as any[]).map((p) => `${p.repo}/${p.project_id}`)).toEqual(['alpha/payments', 'beta/mobile']);
    const brief = await data('/api/brief?budget=3000');
    expect(brief.markdown).toContain('## alpha · payments');
    expect(brief.markdown).toContain('Card vault credentials missing');
    expect(brief.markdown).toContain('Zanzibar quokka');
    expect(brief.tokens).toBeLessThanOrEqual(3000);
    expect(brief.markdown).toContain('\nNo entries in 1 repository: gamma (why: GET /api/repos)\n'); // not initialized: named, not silently left out
    expect((await data('/api/brief?project=payments')).markdown).not.toContain('No entries in'); // narrowed to a project: not said
    const small = await data('/api/brief?budget=550');
    expect(small.tokens).toBeLessThanOrEqual(550);
    expect(small.groups.filter((g: any) => !g.included)).toHaveLength(1);
  });

  it('a reader opened without the hub directory (brain hub list) counts, but refuses to read revisions from mirrors', async () => {
    if (HUB_BACKEND === 'sqlite') {
      // Its projection lives in the hub directory: without it there is nothing to read.
      await expect(openHubReader({ db: dbUrl, backend: 'sqlite' })).rejects.toMatchObject({ code: 'invalid_argument', message: expect.stringMatching(/--dir/) });
      return;
    }
    const reader = await openHubReader({ db: dbUrl, backend: HUB_BACKEND });
    try {
      const all = { repos: null, projects: null, capabilities: ['read' as const] };
      expect((await reader.service.repos(all)).map((r) => [r.name, r.entries])).toEqual([['alpha', 2], ['beta', 1], ['gamma', 0]]);
      await expect(reader.service.history(all, { repo: 'alpha', entryId: ids.alpha![0]! })).rejects.toMatchObject({ code: 'invalid_argument', hint: expect.stringMatching(/--dir/) });
    } finally {
      await reader.close();
    }
  });

  it('picks a push up through the signed webhook; refuses unsigned and badly signed ones', async () => {
    const [id] = await record(dirs.alpha!, 'payments', [{ kind: 'risk', fields: { title: 'Webhook-borne risk appears', rationale: 'pushed after start' } }]);
    const body = JSON.stringify({ ref: 'refs/heads/brain', repository: { name: 'whatever', clone_url: dirs.alpha } });
    const hook = (headers: Record<string, string>) => fetch(`${server.url}/hooks/git`, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
    expect((await hook({})).status).toBe(401);
    expect((await hook({ 'x-hub-signature-256': signBody('wrong secret', body) })).status).toBe(401);
    expect((await hook({ 'x-hub-signature-256': signBody(SECRET, `${body} `) })).status).toBe(401);
    expect((await hook({ 'x-hub-signature-256': signBody(SECRET, body).toUpperCase() })).status).toBe(401);
    expect((await api(`/api/entries/alpha/${id}`)).status).toBe(404);
    const accepted = await hook({ 'x-hub-signature-256': signBody(SECRET, body) });
    expect(accepted.status).toBe(202);
    expect((await accepted.json()).data.repos).toEqual(['alpha']);
    const entry = await pollUntil('the webhook push', async () => {
      const res = await api(`/api/entries/alpha/${id}`);
      return res.status === 200 ? ((await res.json()) as any).data : undefined;
    });
    expect(entry.title).toBe('Webhook-borne risk appears');
  });

  it('refuses a webhook body over the limit, chunked without a Content-Length too', async () => {
    // node:http on its own connection (the hub ends a connection whose body it refused mid-stream; fetch's pool would reuse it).
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      let answered = false;
      const req = request(`${server.url}/hooks/git`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (res) => {
        answered = true;
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', (err) => !answered && reject(err)); // the rest of the body may meet a closed socket after the answer
      const mib = Buffer.alloc(1024 * 1024, 0x20);
      for (let i = 0; i < 6; i++) req.write(mib); // chunked: no Content-Length
      req.end();
    });
    expect(status).toBe(400);
    expect(JSON.parse(body).error).toMatchObject({ code: 'invalid_argument', message: expect.stringMatching(/over \d+ bytes/) });
  });

  it('two registrations racing for one name: one wins, the other is a coded refusal', async () => {
    const { insertRepo, deleteRepo } = await import('../../src/hub/registry.js');
    const results = await Promise.allSettled([0, 1, 2].map((i) => insertRepo(hub.pool, { name: 'twin', source: `/srv/twin-${i}`, branch: 'brain' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) expect(r.reason).toMatchObject({ code: 'invalid_argument' });
    expect(await deleteRepo(hub.pool, 'twin')).toBe(true);
  });

  it('picks a push up on the schedule', async () => {
    const scheduled = await serveHub(hub, { port: 0, intervalS: 1, webhookSecret: null });
    try {
      const [id] = await record(dirs.beta!, 'mobile', [{ kind: 'open_question', fields: { title: 'Schedule-borne question', rationale: 'no webhook for this one' } }]);
      const entry = await pollUntil('the scheduled sync', async () => {
        const res = await fetch(`${scheduled.url}/api/entries/beta/${id}`, { headers: { authorization: `Bearer ${admin}` } });
        return res.status === 200 ? ((await res.json()) as any).data : undefined;
      });
      expect(entry.title).toBe('Schedule-borne question');
    } finally {
      await scheduled.stop();
    }
  });

  it('refuses writes: every other method on /api is 405', async () => {
    const res = await api('/api/entries', admin, { method: 'POST', body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('answers bad requests with hints about the hub, never about a clone\'s commands', async () => {
    const perClone = /\bbrain (?!hub\b)[a-z<]|--repo DIR/;
    for (const path of ['/api/entries?limit=0', '/api/entries?kind=decision&kind=risk', '/api/search?q=%21%21', '/api/entries?status=nope', `/api/entries/alpha/${'0'.repeat(26)}`, '/api/repos?x=1', '/api/entries?repo=zzz', '/api/brief?budget=0']) {
      const res = await api(path);
      const error = ((await res.json()) as any).error;
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(error.hint, path).toBeTruthy();
      expect(error.hint, path).not.toMatch(perClone);
    }
  });

  it('answers any method but POST on the webhook with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${server.url}/hooks/git`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('POST');
      if (method === 'HEAD') continue;
      const error = ((await res.json()) as any).error;
      expect(error.code).toBe('method_not_allowed');
      expect(error.hint).toMatch(/push webhook/);
    }
  });
});
