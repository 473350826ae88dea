/**
 * `relevance_score` of search hits (docs/decisions/0021, 0026, 0035, 0047), the same rule on
 * every projection backend: the share of the query's words (after stop words) the best hit
 * holds, times each hit's score over the best hit's, never rising down the list, in (0, 1],
 * rounded to 6 decimals. So 1 means "the best hit holds every word you asked for, and this hit
 * scores as well as it"; a question only one of whose four words matched anywhere tops out at
 * 0.25 — before 0047 every first hit showed 1, however weak. Within one answer the order is the
 * ranking's; across the repositories of a hub, hits merge by this score.
 */

/** Smallest relevance: every hit is a match, so none scores 0. */
const FLOOR = 1e-6;

/**
 * The relevance of hits with `scores` (higher is better, in rank order; a score ≤ 0 or not finite
 * counts as the floor), the best of which holds the share `bestShare` (in [0, 1]; clamped) of
 * the query's words. Pure.
 */
export function relevanceScores(scores: readonly number[], bestShare: number): number[] {
  const best = scores[0] ?? 0;
  const share = Math.max(FLOOR, Math.round(Math.min(1, Number.isFinite(bestShare) ? bestShare : 1) * 1e6) / 1e6);
  let previous = share;
  return scores.map((score) => {
    const relative = best > 0 && score > 0 && Number.isFinite(score) ? (score / best) * share : best > 0 ? FLOOR : share;
    previous = Math.max(FLOOR, Math.min(previous, Math.round(relative * 1e6) / 1e6));
    return previous;
  });
}
