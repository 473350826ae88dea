/**
 * Matching entry `paths` with code paths (issue #8 part 3; DESIGN §2 "paths: code paths the
 * entry concerns"; docs/decisions/0017-code-review-and-path-globs.md). Pure functions, no I/O.
 *
 * An entry path is either a **path prefix** (`src/payments`, `src/payments/`, a file
 * `src/payments/refund.ts`), compared segment by segment — `src/pay` does not cover
 * `src/payments/x.ts` — or a **glob** (`src/payments/**`, `src/**\/*.sql`, `*.md`) matched with
 * picomatch (dot files included; `*` stays within a segment, `**` crosses them). Paths are
 * repository-relative with `/`; `\`, a leading `./` or `/` and a trailing `/` are normalized.
 */
import picomatch from 'picomatch';
import { BrainError } from './errors.js';

const matchers = new Map<string, (path: string) => boolean>();

/** `./src\\a/` → `src/a`: forward slashes, no leading `./` or `/`, no trailing `/`, no empty or `.` segments. */
export function normalizePath(path: string): string {
  return path.split(/[\\/]+/).filter((s) => s !== '' && s !== '.').join('/');
}

/** `a/b/c` → `['a', 'a/b', 'a/b/c']` (a normalized path; '' → []). */
export function selfAndAncestors(path: string): string[] {
  if (path === '') return [];
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** True when `path` holds glob syntax (`*`, `?`, `[…]`, `{…}`, extglobs) per picomatch. */
export function isGlob(path: string): boolean {
  return picomatch.scan(path).isGlob;
}

function matcher(glob: string): (path: string) => boolean {
  let m = matchers.get(glob);
  if (!m) {
    m = picomatch(normalizePath(glob), { dot: true });
    if (matchers.size > 1000) matchers.clear();
    matchers.set(glob, m);
  }
  return m;
}

/** Segment-wise: `a/b` is within `a` and within `a/b`, not within `a/bc`. An empty prefix contains nothing. */
function within(path: string, prefix: string): boolean {
  return prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`));
}

/** The directory part of a glob before its first magic segment (`src/payments/**` → `src/payments`). */
function globBase(glob: string): string {
  return normalizePath(picomatch.scan(normalizePath(glob)).base);
}

/**
 * True when the entry path `entryPath` (prefix or glob) covers the concrete file `file`
 * (a changed file of a code range: `brain review --code`).
 */
export function entryPathCoversFile(entryPath: string, file: string): boolean {
  const f = normalizePath(file);
  if (f === '') return false;
  return isGlob(entryPath) ? matcher(entryPath)(f) : within(f, normalizePath(entryPath));
}

/**
 * True when the list filter `filter` (prefix or glob) and the entry path `entryPath` (prefix or
 * glob) can concern the same files (`brain list --path`, `brain_list {path}`, `?path=`):
 * - both prefixes: one is within the other (`src` ~ `src/payments/a.ts`, either way);
 * - one glob G, one prefix P: G matches P, or P contains G's base directory (an entry about
 *   `src` concerns `src/payments/**`);
 * - both globs (an approximation: glob intersection is not decided exactly): the same glob,
 *   one matches the other read as a literal path (`**\/*.sql` ~ `db/*.sql`), or one matches the
 *   other's base directory (`src/**` ~ `src/payments/*.ts`).
 */
export function pathFilterMatches(filter: string, entryPath: string): boolean {
  const fGlob = isGlob(filter);
  const eGlob = isGlob(entryPath);
  const f = normalizePath(filter);
  const e = normalizePath(entryPath);
  if (f === '' || e === '') return false;
  if (!fGlob && !eGlob) return within(f, e) || within(e, f);
  if (fGlob && eGlob) return f === e || matcher(filter)(e) || matcher(entryPath)(f) || matcher(filter)(globBase(entryPath)) || matcher(entryPath)(globBase(filter));
  const [glob, prefix] = fGlob ? [filter, e] : [entryPath, f];
  return matcher(glob)(prefix) || within(globBase(glob), prefix);
}

/**
 * Checks a path filter. Errors: `invalid_argument` for a blank one (it would match nothing) or
 * one over 1000 characters.
 */
export function assertPathFilter(path: string): string {
  if (normalizePath(path).trim() === '' || path.length > 1000) {
    throw new BrainError('invalid_argument', path.length > 1000 ? 'path filter is longer than 1000 characters' : `path filter "${path}" names no path`, {
      hint: 'a repository path prefix (src/payments) or a glob (src/payments/**)',
      data: { path: path.slice(0, 100) },
    });
  }
  return path;
}
