/**
 * Issue #17 "No input reaches `internal`" on the hub (real PostgreSQL, real HTTP on port 0):
 * a webhook upload the client cuts off was logged as `500 internal`; it is the client's abort,
 * logged as 499 `client_closed_request`. A blank `repo` or `project` narrowing can never match
 * and is a 400 on REST and an `invalid_argument` tool error over MCP, like every blank filter.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { brainRepo, pollUntil, record, serveTestHub, type TestHub } from './fixtures.js';

let world: TestHub;
let token: string;
const logged: Record<string, unknown>[] = [];

beforeAll(async () => {
  const dir = await brainRepo('payments');
  await record(dir, 'payments', [{ kind: 'decision', fields: { title: 'Use idempotency keys', tags: ['billing'] } }]);
  world = await serveTestHub([['alpha', dir]], { webhookSecret: 'webhook-secret-for-tests', log: (event, fields) => logged.push({ event, ...fields }) });
  token = await world.readToken('reader', null);
}, 120_000);
afterAll(async () => {
  await world?.stop();
});

/** Sends the head of a webhook POST and `sent` bytes of its body, then cuts the connection. */
function cutUpload(port: number, framing: 'length' | 'chunked'): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const head = `POST /hooks/git HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n${framing === 'length' ? 'Content-Length: 100000' : 'Transfer-Encoding: chunked'}\r\n\r\n`;
      socket.write(head + (framing === 'length' ? '{"repo": "al' : 'c\r\n{"repo": "al\r\n'), () => setTimeout(() => socket.destroy(), 100));
    });
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}

describe('a webhook upload the client cuts off', () => {
  it('is logged as the client abort (499 client_closed_request), never as 500 internal', async () => {
    for (const framing of ['length', 'chunked'] as const) {
      const before = logged.length;
      await cutUpload(world.server.port, framing);
      const line = await pollUntil(`the log line of the ${framing} upload`, async () => logged.slice(before).find((l) => l.path === '/hooks/git'));
      expect(line, framing).toMatchObject({ event: 'request_error', method: 'POST', status: 499, code: 'client_closed_request' });
      expect(line.stack, framing).toBeUndefined();
    }
    expect(logged.filter((l) => l.status === 500 || l.code === 'internal')).toEqual([]);
    // The hub still serves.
    const res = await fetch(`${world.server.url}/api/repos`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});

describe('a blank repo or project narrowing is refused', () => {
  const get = (path: string) => fetch(`${world.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  it('over REST: 400 invalid_argument on every route that narrows (was 404, or an empty list for problems)', async () => {
    for (const path of ['/api/entries?project=', '/api/entries?project=%20', '/api/entries?repo=%20', '/api/search?q=keys&project=%20', '/api/problems?project=', '/api/projects?repo=', '/api/brief?project=%09', '/api/entries?tag=', '/api/entries?limit=1e3']) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { error: { code: string; hint: string } }).error, path).toMatchObject({ code: 'invalid_argument', hint: expect.any(String) });
    }
    expect((await get('/api/entries?project=payments')).status).toBe(200);
  });

  it('over MCP: an invalid_argument tool error', async () => {
    const client = new Client({ name: 'hub-hostile', version: '0.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${world.server.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      for (const [name, args] of [['brain_list', { project: ' ' }], ['brain_search', { query: 'keys', project: '  ' }], ['brain_context', { project: '\t' }], ['brain_list', { tag: ' ' }]] as const) {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
        expect((result.structuredContent as { error: { code: string } }).error.code, name).toBe('invalid_argument');
      }
    } finally {
      await client.close();
    }
  });
});
