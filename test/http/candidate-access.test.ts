/**
 * Who may do what over MCP on the daemon (Streamable HTTP; issue #20, docs/decisions/0042),
 * with each capability: the guest (no token), a `read` token, the default token (`read,
 * propose`), a `write` token and an `approve` token. Each may do exactly what its
 * capabilities say — listed tools, refusals (`unauthorized` for the guest, `forbidden`
 * otherwise) with nothing written — and no token approves what it proposed, nor does the same
 * agent on another surface (`brain mcp --agent <token name>`). The REST API reads
 * candidates; it never writes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { httpGet, httpRequest, killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';
import { errorOf, startMcp } from '../mcp/mcp-client.js';

let dir: string;
let d: DaemonProcess;
const secrets: Record<string, string> = {};
const tip = () => git(dir, ['rev-parse', 'brain']);

async function connect(bearer?: string): Promise<Client> {
  const client = new Client({ name: 'candidate-access-test', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${d.port}/mcp`), { requestInit: { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} } }));
  await client.listTools(); // results are validated against each outputSchema from now on
  return client;
}
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const sc = (r: CallToolResult) => r.structuredContent as any;

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  expect(brain(dir, ['add', 'decision', '--title', 'Use SQLite for the cache']).code).toBe(0);
  d = await startDaemonProcess(dir);
  secrets.default = readFileSync(join(dir, '.git', 'brain', 'token'), 'utf8').trim();
  for (const [name, caps] of [['reader', 'read'], ['writer', 'read,write'], ['lead', 'read,propose,approve']] as const) {
    const created = brain(dir, ['--json', 'daemon', 'token', 'create', '--name', name, '--capabilities', caps]);
    expect(created.code, created.stderr).toBe(0);
    secrets[name] = created.json().secret;
  }
  expect(brain(dir, ['--json', 'daemon', 'token', 'list']).json().map((t: any) => [t.name, t.capabilities.join(',')])).toEqual([
    ['daemon', 'read,propose'], ['lead', 'read,propose,approve'], ['reader', 'read'], ['writer', 'read,write'],
  ]);
});
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

describe('MCP over HTTP, capability by capability', () => {
  it('lists for each caller exactly what it may use, and refuses the rest with nothing written', async () => {
    const expectations: [string, string | undefined, { listed: string[]; unlisted: string[]; refused: Record<string, string> }][] = [
      ['guest', undefined, { listed: ['brain_candidates', 'brain_propose', 'brain_append'], unlisted: ['brain_approve', 'brain_reject'], refused: { brain_propose: 'unauthorized', brain_append: 'unauthorized', brain_approve: 'unauthorized' } }],
      ['reader', secrets.reader, { listed: ['brain_candidates'], unlisted: ['brain_propose', 'brain_append', 'brain_approve'], refused: { brain_propose: 'forbidden', brain_append: 'forbidden', brain_approve: 'forbidden' } }],
      ['default', secrets.default, { listed: ['brain_candidates', 'brain_propose'], unlisted: ['brain_append', 'brain_approve', 'brain_reject'], refused: { brain_append: 'forbidden', brain_approve: 'forbidden', brain_reject: 'forbidden' } }],
      ['writer', secrets.writer, { listed: ['brain_append'], unlisted: ['brain_propose', 'brain_approve'], refused: { brain_propose: 'forbidden', brain_approve: 'forbidden' } }],
      ['lead', secrets.lead, { listed: ['brain_propose', 'brain_approve', 'brain_reject'], unlisted: ['brain_append'], refused: { brain_append: 'forbidden' } }],
    ];
    const args: Record<string, Record<string, unknown>> = {
      brain_propose: { entry_kind: 'risk', title: 'Must not be proposed' },
      brain_append: { entry_kind: 'risk', title: 'Must not be written' },
      brain_approve: { candidate_id: 'cand-0000' },
      brain_reject: { candidate_id: 'cand-0000', reason: 'no' },
    };
    const before = tip();
    for (const [who, secret, e] of expectations) {
      const client = await connect(secret);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        for (const name of e.listed) expect(names, `${who} lists ${name}`).toContain(name);
        for (const name of e.unlisted) expect(names, `${who} does not list ${name}`).not.toContain(name);
        for (const [tool, code] of Object.entries(e.refused)) {
          const r = await call(client, tool, args[tool]!);
          expect(r.isError, `${who} ${tool}`).toBe(true);
          expect(sc(r).error.code, `${who} ${tool}`).toBe(code);
        }
        expect(sc(await call(client, 'brain_candidates', {})).count, who).toBe(0);
      } finally {
        await client.close();
      }
    }
    expect(tip()).toBe(before);
  });

  it('the default token proposes; the approve token approves and rejects, never its own proposal; the writer writes', async () => {
    const agent = await connect(secrets.default);
    const lead = await connect(secrets.lead);
    const writer = await connect(secrets.writer);
    try {
      const proposed = sc(await call(agent, 'brain_propose', { entry_kind: 'risk', title: 'Quokka tokens leak into logs' })).candidate;
      expect(proposed).toMatchObject({ agent: 'daemon', status: 'pending' });
      const other = sc(await call(agent, 'brain_propose', { entry_kind: 'blocker', title: 'Quokka CI is red' })).candidate;
      const approved = sc(await call(lead, 'brain_approve', { candidate_id: proposed.candidate_id, action: 'accept' }));
      expect(approved.entries[0]).toMatchObject({ agent: 'lead', approval: { proposed_by: { agent: 'daemon' }, approved_by: { agent: 'lead' } } });
      expect(sc(await call(lead, 'brain_reject', { candidate_id: other.candidate_id, reason: 'flaky, not a blocker' })).candidate.status).toBe('rejected');
      const own = sc(await call(lead, 'brain_propose', { entry_kind: 'risk', title: 'Lead risk' })).candidate;
      const before = tip();
      const self = await call(lead, 'brain_approve', { candidate_id: own.candidate_id });
      expect(sc(self).error).toMatchObject({ code: 'forbidden', data: { reason: 'self_approval' } });
      expect(tip()).toBe(before);
      expect(sc(await call(writer, 'brain_append', { entry_kind: 'risk', title: 'Written directly' })).entry).toMatchObject({ agent: 'writer' });
      git(dir, ['fsck', '--strict']);
    } finally {
      await Promise.all([agent.close(), lead.close(), writer.close()]);
    }
  });

  it('REST reads candidates (by status, one by id or prefix) with ETags, and refuses to write them', async () => {
    const all = await httpGet(d.port, '/api/projects/demo/candidates?status=all');
    expect(all.status).toBe(200);
    const data = all.json().data as any[];
    expect(data.map((c) => c.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    const pending = await httpGet(d.port, '/api/projects/demo/candidates');
    expect(pending.json().data.map((c: any) => c.proposal.title)).toEqual(['Lead risk']);
    const id = pending.json().data[0].candidate_id as string;
    const one = await httpGet(d.port, `/api/projects/demo/candidates/${id.slice(0, 10)}`);
    expect(one.json().data).toMatchObject({ candidate_id: id, review: { compared: expect.any(Array) } });
    const again = await httpRequest(d.port, `/api/projects/demo/candidates/${id.slice(0, 10)}`, { headers: { 'if-none-match': one.headers.etag as string } });
    expect(again.status).toBe(304);
    expect((await httpGet(d.port, '/api/projects/demo/candidates?status=maybe')).status).toBe(400);
    expect((await httpGet(d.port, '/api/projects/demo/candidates/cand-zzzzzzzzzzzz')).json().error.code).toBe('not_found');
    const post = await httpRequest(d.port, '/api/projects/demo/candidates', { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
    expect((await httpGet(d.port, '/api/projects/demo/brain')).json().data.map((e: any) => e.title)).not.toContain('Lead risk');
  });

  it('an agent is one identity across surfaces: what the daemon token proposed over HTTP, `brain mcp --agent daemon` may not approve; the person may', async () => {
    const agent = await connect(secrets.default);
    const proposed = sc(await call(agent, 'brain_propose', { entry_kind: 'risk', title: 'Wombat cache keys collide' })).candidate.candidate_id as string;
    await agent.close();
    const stdio = await startMcp(dir, ['--agent', 'daemon', '--capabilities', 'read,approve']);
    const before = tip();
    try {
      expect(errorOf(await stdio.call('brain_approve', { candidate_id: proposed }))).toMatchObject({ code: 'forbidden', data: { reason: 'self_approval', identity: { type: 'agent', name: 'daemon' } } });
    } finally {
      await stdio.close();
    }
    expect(tip()).toBe(before);
    const approved = brain(dir, ['--json', 'approve', proposed]); // test-agent, the person the daemon agent wrote for
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.json().entries[0]).toMatchObject({ approval: { proposed_by: { agent: 'daemon' }, approved_by: { author: 'test-agent' } } });
  });
});
