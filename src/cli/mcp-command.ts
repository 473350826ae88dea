/**
 * `brain mcp [--read-only] [--capabilities LIST] [--agent NAME]` (`--agent` is global): serve
 * the brain to an MCP client over stdio (issue #3, DESIGN §6). Uses the global options
 * (`--repo`, `--branch`, `--project`, `--author`) like every command, but keeps one Brain open
 * for the life of the process instead of `runWithBrain`. stdout is the protocol; nothing else
 * is ever printed there.
 *
 * Writes are made by an agent for the person (`--author`, else BRAIN_AUTHOR, else git
 * user.name): `--agent`, else `BRAIN_AGENT` (the one rule of agent-option.ts), else the
 * client's own name from the MCP handshake (docs/decisions/0032). What it may do:
 * `--capabilities` (default `read,propose`: the agent proposes candidates a person approves;
 * docs/decisions/0042). A bad `--agent`/`BRAIN_AGENT` or `--capabilities` is exit 2 before
 * serving.
 */
import type { Command } from 'commander';
import { commandAgent } from './agent-option.js';
import { BrainError } from '../model/errors.js';
import { parseCapabilities } from '../model/capabilities.js';
import type { GlobalOptions } from './context.js';
import { onClosedOutput } from './closed-output.js';

/** Registers `mcp` on `program`. */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the brain to an MCP client (Claude Code, Codex, …) over stdio until stdin closes')
    .option('--read-only', 'offer only the read tools (no other tool is listed or can be called)')
    .option('--capabilities <list>', 'what the agent may do, comma-separated: read, propose, write, approve (default read,propose)')
    .addHelpText('after', "\nWrites are recorded as made by --agent <name> (a global option; default: BRAIN_AGENT, else the client's name) for the person.")
    .action(async (options: { readOnly?: boolean; capabilities?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      onClosedOutput(() => undefined); // the server shuts down cleanly when the client stops reading (stdio.ts)
      const agent = commandAgent(command);
      if (options.readOnly && options.capabilities !== undefined) throw new BrainError('invalid_argument', 'give --read-only or --capabilities, not both', { hint: '--read-only is --capabilities read with every other tool hidden' });
      const capabilities = options.capabilities === undefined ? undefined : parseCapabilities(options.capabilities, '--capabilities');
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
        ...(capabilities !== undefined ? { capabilities } : {}),
        ...(agent !== undefined ? { agent } : {}),
      });
    });
}
