/**
 * `brain mcp [--read-only]`: serve the brain to an MCP client over stdio (issue #3, DESIGN §6).
 * Uses the global options (`--repo`, `--branch`, `--project`, `--author`) like every command,
 * but keeps one Brain open for the life of the process instead of `runWithBrain`. stdout is the
 * protocol; nothing else is ever printed there.
 */
import type { Command } from 'commander';
import type { GlobalOptions } from './context.js';
import { onClosedOutput } from './closed-output.js';

/** Registers `mcp` on `program`. */
export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('serve the brain to an MCP client (Claude Code, Codex, …) over stdio until stdin closes')
    .option('--read-only', 'offer only the read tools (write tools are not listed and cannot be called)')
    .action(async (options: { readOnly?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      onClosedOutput(() => undefined); // the server shuts down cleanly when the client stops reading (stdio.ts)
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
      });
    });
}
