/**
 * Hub token scoping as an attacker would try to widen it (issue #11 "Scoped tokens"): a token
 * bound to repository alpha probes beta (repo=, cursor tampering, search words only in beta,
 * counts and facets, problems, entry and history URLs, MCP tools), tries to mint a wider
 * token, replays a revoked one, one from another hub database, and malformed headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openHub, type Hub } from '../../src/hub/hub.js';
import type { HubServer } from '../../src/hub/hub-server.js';
import { createToken, revokeToken } from '../../src/hub/tokens.js';
import { encodeRepoCursor } from '../../src/service/list-cursor.js';
import { brainRepo, commitInvalidRevision, hubDir, record, serveTestHub, type TestHub } from './fixtures.js';
import { HUB_BACKEND } from './backend-kind.js';
import { openTestBrain } from '../helpers/brain.js';

let world: TestHub;
let hub: Hub;
let server: HubServer;
let alphaOnly: string;
let betaIds: string[];
let alphaCandidate: string;
let betaCandidate: string;

const get = (path: string, headers: Record<string, string> = { authorization: `Bearer ${alphaOnly}` }) => fetch(`${server.url}${path}`, { headers });
const body = async (path: string) => {
  const res = await get(path);
  return { status: res.status, json: (await res.json()) as any };
};

beforeAll(async () => {
  const alpha = await brainRepo('payments');
  const beta = await brainRepo('mobile');
  await record(alpha, 'payments', [{ kind: 'decision', fields: { title: 'Alpha decision', rationale: 'visible' } }]);
  betaIds = await record(beta, 'mobile', [
    { kind: 'blocker', fields: { title: 'Xylophone secret blocker', rationale: 'hidden from alpha tokens', payload: { severity: 'high' } } },
    { kind: 'decision', fields: { title: 'Beta decision newer', rationale: 'hidden' } },
  ]);
  commitInvalidRevision(beta, 'mobile');
  const propose = async (dir: string, projectId: string, title: string) => {
    const brain = await openTestBrain(dir, { projectId });
    try {
      return (await brain.candidates.byAgent('claude-code').propose({ kind: 'risk', fields: { title } })).candidate.candidate_id;
    } finally {
      await brain.close();
    }
  };
  alphaCandidate = await propose(alpha, 'payments', 'Alpha proposed risk');
  betaCandidate = await propose(beta, 'mobile', 'Xylophone proposed risk');
  world = await serveTestHub([['alpha', alpha], ['beta', beta]]);
  ({ hub, server } = world);
  alphaOnly = await world.readToken('alpha', ['alpha']);
});

afterAll(async () => {
  await world?.stop();
});

describe('hub token scope', () => {
  it('a hidden repository answers exactly like one that does not exist', async () => {
    for (const path of ['/api/entries?repo=', '/api/search?q=xylophone&repo=', '/api/problems?repo=', '/api/projects?repo=', '/api/brief?repo=']) {
      const hidden = await body(`${path}beta`);
      const missing = await body(`${path}zzz`);
      expect(hidden.status).toBe(404);
      expect(JSON.stringify(hidden.json).replaceAll('beta', 'X')).toBe(JSON.stringify(missing.json).replaceAll('zzz', 'X'));
    }
    const entry = await body(`/api/entries/beta/${betaIds[0]}`);
    const noEntry = await body(`/api/entries/zzz/${betaIds[0]}`);
    expect(entry.status).toBe(404);
    expect(JSON.stringify(entry.json).replaceAll('beta', 'X')).toBe(JSON.stringify(noEntry.json).replaceAll('zzz', 'X'));
    expect((await body(`/api/entries/beta/${betaIds[0]}/history`)).status).toBe(404);
  });

  it('a project only in a hidden repository answers exactly like one that exists nowhere', async () => {
    for (const path of ['/api/entries?project=', '/api/entries?kind=blocker&project=', '/api/search?q=xylophone&project=', '/api/brief?project=']) {
      const hidden = await body(`${path}mobile`);
      const missing = await body(`${path}nowhere`);
      expect([hidden.status, missing.status], path).toEqual([404, 404]);
      expect(hidden.json.error).toMatchObject({ code: 'not_found', hint: expect.stringMatching(/GET \/api\/projects/) });
      expect(JSON.stringify(hidden.json).replaceAll('mobile', 'X'), path).toBe(JSON.stringify(missing.json).replaceAll('nowhere', 'X'));
    }
    const narrow = (await createToken(hub.pool, { name: 'proj', scope: { repos: null, projects: ['payments'], capabilities: ['read'] } })).secret;
    const outside = await get('/api/entries?project=mobile', { authorization: `Bearer ${narrow}` });
    expect(outside.status).toBe(404); // in a readable repository, but outside the token's projects
    const empty = await body('/api/entries?project=payments&kind=blocker'); // the project exists: no match is an empty page
    expect([empty.status, empty.json.data]).toEqual([200, []]);
    expect((await body('/api/search?q=xylophone&project=payments')).json.data).toEqual([]);
  });

  it('lists, counts, facets, search, problems, projects and the brief never show the hidden repository', async () => {
    const list = await body('/api/entries?facets=repo');
    expect(list.json.data.map((e: any) => e.repo)).toEqual(['alpha']);
    expect(list.json.facets.repo).toEqual([{ repo: 'alpha', entries: 1 }]);
    expect((await body('/api/search?q=xylophone')).json.data).toEqual([]);
    expect((await body('/api/problems')).json.data).toEqual([]);
    expect((await body('/api/projects')).json.data.map((p: any) => p.repo)).toEqual(['alpha']);
    expect((await body('/api/repos')).json.data.map((r: any) => r.name)).toEqual(['alpha']);
    const brief = (await body('/api/brief')).json.data;
    expect(brief.markdown).not.toMatch(/beta|Xylophone|mobile/);
    const tampered = encodeRepoCursor({ recorded_at: '9999-12-31T00:00:00Z', entry_id: betaIds[1]!, repo: 'beta' });
    expect((await body(`/api/entries?cursor=${tampered}`)).json.data.map((e: any) => e.repo)).toEqual(['alpha']);
    expect((await body('/api/entries?cursor=garbage')).status).toBe(400);
  });

  it('cannot mint a wider token; can mint a narrower one, which dies with its parent', async () => {
    const mint = (token: string, scope: unknown) => fetch(`${server.url}/api/tokens`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(scope) });
    for (const wider of [{ repos: 'all', capabilities: ['read'] }, { repos: ['alpha', 'beta'], capabilities: ['read'] }, { repos: ['beta'], capabilities: ['read'] }, { repos: ['alpha'], capabilities: ['read', 'write'] }]) {
      const res = await mint(alphaOnly, wider);
      expect(res.status, JSON.stringify(wider)).toBe(403);
    }
    const scoped = (await createToken(hub.pool, { name: 'p', scope: { repos: ['alpha'], projects: ['payments'], capabilities: ['read'] } })).secret;
    expect((await mint(scoped, { repos: ['alpha'], projects: null, capabilities: ['read'] })).status).toBe(403);
    const child = await mint(alphaOnly, { name: 'child', repos: ['alpha'], projects: ['payments'], capabilities: ['read'] });
    expect(child.status).toBe(201);
    const { token, secret } = (await child.json()).data;
    expect(token.parent_id).toMatch(/^tok_/);
    expect((await get('/api/entries', { authorization: `Bearer ${secret}` })).status).toBe(200);
    const parent = await createToken(hub.pool, { name: 'parent', scope: { repos: ['alpha'], projects: null, capabilities: ['read'] } });
    const grandchild = await (await mint(parent.secret, { repos: ['alpha'], capabilities: ['read'] })).json();
    await revokeToken(hub.pool, parent.token.id);
    expect((await get('/api/entries', { authorization: `Bearer ${parent.secret}` })).status).toBe(401);
    expect((await get('/api/entries', { authorization: `Bearer ${grandchild.data.secret}` })).status).toBe(401);
  });

  it('refuses missing, foreign and malformed credentials with one 401', async () => {
    const other = await openHub({ db: await world.pg.createDatabase(), dir: hubDir(), backend: HUB_BACKEND });
    const foreign = (await createToken(other.pool, { name: 'x', scope: { repos: null, projects: null, capabilities: ['read'] } })).secret;
    await other.close();
    // Refused as the daemon refuses (src/service/bearer-auth.ts, one helper below both): one
    // message, the RFC 6750 challenge saying only what the client sent.
    const forms: [HeadersInit, string, string][] = [
      [{}, 'missing', 'Bearer realm="brain"'],
      [{ authorization: `Bearer ${foreign}` }, 'invalid', 'Bearer realm="brain", error="invalid_token"'],
      [{ authorization: `Bearer ${alphaOnly}x` }, 'invalid', 'Bearer realm="brain", error="invalid_token"'],
      [{ authorization: `Bearer  ${alphaOnly.slice(0, -1)}` }, 'invalid', 'Bearer realm="brain", error="invalid_token"'],
      [{ authorization: `Basic ${alphaOnly}` }, 'malformed', 'Bearer realm="brain", error="invalid_request"'],
      [{ authorization: `Bearer ${alphaOnly} ${alphaOnly}` }, 'malformed', 'Bearer realm="brain", error="invalid_request"'],
      [{ authorization: 'Bearer' }, 'malformed', 'Bearer realm="brain", error="invalid_request"'],
      [{ authorization: `${alphaOnly}` }, 'malformed', 'Bearer realm="brain", error="invalid_request"'],
      [[['authorization', `Bearer ${alphaOnly}`], ['authorization', `Bearer ${alphaOnly}`]], 'malformed', 'Bearer realm="brain", error="invalid_request"'],
    ];
    for (const [headers, reason, challenge] of forms) {
      const res = await fetch(`${server.url}/api/repos`, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.headers.get('www-authenticate'), JSON.stringify(headers)).toBe(challenge);
      expect((await res.json()).error).toMatchObject({ code: 'unauthorized', message: 'a valid hub token is required', hint: expect.any(String), data: { reason } });
    }
    expect((await fetch(`${server.url}/api/repos?access_token=${alphaOnly}`)).status).toBe(401);
    expect((await get('/api/repos', { authorization: `bearer ${alphaOnly}` })).status).toBe(200);
    expect((await fetch(`${server.url}/mcp`, { method: 'POST', body: '{}' })).status).toBe(401);
  });

  it('MCP tools over Streamable HTTP carry the scope of the request token', async () => {
    const client = new Client({ name: 'hub-test', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${alphaOnly}` } } }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['brain_candidates', 'brain_context', 'brain_get', 'brain_history', 'brain_list', 'brain_projects', 'brain_search', 'brain_status']);
      const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
      const list = await call('brain_list', { by_repo: true });
      expect((list.structuredContent as any).entries.map((e: any) => e.repo)).toEqual(['alpha']);
      expect((list.structuredContent as any).by_repo).toEqual([{ repo: 'alpha', entries: 1 }]);
      expect((await call('brain_search', { query: 'xylophone' })).structuredContent).toMatchObject({ count: 0 });
      const hidden = await call('brain_get', { repo: 'beta', entry_id: betaIds[0]! });
      expect(hidden.isError).toBe(true);
      expect((hidden.structuredContent as any).error.code).toBe('not_found');
      expect((hidden.structuredContent as any).error.hint).toMatch(/brain_status/); // a hub repository, not a clone's id prefix
      const missing = await call('brain_get', { repo: 'zzz', entry_id: betaIds[0]! });
      expect(JSON.stringify(missing.structuredContent).replaceAll('zzz', 'X')).toBe(JSON.stringify(hidden.structuredContent).replaceAll('beta', 'X'));
      const noProject = await call('brain_list', { project: 'mobile' });
      expect((noProject.structuredContent as any).error).toMatchObject({ code: 'not_found', hint: expect.stringMatching(/brain_projects/) });
      expect(JSON.stringify(noProject.structuredContent).replaceAll('mobile', 'X')).toBe(JSON.stringify((await call('brain_search', { query: 'xylophone', project: 'nowhere' })).structuredContent).replaceAll('nowhere', 'X'));
      const status = (await call('brain_status', {})).structuredContent as any;
      expect(status.repos.map((r: any) => r.name)).toEqual(['alpha']);
      expect(status.problems).toEqual([]);
      expect(((await call('brain_context', {})).structuredContent as any).markdown).not.toMatch(/Xylophone/);
      // brain_candidates (issue #22: the clone's tool over the hub's reader) sees alpha's candidates only.
      const candidates = (await call('brain_candidates', { status: 'all' })).structuredContent as any;
      expect(candidates.candidates.map((c: any) => [c.repo, c.candidate_id])).toEqual([['alpha', alphaCandidate]]);
      const one = (await call('brain_candidates', { repo: 'alpha', candidate_id: alphaCandidate.slice(0, 11) })).structuredContent as any;
      expect(one.candidates.map((c: any) => [c.repo, c.candidate_id, c.review.compared.length >= 0])).toEqual([['alpha', alphaCandidate, true]]);
      const hiddenCandidate = await call('brain_candidates', { repo: 'beta', candidate_id: betaCandidate });
      expect((hiddenCandidate.structuredContent as any).error.code).toBe('not_found');
      const missingCandidate = await call('brain_candidates', { repo: 'zzz', candidate_id: betaCandidate });
      expect(JSON.stringify(missingCandidate.structuredContent).replaceAll('zzz', 'X')).toBe(JSON.stringify(hiddenCandidate.structuredContent).replaceAll('beta', 'X'));
      expect(((await call('brain_candidates', { candidate_id: alphaCandidate })).structuredContent as any).error).toMatchObject({ code: 'invalid_argument', hint: expect.stringMatching(/repo/) });
    } finally {
      await client.close();
    }
  });
});
