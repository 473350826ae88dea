/**
 * Text rules for entry fields (issue #7 "Text"): entry text travels into commit messages,
 * terminals, HTML and agents' context, and arrives from other clones. Every string field must
 * be well-formed Unicode (no lone surrogates: they cannot round-trip through UTF-8) and free
 * of control characters — NUL, escape and the other C0 controls, DEL and the C1 controls.
 * Multi-line fields (rationale, outcomes, answers, …) may hold newline and tab; single-line
 * fields (title, author, tags, task ids, paths, citations, …) may not. Pure and free of
 * zod, so read paths can check text without loading it; the zod field schemas built on these
 * rules are in text-schemas.ts.
 */

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

/** A UTF-16 surrogate without its pair (cannot round-trip through UTF-8). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `U+001B at character 4`, or null when `text` has no forbidden character. */
export function findForbidden(text: string, multiLine: boolean): string | null {
  const match = (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).exec(text);
  if (!match) return null;
  const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `U+${code} at character ${match.index + 1}`;
}

/** Windows line ends to LF (CR alone is a control character and rejected). */
export function normalizeLineEnds(text: string): string {
  return text.replace(/\r\n/g, '\n');
}
