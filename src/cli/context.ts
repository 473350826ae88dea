/**
 * Shared plumbing of CLI commands: opening the brain from the global options, printing
 * results as JSON or human text, closing the brain however the command ends.
 */
import type { Command } from 'commander';
import { openBrain, type Brain } from '../service.js';
import { neutralizeTerminal, safeJson } from './terminal-text.js';

/** The global options every command sees. */
export interface GlobalOptions {
  repo?: string;
  branch: string;
  project?: string;
  author?: string;
  json?: boolean;
}

/**
 * Opens the brain for `command`, runs `fn`, prints its result (`--json`: `json(value)` as
 * JSON; otherwise `human(value)` with terminal control sequences neutralized: issue #7), and
 * closes the brain. Errors propagate to main's handler.
 */
export async function runWithBrain<T>(
  command: Command,
  fn: (brain: Brain) => Promise<T>,
  human: (value: T) => string,
  json: (value: T) => unknown = (value) => value,
): Promise<T> {
  const globals = command.optsWithGlobals<GlobalOptions>();
  const brain = await openBrain({
    ...(globals.repo ? { repoDir: globals.repo } : {}),
    branch: globals.branch,
    ...(globals.project ? { projectId: globals.project } : {}),
    ...(globals.author ? { author: globals.author } : {}),
    onNotice: (message) => process.stderr.write(`brain: ${message}\n`),
  });
  try {
    const value = await fn(brain);
    const text = globals.json ? safeJson(json(value)) : neutralizeTerminal(human(value));
    if (text !== '') process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    return value;
  } finally {
    await brain.close();
  }
}

/** True when stderr is a terminal (progress output goes there only then). */
export function interactive(): boolean {
  return process.stderr.isTTY === true;
}
