/**
 * The total order of an entry's revisions (DESIGN §3 invariant 5), free of zod so read paths
 * (entry-at-revision, the projection) can sort without loading the ledger schema.
 */

/**
 * The order of same-numbered revisions (DESIGN §3 invariant 5): revision, then recorded_at,
 * then sha256, ascending. The last one is the current revision.
 */
export function compareRevisions(
  a: { revision: number; recorded_at: string; sha256: string },
  b: { revision: number; recorded_at: string; sha256: string },
): number {
  if (a.revision !== b.revision) return a.revision - b.revision;
  if (a.recorded_at !== b.recorded_at) return a.recorded_at < b.recorded_at ? -1 : 1;
  return a.sha256 < b.sha256 ? -1 : a.sha256 > b.sha256 ? 1 : 0;
}
