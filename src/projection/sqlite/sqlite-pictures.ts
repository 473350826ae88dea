/**
 * The picture reads (../picture-reader.ts) of one project of a clone's SQLite projection, over
 * the queries of picture-queries.ts. The methods read the cache as it stands: refresh it first.
 */
import type { PictureReader } from '../picture-reader.js';
import { toAdrLabels, toLinkRecord } from '../picture-reader.js';
import { changeRows, entryFacts } from './dashboard-queries.js';
import { getMeta, type CacheDb } from './open-cache.js';
import { adrRows, citationRows, datedRows, idPrefixRows, linkIntoRows, linkRows, supersedeRows } from './picture-queries.js';

const parseList = (json: string | null): unknown => (json === null ? [] : JSON.parse(json));

/** The reader of `projectId` in the database `db()` returns (called per read: a rebuilt cache is a new handle). Errors: SQLite errors. */
export function sqlitePictures(db: () => CacheDb, projectId: string): PictureReader {
  return {
    projectId,
    // `meta.projected_oid` moves in the transaction that changes the rows (apply-changes.ts): one oid, one content of the handle.
    version: async () => { const handle = db(); const oid = getMeta(handle, 'projected_oid'); return oid ? { scope: handle, version: oid } : null; },
    linkRecords: async (args) => linkRows(db(), { projectId, includeResolved: args.includeResolved }).map(toLinkRecord),
    facts: async (ids) => new Map([...entryFacts(db(), ids).values()].filter((f) => f.project_id === projectId).map(({ project_id: _, ...f }) => [f.entry_id, f])),
    dated: async (args) => datedRows(db(), { projectId, ...args }).map((r) => ({ entry_id: r.entry_id, title: r.title, entry_kind: r.entry_kind, status: r.status, date: r.date, own_date: r.own_date === 1 })),
    supersedeLinks: async (ids) => supersedeRows(db(), { projectId, ids }),
    changes: async (args) => changeRows(db(), { projectId, ...args }),
    linksInto: async (entryId) => linkIntoRows(db(), { projectId, entryId }),
    idMatches: async (prefix) => idPrefixRows(db(), { projectId, prefix }),
    adrs: async (labels) => adrRows(db(), { projectId, labels }).map((r) => ({ ...r, entry_kind: 'decision' })),
    adrLabels: async (ids) => toAdrLabels(citationRows(db(), { projectId, ids }).map((r) => ({ entry_id: r.entry_id, citations: parseList(r.citations) }))),
  };
}
