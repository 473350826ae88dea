/**
 * Which current entries of a project concern a path filter (`brain list --path`, `?path=`),
 * read through the `entry_paths_norm` index (project_id, glob, norm) instead of every path of
 * the project (issue #10 "Queries cost O(result)"). The rule itself stays
 * {@link pathFilterMatches} (model/path-match.ts): the index only narrows the rows it is run on.
 *
 * A filter with a base directory `B` (a literal prefix, or a glob's literal base) needs none of
 * this for what lies in `B`: `entry_path_dirs` holds every directory of every literal entry path
 * in list order, so its first page is read from one index range (queries.ts);
 * {@link entriesBesideBase} adds the few entries whose path is an ancestor of `B` or a glob.
 * {@link entriesConcerning} serves filters without a base.
 *
 * Indexed: a prefix filter `F` (its ancestors and itself by equality, what lies under it by a
 * range) and a glob filter with a literal base directory `B` (`src/payments/**`: B's ancestors,
 * B, and the range under B). Read in full for the project (documented, not indexed): entry
 * paths that are globs (rare; `glob = 1`), and — for a glob filter without a literal base
 * (`**\/*.sql`) or a negated one (`!src/**`) — every prefix path of the project.
 */
import picomatch from 'picomatch';
import { isGlob, normalizePath, pathFilterMatches, selfAndAncestors } from '../../model/path-match.js';
import type { CacheDb } from './open-cache.js';

/**
 * The directory every path a filter can match lies in (or is an ancestor of): a literal filter
 * itself, a glob's literal base (`src/payments/**` → `src/payments`); null when there is none
 * (`**\/*.sql`, a negated glob): such a filter has to look at every path.
 */
export function filterBase(filter: string): string | null {
  if (!isGlob(filter)) return normalizePath(filter);
  const scan = picomatch.scan(normalizePath(filter));
  const base = scan.negated ? '' : normalizePath(scan.base);
  return base === '' ? null : base;
}

/**
 * Ids of the project's current entries with a `paths` value that {@link pathFilterMatches}
 * `filter` (already checked by `assertPathFilter`), in no particular order.
 */
export function entriesConcerning(db: CacheDb, projectId: string, filter: string): string[] {
  const base = filterBase(filter);
  const rows: { entry_id: string; path: string }[] = [];
  const all = (sql: string, ...params: unknown[]) => rows.push(...(db.prepare(sql).all(projectId, ...params) as { entry_id: string; path: string }[]));
  all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 1');
  if (base === null) {
    all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0');
  } else {
    all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm IN (SELECT value FROM json_each(?))', JSON.stringify(selfAndAncestors(base)));
    all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm >= ? AND norm < ?', `${base}/`, `${base}0`);
  }
  return matchingIds(filter, rows);
}

/**
 * The ids of `rows` whose path the filter concerns, the rule run once per distinct path (many
 * entries name the same file: issue 21, a glob's board counted 3 500 rule runs for 14 paths).
 */
function matchingIds(filter: string, rows: readonly { entry_id: string; path: string }[]): string[] {
  const verdicts = new Map<string, boolean>();
  const ids = new Set<string>();
  for (const r of rows) {
    let match = verdicts.get(r.path);
    if (match === undefined) verdicts.set(r.path, (match = pathFilterMatches(filter, r.path)));
    if (match) ids.add(r.entry_id);
  }
  return [...ids];
}

/**
 * The project's current entries a filter with base directory `base` ({@link filterBase})
 * concerns besides those with a literal path in `base` (read from `entry_path_dirs`): entries
 * with a literal path that is a strict ancestor of `base` (`src` concerns `src/cache`), and
 * entries with a glob path, each kept when {@link pathFilterMatches} says so. Few in practice;
 * in no particular order.
 */
export function entriesBesideBase(db: CacheDb, projectId: string, filter: string, base: string): string[] {
  const ancestors = selfAndAncestors(base).slice(0, -1);
  const rows = [
    ...(db.prepare('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 1').all(projectId) as { entry_id: string; path: string }[]),
    ...(db.prepare('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm IN (SELECT value FROM json_each(?))').all(projectId, JSON.stringify(ancestors)) as { entry_id: string; path: string }[]),
  ];
  return matchingIds(filter, rows);
}

/**
 * The distinct literal paths of the project at `base` or under it that a glob filter with base
 * directory `base` ({@link filterBase}) matches — the rule run once per distinct path (few: many
 * entries name the same files), no entry id read into JavaScript. With
 * {@link entriesBesideBase}, the entries of these paths are {@link entriesConcerning}'s: a
 * count joins them in SQL (queries.ts, a `PathSource` with `under`).
 */
export function pathsUnderBase(db: CacheDb, projectId: string, filter: string, base: string): string[] {
  const rows = db.prepare('SELECT DISTINCT path FROM entry_paths WHERE project_id = ? AND glob = 0 AND (norm = ? OR (norm >= ? AND norm < ?))').all(projectId, base, `${base}/`, `${base}0`) as { path: string }[];
  return rows.map((r) => r.path).filter((path) => pathFilterMatches(filter, path));
}
