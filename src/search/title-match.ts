/**
 * Title matters more than body (issue #18 "rank by BM25 with field weights"; docs/decisions/0047):
 * a hit's score is multiplied by {@link titleFactor}, one plus the share of the query's words
 * its title holds. BM25's title weight alone is one field weight under term-frequency
 * saturation and length normalization: a long design document that says "cleanup" and "run"
 * twenty times in its body outranked "Tekton Results: Automated Run Resource Cleanup" for "how
 * are old taskruns cleaned up". The share counts every query word
 * alike, as the coordination factor does (src/search/coordination.ts). One rule for every
 * projection backend: SQLite applies it to its head of BM25 hits
 * (src/projection/sqlite/search.ts), PostgreSQL in its BM25 query (src/projection/postgres/search-rank.ts).
 */

/**
 * Weight of the title share: measured 0.5, 1 and 2 on the question set (bench/questions);
 * 1 and 2 tied on recall@3 over the nine corpora, 1 kept the better MRR (0047). Measured again
 * over twenty sets, both backends (docs/decisions/0066): 1.5, 2, 3, 4, 6; 4 raised the mean
 * recall@3 and MRR on both with no set losing more than one question (6 cost interchain-security
 * two). A title's words are often the corpus's common words, whose BM25 weight is ~0, so the
 * title share is what still tells the entry about them from a long body repeating them.
 */
export const TITLE_MATCH_WEIGHT = 4;

/**
 * The factor of a hit whose title holds `inTitle` of the query's `words` words (after stop
 * words): `1 + TITLE_MATCH_WEIGHT × inTitle / words`, in [1, 1 + TITLE_MATCH_WEIGHT]. Pure.
 */
export const titleFactor = (inTitle: number, words: number): number => 1 + (TITLE_MATCH_WEIGHT * inTitle) / Math.max(1, words);
