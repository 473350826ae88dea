/**
 * The block `brain setup` keeps inside a text file it shares with people (AGENTS.md, CLAUDE.md,
 * `.codex/config.toml`, …): a begin line and an end line, each a comment of the file's language
 * naming `brain:setup:begin` / `brain:setup:end`. Running setup again replaces what lies between
 * them and leaves every byte outside them as it was (docs/decisions/0041), like the managed
 * blocks of conda or nvm in a shell profile.
 */
import { BrainError } from '../model/errors.js';

/** The words that make a line a marker, whatever comment syntax surrounds them. */
const BEGIN = 'brain:setup:begin';
const END = 'brain:setup:end';

/** How a file's language writes the two marker lines. */
export interface CommentStyle {
  /** `(text) => '<!-- text -->'` or `(text) => '# text'`. */
  line(text: string): string;
}

export const HTML_COMMENT: CommentStyle = { line: (text) => `<!-- ${text} -->` };
export const HASH_COMMENT: CommentStyle = { line: (text) => `# ${text}` };

/** `body` (lines joined by `\n`) between the two marker lines of `style`, joined by `eol`, no final newline. */
function markedBlock(body: string, style: CommentStyle, eol: string): string {
  return [style.line(`${BEGIN} (written by \`brain setup\`; running it again replaces this block)`), ...body.split('\n'), style.line(END)].join(eol);
}

/** The line terminator `text` uses: CRLF when it has one, else LF. */
export function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

/** [start, end) of every line of `text` containing `word`, the end before its line terminator. */
function linesWith(text: string, word: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) {
    const start = text.lastIndexOf('\n', at) + 1;
    let end = text.indexOf('\n', at);
    if (end === -1) end = text.length;
    if (text[end - 1] === '\r') end -= 1;
    if (found.at(-1)?.[0] !== start) found.push([start, end]);
  }
  return found;
}

/**
 * Where brain's block lies in `text`: `null` when there is none, else [start, end) from the begin
 * line's start to the end line's end (its terminator excluded).
 * Errors: `conflict` when the markers are not exactly one begin line followed by one end line.
 */
export function findBlock(text: string, label: string): [number, number] | null {
  const begins = linesWith(text, BEGIN);
  const ends = linesWith(text, END);
  if (begins.length === 0 && ends.length === 0) return null;
  const [begin] = begins;
  const [end] = ends;
  if (begins.length !== 1 || ends.length !== 1 || begin === undefined || end === undefined || end[0] <= begin[0]) {
    throw new BrainError('conflict', `${label} has ${begins.length} "${BEGIN}" and ${ends.length} "${END}" lines: brain setup cannot tell which part of it is its own`, {
      hint: `leave exactly one brain block (a "${BEGIN}" line, then a "${END}" line), or remove both lines and the text between them, then run brain setup again; nothing was written`,
      data: { path: label },
    });
  }
  return [begin[0], end[1]];
}

/**
 * `text` with brain's block holding `body` (lines joined by `\n`; written with the file's line
 * terminator): the old block replaced in place, or, when there is none, the block appended after
 * a blank line (`text` '' gives the block and a newline). Bytes outside the block are kept.
 * Errors: `conflict` from {@link findBlock}, naming `label`.
 */
export function withBlock(text: string, body: string, style: CommentStyle, label: string): string {
  const eol = eolOf(text);
  const block = markedBlock(body, style, eol);
  const range = findBlock(text, label);
  if (range !== null) return text.slice(0, range[0]) + block + text.slice(range[1]);
  let prefix = text;
  if (prefix !== '' && !prefix.endsWith('\n')) prefix += eol;
  if (prefix !== '' && !/\n\r?\n$/.test(prefix)) prefix += eol;
  return `${prefix}${block}${eol}`;
}
