/**
 * Finds the running daemon of a repository, or starts one in the background (issue #8 part 2:
 * "`brain ui` starts the daemon if none runs"). Discovery is `.git/brain/daemon.json`
 * (daemon-file.ts, with its staleness rules). A new daemon is `node <bin/brain.js> [globals]
 * daemon --port N`, run with the same node binary, detached, its log appended to
 * `.git/brain/daemon.log`; this waits until it listens (daemon.json names its url). When the
 * default port is taken by something else, it starts on a free port instead.
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BrainError } from '../model/errors.js';
import { brainDir, findRepo } from '../git/repo.js';
import { daemonRunning, readDaemonFile, type DaemonInfo } from './daemon-file.js';
import { DEFAULT_PORT } from './default-port.js';

/** Options of {@link ensureDaemon}. */
export interface EnsureDaemonOptions {
  /** A directory inside the repository. */
  repoDir: string;
  /** Global CLI options passed to a new daemon (`--branch`, `--project`, `--author`). */
  branch?: string;
  projectId?: string;
  author?: string;
  /** Port for a new daemon (default {@link DEFAULT_PORT}; when that one is taken, any free port). 0 = any free port. */
  port?: number;
  /** How long to wait for a new daemon to listen, ms (default 60 000: a first boot builds the cache). */
  timeoutMs?: number;
}

/** The daemon in use: its daemon.json, and whether this call started it. */
export interface EnsuredDaemon {
  info: DaemonInfo & { port: number; url: string };
  started: boolean;
  /** The log file of a daemon started here. */
  logPath: string;
}

const BIN = fileURLToPath(new URL('../../bin/brain.js', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const listening = (info: DaemonInfo | null): info is DaemonInfo & { port: number; url: string } => info !== null && info.port !== null && info.url !== null;

async function waitForRunning(dir: string, pid: number | null, deadline: number, exited: () => number | null | undefined): Promise<(DaemonInfo & { port: number; url: string }) | 'exited'> {
  for (;;) {
    const info = readDaemonFile(dir);
    if (listening(info) && (pid === null || info.pid === pid)) return info;
    if (exited() !== undefined) return 'exited';
    if (Date.now() > deadline) throw new BrainError('lock_timeout', 'the brain daemon did not start listening in time', { hint: `see ${join(dir, 'daemon.log')}` });
    await sleep(50);
  }
}

function start(options: EnsureDaemonOptions, port: number, logPath: string): { pid: number; exitCode: () => number | null | undefined } {
  const globals = [...(options.branch ? ['--branch', options.branch] : []), ...(options.projectId ? ['--project', options.projectId] : []), ...(options.author ? ['--author', options.author] : [])];
  const log = openSync(logPath, 'a');
  const child = spawn(process.execPath, [BIN, '--repo', options.repoDir, ...globals, 'daemon', '--port', String(port)], { cwd: options.repoDir, detached: true, stdio: ['ignore', 'ignore', log] });
  closeSync(log);
  let code: number | null | undefined;
  child.on('exit', (c) => (code = c));
  child.on('error', () => (code = -1));
  child.unref();
  if (child.pid === undefined) throw new BrainError('io_error', `could not start ${process.execPath} ${BIN} daemon`, { hint: `see ${logPath}` });
  return { pid: child.pid, exitCode: () => code };
}

const tail = (path: string) => {
  try {
    return readFileSync(path, 'utf8').trim().split('\n').slice(-3).join('\n');
  } catch {
    return '';
  }
};

/**
 * The running daemon of the repository at `repoDir`, started first when none runs. Errors:
 * `not_a_repository`, `lock_timeout` (no answer in time), `io_error` (the new daemon exited;
 * the message quotes the end of its log).
 */
export async function ensureDaemon(options: EnsureDaemonOptions): Promise<EnsuredDaemon> {
  const dir = brainDir(findRepo(options.repoDir));
  const logPath = join(dir, 'daemon.log');
  mkdirSync(dir, { recursive: true });
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const existing = readDaemonFile(dir);
  if (existing && (await daemonRunning(existing))) {
    const info = await waitForRunning(dir, existing.pid, deadline, () => undefined);
    if (info !== 'exited') return { info, started: false, logPath };
  }
  const ports = options.port === undefined ? [DEFAULT_PORT, 0] : [options.port];
  for (const port of ports) {
    const child = start(options, port, logPath);
    const info = await waitForRunning(dir, child.pid, deadline, child.exitCode);
    if (info !== 'exited') return { info, started: true, logPath };
    const running = readDaemonFile(dir);
    if (running && (await daemonRunning(running)) && listening(running)) return { info: running, started: false, logPath }; // another one won the race
    if (!/already in use/.test(tail(logPath))) break;
  }
  throw new BrainError('io_error', `the brain daemon exited while starting: ${tail(logPath) || '(no output)'}`, { hint: `see ${logPath}` });
}
