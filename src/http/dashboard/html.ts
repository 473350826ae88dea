/**
 * Synchronous HTML templating for the dashboard over Hono's `html` helper (hono/html): every
 * interpolated string is escaped (`& < > " '`) with its bidi controls made visible, arrays are joined, `null`/`undefined`/booleans
 * render nothing, and only values made by {@link h} or {@link trusted} pass through unescaped.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import { showBidiControls } from '../../model/bidi-controls.js';

/** A fragment of HTML that is safe to embed as is. */
export type Html = HtmlEscapedString;

/** A value with its plain strings' bidi controls made visible (model/bidi-controls.ts); fragments already made are kept. */
function visible(value: unknown): unknown {
  if (typeof value === 'string') return showBidiControls(value);
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
