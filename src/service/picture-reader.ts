/**
 * A clone's picture reads (issue #22; the contract: src/projection/picture-reader.ts) over its
 * SQLite projection, refreshed. The hub reads the same contract from PostgreSQL
 * (HubService.pictures), and the graph, timeline and reference code stays one.
 */
import type { PictureReader } from '../projection/picture-reader.js';
import { sqlitePictures } from '../projection/sqlite/sqlite-pictures.js';
import type { Brain } from '../service.js';

export type { DatedCursor, DatedEntry, EntryFacts, LinkRecord, PictureReader } from '../projection/picture-reader.js';

/**
 * Runs `fn` with the reader of `brain`'s projection, refreshed, for its project (inside
 * `brain.withCache`: a damaged cache is rebuilt and `fn` runs again). Errors: as `brain.refresh`, `fn`'s.
 */
export async function withPictureReader<T>(brain: Brain, fn: (reader: PictureReader) => Promise<T>): Promise<T> {
  return brain.withCache(async () => {
    await brain.refresh();
    return fn(sqlitePictures(() => brain.db(), await brain.projectId()));
  });
}

