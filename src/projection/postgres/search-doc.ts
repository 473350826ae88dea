/**
 * The search document of a current entry on PostgreSQL (issue #11: "Postgres full-text search
 * uses its own machinery (tsvector, GIN)"; docs/decisions/0026): the same four fields as the
 * SQLite `entry_search` row (src/projection/sqlite/search-rows.ts) — title (weight A), tags
 * (B), every string of the payload (C), rationale (D) — as one weighted `tsvector`.
 *
 * The words are cut here, not by a PostgreSQL text-search parser: lower-cased runs of letters
 * and digits with diacritics removed, the tokens SQLite's `unicode61 remove_diacritics 2`
 * indexes and the words src/search/query-terms.ts takes from a query. Each is then held as its
 * English stem (english-stems.ts: the `english` configuration's Snowball stemmer; SQLite's FTS5
 * holds Porter stems of the same words, docs/decisions/0035). The vector is written as a
 * tsvector literal (`'word':1A,7C`), so no parser or server locale changes a word.
 */
import type { Entry } from '../../model/entry.js';
import { payloadText } from '../sqlite/search-rows.js';

/** PostgreSQL's limits: positions ≤ 16383, ≤ 256 positions per lexeme, lexemes < 2048 bytes. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_WORD = 256;
const MAX_WORD_BYTES = 2_000;

/** The words of `text` as the index holds them: folded (NFD, marks removed), lower-cased runs of letters and digits. */
export function indexWords(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The index words of `entry`'s search document, field by field with their weights: title A, tags B, payload C, rationale D. */
export function documentWords(entry: Entry): [words: string[], weight: string][] {
  return [
    [indexWords(entry.title), 'A'],
    [indexWords(entry.tags.join(' ')), 'B'],
    [indexWords(payloadText(entry.payload)), 'C'],
    [indexWords(entry.rationale), 'D'],
  ];
}

/**
 * The number of words of a search document from its {@link documentWords}, stop words included:
 * BM25's document length, as FTS5 counts the tokens of a row (`xColumnSize`, every column), which
 * the vector cannot give (a word keeps at most 256 positions). Source: docs/decisions/0074.
 */
export function documentLength(fields: readonly [words: string[], weight: string][]): number {
  return fields.reduce((n, [words]) => n + words.length, 0);
}

/**
 * The weighted tsvector literal of a search document (see the module comment) from its
 * {@link documentWords}; `stems` maps each word to its lexeme (english-stems.ts; a word absent is kept).
 */
export function searchVector(fields: readonly [words: string[], weight: string][], stems: ReadonlyMap<string, string>): string {
  const positions = new Map<string, string[]>();
  let position = 0;
  for (const [words, weight] of fields) {
    for (const word of words) {
      position = Math.min(position + 1, MAX_POSITION);
      const lexeme = stems.get(word) ?? word;
      if (Buffer.byteLength(lexeme) > MAX_WORD_BYTES) continue;
      const held = positions.get(lexeme) ?? positions.set(lexeme, []).get(lexeme)!;
      if (held.length < MAX_POSITIONS_PER_WORD) held.push(`${position}${weight}`);
    }
  }
  // Words and their stems hold only letters and digits: no quote or backslash to escape.
  return [...positions].map(([word, at]) => `'${word}':${at.join(',')}`).join(' ');
}
