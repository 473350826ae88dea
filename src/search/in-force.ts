/**
 * In force above superseded (issue #18 "Search answers plain questions", docs/decisions/0035):
 * a search hit whose entry is no longer in force — superseded, rejected, deprecated, retired,
 * resolved or cleared — has its relevance multiplied by {@link NOT_IN_FORCE_WEIGHT}, so among
 * hits of comparable relevance the ones in force come first, while an old entry that matches
 * much better still ranks above a weak in-force hit (a demotion, not a partition). One rule for
 * every projection backend: SQLite applies {@link statusWeight} to its BM25 scores
 * (src/projection/sqlite/search.ts), PostgreSQL the same factor in SQL
 * (src/projection/postgres/search-rank.ts, from {@link NOT_IN_FORCE}).
 */

/** The statuses of entries no longer in force, across kinds (src/model/kinds.ts). */
export const NOT_IN_FORCE: readonly string[] = ['superseded', 'rejected', 'deprecated', 'retired', 'resolved', 'cleared'];

/** The relevance factor of a hit that is not in force: half (one in force ranks first unless the other scores twice as high). */
export const NOT_IN_FORCE_WEIGHT = 0.5;

const OUT = new Set(NOT_IN_FORCE);

/** The factor applied to the relevance of a hit with `status`: 1 in force, {@link NOT_IN_FORCE_WEIGHT} otherwise. */
export const statusWeight = (status: string): number => (OUT.has(status) ? NOT_IN_FORCE_WEIGHT : 1);
