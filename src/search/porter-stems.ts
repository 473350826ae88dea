/**
 * The stems SQLite's FTS5 indexes (issue #18 "Use stemming the search engine provides";
 * docs/decisions/0035): the projection's `entry_search_fts` tokenizes with
 * {@link FTS_TOKENIZER}, so its vocabulary holds Porter stems ("backups" → "backup",
 * "database" → "databas"). The typo fallback compares query words with that vocabulary, so it
 * needs each query word as FTS5 stems it: this module asks FTS5 itself, through a process-wide
 * in-memory database holding one FTS5 table with the same tokenizer — no stemmer of our own
 * that could disagree with the index.
 */
import Database from 'better-sqlite3';
import { FTS_TOKENIZER } from '../projection/sqlite/schema.js';

let stemmer: { insert: Database.Statement; read: Database.Statement; clear: Database.Statement } | null = null;

function open() {
  if (stemmer) return stemmer;
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE words USING fts5(w, tokenize = '${FTS_TOKENIZER}');
    CREATE VIRTUAL TABLE word_terms USING fts5vocab(words, 'instance');`);
  stemmer = {
    insert: db.prepare('INSERT INTO words (rowid, w) VALUES (?, ?)'),
    read: db.prepare('SELECT doc, term FROM word_terms ORDER BY doc, offset'),
    clear: db.prepare('DELETE FROM words'),
  };
  return stemmer;
}

/**
 * Each of `words` with the tokens FTS5 makes of it (usually one stem; none for a word the
 * tokenizer drops, several when it splits one). Synchronous; the in-memory table is emptied
 * before returning. Errors: none expected (SQLite errors are bugs).
 */
export function porterStems(words: readonly string[]): Map<string, string[]> {
  const s = open();
  const distinct = [...new Set(words)];
  const out = new Map<string, string[]>(distinct.map((w) => [w, []]));
  distinct.forEach((w, i) => s.insert.run(i + 1, w));
  for (const { doc, term } of s.read.all() as { doc: number; term: string }[]) out.get(distinct[doc - 1]!)?.push(term);
  s.clear.run();
  return out;
}

/**
 * The distinct terms FTS5 indexes for `texts` (stems, as {@link porterStems}), e.g. the text of
 * search rows written since the typo vocabulary was read (src/projection/sqlite/search-vocabulary.ts).
 * A throwaway in-memory contentless FTS5 table and its `row` vocabulary: ~0.05 ms per entry's
 * text, where the ordered instances of {@link porterStems} cost ~10× that for long texts.
 * Errors: none expected (SQLite errors are bugs).
 */
export function indexTerms(texts: readonly string[]): string[] {
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE VIRTUAL TABLE t USING fts5(w, content = '', tokenize = '${FTS_TOKENIZER}');
      CREATE VIRTUAL TABLE t_terms USING fts5vocab(t, 'row');`);
    const insert = db.prepare('INSERT INTO t (w) VALUES (?)');
    db.transaction(() => { for (const text of texts) insert.run(text); })();
    return db.prepare('SELECT term FROM t_terms').pluck().all() as string[];
  } finally {
    db.close();
  }
}
