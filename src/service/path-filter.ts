/**
 * The dashboard's `path` filter (issue #8 part 2: "filters kind, status, tag, path, task,
 * author"): which of a project's entry `paths` values concern a path the user asks about.
 * Entry paths are path prefixes or globs (issue #8 part 3); so is the filter. An entry path
 * `p` concerns the filter `f` when (after dropping a leading `./` and trailing `/`):
 *
 * - `f` is a glob (picomatch) and matches `p`, or `p` is a directory holding the glob's static
 *   base (`src` concerns `src/payments/**`); or `p` is a glob that matches `f`;
 * - or one is the other, or a path-segment prefix of it, in either direction (`src/payments`
 *   concerns `src/payments/api.ts`, and `src` concerns `src/payments/api.ts`; `src/pay` does
 *   not concern `src/payments`).
 */
import picomatch from 'picomatch';
import { BrainError } from '../model/errors.js';

const normalize = (path: string) => path.trim().replace(/^(\.\/)+/, '').replace(/\/+$/, '');
const isGlob = (path: string) => picomatch.scan(path).isGlob;
const segmentPrefix = (prefix: string, path: string) => prefix === '' || path === prefix || path.startsWith(`${prefix}/`);

/**
 * The values of `candidates` (entry paths) that concern `filter`, in input order.
 * Errors: `invalid_argument` for a blank filter or one over 1 000 characters.
 */
export function matchingPaths(args: { filter: string; candidates: readonly string[] }): string[] {
  const filter = normalize(args.filter);
  if (filter === '' || args.filter.length > 1000) {
    throw new BrainError('invalid_argument', 'path filter must be a non-blank path, directory or glob of at most 1 000 characters', { hint: 'e.g. src/payments, src/payments/api.ts or src/**/*.sql' });
  }
  const filterMatches = isGlob(filter) ? picomatch(filter, { dot: true }) : null;
  const base = picomatch.scan(filter).base;
  return args.candidates.filter((raw) => {
    const path = normalize(raw);
    if (filterMatches) return filterMatches(path) || (!isGlob(path) && segmentPrefix(path, base));
    if (isGlob(path)) return picomatch(path, { dot: true })(filter);
    return segmentPrefix(path, filter) || segmentPrefix(filter, path);
  });
}
