/**
 * Control characters in entry text shown as visible escapes (decisions 0050, 0086). Entry text
 * arrives from other clones; a terminal obeys escape sequences (`\x1b[31m`, `\x1b]0;title\x07`)
 * and a bidi override makes text read differently than it is ("Trojan Source", CVE-2021-42574).
 * Every text rendering a person or an agent reads — the CLI's human output, MCP tool texts and
 * the brief — shows each C0 control but newline and tab, DEL, each C1 control and each bidi
 * embedding/override/isolate as `\x1b` (below U+0100) or `\u202e` (above). Structured data
 * (`--json`, MCP structured content, REST) keeps the stored characters. Pure.
 */
import { BIDI_CONTROL_RANGES } from './bidi-controls.js';

/** C0 controls but \t and \n, DEL, C1 controls, and the bidi embedding/override/isolate controls. */
const UNSAFE = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI_CONTROL_RANGES}]`, 'g');

/** `\x1b` for a character below U+0100, `\u202e` above (lower-case hex). */
export function visibleEscape(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control character but newline and tab, and every bidi control, shown as a visible escape. */
export function showControls(text: string): string {
  return text.replace(UNSAFE, visibleEscape);
}
