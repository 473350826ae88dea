/**
 * The projects of a clone's SQLite projection (../project-counts.ts; also the legal values
 * named when `--project` is unknown).
 */
import type { CacheDb } from './open-cache.js';
import { projectKindCounts } from './counts.js';
import { foldProjectCounts, type ProjectCounts } from '../project-counts.js';
import { prepared } from './prepared.js';

export type { ProjectCounts };

/**
 * Every project with at least one current entry, sorted by project_id (byte order), with its
 * entry count per kind, read from the count table (src/projection/sqlite/counts.ts).
 * Reads the projection as it is: refresh it first. Never throws for data; SQLite errors propagate.
 */
export function listProjects(db: CacheDb): ProjectCounts[] {
  return foldProjectCounts(projectKindCounts(db));
}

/** True when `projectId` has at least one current entry (one index probe, for every read). */
export function projectExists(db: CacheDb, projectId: string): boolean {
  return prepared(db, 'SELECT 1 FROM current WHERE project_id = ? LIMIT 1').get(projectId) !== undefined;
}
