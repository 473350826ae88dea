/**
 * Stemming on PostgreSQL (issue #18 "Use stemming the search engine provides: PostgreSQL's
 * `english` configuration"; docs/decisions/0035): each word of the search vector and of a query
 * goes through the Snowball English stemmer of the `english` configuration (`english_stem`),
 * called as a dictionary (`ts_lexize`) on the words this projection cuts itself
 * (search-doc.ts), so no text-search parser or server locale decides what a word is. A stop word
 * (`english_stem` returns no lexeme) is kept as it is: the index holds every word, and a
 * question made only of stop words still finds them (src/search/stop-words.ts drops them from
 * other queries).
 */
import type pg from 'pg';

/** Words per statement. */
const BATCH = 10_000;

/** The SQL expression of the lexeme of the text expression `word`: its English stem, or the word itself for a stop word. */
export const englishStemSql = (word: string): string => `coalesce((ts_lexize('pg_catalog.english_stem', ${word}))[1], ${word})`;

/** The lexeme of each of `words` (folded index words): its English stem, or the word itself for a stop word. Errors: PostgreSQL errors. */
export async function englishStems(db: pg.ClientBase, words: Iterable<string>): Promise<Map<string, string>> {
  const all = [...new Set(words)];
  const stems = new Map<string, string>();
  for (let at = 0; at < all.length; at += BATCH) {
    const r = await db.query<{ w: string; s: string }>(
      `SELECT w, ${englishStemSql('w')} AS s FROM unnest($1::text[]) AS w`, [all.slice(at, at + BATCH)]);
    for (const row of r.rows) stems.set(row.w, row.s);
  }
  return stems;
}
