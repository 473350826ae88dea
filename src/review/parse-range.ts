/**
 * The range argument of `brain review` (issue #4): `BASE..HEAD`, or a single `BASE` meaning
 * `BASE..<docs branch tip>`. Pure syntax; the revisions are resolved by git afterwards
 * (src/git/rev-parse.ts), so anything `git rev-parse` accepts works on either side.
 *
 * `BASE...HEAD` (three dots) is accepted and means the same thing: the review always compares
 * HEAD with the merge base of BASE and HEAD, like `git diff BASE...HEAD`
 * (docs/decisions/0011-brain-review.md).
 */
import { BrainError } from '../model/errors.js';

/** A parsed range. `head` null means "the docs branch tip". */
export interface ReviewRangeSpec {
  /** The argument as given. */
  spec: string;
  base: string;
  head: string | null;
}

const HINT = 'brain review BASE..HEAD (e.g. origin/brain..brain, brain~3..brain) or brain review BASE';

/**
 * Parses `BASE..HEAD`, `BASE...HEAD`, `BASE..` (HEAD = docs tip) or `BASE`.
 * Errors: `invalid_argument` for an empty argument, an empty BASE (`..HEAD`), more than one
 * range operator (`a..b..c`), or whitespace / control characters.
 */
export function parseReviewRange(text: string): ReviewRangeSpec {
  const bad = (why: string) => new BrainError('invalid_argument', `invalid range "${text}": ${why}`, { hint: HINT, data: { range: text } });
  if (text.trim() === '') throw bad('it is empty');
  if (/[\s\x00-\x1f\x7f]/.test(text)) throw bad('it contains whitespace or control characters');
  const parts = text.split(/\.\.\.?/);
  if (parts.length > 2) throw bad('use one ".." between BASE and HEAD');
  const [base, head] = parts as [string, string | undefined];
  if (head === undefined) return { spec: text, base, head: null };
  if (base === '') throw bad('BASE is missing before ".."');
  return { spec: text, base, head: head === '' ? null : head };
}
