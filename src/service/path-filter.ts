/**
 * The dashboard's `path` filter (issue #8 part 2: "filters kind, status, tag, path, task,
 * author"): which of a project's entry `paths` values concern the path, directory or glob a
 * user asks about — the same rule as `brain list --path` (model/path-match.ts).
 */
import { assertPathFilter, pathFilterMatches } from '../model/path-match.js';

/**
 * The values of `candidates` (entry paths) that concern `filter`, in input order.
 * Errors: `invalid_argument` for a blank filter or one over 1 000 characters.
 */
export function matchingPaths(args: { filter: string; candidates: readonly string[] }): string[] {
  const filter = assertPathFilter(args.filter);
  return args.candidates.filter((path) => pathFilterMatches(filter, path));
}
