/**
 * Editing a JSON (or JSONC: VS Code's `mcp.json` allows comments and trailing commas) config file
 * a person also edits, with Microsoft's `jsonc-parser` — the parser VS Code itself uses: one
 * value is set or appended by a minimal text edit, and only the inserted text is formatted (in
 * the file's own indentation and line terminator), so every other key, comment and space keeps
 * its bytes (docs/decisions/0041).
 */
import { applyEdits, findNodeAtLocation, format, getNodeValue, modify, parseTree, printParseErrorCode, type FormattingOptions, type JSONPath, type Node, type ParseError } from 'jsonc-parser';
import { BrainError } from '../model/errors.js';
import { eolOf } from './marked-block.js';

/** A parsed config file: its text and tree (`root` undefined for an empty file). */
export interface JsonDocument {
  text: string;
  root: Node | undefined;
  label: string;
}

/**
 * Parses `text` (a file shown to people as `label`). Errors: `conflict` when it is not JSON
 * (comments and trailing commas allowed) or its top level is not an object: brain setup changes
 * nothing in a file it cannot read.
 */
export function parseJsonDocument(text: string, label: string): JsonDocument {
  if (text.trim() === '') return { text, root: undefined, label };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  const [first] = errors;
  if (first !== undefined) {
    throw new BrainError('conflict', `${label} is not valid JSON (${printParseErrorCode(first.error)} at offset ${first.offset})`, {
      hint: `fix ${label} by hand, then run brain setup again; nothing was written`,
      data: { path: label },
    });
  }
  if (root?.type !== 'object') throw notAn(label, 'object', []);
  return { text, root, label };
}

/** The value at `path` as plain JSON values, or undefined. Errors: `conflict` when a member on the way is not an object. */
export function valueAt(doc: JsonDocument, path: JSONPath): unknown {
  for (let i = 1; i < path.length; i += 1) {
    const node = doc.root && findNodeAtLocation(doc.root, path.slice(0, i));
    if (node !== undefined && node.type !== 'object') throw notAn(doc.label, 'object', path.slice(0, i));
  }
  const node = doc.root && findNodeAtLocation(doc.root, path);
  // getNodeValue makes objects without a prototype: plain JSON values compare as equal values do.
  return node === undefined ? undefined : (JSON.parse(JSON.stringify(getNodeValue(node))) as unknown);
}

/**
 * The text of `doc` with `value` at `path` (members on the way created as needed; `-1` as the
 * last step with `append` adds to the end of that array). Only the inserted text is formatted.
 */
export function setValue(doc: JsonDocument, path: JSONPath, value: unknown, append = false): string {
  if (doc.root === undefined || (doc.root.children?.length === 0 && /^\s*\{\s*\}\s*$/.test(doc.text))) {
    return newJsonFile(nest(path, value));
  }
  // modify() answers one edit: the new member (or array item) as compact JSON, at its place.
  const [edit] = modify(doc.text, path, value, { isArrayInsertion: append });
  if (edit === undefined) return doc.text;
  const text = applyEdits(doc.text, [edit]);
  return applyEdits(text, format(text, { offset: edit.offset, length: edit.content.length }, formattingOf(doc.text)));
}

/** A whole new file holding `value`, 2-space indented, with a final newline. */
export function newJsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** `value` under `path` in new objects (`-1` as a step makes a one-item array). */
function nest(path: JSONPath, value: unknown): unknown {
  return path.reduceRight<unknown>((inner, step) => (step === -1 ? [inner] : { [step]: inner }), value);
}

/** The indentation and line terminator `text` already uses (2 spaces and LF when it shows none). */
function formattingOf(text: string): FormattingOptions {
  const indent = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
  return indent.startsWith('\t') ? { insertSpaces: false, tabSize: 1, eol: eolOf(text) } : { insertSpaces: true, tabSize: indent.length, eol: eolOf(text) };
}

/** The refusal for a member of another type where brain needs `type`. */
export function notAn(label: string, type: string, path: JSONPath): BrainError {
  const where = path.length === 0 ? 'its top level' : `"${path.join('.')}"`;
  return new BrainError('conflict', `${label}: ${where} is not an ${type}, so brain setup cannot add its entry`, {
    hint: `fix ${label} by hand (see the client's documentation), then run brain setup again; nothing was written`,
    data: { path: label },
  });
}
