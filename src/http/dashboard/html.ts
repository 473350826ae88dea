/**
 * Synchronous HTML templating for the dashboard over Hono's `html` helper (hono/html): every
 * interpolated string is escaped (`& < > " '`), arrays are joined, `null`/`undefined`/booleans
 * render nothing, and only values made by {@link h} or {@link trusted} pass through unescaped.
 */
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';

/** A fragment of HTML that is safe to embed as is. */
export type Html = HtmlEscapedString;

/** Tagged template: escapes every value (see module doc). Throws if a value is a Promise (the dashboard renders synchronously). */
export function h(strings: TemplateStringsArray, ...values: unknown[]): Html {
  const out = html(strings, ...values);
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
