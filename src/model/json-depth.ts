/**
 * How deeply a parsed JSON value nests (issue #17 "No input reaches `internal`"): a payload
 * nested 20 000 levels deep parsed fine and then overflowed the stack of every recursive walk
 * after it (line-end normalization, zod, `JSON.stringify`) as `internal: Maximum call stack
 * size exceeded`. Checked first, iteratively, against {@link LIMITS}`.depth`, wherever JSON
 * enters: entry validation (files on the branch, JSON-lines imports), entry input (CLI
 * `--payload`, MCP, the service API).
 */
import { BrainError } from './errors.js';
import { LIMITS } from './limits.js';

/**
 * The nesting depth of `value` (a scalar is 0, `{}` and `[1]` are 1, `{"a": [1]}` is 2),
 * counted without recursion and stopping once it passes `stopAfter`.
 */
export function jsonDepth(value: unknown, stopAfter = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > stopAfter) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

/**
 * Throws unless `value` nests at most `max` levels (default {@link LIMITS}`.depth`).
 * `what` names the value in the message (`entry`, `--payload`).
 * Errors: `invalid_entry` by default, or `code`.
 */
export function assertJsonDepth(value: unknown, what: string, options: { max?: number; code?: 'invalid_entry' | 'invalid_argument' } = {}): void {
  const max = options.max ?? LIMITS.depth;
  if (jsonDepth(value, max) <= max) return;
  throw new BrainError(options.code ?? 'invalid_entry', `${what} is nested deeper than the limit of ${max} levels of arrays and objects`, {
    hint: `flatten it: an entry is at most ${LIMITS.depth} levels deep, its payload ${LIMITS.depth - 1}`,
    data: { max_depth: max },
  });
}
