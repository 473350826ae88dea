/**
 * The search vocabulary of the PostgreSQL projection (issue #11 "typo tolerance where the
 * SQLite side has it (pg_trgm)"; docs/decisions/0026, 0035): `proj_vocab` holds, per repository,
 * every word of the current entries' search vectors and how many entries hold it — what
 * SQLite's `entry_search_vocab` (fts5vocab) gives — and the empty word, which every entry
 * holds: its count is the number of entries, BM25's N, and its `tokens` their summed lengths
 * (`proj_current.search_length`), BM25's average document length (search-rank.ts). Maintained by the apply path in its
 * transaction: the words of entries whose current row is replaced are counted out before the
 * rows go, those of the new rows counted in after; a word no entry holds is deleted. A GIN
 * `gin_trgm_ops` index on `word` serves the typo lookup (search-typos.ts).
 */
import type pg from 'pg';

/** The words of the current rows of `ids`, with how many of those rows hold each and their summed lengths. */
const wordsOf = (s: string, all = false) => `SELECT w.word, count(*)::int AS n, sum(c.search_length)::int8 AS tokens
  FROM ${s}.proj_current c, unnest(tsvector_to_array(c.search) || ''::text) AS w(word)
  WHERE c.repo = $1 ${all ? '' : 'AND c.entry_id = ANY($2::text[])'} GROUP BY w.word`;

/** Counts out the words of the current rows of `ids` (call before deleting them). */
export async function removeVocabulary(client: pg.ClientBase, s: string, repo: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await client.query(`WITH w AS (${wordsOf(s)}) UPDATE ${s}.proj_vocab v SET docs = v.docs - w.n, tokens = v.tokens - w.tokens FROM w WHERE v.repo = $1 AND v.word = w.word`, [repo, ids]);
  await client.query(`DELETE FROM ${s}.proj_vocab WHERE repo = $1 AND docs <= 0`, [repo]);
}

/** Counts in the words of the current rows of `ids` (call after inserting them; null: every row of `repo`, into an empty vocabulary). */
export async function addVocabulary(client: pg.ClientBase, s: string, repo: string, ids: readonly string[] | null): Promise<void> {
  if (ids?.length === 0) return;
  await client.query(
    `INSERT INTO ${s}.proj_vocab (repo, word, docs, tokens) SELECT $1::text, word, n, tokens FROM (${wordsOf(s, ids === null)}) w
     ON CONFLICT (repo, word) DO UPDATE SET docs = proj_vocab.docs + excluded.docs, tokens = proj_vocab.tokens + excluded.tokens`, ids === null ? [repo] : [repo, ids]);
}
