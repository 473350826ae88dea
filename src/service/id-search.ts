/**
 * An entry named in a search query comes first (docs/decisions/0050 "An id typed into search",
 * docs/decisions/0052 "ADR labels"), the one step a clone's search (service/search.ts) and the
 * hub's (`HubService.search`) both take, so REST, MCP, the CLI and both dashboards answer alike.
 * - An entry id or a prefix of one as the whole query (`dec-bvsd`: model/entry-id.ts `idQuery`,
 *   the prefix `brain show` takes) that exactly one current entry in the search's scope has.
 * - An ADR label (model/adr-label-query.ts `adrNumbersIn`): the whole query (`ADR-0030`, `adr 30`,
 *   `0030`, `0030-some-title.md`) or each "ADR N" in a question ("why ADR 12 chose tendermint"):
 *   every entry in scope numbered so, in the order the query names them (ADRs sharing a number
 *   in the order of the ordinary hits, then by id; a file name keeps only the ADR of that file).
 * Named entries come first with `relevance_score` 1, followed by the ordinary hits without them,
 * `limit` kept. Nothing named, or an ambiguous id prefix: the ordinary hits, unchanged.
 */
import type { Entry } from '../model/entry.js';
import { adrLabelQuery, adrNumbersIn, importedFrom, labelledAs } from '../model/adr-label-query.js';
import { idQuery } from '../model/entry-id.js';

/** A hit of either backend: its entry, its score in (0, 1], and its repository on the hub. */
export interface IdSearchHit {
  entry: Entry;
  relevance_score: number;
  repo?: string;
}

/** Reads of the search's scope, each without `relevance_score`. */
export interface NamedLookups<T extends IdSearchHit> {
  /** Up to 2 current entries whose id starts with `prefix`; called only for an id-shaped query. */
  ids(prefix: string): Promise<readonly Omit<T, 'relevance_score'>[]>;
  /** The current entries numbered `adrNumber` (ProjectionBackend.adrMatches); called only for a label. */
  adrs(adrNumber: number): Promise<readonly Omit<T, 'relevance_score'>[]>;
}

/** The entries `query` names (see the module doc), in order, without duplicates. */
async function namedEntries<T extends IdSearchHit>(query: string, hits: readonly T[], lookups: NamedLookups<T>): Promise<Omit<T, 'relevance_score'>[]> {
  const prefix = idQuery(query);
  if (prefix !== null) {
    const found = await lookups.ids(prefix);
    return found.length === 1 ? [...found] : [];
  }
  const whole = adrLabelQuery(query);
  const file = whole?.file_name ?? null;
  const series = whole?.series;
  const rankOf = (h: Omit<T, 'relevance_score'>) => {
    const at = hits.findIndex((x) => sameEntry(x, h));
    return at < 0 ? hits.length : at;
  };
  const out: Omit<T, 'relevance_score'>[] = [];
  for (const n of adrNumbersIn(query)) {
    let found = [...(await lookups.adrs(n))].filter((h) => labelledAs(h.entry, series));
    if (file !== null && found.length > 1) found = found.filter((h) => importedFrom(h.entry, file));
    for (const h of found.sort((a, b) => rankOf(a) - rankOf(b))) if (!out.some((o) => sameEntry(o, h))) out.push(h);
  }
  return out;
}

const sameEntry = (a: Pick<IdSearchHit, 'entry' | 'repo'>, b: Pick<IdSearchHit, 'entry' | 'repo'>): boolean => a.entry.entry_id === b.entry.entry_id && a.repo === b.repo;

/**
 * `hits` (the ordinary search, at most `limit`) with the entries `query` names first; see the
 * module doc. Errors: the lookups'.
 */
export async function withNamedHits<T extends IdSearchHit>(query: string, hits: readonly T[], limit: number, lookups: NamedLookups<T>): Promise<T[]> {
  const named = await namedEntries(query, hits, lookups);
  if (named.length === 0) return [...hits];
  const first = named.map((h) => ({ ...h, relevance_score: 1 }) as T);
  return [...first, ...hits.filter((h) => !named.some((n) => sameEntry(n, h)))].slice(0, limit);
}
