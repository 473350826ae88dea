/**
 * The Project Brain MCP server (issue #3, DESIGN §5–§6): the same tools over stdio
 * (`brain mcp`) and Streamable HTTP (`/mcp` on the daemon), and — through {@link createToolServer},
 * with the read tools over repositories — the hub's `/mcp` (issue #22). A server is cheap to
 * create: the daemon makes one per HTTP request (stateless) over the Brain it keeps hot; stdio
 * makes one per process. The server never owns the Brain: closing it does not close the Brain.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Brain } from '../service.js';
import { cloneReader } from '../service/clone-reader.js';
import { PACKAGE_VERSION } from '../model/package-info.js';
import { callTool, type CallContext } from './call-tool.js';
import { blockedFastForwardNotice } from '../service/fast-forward-notice.js';
import { available, listed, type McpAccess } from './access.js';
import { serverInstructions } from './guide.js';
import { describeTool, type McpTool } from './tool-definition.js';
import { brainTools } from './tools.js';
import { agentNameOfClient, UNKNOWN_MCP_AGENT } from '../model/agent-name.js';

export type { McpAccess } from './access.js';

/** Options of {@link createMcpServer}. */
export interface CreateMcpServerOptions {
  /** The brain the tools run on; the caller opens and closes it. */
  brain: Brain;
  /** What this connection may do ({@link McpAccess}: capabilities, read-only). */
  access: McpAccess;
  /**
   * The agent writes are made by, for the Brain's writer (docs/decisions/0032): over HTTP the
   * token's name; over stdio `--agent`/`BRAIN_AGENT`. Default: the client's name from the
   * initialize handshake (`clientInfo.name`, made an agent name), else `mcp-client`.
   */
  agent?: string;
}

/** The server's name and version in the MCP initialize result. */
export const SERVER_INFO = { name: 'project-brain', version: PACKAGE_VERSION };

const inflight = new WeakMap<McpServer, Set<Promise<unknown>>>();

/**
 * One JSON Schema validator for every server of the process (the SDK's default, which it
 * would otherwise build per server: a fresh Ajv instance cost more than the rest of a
 * stateless HTTP request — issue 21, an MCP `brain_list` round trip 12 ms against 0.8 ms for
 * REST). It validates only elicitation schemas, which brain never sends; it keeps no state
 * about a connection.
 */
let sharedValidator: AjvJsonSchemaValidator | null = null;

/**
 * An MCP server offering the brain tools (tools/list, tools/call) with `instructions` that
 * explain the brain to a newcomer agent. Connect it to any transport (`server.connect(t)`).
 * Which tools are listed and which calls are refused: access.ts. Tool errors: see errors.ts.
 */
export function createMcpServer(options: CreateMcpServerOptions): McpServer {
  return createToolServer({
    info: SERVER_INFO,
    instructions: serverInstructions(options.access),
    tools: brainTools(),
    context: (server) => ({
      reader: cloneReader(options.brain),
      writer: { brain: options.brain, agent: () => options.agent ?? agentNameOfClient(server.server.getClientVersion()?.name) ?? UNKNOWN_MCP_AGENT },
      access: options.access,
      notice: () => {
        const blocked = options.brain.store.fastForwardBlocked;
        return blocked === null ? null : blockedFastForwardNotice(blocked);
      },
    }),
  });
}

/**
 * An MCP server offering `tools` (those available to `context.access`; listed per access.ts)
 * over the context `context` builds for it: the clone's ({@link createMcpServer}) or the hub's
 * (src/hub/mcp/hub-mcp.ts, the read tools over its reader).
 */
export function createToolServer(options: {
  info: { name: string; version: string };
  instructions: string;
  tools: McpTool[];
  context: (server: McpServer) => Omit<CallContext, 'tools'>;
}): McpServer {
  const server = new McpServer(options.info, { instructions: options.instructions, jsonSchemaValidator: (sharedValidator ??= new AjvJsonSchemaValidator()) });
  const base = options.context(server);
  const tools = options.tools.filter((t) => available(t, base.access));
  const shown = tools.filter((t) => listed(t, base.access));
  const context: CallContext = { ...base, tools: new Map(tools.map((t) => [t.name, t])) };
  // The tools/* handlers are our own, not McpServer.registerTool's: tools/list publishes each
  // outputSchema as "success shape or coded error" (the SDK only publishes zod objects), and
  // tools/call checks capability before arguments and maps every failure in one place; see call-tool.ts.
  // The list never changes while a server lives.
  server.server.registerCapabilities({ tools: { listChanged: false } });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: shown.map(describeTool) }));
  const calls = new Set<Promise<unknown>>();
  inflight.set(server, calls);
  server.server.setRequestHandler(CallToolRequestSchema, (request) => {
    const call = callTool(context, request.params);
    calls.add(call);
    void call.catch(() => undefined).finally(() => calls.delete(call));
    return call;
  });
  return server;
}

/** Resolves when no tool call of `server` is running (for graceful shutdown before closing the Brain). */
export async function whenIdle(server: McpServer): Promise<void> {
  const calls = inflight.get(server);
  while (calls && calls.size > 0) await Promise.allSettled([...calls]);
}
