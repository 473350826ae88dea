/**
 * Text rules for entry fields (issue #7 "Text"): entry text travels into commit messages,
 * terminals, HTML and agents' context, and arrives from other clones. Every string field must
 * be well-formed Unicode (no lone surrogates: they cannot round-trip through UTF-8) and free
 * of control characters — NUL, escape and the other C0 controls, DEL and the C1 controls.
 * Multi-line fields (rationale, outcomes, answers, …) may hold newline and tab; single-line
 * fields (title, author, tags, task ids, paths, citations, …) may not. Pure; used by the zod
 * schemas in entry.ts.
 */
import { z } from 'zod';

// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `U+001B at character 4`, or null when `text` has no forbidden character. */
export function findForbidden(text: string, multiLine: boolean): string | null {
  const match = (multiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).exec(text);
  if (!match) return null;
  const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  return `U+${code} at character ${match.index + 1}`;
}

function checked(schema: z.ZodString, multiLine: boolean) {
  return schema.superRefine((text, ctx) => {
    if (LONE_SURROGATE.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'must be well-formed Unicode (it holds a lone surrogate)' });
      return;
    }
    const found = findForbidden(text, multiLine);
    if (found) {
      const allowed = multiLine ? 'only newline and tab are allowed' : 'a single line: no newline, tab or other control character';
      ctx.addIssue({ code: 'custom', message: `must not contain control characters (found ${found}; ${allowed})` });
    }
  });
}

/** A single-line string of at most `max` characters (may be blank; see {@link nonBlankLine}). */
export const singleLine = (max: number) => checked(z.string().max(max, { message: `must be at most ${max} characters` }), false);

/** A single-line, non-blank string of at most `max` characters. */
export const nonBlankLine = (max: number) =>
  singleLine(max).refine((s) => s.trim().length > 0, { message: 'must not be blank' });

/** Multi-line text (newline and tab allowed) of at most `max` characters. */
export const multiLineText = (max: number) => checked(z.string().max(max, { message: `must be at most ${max} characters` }), true);

/** Multi-line, non-blank text of at most `max` characters. */
export const nonBlankText = (max: number) =>
  multiLineText(max).refine((s) => s.trim().length > 0, { message: 'must not be blank' });

/** Windows line ends to LF (CR alone is a control character and rejected). */
export function normalizeLineEnds(text: string): string {
  return text.replace(/\r\n/g, '\n');
}
