/**
 * MCP sessions for tests: the SDK's real `Client` over `StdioClientTransport`, spawning the
 * built CLI (`node bin/brain.js mcp …`, DESIGN §10: MCP through the SDK's real client) with the
 * isolated git env of ./helpers/git.ts and `BRAIN_AUTHOR=test-agent`. The session lists the
 * tools once on connect, so the client validates the structuredContent of every later call
 * against the tool's outputSchema (SDK `Client.callTool`; a mismatch rejects the call).
 *
 *   const s = await startMcp(dir);                 // or startMcp(dir, ['--read-only']), startMcp(dir, ['--capabilities', 'read,propose'])
 *   const r = await s.call('brain_append', { entry_kind: 'risk', title: 'Disk fills up' });
 *   const e = await s.callError('brain_nosuch');   // McpError -32602 (an unknown tool)
 *   const refusal = errorOf(await s.call('brain_get', { entry_id: 'dec-none' }));   // {code: 'not_found', …}; bad arguments: {code: 'invalid_argument', …}
 *   await s.close();
 *
 * In-process, the daemon's way (one server over a Brain kept open): `connectInProcess(brain, access)`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer, type McpAccess } from '../../src/mcp/server.js';
import type { Brain } from '../../src/service.js';
import { BRAIN_BIN, brain } from '../helpers/brain.js';
import { gitEnv, initRepo, testHome } from '../helpers/git.js';

/** A connected client and the server process behind it. */
export interface McpSession {
  client: Client;
  /** Calls a tool; the promise rejects only on a JSON-RPC error. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Calls a tool that must fail with a JSON-RPC error; returns it (throws if the call succeeded). */
  callError(name: string, args?: Record<string, unknown>): Promise<McpError>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** The server's pid. */
  pid: number | null;
  /** Closes stdin and waits for the server to exit. */
  close(): Promise<void>;
}

function env(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...gitEnv(testHome()), BRAIN_AUTHOR: 'test-agent' })) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * The capabilities a session gets unless `args` names `--capabilities` or `--read-only`:
 * reading, proposing and writing entries, as `brain mcp` gave before issue #20 made its
 * default `read,propose`; the tests of capabilities pass their own.
 */
export const WRITER_CAPABILITIES = ['--capabilities', 'read,propose,write'];

/** Spawns `brain [globals] mcp [args]` in `dir` and connects a client to it. */
export async function startMcp(dir: string, args: string[] = [], globals: string[] = []): Promise<McpSession> {
  const access = args.includes('--capabilities') || args.includes('--read-only') ? [] : WRITER_CAPABILITIES;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BRAIN_BIN, ...globals, 'mcp', ...access, ...args], cwd: dir, env: env(), stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'brain-test', version: '0.0.0' });
  await client.connect(transport);
  await client.listTools();
  const call = async (name: string, toolArgs: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: toolArgs })) as CallToolResult;
  return {
    client,
    call,
    async callError(name, toolArgs = {}) {
      try {
        const result = await call(name, toolArgs);
        throw new Error(`${name} succeeded, expected a JSON-RPC error: ${JSON.stringify(result)}`);
      } catch (err) {
        if (err instanceof McpError) return err;
        throw err;
      }
    },
    stderr: () => stderr,
    pid: transport.pid,
    close: () => client.close(),
  };
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error(`no text content: ${JSON.stringify(result)}`);
  return first.text;
}

/** The coded error of an `isError` result (fails the test on a success). */
export function errorOf(result: CallToolResult): { code: string; message: string; hint?: string; data?: Record<string, any> } {
  if (!result.isError) throw new Error(`expected an isError result: ${JSON.stringify(result).slice(0, 500)}`);
  return (result.structuredContent as { error: { code: string; message: string; hint?: string; data?: Record<string, any> } }).error;
}

/**
 * Makes the next tools/call result that reaches `client` go through `mutate` first (on the
 * client side of the transport, before the SDK's Client sees it): a faulty server, to prove
 * that the client's outputSchema validation can fail.
 */
export function tamperNextResult(client: Client, mutate: (result: Record<string, any>) => void): void {
  const transport = client.transport;
  const original = transport?.onmessage;
  if (!transport || !original) throw new Error('client is not connected');
  transport.onmessage = (message, extra) => {
    const result = (message as { result?: Record<string, any> }).result;
    if (result && 'content' in result) {
      transport.onmessage = original;
      mutate(result);
    }
    original(message, extra);
  };
}

/** The structured content of a successful result (fails the test on an error result). */
export function structured<T = any>(result: CallToolResult): T {
  if (result.isError) throw new Error(`tool error: ${textOf(result)}`);
  return result.structuredContent as T;
}

/**
 * A new repository with project `demo` and an agent's `brain mcp` over stdio (`claude-code`,
 * capabilities read,propose): what an agent that proposes through review runs. The caller closes it.
 */
export async function startProposer(): Promise<{ dir: string; session: McpSession }> {
  const dir = initRepo();
  const init = brain(dir, ['init', '--project', 'demo']);
  if (init.code !== 0) throw new Error(`brain init failed: ${init.stderr}`);
  return { dir, session: await startMcp(dir, ['--agent', 'claude-code', '--capabilities', 'read,propose']) };
}

/** Proposes a decision through `s` (brain_propose) and answers its candidate id; a refusal fails the test. */
export async function proposeDecision(s: McpSession, title: string, rationale = 'one fast tool'): Promise<string> {
  const r = await s.call('brain_propose', { entry_kind: 'decision', title, rationale });
  if (r.isError) throw new Error(`brain_propose refused: ${JSON.stringify(r.content)}`);
  return structured(r).candidate.candidate_id as string;
}

/** True while a process with `pid` exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** An in-process MCP session: the SDK's real client linked to the daemon's server for one brain. */
export interface InProcessMcp {
  client: Client;
  /** Calls a tool; the promise rejects only on a JSON-RPC error. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** Closes the client and the server (the brain stays open). */
  close(): Promise<void>;
}

/**
 * The MCP server of `brain` with `access` (createMcpServer, as the daemon serves it), through the
 * SDK's real `Client` over a linked InMemoryTransport pair. Lists the tools once, so the client
 * validates every later result's structuredContent against its tool's outputSchema.
 */
export async function connectInProcess(brain: Brain, access: McpAccess, name = 'in-process'): Promise<InProcessMcp> {
  const server = createMcpServer({ brain, access });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name, version: '0.0.0' });
  await client.connect(clientSide);
  await client.listTools();
  return {
    client,
    call: async (tool, args = {}) => (await client.callTool({ name: tool, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
