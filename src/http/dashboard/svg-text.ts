/**
 * Text inside the dashboard's SVG pictures (issue #22). A server has no fonts to measure
 * with, so widths are estimated per character (wide CJK and emoji count a full em, narrow
 * letters less) and labels are cut with "…" to a width; the full text goes in a `<title>`
 * tooltip and in the page's table. Entry text is hostile: direction overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) and other control characters are
 * dropped from labels, so a title cannot make an arrow or a date read backwards. Escaping is
 * the template's (html.ts); these functions only return plain strings.
 */

import { BIDI_CONTROL_RANGES, BIDI_MARK_CHARS } from '../../model/bidi-controls.js';

const UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI_MARK_CHARS}${BIDI_CONTROL_RANGES}]`, 'g');

/** `text` without direction controls or control characters, whitespace runs as one space, trimmed. */
export function displayText(text: string): string {
  return text.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
}

const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/** The estimated width of one character in em. */
function em(ch: string): number {
  if (WIDE.test(ch)) return 1;
  if (/[iljtf.,:;'|!()[\] ]/.test(ch)) return 0.32;
  if (/[MWmw@%]/.test(ch)) return 0.85;
  if (/[A-Z0-9]/.test(ch)) return 0.66;
  return 0.55;
}

/** The estimated width of `text` in pixels at `fontPx`. */
export function textWidth(text: string, fontPx: number): number {
  let w = 0;
  for (const ch of text) w += em(ch);
  return w * fontPx;
}

/**
 * {@link displayText} of `text`, cut with "…" to fit `maxPx` at `fontPx`: never splitting a
 * character, and at a word when one ends in the last 40% of what fits (`ADR-0073 · Decision…`,
 * not `ADR-0073 · Decision · propo…`); separators left dangling at the cut go too.
 */
export function fitText(text: string, maxPx: number, fontPx: number): string {
  const clean = displayText(text);
  if (textWidth(clean, fontPx) <= maxPx) return clean;
  let w = em('…') * fontPx;
  let out = '';
  let next = '';
  for (const ch of clean) {
    w += em(ch) * fontPx;
    if (w > maxPx) {
      next = ch;
      break;
    }
    out += ch;
  }
  const space = out.lastIndexOf(' ');
  const atWord = next !== ' ' && space >= out.length * 0.6 ? out.slice(0, space) : out;
  return `${atWord.replace(/[\s·,;:–—-]+$/u, '')}…`;
}
