/**
 * Typo tolerance of the PostgreSQL search (issue #11 "typo tolerance where the SQLite side has
 * it (pg_trgm)"; docs/decisions/0026, 0035), the counterpart of src/projection/sqlite/search-words.ts with
 * the same rule: a query word whose stem no vocabulary stem of the visible repositories starts
 * with, and that is long enough, is widened to the vocabulary stems within its allowed edit
 * distance of its stem (1 for a stem of 4–7 characters, 2 from 8), at most 8, closest first, then most
 * documents, then A–Z; stop words (held unstemmed, english-stems.ts) are never offered.
 *
 * The candidates come from `proj_vocab`'s trigram index (`%` at similarity ≥ 0.2), then the
 * exact Levenshtein bound is checked by the shared rule (src/search/typo-rule.ts). Known difference from
 * SQLite, which scans its whole vocabulary: a near word sharing too few trigrams with the query
 * word (an edit in a 4–5 letter word's first letters) is not offered.
 */
import type pg from 'pg';
import { isStopWord } from '../../search/stop-words.js';
import { allowedDistance, pickAlternatives } from '../../search/typo-rule.js';
import type { PgNames } from './schema.js';

const SIMILARITY = 0.2;

/** Vocabulary words of `repos` sharing enough trigrams with `word`, with their document counts. */
async function similarWords(db: pg.ClientBase, names: PgNames, repos: readonly string[], word: string): Promise<{ word: string; docs: number }[]> {
  const r = await db.query<{ word: string; docs: number }>(
    `SELECT word, sum(docs)::int AS docs FROM ${names.s}.proj_vocab WHERE repo = ANY($1::text[]) AND word OPERATOR(${names.trgm}.%) $2 GROUP BY word`, [[...repos], word]);
  return r.rows;
}

/**
 * For each of `words` (folded query words, each with its stem, that no vocabulary stem of
 * `repos` starts with — the caller knows: search-plan.ts) long enough to have alternatives,
 * its alternatives with the entries holding each (keyed by the word). Runs inside the caller's
 * transaction on `db` (it lowers `pg_trgm.similarity_threshold` with SET LOCAL: the pool is
 * shared). Errors: PostgreSQL errors.
 */
export async function typoAlternativesPg(db: pg.ClientBase, names: PgNames, repos: readonly string[], words: ReadonlyMap<string, string>): Promise<Map<string, { word: string; docs: number }[]>> {
  const result = new Map<string, { word: string; docs: number }[]>();
  const candidates = [...words].filter(([, stem]) => allowedDistance(stem) > 0);
  if (candidates.length === 0) return result;
  await db.query(`SET LOCAL pg_trgm.similarity_threshold = ${SIMILARITY}`);
  for (const [word, stem] of candidates) {
    const near = (await similarWords(db, names, repos, stem)).filter((c) => !isStopWord(c.word));
    const docs = new Map(near.map((c) => [c.word, c.docs]));
    result.set(word, pickAlternatives(stem, near, allowedDistance(stem)).map((w) => ({ word: w, docs: docs.get(w) ?? 0 })));
  }
  return result;
}
