/**
 * The ways `brain setup` changes one file (docs/decisions/0041). Each is a {@link FileEdit}: the
 * new text from the current one, or a `conflict` when the file holds something brain did not
 * write where brain would write — then nothing is written, in any file. Setup recognises its
 * own work by what it is, never by a record kept in the clone: a teammate's clone recognises the
 * entry a committed `.mcp.json` carries, and a hand-written entry is never mistaken for brain's.
 *
 * - {@link jsonEntry}: one member of a JSON object (`mcpServers.brain`); brain's when it equals a
 *   value brain writes. Every other member keeps its bytes.
 * - {@link jsonHookGroup}: one item of a hook array (`hooks.SessionStart`); brain's when equal.
 * - {@link ownJsonFile}: a whole file named for brain (`.github/hooks/brain.json`).
 * - {@link textBlock}: brain's marked block in a shared text file (AGENTS.md, CLAUDE.md).
 * - {@link ownTextFile}: a whole text file named for brain, holding brain's block.
 */
import { isDeepStrictEqual } from 'node:util';
import type { JSONPath } from 'jsonc-parser';
import { BrainError } from '../model/errors.js';
import { newJsonFile, notAn, parseJsonDocument, setValue, valueAt } from './json-document.js';
import { findBlock, withBlock, type CommentStyle } from './marked-block.js';

/**
 * A file's new text given its current text (`null`: no such file), the file shown as `label`.
 * Errors: `conflict` — the file holds what brain did not write where brain would write.
 */
export type FileEdit = (current: string | null, label: string) => string;

/** The refusal: `what` in `label` is not brain's; `mine` is what brain would have written, to paste. */
export function notBrains(label: string, what: string, mine: string): BrainError {
  return new BrainError('conflict', `${label} already has ${what}, which brain setup did not write`, {
    hint: `remove it and run brain setup again, or change it by hand to brain's:\n${mine}\nnothing was written`,
    data: { path: label },
  });
}

/**
 * Sets `value` at `path` of a JSON file. An existing value stays when it equals `value`, is
 * replaced when it equals one of `brains` (what brain writes with other options), and is refused
 * otherwise.
 */
export function jsonEntry(path: JSONPath, value: unknown, brains: unknown[]): FileEdit {
  return (current, label) => {
    const doc = parseJsonDocument(current ?? '', label);
    const existing = valueAt(doc, path);
    if (existing !== undefined && isDeepStrictEqual(existing, value)) return doc.text;
    if (existing !== undefined && !brains.some((known) => isDeepStrictEqual(known, existing))) {
      throw notBrains(label, `"${path.join('.')}"`, JSON.stringify({ [String(path.at(-1))]: value }, null, 2));
    }
    return setValue(doc, path, value);
  };
}

/**
 * Appends `group` to the array at `path` unless an equal item is there. Refused when another
 * item is of brain's kind (`ours(item)`): two would run, and brain cannot tell which to keep.
 */
export function jsonHookGroup(path: JSONPath, group: unknown, ours: (item: unknown) => boolean): FileEdit {
  return (current, label) => {
    const doc = parseJsonDocument(current ?? '', label);
    const items = valueAt(doc, path);
    if (items === undefined) return setValue(doc, path, [group]);
    if (!Array.isArray(items)) throw notAn(label, 'array', path);
    if (items.some((item) => isDeepStrictEqual(item, group))) return doc.text;
    if (items.some(ours)) throw notBrains(label, `a ${path.join('.')} hook that runs \`brain context\``, JSON.stringify(group, null, 2));
    return setValue(doc, [...path, -1], group, true);
  };
}

/** A whole JSON file that is brain's when (and only when) it holds exactly `value`. */
export function ownJsonFile(value: unknown): FileEdit {
  return (current, label) => {
    if (current === null || current.trim() === '') return newJsonFile(value);
    if (isDeepStrictEqual(valueAt(parseJsonDocument(current, label), []), value)) return current;
    throw notBrains(label, 'other content', newJsonFile(value));
  };
}

/** Brain's block holding `body` in a text file people share: replaced, or appended. */
export function textBlock(body: string, style: CommentStyle): FileEdit {
  return (current, label) => withBlock(current ?? '', body, style, label);
}

/**
 * A text file named for brain: created as `head` then the block; afterwards only its block is
 * replaced (a person may have edited the rest). Refused when it exists without brain's block.
 */
export function ownTextFile(head: string, body: string, style: CommentStyle): FileEdit {
  return (current, label) => {
    if (current === null || current.trim() === '') return withBlock(head, body, style, label);
    if (findBlock(current, label) === null) throw notBrains(label, 'other content', withBlock(head, body, style, label));
    return withBlock(current, body, style, label);
  };
}
