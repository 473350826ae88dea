/**
 * How the CLI shows an error on stderr (issue #2 contract; house rule "every error has a code
 * and a hint"). One form for brain's own errors and commander's parse errors alike:
 *
 * - with `--json`: exactly one line, `{"error": {code, message, hint}}` — nothing else on stderr;
 * - without: `brain: <code>: <message>` and `hint: <hint>` on the next line, terminal-safe.
 *
 * Commander's parse errors (unknown option or command, missing argument) get the code `usage`
 * and a hint naming the command that failed (`brain list --help`); commander prints nothing
 * itself ({@link silenceCommander}). The shared default hint of `invalid_argument` speaks of
 * `brain <command> --help`; here the placeholder becomes the command that ran.
 */
import type { Command } from 'commander';
import { DEFAULT_HINTS } from '../model/errors.js';
import { neutralizeTerminal, safeJson } from './terminal-text.js';

/** The `{code, message, hint}` printed for an error (BrainError.toJSON shape). */
export interface ErrorOutput {
  code: string;
  message: string;
  hint?: string;
  data?: Record<string, unknown>;
}

/** `brain hub token create` for a (sub)command: its names from the root down. */
export function commandLine(cmd: Command | undefined): string {
  const names: string[] = [];
  for (let c: Command | null = cmd ?? null; c !== null; c = c.parent) names.unshift(c.name());
  return names.length === 0 ? 'brain' : names.join(' ');
}

/**
 * Stops commander printing errors on `program` and every subcommand (recursively; call it after
 * all commands are registered) and records which command reported the error; returns a getter
 * for that command (undefined before any error).
 */
export function silenceCommander(program: Command): () => Command | undefined {
  let failed: Command | undefined;
  const visit = (cmd: Command): void => {
    cmd.configureOutput({ outputError: () => (failed = cmd) });
    for (const sub of cmd.commands) visit(sub);
  };
  visit(program);
  return () => failed;
}

/** The `usage` error for a commander parse error raised by `cmd`. */
export function usageError(message: string, cmd: Command | undefined): ErrorOutput {
  return { code: 'usage', message: message.replace(/^error: /, '').trim(), hint: `run \`${commandLine(cmd)} --help\` for usage` };
}

/** `body` with the generic `brain <command> --help` hint made specific to `cmd`. */
export function specificHint(body: ErrorOutput, cmd: Command | undefined): ErrorOutput {
  if (body.hint !== DEFAULT_HINTS.invalid_argument) return body;
  return { ...body, hint: body.hint.replace('brain <command>', commandLine(cmd)) };
}

/** The text to write on stderr for `body` (one JSON line with `--json`, else `brain: code: message` and `hint:`). */
export function formatError(body: ErrorOutput, json: boolean): string {
  if (json) return `${safeJson({ error: body }, 0)}\n`;
  return neutralizeTerminal(`brain: ${body.code}: ${body.message}${body.hint ? `\nhint: ${body.hint}` : ''}\n`);
}
