/**
 * English stop words of search (issue #18 "Search answers plain questions", docs/decisions/0035):
 * the words a question is made of but that say nothing about what it asks — "which", "do",
 * "we" in "which languages do we use". The list is PostgreSQL's `english` configuration's
 * (`tsearch_data/english.stop`, the Snowball English list), so both projection backends drop
 * the same words; SQLite's FTS5 ships none. test/projection/conformance-queries.test.ts checks it
 * against the server's own file.
 *
 * Stop words are dropped from the query only: both indexes keep them, so a question made of
 * nothing else ("who is it") still searches for its words instead of having none.
 */

/** PostgreSQL's `english.stop`, in its order (127 words). */
export const ENGLISH_STOP_WORDS: readonly string[] = [
  'i', 'me', 'my', 'myself', 'we', 'our', 'ours', 'ourselves', 'you', 'your', 'yours', 'yourself', 'yourselves',
  'he', 'him', 'his', 'himself', 'she', 'her', 'hers', 'herself', 'it', 'its', 'itself', 'they', 'them', 'their',
  'theirs', 'themselves', 'what', 'which', 'who', 'whom', 'this', 'that', 'these', 'those', 'am', 'is', 'are', 'was',
  'were', 'be', 'been', 'being', 'have', 'has', 'had', 'having', 'do', 'does', 'did', 'doing', 'a', 'an', 'the',
  'and', 'but', 'if', 'or', 'because', 'as', 'until', 'while', 'of', 'at', 'by', 'for', 'with', 'about', 'against',
  'between', 'into', 'through', 'during', 'before', 'after', 'above', 'below', 'to', 'from', 'up', 'down', 'in',
  'out', 'on', 'off', 'over', 'under', 'again', 'further', 'then', 'once', 'here', 'there', 'when', 'where', 'why',
  'how', 'all', 'any', 'both', 'each', 'few', 'more', 'most', 'other', 'some', 'such', 'no', 'nor', 'not', 'only',
  'own', 'same', 'so', 'than', 'too', 'very', 's', 't', 'can', 'will', 'just', 'don', 'should', 'now',
];

const STOP = new Set(ENGLISH_STOP_WORDS);

/** Whether `word` (lower-cased, as src/search/query-terms.ts cuts it) is a stop word. */
export const isStopWord = (word: string): boolean => STOP.has(word);

/**
 * The words of a query that carry its meaning: `words` without stop words, or all of `words`
 * when every one is a stop word (so such a query still has words to search for).
 */
export function contentWords(words: readonly string[]): string[] {
  const kept = words.filter((w) => !STOP.has(w));
  return kept.length > 0 ? kept : [...words];
}
