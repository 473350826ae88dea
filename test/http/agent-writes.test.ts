/**
 * Issue #17 "A wrong token is refused, and every write says who made it", on the real daemon
 * process (port 0) with the SDK's real Client over Streamable HTTP:
 *
 * - a request presenting a token that matches none, or a malformed Authorization header, is
 *   401 with a coded JSON error and `WWW-Authenticate: Bearer …` on every route, and writes
 *   nothing; only a request without Authorization is the read-only guest;
 * - a write made with a named token (`brain daemon token create --name claude-code`) records
 *   the agent (the token's name) and the person (the repository's git user) in the revision
 *   file and the commit (author header + `Brain-Agent:` trailer, `git fsck --strict` clean),
 *   readable in `brain show`, `brain history` (human and --json), the dashboard entry page
 *   (escaped) and `brain review`; revoking the token refuses it at once; older revisions without
 *   the field keep their bytes and verify.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { httpGet, httpRequest, killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';

const PERSON = "Ada O'Neil & Bo";
let dir: string;
let d: DaemonProcess;
let defaultToken: string;
let oldId: string;

async function connect(bearer?: string): Promise<Client> {
  const client = new Client({ name: 'agent-writes-test', version: '0.0.0' });
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${d.port}/mcp`), { requestInit: { headers } }));
  await client.listTools(); // later calls are validated against each outputSchema
  return client;
}

const tip = () => git(dir, ['rev-parse', 'brain']);
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

beforeAll(async () => {
  dir = initRepo();
  git(dir, ['config', 'user.name', PERSON]);
  git(dir, ['config', 'user.email', 'ada@example.invalid']);
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  const added = brain(dir, ['--json', 'add', 'decision', '--title', 'Written by a person before agents were named']);
  expect(added.code).toBe(0);
  oldId = added.json().entry_id;
  // The person is the repository's git user: no BRAIN_AUTHOR for the daemon.
  d = await startDaemonProcess(dir, [], { env: { BRAIN_AUTHOR: '' } });
  defaultToken = readFileSync(join(dir, '.git', 'brain', 'token'), 'utf8').trim();
});
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

describe('a wrong token is refused', () => {
  const routes: [string, string, string?][] = [
    ['GET', '/api/health'],
    ['GET', '/api/projects/demo/brain'],
    ['GET', '/'],
    ['GET', '/projects/demo'],
    ['GET', '/no/such/route'],
    ['POST', '/mcp', JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'brain_append', arguments: { entry_kind: 'risk', title: 'Must not be written' } } })],
    ['POST', '/cli/read', JSON.stringify({ branch: 'brain', project: null, call: { command: 'list', args: {} } })],
  ];

  it('is 401 with a coded JSON error and WWW-Authenticate on every route, and writes nothing', async () => {
    const before = tip();
    for (const [method, path, body] of routes) {
      const r = await httpRequest(d.port, path, { method, headers: { authorization: 'Bearer nope', 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, ...(body ? { body } : {}) });
      expect(r.status, `${method} ${path}`).toBe(401);
      expect(r.headers['www-authenticate'], path).toBe('Bearer realm="brain", error="invalid_token"');
      expect(r.json().error, path).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('matches no token'), hint: expect.stringContaining('brain daemon token create'), data: { reason: 'invalid' } });
    }
    expect(tip()).toBe(before);
  });

  it('refuses malformed Authorization headers the same way: another scheme, no token, two tokens, two headers', async () => {
    const forms: (string | string[])[] = ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer ', `Bearer ${defaultToken} ${defaultToken}`, defaultToken, [`Bearer ${defaultToken}`, `Bearer ${defaultToken}`], `Bearer ${defaultToken},x`];
    for (const authorization of forms) {
      const r = await httpRequest(d.port, '/api/projects/demo/brain', { headers: { authorization } as unknown as Record<string, string> });
      expect(r.status, JSON.stringify(authorization)).toBe(401);
      expect(r.headers['www-authenticate']).toBe('Bearer realm="brain", error="invalid_request"');
      expect(r.json().error).toMatchObject({ code: 'unauthorized', hint: expect.any(String), data: { reason: 'malformed' } });
    }
    // The scheme is case-insensitive (RFC 9110 §11.1); no header at all is the read-only guest.
    expect((await httpGet(d.port, '/api/projects/demo/brain', { authorization: `bEaReR ${defaultToken}` })).status).toBe(200);
    expect((await httpGet(d.port, '/api/projects/demo/brain')).status).toBe(200);
  });

  it('an MCP client with a wrong token cannot even initialize; the guest reads but cannot write', async () => {
    const before = tip();
    await expect(connect('nope')).rejects.toMatchObject({ code: 401, message: expect.stringContaining('unauthorized') });
    const guest = await connect();
    try {
      expect((await call(guest, 'brain_list', {})).isError).toBeFalsy();
      const denied = await call(guest, 'brain_append', { entry_kind: 'risk', title: 'Must not be written' });
      expect((denied.structuredContent as any).error.code).toBe('unauthorized');
    } finally {
      await guest.close();
    }
    expect(tip()).toBe(before);
  });
});

describe('every write says who made it', () => {
  let secret: string;
  let id: string;
  let base: string;

  it('a named token writes as its agent for the repository user, in the revision file and the commit', async () => {
    // An agent's token proposes unless its creator grants write (issue #20): this one may write.
    const created = brain(dir, ['--json', 'daemon', 'token', 'create', '--name', 'claude-code', '--capabilities', 'read,write']);
    expect(created.code).toBe(0);
    secret = created.json().secret;
    expect(created.json().token).toMatchObject({ name: 'claude-code', capabilities: ['read', 'write'], default: false });
    expect(brain(dir, ['--json', 'daemon', 'token', 'list']).json().map((t: any) => t.name)).toEqual(['daemon', 'claude-code']);
    expect(readFileSync(join(dir, '.git', 'brain', 'tokens.json'), 'utf8')).not.toContain(secret);

    base = tip();
    const oldFile = git(dir, ['ls-tree', '-r', '--name-only', 'brain']).split('\n').find((p) => p.includes(`${oldId}/r0001-`)) as string;
    const oldBytes = git(dir, ['show', `brain:${oldFile}`]);
    const agent = await connect(secret);
    try {
      const written = await call(agent, 'brain_append', { entry_kind: 'decision', title: 'Cache the projection per clone', rationale: 'Fast reads.' });
      expect(written.isError).toBeFalsy();
      id = (written.structuredContent as any).entry.entry_id;
      expect((written.structuredContent as any).entry).toMatchObject({ author: PERSON, agent: 'claude-code' });
      const revised = await call(agent, 'brain_revise', { entry_id: oldId, rationale: 'Revised by the agent.', expected_revision: 1 });
      expect((revised.structuredContent as any).entry).toMatchObject({ revision: 2, author: PERSON, agent: 'claude-code' });
      const got = await call(agent, 'brain_get', { entry_id: id });
      expect((got.structuredContent as any).entry.agent).toBe('claude-code');
      const history = await call(agent, 'brain_history', { entry_id: oldId });
      expect((history.structuredContent as any).revisions.map((r: any) => r.agent)).toEqual([undefined, 'claude-code']);
    } finally {
      await agent.close();
    }

    const file = git(dir, ['ls-tree', '-r', '--name-only', 'brain']).split('\n').find((p) => p.includes(`${id}/r0001-`)) as string;
    const revision = JSON.parse(git(dir, ['show', `brain:${file}`]));
    expect(revision).toMatchObject({ author: PERSON, agent: 'claude-code' });
    // The revision written before keeps its bytes (no agent member), and still verifies.
    expect(git(dir, ['show', `brain:${oldFile}`])).toBe(oldBytes);
    expect(JSON.parse(oldBytes)).not.toHaveProperty('agent');

    const message = git(dir, ['log', '-1', '--format=%B', 'brain']);
    // One trailer paragraph: the revise was guarded (expected_revision 1), so it names that too (decision 0063).
    expect(message).toMatch(new RegExp(`^brain: revise ${oldId} r2 — .*\\n\\nBrain-Expected-Revision: ${oldId} r1\\nBrain-Agent: claude-code\\n?$`));
    expect(git(dir, ['log', '-1', '--format=%an', 'brain'])).toBe(PERSON);
    expect(git(dir, ['log', '-1', '--format=%cn', 'brain'])).toBe('Brain Test'); // who runs the daemon (its git identity)
    expect(git(dir, ['log', '--format=%(trailers:key=Brain-Agent,valueonly)', `${base}..brain`]).split('\n').filter(Boolean)).toEqual(['claude-code', 'claude-code']);
    git(dir, ['fsck', '--strict']);
    expect(brain(dir, ['verify']).code).toBe(0);
  });

  it('brain show, brain history (human and --json) and brain review say it', () => {
    const show = brain(dir, ['show', id]);
    expect(show.stdout).toContain(`by claude-code for ${PERSON}`);
    const history = brain(dir, ['history', oldId]);
    expect(history.stdout).toMatch(/\bBY\b/);
    expect(history.stdout).toContain(`claude-code for ${PERSON}`);
    const json = brain(dir, ['--json', 'history', oldId]).json();
    expect(json.map((e: any) => [e.author, e.agent])).toEqual([['test-agent', undefined], [PERSON, 'claude-code']]);
    const review = brain(dir, ['review', `${base}..brain`]);
    expect(review.code).toBe(0);
    expect(review.stdout).toContain('by claude-code for Ada O');
    expect(JSON.stringify(brain(dir, ['--json', 'review', `${base}..brain`]).json())).toContain(`"author":${JSON.stringify(PERSON)},"agent":"claude-code"`);
  });

  it('the dashboard entry page shows the agent and the person, escaped', async () => {
    const page = await httpGet(d.port, `/projects/demo/entries/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('agent <strong class="agent">claude-code</strong> for <strong>Ada O&#39;Neil &amp; Bo</strong>');
    expect(page.body).toContain('<dt>Agent</dt><dd class="agent">claude-code');
    expect(page.body).not.toContain(PERSON);
  });

  it('revoking the token refuses it at once, on the running daemon', async () => {
    expect(brain(dir, ['daemon', 'token', 'revoke', 'claude-code']).code).toBe(0);
    await expect(connect(secret)).rejects.toMatchObject({ code: 401, message: expect.stringContaining('unauthorized') });
    expect(brain(dir, ['--json', 'daemon', 'token', 'list']).json().map((t: any) => t.name)).toEqual(['daemon']);
  });

  it('the default token proposes as the daemon, and may not write entries (issue #20)', async () => {
    const client = await connect(defaultToken);
    try {
      const before = tip();
      const denied = await call(client, 'brain_append', { entry_kind: 'risk', title: 'Written with the default token' });
      expect((denied.structuredContent as any).error).toMatchObject({ code: 'forbidden', data: { capability: 'write', capabilities: ['read', 'propose'] } });
      expect(tip()).toBe(before);
      const proposed = await call(client, 'brain_propose', { entry_kind: 'risk', title: 'Proposed with the default token' });
      expect((proposed.structuredContent as any).candidate).toMatchObject({ author: PERSON, agent: 'daemon', proposed_by: { author: PERSON, agent: 'daemon' } });
    } finally {
      await client.close();
    }
    expect(git(dir, ['log', '-1', '--format=%(trailers:key=Brain-Agent,valueonly)', 'brain']).trim()).toBe('daemon');
  });

  it('token names are agent names: hostile ones are refused before anything is written', () => {
    for (const name of ['Claude Code', 'x\nBrain-Agent: root', 'a'.repeat(65), '-x', 'daemon', '<b>']) {
      const r = brain(dir, ['--json', 'daemon', 'token', 'create', '--name', name]);
      expect(r.code, name).toBe(2);
      expect(r.errorJson().error.code).toBe('invalid_argument');
    }
    expect(brain(dir, ['--json', 'daemon', 'token', 'list']).json().map((t: any) => t.name)).toEqual(['daemon']);
  });
});
