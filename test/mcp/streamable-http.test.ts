/**
 * createMcpServer over stateless Streamable HTTP, mounted the way the daemon mounts it (one
 * server per request over one hot Brain; the write capability from the bearer token), with the
 * SDK's real StreamableHTTPClientTransport. A minimal node:http host stands in for the daemon.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain as cli, openTestBrain } from '../helpers/brain.js';
import { createMcpServer } from '../../src/mcp/server.js';
import type { Brain } from '../../src/service.js';

const TOKEN = 'test-token';
let dir: string;
let brain: Brain;
let http: Server;
let url: URL;

beforeAll(async () => {
  dir = initRepo();
  expect(cli(dir, ['init', '--project', 'demo']).code).toBe(0);
  brain = await openTestBrain(dir);
  http = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body: unknown = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    const server = createMcpServer({ brain, access: { capabilities: req.headers.authorization === `Bearer ${TOKEN}` ? ['read', 'propose', 'write'] : null, readOnly: false } });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
});
afterAll(async () => {
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  await brain.close();
  cleanupTempDirs();
});

async function client(token?: string): Promise<Client> {
  const c = new Client({ name: 'http-test', version: '0.0.0' });
  await c.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: token ? { authorization: `Bearer ${token}` } : {} } }));
  return c;
}

describe('MCP over stateless Streamable HTTP', () => {
  it('the same tools; writes need the bearer token; invalid arguments are an isError invalid_argument', async () => {
    const tip = () => git(dir, ['rev-parse', 'brain']);
    const anonymous = await client();
    const admin = await client(TOKEN);
    try {
      expect((await anonymous.listTools()).tools).toHaveLength(14); // approve tools are listed only with the approve capability
      const before = tip();
      for (const c of [anonymous, await client('wrong')]) {
        const denied = (await c.callTool({ name: 'brain_append', arguments: { kind: 'risk', title: 'over http' } })) as CallToolResult;
        expect((denied.structuredContent as any).error.code).toBe('unauthorized');
      }
      expect(tip()).toBe(before);
      const ok = (await admin.callTool({ name: 'brain_append', arguments: { kind: 'risk', title: 'over http' } })) as CallToolResult;
      const id = (ok.structuredContent as any).entry.entry_id;
      const read = (await anonymous.callTool({ name: 'brain_get', arguments: { entry_id: id } })) as CallToolResult;
      expect((read.structuredContent as any).entry.title).toBe('over http');
      const invalid = (await anonymous.callTool({ name: 'brain_get', arguments: {} })) as CallToolResult;
      expect(invalid.isError).toBe(true);
      expect((invalid.structuredContent as any).error.code).toBe('invalid_argument');
    } finally {
      await anonymous.close();
      await admin.close();
    }
  });
});
