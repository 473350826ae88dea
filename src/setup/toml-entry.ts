/**
 * Brain's table in a TOML config a person also edits (Codex's `config.toml`: `[mcp_servers.brain]`;
 * docs/decisions/0041). No maintained JavaScript TOML library rewrites a file keeping its comments
 * and layout, so the table lives in brain's marked block (`# brain:setup:begin` … `end`) and
 * `smol-toml` — a maintained TOML 1.0 parser — checks the file before and after: brain never
 * writes a file that does not parse, or in which its table would read as anything but its own.
 */
import { isDeepStrictEqual } from 'node:util';
import { parse, stringify } from 'smol-toml';
import { BrainError } from '../model/errors.js';
import { notBrains, type FileEdit } from './file-edits.js';
import { findBlock, HASH_COMMENT, withBlock } from './marked-block.js';

/** The value at `path` of parsed TOML as plain JSON values, or undefined. */
function tableAt(doc: Record<string, unknown>, path: string[]): unknown {
  let node: unknown = doc;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return JSON.parse(JSON.stringify(node)) as unknown;
}

/** Parses `text`, or refuses with the parser's first line naming `label`. */
function parseToml(text: string, label: string, refusal: string, hint: string): Record<string, unknown> {
  try {
    return parse(text) as Record<string, unknown>;
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).split('\n')[0];
    throw new BrainError('conflict', `${refusal} (${reason})`, { hint, data: { path: label } });
  }
}

/**
 * Sets the table at `path` (e.g. `['mcp_servers', 'brain']`) to `value` inside brain's block.
 * Errors: `conflict` when the file is not TOML, when the table exists outside brain's block, or
 * when the file with brain's block would not parse or would give the table other keys.
 */
export function tomlEntry(path: string[], value: Record<string, unknown>): FileEdit {
  const body = stringify(path.reduceRight<Record<string, unknown>>((inner, key) => ({ [key]: inner }), value)).trimEnd();
  return (current, label) => {
    const text = current ?? '';
    const table = `[${path.join('.')}]`;
    const before = parseToml(text, label, `${label} is not valid TOML`, `fix ${label} by hand, then run brain setup again; nothing was written`);
    if (findBlock(text, label) === null && tableAt(before, path) !== undefined) throw notBrains(label, table, body);
    const next = withBlock(text, body, HASH_COMMENT, label);
    const byHand = `add it to ${label} by hand:\n${body}\nnothing was written`;
    const after = parseToml(next, label, `brain's ${table} cannot be added to ${label}`, byHand);
    if (!isDeepStrictEqual(tableAt(after, path), value)) {
      throw new BrainError('conflict', `in ${label}, brain's ${table} would not hold exactly brain's keys (keys after its block belong to it)`, { hint: byHand, data: { path: label } });
    }
    return next;
  };
}
