/**
 * `Brain.search` (DESIGN §6; docs/decisions/0035): full-text search over the project's current
 * entries in the projection (src/projection/sqlite/search.ts), best first, each hit with its current
 * entry and `relevance_score` in [0, 1]; a query that is an entry id or a unique prefix of one, or
 * that names ADRs by label (`ADR-0030`, "why ADR 12 …"), puts those entries first (id-search.ts). Errors: `invalid_argument` for a query without words
 * or an unknown kind, `not_found` (unknown project).
 */
import type { Entry } from '../model/entry.js';
import { BrainError } from '../model/errors.js';
import { parseEntryKind } from '../model/kinds.js';
import { getCurrent, idPrefixMatches, type CurrentRow } from '../projection/sqlite/queries.js';
import { searchEntries } from '../projection/sqlite/search.js';
import { adrNumberMatches } from '../projection/sqlite/adr-number-queries.js';
import type { Brain } from '../service.js';
import { withNamedHits } from './id-search.js';

/** The hits of `args.query` (at most `limit`, default 20) in the brain's project; see the module doc. */
export async function searchCurrent(brain: Brain, args: { query: string; kind?: string; limit?: number }): Promise<{ entry: Entry; relevance_score: number }[]> {
  return brain.withCache(async () => {
    if (args.query.trim() === '') throw new BrainError('invalid_argument', 'empty search query', { hint: 'brain search "words to find"' });
    const kind = args.kind !== undefined ? parseEntryKind(args.kind) : undefined;
    await brain.refresh();
    const projectId = await brain.readProjectId();
    const limit = args.limit ?? 20;
    const hits = searchEntries(brain.db(), { query: args.query, projectId, ...(kind ? { kind } : {}), limit });
    const rows = hits.map((h) => ({ entry: (getCurrent(brain.db(), h.entry_id, projectId) as CurrentRow).entry, relevance_score: h.relevance_score }));
    const scope = { projectId, ...(kind ? { kind } : {}) };
    return withNamedHits(args.query, rows, limit, {
      ids: async (prefix) => idPrefixMatches(brain.db(), { prefix, ...scope }).map((r) => ({ entry: r.entry })),
      adrs: async (n) => adrNumberMatches(brain.db(), { adr_number: n, ...scope }).map((r) => ({ entry: r.entry })),
    });
  });
}
