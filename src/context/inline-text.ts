/**
 * Single-line, bounded, neutralized renderings of untrusted entry fields (DESIGN §7): titles,
 * rationale excerpts, answers, outcomes. Collapsing line breaks means an entry cannot forge a
 * Markdown heading, list item or section of the brief; neutralizing means it cannot close the
 * `<brain-state>` wrapper.
 */
import { neutralize } from './untrusted.js';
import { collapseSpace } from '../model/collapse-space.js';

/** `text` with every run of whitespace / control characters collapsed to one space, trimmed (model/collapse-space.ts). */
export function singleLine(text: string): string {
  return collapseSpace(text);
}

/**
 * `text` cut to at most `max` UTF-16 code units plus a trailing `…` when it was longer.
 * Cuts at the last space in the final quarter when there is one (so words stay whole) and
 * never between the two halves of a surrogate pair. `max` < 1 is treated as 1.
 */
export function truncate(text: string, max: number): string {
  const limit = Math.max(1, Math.floor(max));
  if (text.length <= limit) return text;
  let cut = limit;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  const space = text.lastIndexOf(' ', cut);
  if (space > 0 && space >= cut * 0.75) cut = space;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/**
 * An untrusted field as inline Markdown text: single line ({@link singleLine}), at most `max`
 * code units (+1 for `…`, +1 per neutralized tag; {@link truncate}), neutralized last
 * ({@link neutralize}) so truncation cannot leave a tag behind. Non-strings give `''`.
 */
export function inlineText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return neutralize(truncate(singleLine(value), max));
}
