/**
 * The read commands of the CLI as data (issue #10 "one-shot commands use a running daemon"):
 * one {@link ReadCall} describes `list`, `get`, `search`, `context` or `history` with exactly
 * the arguments the service takes, and {@link performRead} runs it on a {@link Brain}. The CLI's
 * direct path and the daemon's `/cli/read` route (src/daemon/cli-route.ts) both run calls
 * through this one function, so the two paths cannot answer differently
 * (docs/decisions/0023-one-shot-cli-uses-daemon.md).
 */
import { searchAnswer } from './search-corrections.js';
import type { Brain } from '../service.js';
import type { RawListFilter } from '../model/list-filter.js';
import { getCurrent, type CurrentRow, type ListFilter } from '../projection/sqlite/queries.js';
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { BOUNDS, type Bounds } from '../model/number-text.js';

/** `brain list` arguments: the service's list filter (no cursor: the CLI prints one snapshot). */
export type ListArgs = RawListFilter & Pick<ListFilter, 'limit' | 'path'>;

/** One read command and its service arguments. */
export type ReadCall =
  | { command: 'list'; args: ListArgs }
  | { command: 'get'; args: { entryId: string; revision?: number } }
  | { command: 'search'; args: { query: string; kind?: string; limit?: number } }
  | { command: 'context'; args: { budget?: number; paths?: string[]; taskIds?: string[] } }
  | { command: 'history'; args: { entryId: string } };

/** What `get` answers: the entry's row and the current state of the entries it links to. */
export interface GetAnswer extends CurrentRow {
  /**
   * The current revisions of the entries `entry` names (`supersedes_entry_id`, then
   * `related_entry_ids`, at most {@link MAX_LINKED}; one that is gone is left out), so a
   * surface can say which of them superseded it and name them by title (model/summary.ts).
   */
  linked: Entry[];
}

const MAX_LINKED = 20;

/** `row` with {@link GetAnswer.linked}: one projection read for all the links, no refresh per link. */
async function withLinked(brain: Brain, row: CurrentRow): Promise<GetAnswer> {
  const ids = [...new Set([row.entry.supersedes_entry_id, ...row.entry.related_entry_ids].filter((id): id is string => id !== null))].slice(0, MAX_LINKED);
  const linked = await brain.withCache(async () => {
    const projectId = await brain.readProjectId();
    // A link to an entry that is not (or no longer) in this project has no row: it stays named by its id.
    return ids.flatMap((id) => getCurrent(brain.db(), id, projectId)?.entry ?? []);
  });
  return { ...row, linked };
}

/** The commands a {@link ReadCall} may name. */
export const READ_COMMANDS: readonly ReadCall['command'][] = ['list', 'get', 'search', 'context', 'history'];

/**
 * Runs `call` on `brain` and returns the service's value (`CurrentRow[]`, `CurrentRow`,
 * a {@link SearchAnswer} (hits and corrections), the brief, revisions). Errors: the service method's, and `invalid_argument`
 * when `call` is not a read call (a malformed request reaching the daemon route).
 */
export async function performRead(brain: Brain, call: ReadCall): Promise<unknown> {
  const args = call.args as never;
  switch (call.command) {
    case 'list':
      return brain.list(args);
    case 'get':
      return withLinked(brain, await brain.get(args));
    case 'search':
      return searchAnswer(brain, args);
    case 'context':
      return brain.context(args);
    case 'history':
      return brain.history(args);
    default:
      throw new BrainError('invalid_argument', `not a read command: ${JSON.stringify((call as { command?: unknown }).command)}`, { hint: `one of ${READ_COMMANDS.join(', ')}` });
  }
}

type ArgKind = 'string' | 'strings' | Bounds;

/** The arguments each command takes and what each must be. */
const ARGS: Record<ReadCall['command'], Record<string, ArgKind>> = {
  list: { kind: 'string', status: 'string', tag: 'string', author: 'string', relatedTask: 'string', path: 'string', updatedSince: 'string', limit: BOUNDS.count },
  get: { entryId: 'string', revision: BOUNDS.revision },
  search: { query: 'string', kind: 'string', limit: BOUNDS.count },
  context: { budget: BOUNDS.budget, paths: 'strings', taskIds: 'strings' },
  history: { entryId: 'string' },
};

/** The one argument some commands cannot do without. */
const REQUIRED: Partial<Record<ReadCall['command'], string>> = { get: 'entryId', history: 'entryId', search: 'query' };

const fits = (value: unknown, kind: ArgKind): boolean =>
  kind === 'string' ? typeof value === 'string'
  : kind === 'strings' ? Array.isArray(value) && value.every((v) => typeof v === 'string')
  : Number.isInteger(value) && (value as number) >= kind.min && (value as number) <= kind.max;

/**
 * True when `value` is a {@link ReadCall}: a known command and exactly its arguments, each of
 * its type (integers within {@link BOUNDS}, as the CLI parses them) — what arrives at the
 * daemon's route is checked before any of it reaches the service (issue #17).
 */
export function isReadCall(value: unknown): value is ReadCall {
  if (value === null || typeof value !== 'object') return false;
  const { command, args } = value as { command?: unknown; args?: unknown };
  if (typeof command !== 'string' || !(READ_COMMANDS as readonly string[]).includes(command)) return false;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return false;
  const allowed = ARGS[command as ReadCall['command']];
  const given = args as Record<string, unknown>;
  const required = REQUIRED[command as ReadCall['command']];
  if (required !== undefined && given[required] === undefined) return false;
  return Object.entries(given).every(([key, v]) => Object.hasOwn(allowed, key) && fits(v, allowed[key] as ArgKind));
}
