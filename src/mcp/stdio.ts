/**
 * `brain mcp`: the MCP server over stdio (DESIGN §5–§6, MCP spec stdio transport). stdout
 * carries the protocol only; logs go to stderr. One long-lived Brain per process, brought up
 * to date on start (in the background: the handshake is not delayed) and on every call. Ends
 * when the client closes stdin (or stdout breaks), or on SIGTERM/SIGINT: running calls finish,
 * then the server and the Brain are closed. A line that is not a JSON-RPC message is answered
 * with a JSON-RPC error (stdio-guard.ts).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BrainError } from '../model/errors.js';
import { openBrain, type BrainOptions } from '../service.js';
import { createMcpServer, whenIdle } from './server.js';
import { guardJsonRpcLines } from './stdio-guard.js';

/** Options of {@link runStdioServer}. */
export interface StdioServerOptions {
  /** How to open the brain (repo, branch, project, author), as the CLI's global options. */
  brain: BrainOptions;
  /** Hide the write tools (`--read-only`): they are not listed and calling one fails. */
  readOnly?: boolean;
  /** The agent writes are made by (`--agent`/`BRAIN_AGENT`, an agent name); default: the client's `clientInfo.name` (server.ts). */
  agent?: string;
  /** Protocol streams (default: process.stdin / process.stdout). */
  stdin?: NodeJS.ReadableStream & { pause(): unknown };
  stdout?: NodeJS.WritableStream;
  /** Where log lines go (default: stderr, `brain mcp: ` prefix). */
  log?: (line: string) => void;
}

const stderrLog = (line: string) => process.stderr.write(`brain mcp: ${line}\n`);

/**
 * Serves until the client goes away or a signal arrives; resolves after a clean shutdown with
 * the reason (`stdin closed`, `SIGTERM`, …). Errors: opening the brain (`not_a_repository`,
 * `invalid_argument`) rejects before serving; a brain that is not initialized is served anyway
 * (each tool then answers `not_initialized`) and logged.
 */
export async function runStdioServer(options: StdioServerOptions): Promise<string> {
  const log = options.log ?? stderrLog;
  const stdin = options.stdin ?? process.stdin;
  const brain = await openBrain(options.brain);
  const server = createMcpServer({ brain, writes: options.readOnly ? 'hidden' : 'enabled', ...(options.agent !== undefined ? { agent: options.agent } : {}) });
  let finish: (reason: string) => void = () => undefined;
  const done = new Promise<string>((resolve) => (finish = resolve));
  const onSignal = (signal: NodeJS.Signals) => finish(signal);
  const onEnd = () => finish('stdin closed');
  const onBrokenPipe = () => finish('stdout closed');
  const stdout = options.stdout ?? process.stdout;
  const guard = guardJsonRpcLines((reply) => stdout.write(`${JSON.stringify(reply)}\n`));
  stdin.once('end', onEnd);
  stdout.on('error', onBrokenPipe);
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  server.server.onclose = () => finish('transport closed');
  try {
    // Lines that are not JSON-RPC messages are answered by the guard (-32700 / -32600), never silently dropped.
    stdin.pipe(guard);
    await server.connect(new StdioServerTransport(guard, stdout as typeof process.stdout));
    const warm = brain.status().then(
      (s) => log(`serving project ${s.project_id} (${s.entries} entries) from branch ${s.branch}, writes ${options.readOnly ? 'hidden (--read-only)' : `enabled, made by agent ${options.agent ?? "(the client's name)"}`}`),
      (err: unknown) => log(`warning: ${err instanceof BrainError ? `${err.message}${err.hint ? ` (hint: ${err.hint})` : ''}` : String(err)}`),
    );
    const reason = await done;
    log(`shutting down (${reason})`);
    await warm;
    await whenIdle(server);
    await server.close();
    return reason;
  } finally {
    stdin.unpipe(guard);
    stdin.off('end', onEnd);
    stdout.off('error', onBrokenPipe);
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
    await brain.close();
  }
}
