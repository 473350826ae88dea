/**
 * `brain daemon` (alias `brain serve`; DESIGN §5, issue #3): runs the cache daemon in the
 * foreground until SIGINT or SIGTERM, then shuts down cleanly (daemon.json removed, exit 0).
 *
 * Output: the structured log on stderr (log.ts; the `start` line carries `port` and `url`), and
 * one line on stdout once it listens — `brain daemon: http://127.0.0.1:<port> …`, or with
 * `--json` the object `{pid, port, url, branch, project_id}`. Startup failures go through the
 * CLI's usual error path (exit 1; a bad `--port` is exit 2).
 */
import type { Command } from 'commander';
import { BOUNDS, parseIntegerText } from '../model/number-text.js';
import { DEFAULT_PORT } from '../daemon/default-port.js';
import type { GlobalOptions } from './context.js';
import { registerDaemonTokenCommands } from './daemon-token-command.js';

interface DaemonCommandOptions {
  port: string;
  pollInterval: string;
  readOnly?: boolean;
  sync: boolean;
}

function waitForSignal(): Promise<string> {
  return new Promise((resolve) => {
    const on = (signal: string) => {
      process.off('SIGINT', on);
      process.off('SIGTERM', on);
      resolve(signal);
    };
    process.on('SIGINT', on);
    process.on('SIGTERM', on);
  });
}

/** Registers `daemon` (alias `serve`) on `program`, with its `token` subcommands (daemon-token-command.ts). */
export function registerDaemonCommand(program: Command): void {
  const daemon = program
    .command('daemon')
    .alias('serve')
    .description(`serve REST (/api), MCP (/mcp) and health on 127.0.0.1, following the docs branch (default port ${DEFAULT_PORT})`)
    .option('--port <n>', `TCP port on 127.0.0.1; 0 picks a free one`, String(DEFAULT_PORT))
    .option('--poll-interval <ms>', 'safety-net poll of the branch tip, in ms', '2000')
    .option('--read-only', 'hide MCP write tools (no default token is needed or created)')
    .option('--no-sync', "never sync with the remote, even when brain.json's \"sync\" asks the daemon to")
    .action(async (options: DaemonCommandOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const port = parseIntegerText('--port', options.port, BOUNDS.port);
      const pollMs = parseIntegerText('--poll-interval', options.pollInterval, { min: 100, max: 3_600_000, example: 2000 });
      const signal = waitForSignal(); // listen before starting: a signal during boot still stops cleanly
      // Loaded on demand: the HTTP stack and MCP SDK cost every other command ~100 ms of start-up.
      const { startDaemon } = await import('../daemon/daemon.js');
      const daemon = await startDaemon({
        repoDir: globals.repo ?? process.cwd(),
        branch: globals.branch,
        port,
        pollMs,
        ...(globals.project ? { projectId: globals.project } : {}),
        ...(globals.author ? { author: globals.author } : {}),
        ...(options.readOnly ? { readOnly: true } : {}),
        ...(options.sync === false ? { sync: false } : {}),
      });
      const started = { pid: process.pid, port: daemon.port, url: daemon.url, branch: globals.branch, project_id: daemon.projectId };
      process.stdout.write(globals.json ? `${JSON.stringify(started)}\n` : `brain daemon: ${daemon.url} (pid ${process.pid}, project ${daemon.projectId ?? '(no brain yet)'}, branch ${globals.branch}; stop with Ctrl-C)\n`);
      await daemon.close(await signal);
      process.exitCode = 0;
      // Every handle is closed by now; if a stray one (a wedged child process) keeps the event
      // loop alive, do not hang the shell that sent the signal.
      setTimeout(() => process.exit(process.exitCode ?? 0), 2000).unref();
    });
  registerDaemonTokenCommands(daemon);
}
