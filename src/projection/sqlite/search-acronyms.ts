/**
 * The long forms of the query's acronyms on SQLite (docs/decisions/0058; the rule is
 * src/search/acronyms.ts): for a query word that may be an acronym and is an indexed term, the
 * {@link ACRONYM_SAMPLE} rows that hold it most (BM25 of the word alone, then entry id;
 * PostgreSQL reads its own most relevant rows, src/projection/postgres/search-acronyms.ts) are
 * read from `entry_search` and their text handed to the shared rule: the text that defines an
 * acronym mentions it densely. Cost per such word (2–5 letters, or 3–6 ending in "s"): one FTS5
 * ranking pass over the rows holding it and at most 32 row reads; none for a word that is not
 * in the index.
 */
import type Database from 'better-sqlite3';
import type { CacheDb } from './open-cache.js';
import { ACRONYM_SAMPLE, longForms, mayBeAcronym } from '../../search/acronyms.js';
import { ftsString } from '../../search/query-terms.js';

const statements = new WeakMap<CacheDb, Database.Statement<unknown[]>>();

/**
 * The long forms of each of `words` (query words whose stems are indexed terms) that has any,
 * keyed by the word. Errors: SQLite errors only.
 */
export function acronymLongForms(db: CacheDb, words: readonly string[]): Map<string, string[]> {
  let texts = statements.get(db);
  if (!texts) {
    texts = db.prepare(`SELECT s.title || char(10) || s.tags || char(10) || s.payload_text || char(10) || s.rationale
      FROM (SELECT rowid AS doc, bm25(entry_search_fts, 3.0, 2.0, 1.5, 1.0) AS score FROM entry_search_fts WHERE entry_search_fts MATCH ?) m
      JOIN entry_search s USING (doc) ORDER BY m.score, s.entry_id LIMIT ${ACRONYM_SAMPLE}`).pluck();
    statements.set(db, texts);
  }
  const out = new Map<string, string[]>();
  const total = db.prepare('SELECT count(*) FROM entry_search').pluck().get() as number;
  const holding = db.prepare('SELECT count(*) FROM entry_search_fts WHERE entry_search_fts MATCH ?').pluck();
  for (const word of words.filter(mayBeAcronym)) {
    if (2 * (holding.get(ftsString(word, false)) as number) < total) continue; // BM25 weighs the word itself: no long form
    const forms = longForms(word, texts.all(ftsString(word, false)) as string[]);
    if (forms.length > 0) out.set(word, forms);
  }
  return out;
}
