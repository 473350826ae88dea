/**
 * zod field schemas for entry text (issue #7 "Text"), built on the pure rules of text.ts:
 * bounded length, well-formed Unicode, no control characters (multi-line fields may hold
 * newline and tab). Used by the schemas in entry.ts.
 */
import { z } from 'zod';
import { findForbidden, LONE_SURROGATE } from './text.js';

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

