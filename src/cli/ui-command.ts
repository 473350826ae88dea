/**
 * `brain ui` (issue #8 part 2): makes sure the daemon of this repository runs (starting it in
 * the background when none does — daemon/ensure-daemon.ts), prints the dashboard's URL, and
 * opens it in the browser when on a desktop: macOS, or `DISPLAY` / `WAYLAND_DISPLAY` set —
 * never with `--no-open` or when `CI` is set. With `--json`: `{url, pid, port, started, log}`.
 */
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { BOUNDS, parseOptionalInteger } from '../model/number-text.js';
import type { GlobalOptions } from './context.js';
import { isProcessStopped } from '../git/process-alive.js';

interface UiOptions {
  port?: string;
  open: boolean;
}

/** True when a browser can be opened for the user (see the module doc). */
export function onDesktop(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (env.CI) return false;
  return platform === 'darwin' || Boolean(env.DISPLAY) || Boolean(env.WAYLAND_DISPLAY);
}

function openInBrowser(url: string): void {
  const child = spawn(process.platform === 'darwin' ? 'open' : 'xdg-open', [url], { detached: true, stdio: 'ignore' });
  child.on('error', () => process.stderr.write(`brain ui: could not open a browser; open ${url} yourself\n`));
  child.unref();
}

/** Registers `ui` on `program`. */
export function registerUiCommand(program: Command): void {
  program
    .command('ui')
    .description('open the read-only dashboard: starts the daemon in the background if none runs, prints its URL')
    .option('--port <n>', 'port for a daemon started now (default 7420, else any free port)')
    .option('--no-open', 'print the URL only; do not open a browser')
    .action(async (options: UiOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const port = parseOptionalInteger('--port', options.port, BOUNDS.port);
      const { ensureDaemon } = await import('../daemon/ensure-daemon.js');
      const daemon = await ensureDaemon({
        repoDir: globals.repo ?? process.cwd(),
        ...(globals.branch ? { branch: globals.branch } : {}),
        ...(globals.project ? { projectId: globals.project } : {}),
        ...(globals.author ? { author: globals.author } : {}),
        ...(port !== undefined ? { port } : {}),
      });
      const { info } = daemon;
      if (globals.branch && info.branch !== globals.branch) process.stderr.write(`brain ui: the running daemon serves branch ${info.branch}, not ${globals.branch}; stop it (kill ${info.pid}) to switch\n`);
      const url = globals.project ? `${info.url}/projects/${encodeURIComponent(globals.project)}` : `${info.url}/`;
      if (globals.json) process.stdout.write(`${JSON.stringify({ url, pid: info.pid, port: info.port, started: daemon.started, log: daemon.started ? daemon.logPath : null })}\n`);
      else {
        process.stdout.write(`${url}\n`);
        process.stderr.write(daemon.started ? `brain ui: started the daemon in the background (pid ${info.pid}, log ${daemon.logPath}); stop it with: kill ${info.pid}\n` : `brain ui: using the running daemon (pid ${info.pid})\n`);
      }
      // A suspended daemon holds its port but answers nothing: the page would hang (decision 0092).
      if (!daemon.started && isProcessStopped(info.pid)) {
        process.stderr.write(`brain ui: the daemon (pid ${info.pid}) is stopped (Ctrl-Z or SIGSTOP): the page loads once it is resumed — \`fg\` in its terminal or \`kill -CONT ${info.pid}\`\n`);
      }
      if (options.open && onDesktop()) openInBrowser(url);
    });
}
