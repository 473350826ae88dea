/**
 * The read commands of the CLI as data (issue #10 "one-shot commands use a running daemon"):
 * one {@link ReadCall} describes `list`, `get`, `search`, `context` or `history` with exactly
 * the arguments the service takes, and {@link performRead} runs it on a {@link Brain}. The CLI's
 * direct path and the daemon's `/cli/read` route (src/daemon/cli-route.ts) both run calls
 * through this one function, so the two paths cannot answer differently
 * (docs/decisions/0023-one-shot-cli-uses-daemon.md).
 */
import type { Brain } from '../service.js';
import type { RawListFilter } from '../model/list-filter.js';
import type { ListFilter } from '../projection/sqlite/queries.js';
import { BrainError } from '../model/errors.js';

/** `brain list` arguments: the service's list filter (no cursor: the CLI prints one snapshot). */
export type ListArgs = RawListFilter & Pick<ListFilter, 'limit' | 'path'>;

/** One read command and its service arguments. */
export type ReadCall =
  | { command: 'list'; args: ListArgs }
  | { command: 'get'; args: { entryId: string; revision?: number } }
  | { command: 'search'; args: { query: string; kind?: string; limit?: number } }
  | { command: 'context'; args: { budget?: number; paths?: string[]; taskIds?: string[] } }
  | { command: 'history'; args: { entryId: string } };

/** The commands a {@link ReadCall} may name. */
export const READ_COMMANDS: readonly ReadCall['command'][] = ['list', 'get', 'search', 'context', 'history'];

/**
 * Runs `call` on `brain` and returns the service's value (`CurrentRow[]`, `CurrentRow`,
 * search hits, the brief, revisions). Errors: the service method's, and `invalid_argument`
 * when `call` is not a read call (a malformed request reaching the daemon route).
 */
export async function performRead(brain: Brain, call: ReadCall): Promise<unknown> {
  const args = call.args as never;
  switch (call.command) {
    case 'list':
      return brain.list(args);
    case 'get':
      return brain.get(args);
    case 'search':
      return brain.search(args);
    case 'context':
      return brain.context(args);
    case 'history':
      return brain.history(args);
    default:
      throw new BrainError('invalid_argument', `not a read command: ${JSON.stringify((call as { command?: unknown }).command)}`, { hint: `one of ${READ_COMMANDS.join(', ')}` });
  }
}

/** True when `value` has the shape of a {@link ReadCall} (a known command and an args object). */
export function isReadCall(value: unknown): value is ReadCall {
  if (value === null || typeof value !== 'object') return false;
  const { command, args } = value as { command?: unknown; args?: unknown };
  return typeof command === 'string' && (READ_COMMANDS as readonly string[]).includes(command) && args !== null && typeof args === 'object' && !Array.isArray(args);
}
