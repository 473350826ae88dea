/**
 * `/mcp` on the real daemon process (issue #3): the SDK's real Client over
 * StreamableHTTPClientTransport, stateless; write tools refused without a bearer token and
 * accepted with the one from `.git/brain/token`; a wrong token is 401 before any MCP message
 * (issue #17; more in agent-writes.test.ts); POST only; `--read-only` hides writes.
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

let dir: string;
let d: DaemonProcess;
let token: string;

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  expect(brain(dir, ['add', 'decision', '--title', 'Serve MCP from the daemon']).code).toBe(0);
  d = await startDaemonProcess(dir);
  token = readFileSync(join(dir, '.git', 'brain', 'token'), 'utf8').trim();
});
afterAll(async () => {
  await d?.stop();
  killDaemons();
  cleanupTempDirs();
});

async function connect(port: number, bearer?: string): Promise<Client> {
  const client = new Client({ name: 'daemon-test', version: '0.0.0' });
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers } }));
  return client;
}

describe('/mcp on the daemon', () => {
  it('lists tools, runs a read tool, refuses writes without the token and accepts them with it', async () => {
    const anonymous = await connect(d.port);
    await expect(connect(d.port, 'not-the-token')).rejects.toThrow(/401|unauthorized/);
    const admin = await connect(d.port, token);
    try {
      const names = (await anonymous.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['brain_get', 'brain_list', 'brain_search', 'brain_context', 'brain_append']));
      const listed = (await anonymous.callTool({ name: 'brain_list', arguments: {} })) as CallToolResult;
      expect(listed.isError).toBeFalsy();
      expect(JSON.stringify(listed.structuredContent)).toContain('Serve MCP from the daemon');

      const tip = () => git(dir, ['rev-parse', 'brain']);
      const before = tip();
      const denied = (await anonymous.callTool({ name: 'brain_append', arguments: { kind: 'risk', title: 'Written over HTTP' } })) as CallToolResult;
      expect(denied.isError).toBe(true);
      expect((denied.structuredContent as any).error.code).toBe('unauthorized');
      expect(tip()).toBe(before);

      // Refusals of well-formed calls are isError results with the coded error, over HTTP too
      // (the client has listed the tools, so it validates them against each outputSchema).
      await admin.listTools();
      const refused = (await admin.callTool({ name: 'brain_append', arguments: { entry_kind: 'risk', title: 'x', status: 'resolved' } })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect((refused.structuredContent as any).error).toMatchObject({ code: 'illegal_status', hint: expect.any(String) });
      const missing = (await admin.callTool({ name: 'brain_get', arguments: { entry_id: 'dec-zzzzzzzzzzzz' } })) as CallToolResult;
      expect((missing.structuredContent as any).error.code).toBe('not_found');
      expect(tip()).toBe(before);

      const ok = (await admin.callTool({ name: 'brain_append', arguments: { entry_kind: 'risk', title: 'Written over HTTP' } })) as CallToolResult;
      expect(ok.isError).toBeFalsy();
      const id = (ok.structuredContent as any).entry.entry_id as string;
      expect(tip()).not.toBe(before);
      const rest = await httpGet(d.port, `/api/projects/demo/brain/${id}`);
      expect(rest.json().data).toMatchObject({ title: 'Written over HTTP', author: 'test-agent', agent: 'daemon' });
    } finally {
      await Promise.all([anonymous.close(), admin.close()]);
    }
  });

  it('is POST only and stateless: GET and DELETE are 405, no session id is issued', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const r = await httpRequest(d.port, '/mcp', { method, headers: { accept: 'text/event-stream, application/json' } });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('POST');
    }
    const init = await httpRequest(d.port, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } } }),
    });
    expect(init.status).toBe(200);
    expect(init.headers['mcp-session-id']).toBeUndefined();
    expect(init.json().result.serverInfo.name).toBe('project-brain');
  });

  it('a --read-only daemon hides the write tools', async () => {
    await d.stop();
    const ro = await startDaemonProcess(dir, ['--read-only']);
    try {
      expect(ro.events().find((e) => e.event === 'start')?.mcp_writes).toBe('hidden');
      const client = await connect(ro.port, token);
      try {
        const names = (await client.listTools()).tools.map((t) => t.name);
        expect(names).toContain('brain_get');
        expect(names).not.toContain('brain_append');
      } finally {
        await client.close();
      }
    } finally {
      await ro.stop();
    }
  });
});
