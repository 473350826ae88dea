/**
 * The long forms of the query's acronyms on PostgreSQL (docs/decisions/0058; the rule is
 * src/search/acronyms.ts, the SQLite counterpart src/projection/sqlite/search-acronyms.ts):
 * for a query word that may be an acronym and whose stem is a lexeme of the visible
 * repositories, the {@link ACRONYM_SAMPLE} entries that hold that lexeme most (`ts_rank` with the
 * search's field weights and length normalization, then entry id and repository; SQLite ranks
 * by BM25) are read and their search text — title, tags, payload strings, rationale, the
 * fields of search-doc.ts — handed to the shared rule. With at most 32 entries holding the
 * word both backends read the same ones.
 */
import type pg from 'pg';
import type { Entry } from '../../model/entry.js';
import { ACRONYM_SAMPLE, longForms, mayBeAcronym } from '../../search/acronyms.js';
import { payloadText } from '../sqlite/search-rows.js';
import { LENGTH_NORMALIZATION, WEIGHTS } from './search-rank.js';

/** The text the shared rule reads of one entry: its search fields, one per line. */
const searchText = (e: Entry): string => [e.title, e.tags.join(' '), payloadText(e.payload), e.rationale].join('\n');

/**
 * The long forms (lower-cased words joined by spaces) of each of `words` (query word → its
 * stem) that has any, keyed by the word; read in `db`'s transaction. Errors: PostgreSQL errors.
 */
export async function acronymLongFormsPg(db: pg.ClientBase, s: string, repos: readonly string[], words: ReadonlyMap<string, string>): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const [word, stem] of words) {
    if (!mayBeAcronym(word)) continue;
    {
      // BM25 weighs the word itself (held by fewer than half the entries): no long form.
      const c = await db.query<{ n: string; total: string }>(`SELECT (SELECT count(*) FROM ${s}.proj_current WHERE repo = ANY($1::text[]) AND search @@ $2::tsquery) AS n,
        (SELECT coalesce(sum(docs), 0) FROM ${s}.proj_vocab WHERE repo = ANY($1::text[]) AND word = '') AS total`, [[...repos], `'${stem}'`]);
      if (2 * Number(c.rows[0]!.n) < Number(c.rows[0]!.total)) continue;
    }
    const r = await db.query<{ json: string }>(`SELECT json FROM ${s}.proj_current WHERE repo = ANY($1::text[]) AND search @@ $2::tsquery
      ORDER BY ts_rank('${WEIGHTS}', search, $2::tsquery, ${LENGTH_NORMALIZATION}) DESC, entry_id, repo LIMIT ${ACRONYM_SAMPLE}`, [[...repos], `'${stem}'`]);
    const forms = longForms(word, r.rows.map((row) => searchText(JSON.parse(row.json) as Entry)));
    if (forms.length > 0) out.set(word, forms);
  }
  return out;
}
