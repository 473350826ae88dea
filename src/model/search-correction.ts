/**
 * What a typo-tolerant search matched instead of a typed word (decision 0050), and the one
 * sentence every surface says it with. The service finds them (src/service/search-corrections.ts);
 * apart from it so that rendering a search loads no search code. Pure.
 */

/** One corrected query word: `word` as typed (lower case), `matched` the words searched instead (1–3, most frequent in the hits first). */
export interface SearchCorrection {
  word: string;
  matched: string[];
}

/** `showing results for "database" instead of "databse"` (alternatives joined by "or"), or null without corrections. */
export function correctionLine(corrections: readonly SearchCorrection[]): string | null {
  if (corrections.length === 0) return null;
  return `showing results for ${corrections.map((c) => `${c.matched.map((m) => `"${m}"`).join(' or ')} instead of "${c.word}"`).join(', ')}`;
}
