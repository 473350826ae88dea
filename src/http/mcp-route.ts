/**
 * `/mcp`: MCP over Streamable HTTP (MCP spec 2025-06-18, "Transports"), stateless: every POST
 * gets a fresh server and transport (`sessionIdGenerator: undefined`, no `Mcp-Session-Id`),
 * answered as one JSON response (`enableJsonResponse`), then both are closed. The transport is
 * the SDK's `WebStandardStreamableHTTPServerTransport` — the implementation the Node
 * `StreamableHTTPServerTransport` wraps — because Hono already hands us a web `Request`.
 *
 * - POST only: the spec lets a server without a standalone SSE stream answer GET with 405, and
 *   there is no session to DELETE, so GET/DELETE/… are 405 with `Allow: POST`.
 * - Capability (DESIGN §6): write tools are `enabled` when the request's token (auth.ts, checked
 *   before this route: a wrong token never gets here) has the `write` capability — its writes are
 *   made by the agent the token names, for the daemon's git user (docs/decisions/0032) — else
 *   `unauthorized` (listed, refused when called; the guest without a token); `hidden` when the
 *   daemon runs `--read-only`.
 * - The host guard (host-guard.ts) runs before this route, like for every route.
 */
import { Hono, type Context } from 'hono';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Brain } from '../service.js';
import type { CreateMcpServerOptions, WriteAccess } from '../mcp/server.js';
import type { DaemonCaller } from '../service/daemon-tokens.js';
import type { CallerEnv } from './auth.js';

/** What the MCP server may do with write tools for one request (src/mcp/call-tool.ts `WriteAccess`). */
export type McpWrites = WriteAccess;

/** The factory of src/mcp/server.ts (`createMcpServer`): one server per request. */
export type CreateMcpServer = (options: CreateMcpServerOptions) => McpServer;

/** Options of {@link createMcpRoute}. */
export interface McpRouteOptions {
  brain: Brain;
  createServer: CreateMcpServer;
  /** True: write tools hidden for everyone (a `--read-only` daemon). */
  readOnly: boolean;
  /** Called with failures that escaped the transport (the response is a JSON-RPC error). */
  onError?: (err: unknown) => void;
}

function jsonRpcError(c: Context, status: 405 | 500, message: string, headers: Record<string, string> = {}): Response {
  return c.json({ jsonrpc: '2.0', error: { code: status === 405 ? -32000 : -32603, message }, id: null }, status, headers);
}

/** The capability a request's caller gets (see module doc). */
export function writesFor(caller: DaemonCaller | null, readOnly: boolean): McpWrites {
  if (readOnly) return 'hidden';
  return caller?.capabilities.includes('write') ? 'enabled' : 'unauthorized';
}

/** The `/mcp` routes; mount with `app.route('/mcp', createMcpRoute(…))` after auth.ts's middleware. */
export function createMcpRoute(options: McpRouteOptions): Hono<CallerEnv> {
  const route = new Hono<CallerEnv>();
  route.post('/', async (c) => {
    const caller = c.get('caller');
    const writes = writesFor(caller, options.readOnly);
    const server = options.createServer({ brain: options.brain, writes, ...(writes === 'enabled' && caller ? { agent: caller.name } : {}) });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      return await transport.handleRequest(c.req.raw);
    } catch (err) {
      options.onError?.(err);
      return jsonRpcError(c, 500, 'internal error');
    } finally {
      await server.close().catch(() => undefined);
    }
  });
  route.all('/', (c) => jsonRpcError(c, 405, `${c.req.method} is not supported: this endpoint is stateless, POST JSON-RPC messages`, { Allow: 'POST' }));
  return route;
}
