/**
 * `brain mcp [--read-only] [--agent NAME]`: serve the brain to an MCP client over stdio (issue
 * #3, DESIGN §6). Uses the global options (`--repo`, `--branch`, `--project`, `--author`) like
 * every command, but keeps one Brain open for the life of the process instead of `runWithBrain`.
 * stdout is the protocol; nothing else is ever printed there.
 *
 * Writes are made by an agent for the person (`--author`, else BRAIN_AUTHOR, else git
 * user.name): `--agent`, else `BRAIN_AGENT`, else the client's own name from the MCP handshake
 * (docs/decisions/0032). A bad `--agent`/`BRAIN_AGENT` is exit 2 before serving.
 */
import type { Command } from 'commander';
import { checkAgentName } from '../model/agent-name.js';
import type { GlobalOptions } from './context.js';
import { onClosedOutput } from './closed-output.js';

/** The agent of `--agent`, else `BRAIN_AGENT` (blank: not given), checked. Errors: `invalid_argument`. */
function agentOption(flag: string | undefined): string | undefined {
  if (flag !== undefined) return checkAgentName(flag, '--agent');
  const env = process.env.BRAIN_AGENT;
  return env === undefined || env.trim() === '' ? undefined : checkAgentName(env.trim(), 'BRAIN_AGENT');
}

/** Registers `mcp` on `program`. */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the brain to an MCP client (Claude Code, Codex, …) over stdio until stdin closes')
    .option('--read-only', 'offer only the read tools (write tools are not listed and cannot be called)')
    .option('--agent <name>', "the agent writes are recorded as made by, for the person (default: BRAIN_AGENT, else the client's name)")
    .action(async (options: { readOnly?: boolean; agent?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      onClosedOutput(() => undefined); // the server shuts down cleanly when the client stops reading (stdio.ts)
      const agent = agentOption(options.agent);
      // Loaded on demand: the MCP SDK is only needed by this command.
      const { runStdioServer } = await import('../mcp/stdio.js');
      await runStdioServer({
        brain: {
          ...(globals.repo ? { repoDir: globals.repo } : {}),
          branch: globals.branch,
          ...(globals.project ? { projectId: globals.project } : {}),
          ...(globals.author ? { author: globals.author } : {}),
          onNotice: (message) => process.stderr.write(`brain mcp: ${message}\n`),
        },
        readOnly: options.readOnly === true,
        ...(agent !== undefined ? { agent } : {}),
      });
    });
}
