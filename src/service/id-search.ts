/**
 * An entry id typed into search finds that entry (docs/decisions/0050, "An id typed into
 * search"), the one step a clone's search (service/search.ts) and the hub's
 * (`HubService.search`) both take, so REST, MCP, the CLI and both dashboards answer alike.
 * When the whole query is an entry id or a prefix of one (`dec-bvsd`: model/entry-id.ts
 * `idQuery`, the prefix `brain show` takes) and exactly one current entry in the search's scope
 * (project, kind, the hub's visible repositories) has it, that entry is the first hit with
 * `relevance_score` 1, followed by the ordinary hits without it, `limit` kept. No match or an
 * ambiguous prefix: the ordinary hits, unchanged.
 */
import type { Entry } from '../model/entry.js';
import { idQuery } from '../model/entry-id.js';

/** A hit of either backend: its entry, its score in (0, 1], and its repository on the hub. */
export interface IdSearchHit {
  entry: Entry;
  relevance_score: number;
  repo?: string;
}

/**
 * `hits` (the ordinary search, at most `limit`) with the entry `query` names first; see the
 * module doc. `matches(prefix)` reads up to 2 current entries in scope whose id starts with
 * `prefix` (without `relevance_score`); it is called only for an id-shaped query.
 * Errors: `matches`'s.
 */
export async function withIdHit<T extends IdSearchHit>(
  query: string,
  hits: readonly T[],
  limit: number,
  matches: (prefix: string) => Promise<readonly Omit<T, 'relevance_score'>[]>,
): Promise<T[]> {
  const prefix = idQuery(query);
  if (prefix === null) return [...hits];
  const found = await matches(prefix);
  const named = found.length === 1 ? found[0] : undefined;
  if (named === undefined) return [...hits];
  const same = (h: T): boolean => h.entry.entry_id === named.entry.entry_id && h.repo === named.repo;
  return [{ ...named, relevance_score: 1 } as T, ...hits.filter((h) => !same(h))].slice(0, limit);
}
