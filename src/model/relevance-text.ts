/**
 * How a search hit's `relevance_score` (in (0, 1]; decision 0047: the share of the question's
 * words the best hit holds, scaled by the hit's rank) is printed. A score too small to show in the
 * chosen precision is never printed as zero — the hit did match — but as below the smallest step:
 * `<0.01` in the CLI's table, `<1%` on the dashboard. Pure.
 */

/** `0.87`, `1.00`, or `<0.01` for a score below 0.005. */
export function scoreText(score: number): string {
  return score < 0.005 ? '<0.01' : score.toFixed(2);
}

/** `87%`, `100%`, or `<1%` for a score below 0.005. */
export function scorePercent(score: number): string {
  return score < 0.005 ? '<1%' : `${Math.round(score * 100)}%`;
}
