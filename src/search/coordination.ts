/**
 * More matches rank higher (issue #18 "treat a question as a question (any word may match, more
 * matches rank higher)", docs/decisions/0035): a hit's relevance is multiplied by its
 * coordination factor, the share of the query's words it holds — classic Lucene's `coord`.
 * BM25 alone gives a word found in more than half the entries an IDF of ~0 (FTS5 floors it at
 * 1e-6), so a hit lacking such a word ("clusters" among cluster ADRs) ranked like one holding it;
 * ranking every hit holding all the words first instead let a long document holding each word
 * once outrank the short answer lacking one weak word ("work", "get"). One rule for every
 * projection backend: SQLite applies {@link coordination} (src/projection/sqlite/search.ts),
 * PostgreSQL the same ratio in SQL (src/projection/postgres/search-rank.ts).
 */

/**
 * The factor of a hit holding `held` of the query's `words` words (after stop words): `held /
 * words`, in (0, 1] for a hit (it holds at least one); 1 for a one-word query.
 */
export const coordination = (held: number, words: number): number => (words <= 1 ? 1 : held / words);
