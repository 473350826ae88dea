/**
 * Which words of a text a search matched (issue #18; docs/decisions/0035), for marking them
 * where hits are shown (the dashboards' search pages, src/http/dashboard/markdown.ts): a word
 * that starts with a query word (prefix search: "sqlitebrowser" for "sqlite"), or whose Porter
 * stem starts with the query word's stem ("Backup" for "backups", "policy" for "policies"), as
 * the FTS5 index stems them (src/search/porter-stems.ts). The query words are the ones search
 * looks for ({@link searchQuery}: stop words dropped). Typo alternatives are not marked.
 */
import { porterStems } from './porter-stems.js';
import { foldTerm, queryTerms } from './query-terms.js';
import { contentWords } from './stop-words.js';

/** The words a search for `query` looks for (stop words dropped unless every word is one); none for a query without words. */
export const markTerms = (query: string): string[] => contentWords(queryTerms(query));

/** The words of `words` (any case) that a search for `terms` ({@link markTerms}) matched, lower-cased. Pure. */
export function matchedWords(terms: readonly string[], words: Iterable<string>): Set<string> {
  const lower = [...new Set([...words].map((w) => w.toLowerCase()))];
  const out = new Set<string>();
  if (terms.length === 0 || lower.length === 0) return out;
  const prefixes = terms.map(foldTerm);
  const termStems = porterStems(prefixes);
  const stemPrefixes = prefixes.flatMap((t) => (termStems.get(t)?.length === 1 ? termStems.get(t)! : []));
  const stems = porterStems(lower.map(foldTerm));
  for (const w of lower) {
    const f = foldTerm(w);
    const stem = stems.get(f);
    if (prefixes.some((t) => f.startsWith(t)) || (stem?.length === 1 && stemPrefixes.some((t) => stem[0]!.startsWith(t)))) out.add(w);
  }
  return out;
}
