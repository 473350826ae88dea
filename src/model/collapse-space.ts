/**
 * Collapsing whitespace in untrusted one-line renderings (summaries, excerpts, titles; issue 21:
 * the regex replacement, which rewrites every single space of a 1 500-character rationale,
 * was half the cost of an MCP `brain_list` page's summaries). Pure; no I/O.
 */

/** Any run of whitespace (JavaScript's `\s`: incl. CR, LF, U+2028/2029, NBSP, tabs) or C0/C1 control characters. */
const BREAKS = /[\s\u0000-\u001f\u007f-\u009f]+/g;

/**
 * A character {@link BREAKS} matches other than U+0020, or two U+0020 in a row: where a text
 * differs from its collapsed form other than at its ends. The characters are `\s` spelled out
 * (ECMAScript WhiteSpace and LineTerminator) beside the C0/C1 controls.
 */
const NEEDS_REWRITE = /[\u0000-\u001f\u007f-\u009f\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}/;

/**
 * `text` with every run of whitespace / control characters replaced by one space, and trimmed.
 * A text whose only such characters are single spaces is returned trimmed without the rewrite
 * (the same string the rewrite gives: property-tested in test/model/collapse-space.test.ts).
 */
export function collapseSpace(text: string): string {
  return NEEDS_REWRITE.test(text) ? text.replace(BREAKS, ' ').trim() : text.trim();
}
