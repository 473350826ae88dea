/**
 * Synchronous HTML templating for the dashboard over Hono's `html` helper (hono/html): every
 * interpolated string is escaped (`& < > " '`) with its bidi controls and U+2028/U+2029 made visible, arrays are joined, `null`/`undefined`/booleans
 * render nothing, and only values made by {@link h} or {@link trusted} pass through unescaped.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { showBidiControls } from '../../model/bidi-controls.js';

/** A fragment of HTML that is safe to embed as is. */
export type Html = HtmlEscapedString;

/**
 * U+2028 / U+2029: a browser breaks the line at each (UAX #14 class BK), so a one-line title from
 * another clone read as several lines — a forged `recorded: … by Alice` under the real title
 * (newcomer round fourteen, docs/decisions/0103). Shown as `\u2028`, as bidi controls are.
 */
const LINE_SEPARATORS = /[\u2028\u2029]/g;

/** A value with its plain strings' bidi controls and line/paragraph separators made visible (model/bidi-controls.ts); fragments already made are kept. */
function visible(value: unknown): unknown {
  if (typeof value === 'string') return showBidiControls(value).replace(LINE_SEPARATORS, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16)}`);
  return Array.isArray(value) ? value.map(visible) : value;
}

/**
 * Tagged template: escapes every value (see module doc), with the bidi embedding, override and
 * isolate controls of its plain strings shown as `\u202e` (they would reorder what a reader
 * sees). Throws if a value is a Promise (the dashboard renders synchronously).
 */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const out = html(strings, ...values.map(visible));
  if (out instanceof Promise) throw new Error('dashboard templates must not contain promises');
  return out;
}

/**
 * Marks `markup` as safe HTML without escaping it. Only for markup produced by the sanitizer
 * (markdown.ts) or by code from constant strings and escaped values — never for entry text.
 */
export function trusted(markup: string): Html {
  return raw(markup);
}

/** Joins fragments with `separator` (itself escaped unless it is {@link Html}). */
export function join(parts: readonly Html[], separator: string | Html = ''): Html {
  return h`${parts.flatMap((p, i) => (i === 0 ? [p] : [separator, p]))}`;
}
