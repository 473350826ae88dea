/**
 * What a typo-tolerant search matched instead (decision 0050): a query word that no indexed
 * word starts with is searched as the indexed words within a small edit distance
 * (src/search/typo-rule.ts), and the surfaces say so — "showing results for "database"
 * instead of "databse"" — so a reader knows the hits hold another word than the one typed.
 * Reads the same word plans the search uses (src/projection/sqlite/search-words.ts); the
 * ranking is untouched. The stand-ins are index stems ("databas"): each is shown as the word
 * the hits hold most often whose stem it starts, else as the stem.
 */
import type { Entry } from '../model/entry.js';
import { planWords } from '../projection/sqlite/search-words.js';
import { porterStems } from '../search/porter-stems.js';
import { foldTerm, searchQuery } from '../search/query-terms.js';
import type { Brain } from '../service.js';
import type { SearchCorrection } from '../model/search-correction.js';

export type { SearchCorrection } from '../model/search-correction.js';

const WORD = /[\p{L}\p{N}]+/gu;

/** Words of the hits' text (title, tags, rationale, text payload values), lower case, with their counts. */
function hitWords(hits: readonly { entry: Entry }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { entry: e } of hits) {
    const texts = [e.title, e.rationale, ...e.tags, ...Object.values(e.payload).flat().filter((v): v is string => typeof v === 'string')];
    for (const text of texts) for (const w of text.toLowerCase().match(WORD) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

/**
 * The corrections of `query` in the brain's projection (refreshed by the search just made;
 * call inside `brain.withCache`), shown against `hits` (the search's answer). Empty when every
 * word matched as typed. Errors: `invalid_argument` for a query without words, SQLite errors.
 */
export function searchCorrections(brain: Brain, query: string, hits: readonly { entry: Entry }[]): SearchCorrection[] {
  const plans = planWords(brain.db(), searchQuery(query).words);
  return shownCorrections([...plans].map(([word, plan]) => ({ word, alternatives: plan.alternatives })), hits);
}

/**
 * `words` (each query word as typed with the index stems searched instead; a word without
 * stand-ins is skipped) as the corrections to show against `hits`: each stem as the word the
 * hits hold most whose stem it starts, else as the stem; at most 3 per word. With
 * `fromHitsOnly`, only words the hits hold are shown (a word none holds is left out): the
 * vocabulary spans a repository's projects, and a project-scoped reader must not learn a word
 * of another. The clone's {@link searchCorrections} and the hub's (ProjectionBackend.searchTypos)
 * both show them so. Pure.
 */
export function shownCorrections(words: readonly { word: string; alternatives: readonly string[] }[], hits: readonly { entry: Entry }[], fromHitsOnly = false): SearchCorrection[] {
  const typos = words.filter((t) => t.alternatives.length > 0).map((t) => [t.word, t] as const);
  if (typos.length === 0) return [];
  const counts = hitWords(hits);
  // Porter rewrites endings only: a word whose stem starts with a stand-in starts with its first 3 letters.
  const heads = new Set(typos.flatMap(([, plan]) => plan.alternatives.map((stem) => stem.slice(0, 3))));
  for (const w of counts.keys()) if (![...heads].some((head) => foldTerm(w).startsWith(head))) counts.delete(w);
  const stems = porterStems([...counts.keys()].map(foldTerm));
  return typos.flatMap(([word, plan]) => {
    const shown = plan.alternatives.map((stem) => {
      let best: [string, number] | null = null;
      for (const [w, n] of counts) if ((stems.get(foldTerm(w)) ?? []).some((s) => s.startsWith(stem)) && (best === null || n > best[1])) best = [w, n];
      return { word: best?.[0] ?? stem, n: best?.[1] ?? 0 };
    });
    const matched = [...new Set(shown.filter((s) => s.n > 0).sort((a, b) => b.n - a.n).map((s) => s.word))].slice(0, 3);
    if (matched.length === 0 && fromHitsOnly) return [];
    return [{ word, matched: matched.length > 0 ? matched : plan.alternatives.slice(0, 3) }];
  });
}

/** A search's hits with what it matched instead of typed words: what the CLI, the dashboard and the MCP tool show. */
export interface SearchAnswer {
  hits: { entry: Entry; relevance_score: number }[];
  corrections: SearchCorrection[];
}

/** `brain.search(args)` and its {@link searchCorrections}. Errors: as `brain.search`. */
export async function searchAnswer(brain: Brain, args: { query: string; kind?: string; limit?: number }): Promise<SearchAnswer> {
  const hits = await brain.search(args);
  return { hits, corrections: await brain.withCache(async () => searchCorrections(brain, args.query, hits)) };
}
