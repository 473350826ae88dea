/**
 * Typo tolerance of the PostgreSQL search (issue #11 "typo tolerance where the SQLite side has
 * it (pg_trgm)"; docs/decisions/0026), the counterpart of src/search/typo-expansion.ts with the
 * same rule: a query word that no vocabulary word of the visible repositories starts with, and
 * that is long enough, is widened to the vocabulary words within its allowed edit distance (1
 * for 4–7 characters, 2 from 8), at most 8, closest first, then most documents, then A–Z.
 *
 * The candidates come from `proj_vocab`'s trigram index (`%` at similarity ≥ 0.2), then the
 * exact Levenshtein bound is checked by the shared rule (src/search/typo-rule.ts). Known difference from
 * SQLite, which scans its whole vocabulary: a near word sharing too few trigrams with the query
 * word (an edit in a 4–5 letter word's first letters) is not offered.
 */
import type pg from 'pg';
import { allowedDistance, pickAlternatives } from '../../search/typo-rule.js';
import type { PgNames } from './schema.js';
import { inTransaction } from './transaction.js';

const SIMILARITY = 0.2;

/** Whether some vocabulary word of `repos` starts with `word` (an index range probe). */
async function known(db: pg.Pool, s: string, repos: readonly string[], word: string): Promise<boolean> {
  const r = await db.query(`SELECT 1 FROM ${s}.proj_vocab WHERE repo = ANY($1::text[]) AND word >= $2 AND word < $3 LIMIT 1`, [[...repos], word, `${word}\u{10FFFF}`]);
  return r.rows.length > 0;
}

/** Vocabulary words of `repos` sharing enough trigrams with `word`, with their document counts. */
async function similarWords(db: pg.Pool, names: PgNames, repos: readonly string[], word: string): Promise<{ word: string; docs: number }[]> {
  // `%` uses the session's threshold: lowered for this transaction only (the pool is shared).
  return inTransaction(db, async (client) => {
    await client.query(`SET LOCAL pg_trgm.similarity_threshold = ${SIMILARITY}`);
    const r = await client.query<{ word: string; docs: number }>(
      `SELECT word, sum(docs)::int AS docs FROM ${names.s}.proj_vocab WHERE repo = ANY($1::text[]) AND word OPERATOR(${names.trgm}.%) $2 GROUP BY word`, [[...repos], word]);
    return r.rows;
  });
}

/**
 * For each of `words` (folded query words) that no vocabulary word starts with and that is long
 * enough, its alternatives; known words are absent from the map. Errors: PostgreSQL errors.
 */
export async function typoAlternativesPg(db: pg.Pool, names: PgNames, repos: readonly string[], words: readonly string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  for (const word of new Set(words)) {
    const max = allowedDistance([...word].length);
    if (max === 0 || (await known(db, names.s, repos, word))) continue;
    result.set(word, pickAlternatives(word, await similarWords(db, names, repos, word), max));
  }
  return result;
}
