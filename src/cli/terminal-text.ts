/**
 * Entry text reaches terminals (issue #7 "Text"): revisions arrive from other clones through
 * `sync` and merges, so a title may carry escape sequences (`\x1b[31m`, `\x1b]0;title\x07`)
 * that recolour, retitle or rewrite a user's terminal, or bidirectional overrides that make
 * text read differently than it is ("Trojan Source", CVE-2021-42574). Human output passes
 * through {@link neutralizeTerminal}: every control character but newline and tab, and every
 * bidi override or isolate, is shown as a visible escape (`\x1b`, `\u202e`). `--json` output
 * keeps values exact: {@link safeJson} writes the same characters as JSON escapes.
 */

import { BIDI_CONTROL_RANGES } from '../model/bidi-controls.js';
import { showControls } from '../model/visible-controls.js';

/** What JSON.stringify leaves raw of the characters {@link showControls} shows (it escapes C0 itself). */
const UNSAFE_IN_JSON = new RegExp(`[\\u007f-\\u009f${BIDI_CONTROL_RANGES}]`, 'g');

/** `text` with terminal control sequences made visible and inert; newlines and tabs kept (model/visible-controls.ts). */
export function neutralizeTerminal(text: string): string {
  return showControls(text);
}

/**
 * `JSON.stringify(value, null, indent)`, with the characters {@link neutralizeTerminal} would show
 * written as JSON unicode escapes (`\u009b`, `\u202e`; JSON.stringify already escapes C0): the
 * parsed value is unchanged, the bytes are safe on a terminal.
 */
export function safeJson(value: unknown, indent: number = 2): string {
  return JSON.stringify(value, null, indent).replace(UNSAFE_IN_JSON, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}
