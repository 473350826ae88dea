/**
 * A cold build (issue #21 "first read in a fresh clone", docs/decisions/0075): when no cache
 * file exists yet, the projection is built into a file of its own beside it,
 * `<cache>.build-<pid>-<random>`, that no other connection can see — journal in memory, no syncs
 * while it is written, one transaction over the read with each chunk's rows written as its
 * blobs arrive (apply-changes.ts `private`) — then synced and put in place only if no cache
 * file appeared meanwhile (a hard link, which fails when the name exists, then the build
 * name removed). Another process's build that won is as right as this one (both are built
 * from git): this one is deleted. A crash leaves only the build file; {@link removeStaleBuilds}
 * (stale-builds.ts)
 * deletes those of dead processes when a cache is opened (open-cache.ts).
 */
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ObjectReader } from '../../git/object-reader.js';
import { refreshCache, type RefreshResult } from './refresh.js';
import type { ReadProgress } from '../read-changes.js';
import { removeStaleBuilds } from './stale-builds.js';
import { removeDbFiles } from './open-cache.js';
import { CACHE_FORMAT, SCHEMA_SQL } from './schema.js';

/** Whether a cold build applies: neither the cache file nor a WAL of it exists (a stray WAL would be replayed into a new file of that name). */
export function isCold(path: string): boolean {
  return !existsSync(path) && !existsSync(`${path}-wal`);
}

/** Opens a new build file: the journal in memory, no syncs, locked for this connection alone, the cache's schema and format. */
function openBuild(path: string): Database.Database {
  const db = new Database(path);
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    // MEMORY, not OFF: better-sqlite3's defensive mode refuses OFF (answering `delete`); the file
    // starts empty, so the one transaction journals almost nothing, and a rollback still works.
    db.pragma('journal_mode = MEMORY');
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA_SQL);
    db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('cache_format', ?)").run(String(CACHE_FORMAT));
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Options of {@link coldBuild}. */
export interface ColdBuildOptions {
  /** The cache file (`.git/brain/cache.sqlite`; its directory is created if missing). */
  path: string;
  reader: ObjectReader;
  /** The branch tip to project. */
  tip: string | null;
  /** Told after each chunk of blobs read. */
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * Builds the projection of `tip` into a build file beside `path` and puts it at `path` unless
 * a cache file appeared there meanwhile. Returns the rebuild's result and `placed` (false:
 * another file was there first, or hard links are unsupported here; the build was deleted and
 * the caller opens what is at `path`, refreshing it as usual). Never replaces or writes an
 * existing cache file. Errors: the rebuild's (reader errors, SQLite errors); the build file
 * is deleted first.
 */
export async function coldBuild(options: ColdBuildOptions): Promise<{ result: RefreshResult; placed: boolean }> {
  const dir = dirname(options.path);
  mkdirSync(dir, { recursive: true });
  removeStaleBuilds(dir);
  const build = join(dir, `${basename(options.path)}.build-${process.pid}-${randomBytes(6).toString('hex')}`);
  let result: RefreshResult;
  try {
    const db = openBuild(build);
    try {
      result = await refreshCache({ db, reader: options.reader, tip: options.tip, full: true, private: true, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
      db.pragma('journal_mode = WAL'); // the cache's mode, recorded in the file's header
    } finally {
      db.close();
    }
    fsyncPath(build);
  } catch (err) {
    removeDbFiles(build);
    throw err;
  }
  let placed = false;
  try {
    linkSync(build, options.path); // fails (EEXIST) when a cache file appeared meanwhile: never replaced
    placed = true;
    fsyncPath(dir);
  } catch {
    /* another process's build won (or no hard links here): theirs, or the usual path, is used */
  }
  removeDbFiles(build);
  return { result, placed };
}
