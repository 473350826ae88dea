/**
 * Which current entries of a project concern a path filter (`brain list --path`, `?path=`),
 * read through the `entry_paths_norm` index (project_id, glob, norm) instead of every path of
 * the project (issue #10 "Queries cost O(result)"). The rule itself stays
 * {@link pathFilterMatches} (model/path-match.ts): the index only narrows the rows it is run on.
 *
 * A literal prefix filter `F` needs none of this for what lies in it: `entry_path_dirs` holds
 * every directory of every literal entry path in list order, so its first page is one index
 * range (queries.ts); {@link entriesBesidePrefix} adds the few entries whose path is an
 * ancestor of `F` or a glob. {@link entriesConcerning} serves glob filters.
 *
 * Indexed: a prefix filter `F` (its ancestors and itself by equality, what lies under it by a
 * range) and a glob filter with a literal base directory `B` (`src/payments/**`: B's ancestors,
 * B, and the range under B). Read in full for the project (documented, not indexed): entry
 * paths that are globs (rare; `glob = 1`), and — for a glob filter without a literal base
 * (`**\/*.sql`) or a negated one (`!src/**`) — every prefix path of the project.
 */
import picomatch from 'picomatch';
import { isGlob, normalizePath, pathFilterMatches, selfAndAncestors } from '../model/path-match.js';
import type { CacheDb } from './open-cache.js';

/**
 * Ids of the project's current entries with a `paths` value that {@link pathFilterMatches}
 * `filter` (already checked by `assertPathFilter`), in no particular order.
 */
export function entriesConcerning(db: CacheDb, projectId: string, filter: string): string[] {
  let base: string | null = normalizePath(filter);
  if (isGlob(filter)) {
    const scan = picomatch.scan(normalizePath(filter));
    base = scan.negated ? null : normalizePath(scan.base);
    if (base === '') base = null;
  }
  const rows: { entry_id: string; path: string }[] = [];
  const all = (sql: string, ...params: unknown[]) => rows.push(...(db.prepare(sql).all(projectId, ...params) as { entry_id: string; path: string }[]));
  all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 1');
  if (base === null) {
    all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0');
  } else {
    all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm IN (SELECT value FROM json_each(?))', JSON.stringify(selfAndAncestors(base)));
    all('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm >= ? AND norm < ?', `${base}/`, `${base}0`);
  }
  return [...new Set(rows.filter((r) => pathFilterMatches(filter, r.path)).map((r) => r.entry_id))];
}

/**
 * The project's current entries a literal prefix filter concerns besides those with a literal
 * path in it (read from `entry_path_dirs`): entries with a literal path that is a strict
 * ancestor of the filter (`src` concerns `src/cache`), and entries with a glob path that
 * {@link pathFilterMatches} the filter. Few in practice; in no particular order.
 */
export function entriesBesidePrefix(db: CacheDb, projectId: string, filter: string): string[] {
  const ancestors = selfAndAncestors(normalizePath(filter)).slice(0, -1);
  const rows = [
    ...(db.prepare('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 1').all(projectId) as { entry_id: string; path: string }[]),
    ...(db.prepare('SELECT entry_id, path FROM entry_paths WHERE project_id = ? AND glob = 0 AND norm IN (SELECT value FROM json_each(?))').all(projectId, JSON.stringify(ancestors)) as { entry_id: string; path: string }[]),
  ];
  return [...new Set(rows.filter((r) => pathFilterMatches(filter, r.path)).map((r) => r.entry_id))];
}
