/**
 * Shared plumbing of CLI commands: opening the brain from the global options, printing
 * results as JSON or human text, closing the brain however the command ends; read commands
 * asked of a running daemon first (issue #10; docs/decisions/0023-one-shot-cli-uses-daemon.md).
 *
 * Cold start (issue #10): this module loads nothing heavy. The service (SQLite, the store,
 * search, the brief) is imported when a command runs directly, the daemon client only when a
 * read may be forwarded and `.git/brain/daemon.json` exists.
 */
import type { Command } from 'commander';
import type { Brain } from '../service.js';
import type { ReadCall } from '../service/read-call.js';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { neutralizeTerminal, safeJson } from './terminal-text.js';
import { DAEMON_FILE } from '../service/daemon-info.js';
import { createRefreshProgress } from './progress.js';

/** The global options every command sees. `daemon` is false with `--no-daemon`. */
export interface GlobalOptions {
  repo?: string;
  branch: string;
  project?: string;
  author?: string;
  /** The agent writes are made by, for the author (agent-option.ts). */
  agent?: string;
  json?: boolean;
  daemon?: boolean;
}

/**
 * A command's text output of `value`; a promise when it loads its renderer first, so that
 * `--json`, which never calls it, does not load one (docs/decisions/0085-one-shot-reads.md).
 */
export type Human<T> = (value: T) => string | Promise<string>;

function print(globals: GlobalOptions, text: string): void {
  const out = globals.json ? text : neutralizeTerminal(text);
  if (out !== '') process.stdout.write(out.endsWith('\n') ? out : `${out}\n`);
}

/**
 * Opens the brain for `command`, runs `fn`, prints its result (`--json`: `json(value)` as
 * JSON; otherwise `human(value)`, awaited, with terminal control sequences neutralized: issue
 * #7), and closes the brain. Errors propagate to main's handler.
 */
export async function runWithBrain<T>(
  command: Command,
  fn: (brain: Brain) => Promise<T>,
  human: Human<T>,
  json: (value: T) => unknown = (value) => value,
): Promise<T> {
  const globals = command.optsWithGlobals<GlobalOptions>();
  const { openBrain } = await import('../service.js');
  // A long refresh (a fresh clone's first read of a large brain) shows its progress on a terminal.
  const progress = interactive() ? createRefreshProgress({ write: (text) => process.stderr.write(text) }) : null;
  const brain = await openBrain({
    ...(globals.repo ? { repoDir: globals.repo } : {}),
    branch: globals.branch,
    ...(globals.project ? { projectId: globals.project } : {}),
    ...(globals.author ? { author: globals.author } : {}),
    onNotice: (message) => (progress?.end(), process.stderr.write(`brain: ${message}\n`)),
    ...(progress ? { onProgress: progress.report } : {}),
  });
  try {
    const value = await fn(brain);
    progress?.end();
    print(globals, globals.json ? safeJson(json(value)) : await human(value));
    return value;
  } finally {
    progress?.end();
    await brain.close();
  }
}

/** True unless `--no-daemon` or `BRAIN_NO_DAEMON=1` (any value but empty and `0`) forces the direct path. */
export function daemonAllowed(globals: GlobalOptions): boolean {
  const env = process.env.BRAIN_NO_DAEMON;
  return globals.daemon !== false && (env === undefined || env === '' || env === '0');
}

/**
 * A read command: asked of the daemon serving this repository and branch when one runs
 * (src/daemon/client.ts), else — or when it cannot be reached — run directly; both paths run
 * `call` through `performRead` and print with the same `human`/`json`, so the output, errors
 * and exit codes are the same. A service error the daemon reports is thrown as that
 * BrainError.
 */
export async function runRead<T>(command: Command, call: ReadCall, human: Human<T>, json: (value: T) => unknown = (value) => value): Promise<void> {
  const globals = command.optsWithGlobals<GlobalOptions>();
  if (daemonAllowed(globals)) {
    const { brainDir, findRepo } = await import('../git/repo.js');
    const repo = findRepo(globals.repo ?? process.cwd());
    // No daemon.json: no daemon to ask, and its client (node:http, the token) is not loaded (decision 0085).
    const answer = existsSync(join(brainDir(repo), DAEMON_FILE)) ? await (await import('../daemon/client.js')).askDaemon({ repo, branch: globals.branch, project: globals.project ?? null, call, onSkip: (reason) => process.stderr.write(`brain: ${reason}\n`) }) : null;
    if (answer !== null) {
      if ('error' in answer) {
        const { BrainError } = await import('../model/errors.js');
        const { code, message, hint, data } = answer.error;
        throw new BrainError(code as never, message, { ...(hint !== undefined ? { hint } : {}), ...(data !== undefined ? { data } : {}) });
      }
      for (const notice of answer.notices) process.stderr.write(`brain: ${notice}\n`);
      const value = answer.data as T;
      print(globals, globals.json ? safeJson(json(value)) : await human(value));
      return;
    }
  }
  const { performRead } = await import('../service/read-call.js');
  await runWithBrain(command, (brain) => performRead(brain, call) as Promise<T>, human, json);
}

/** True when stderr is a terminal (progress output goes there only then). */
export function interactive(): boolean {
  return process.stderr.isTTY === true;
}
