/**
 * Untrusted entry text (DESIGN §7). Entry text is written by people and agents and re-enters
 * an agent's context through the brief, MCP and the dashboard, so every surface that quotes it
 * wraps it in `<brain-state>` … `</brain-state>` and neutralizes anything inside that could
 * close the wrapper early (and then pose as instructions) or open a nested one.
 *
 * Pure string functions; no I/O, no errors thrown.
 */
import { showControls } from '../model/visible-controls.js';

/** The wrapper tag name. */
export const BRAIN_STATE_TAG = 'brain-state';

/** The line that opens the wrapper. */
export const BRAIN_STATE_OPEN = `<${BRAIN_STATE_TAG}>`;

/** The line that closes the wrapper. */
export const BRAIN_STATE_CLOSE = `</${BRAIN_STATE_TAG}>`;

/** Whitespace (any Unicode \s, incl. newlines) and invisible format characters (zero-width, soft hyphen, bidi marks). */
const GAP = '[\\s\\u00ad\\u180e\\u200b-\\u200f\\u2060-\\u2064\\ufeff]*';
/** `<` and its full-width / small look-alikes. */
const LT = '[<\\uff1c\\ufe64]';
/** `/` and its look-alikes (full-width solidus, division slash, fraction slash, big solidus). */
const SLASH = '[/\\uff0f\\u2215\\u2044\\u29f8]';
/** `brain-state`, `brain_state`, `brainstate`, with Unicode dashes, gaps and any case. */
const NAME = `brain${GAP}[-_\\u2010-\\u2015\\u2212\\ufe63\\uff0d]?${GAP}state`;

const CLOSING = new RegExp(`${LT}${GAP}${SLASH}${GAP}${NAME}`, 'giu');
const OPENING = new RegExp(`${LT}${GAP}${NAME}`, 'giu');

/**
 * `text` with every closing tag look-alike (`</brain-state`, `</ BRAIN-State`, `< /brain_state`,
 * `＜／brain-state`, zero-width characters in between, …) replaced by the inert `<\/brain-state`,
 * and every opening one (`<brain-state`, `< Brain-State`, …) by `<\brain-state`, so quoted text
 * can neither end the wrapper nor nest a second one. Case-insensitive (Unicode case folding).
 *
 * Idempotent (`neutralize(neutralize(t)) === neutralize(t)`); the text is otherwise unchanged.
 * The tag name is normalized to `brain-state`, so a replacement grows the text by at most
 * 2 chars (`</brainstate` → `<\/brain-state`), and shrinks it when gaps were removed.
 * HTML entities (`&lt;/brain-state&gt;`) are left alone: they are not tags in Markdown text.
 */
export function neutralize(text: string): string {
  return text.replace(CLOSING, `<\\/${BRAIN_STATE_TAG}`).replace(OPENING, `<\\${BRAIN_STATE_TAG}`);
}

/**
 * `text` neutralized ({@link neutralize}), its control characters (but newline and tab) and bidi
 * controls shown as visible escapes (`\x1b`, `\u202e`: model/visible-controls.ts, decision 0086 —
 * a client that prints a tool result or the brief in a terminal must not obey them), and wrapped:
 * `<brain-state>\n<text>\n</brain-state>` (no trailing newline; a trailing newline of `text`
 * is not doubled; empty text gives `<brain-state>\n</brain-state>`).
 */
export function wrapUntrusted(text: string): string {
  const body = showControls(neutralize(text));
  const sep = body === '' || body.endsWith('\n') ? '' : '\n';
  return `${BRAIN_STATE_OPEN}\n${body}${sep}${BRAIN_STATE_CLOSE}`;
}
