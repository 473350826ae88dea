/**
 * `relevance_score` of search hits (docs/decisions/0021, 0026, 0035), the same rule on every
 * projection backend: each hit's score over the first hit's, never rising down the list (on
 * the hub's tiers beyond its BM25 bound, a hit of the any-word set may score above one of the
 * all-words set ranked before it), in
 * (0, 1], the first hit 1, rounded to 6 decimals.
 */

/** Smallest relevance: every hit is a match, so none scores 0. */
const FLOOR = 1e-6;

/**
 * The relevance of hits with `scores` (higher is better, in rank order; a score ≤ 0 or not finite
 * counts as the floor). Pure.
 */
export function relevanceScores(scores: readonly number[]): number[] {
  const best = scores[0] ?? 0;
  let previous = 1;
  return scores.map((score) => {
    const relative = best > 0 && score > 0 && Number.isFinite(score) ? Math.round((score / best) * 1e6) / 1e6 : best > 0 ? FLOOR : 1;
    previous = Math.max(FLOOR, Math.min(previous, relative));
    return previous;
  });
}
