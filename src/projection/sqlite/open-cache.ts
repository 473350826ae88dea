/**
 * Opening the SQLite cache (DESIGN §4): WAL, busy timeout, schema. A file that is not a
 * database, is corrupt, or was written by another cache format is deleted and recreated —
 * the cache is disposable, git is the source of truth.
 */
import Database from 'better-sqlite3';
import { lstatSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { BrainError } from '../../model/errors.js';
import { dirname, join } from 'node:path';
import { CACHE_FORMAT, SCHEMA_SQL } from './schema.js';
import { removeStaleBuilds } from './stale-builds.js';
import { prepared } from './prepared.js';

export type CacheDb = Database.Database;

/** Why an existing cache file was discarded, or null when it was usable. */
export type ResetReason = 'corrupt' | 'format' | null;

/** Deletes the database file and its WAL, shared-memory and rollback-journal files. */
export function removeDbFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(`${path}${suffix}`, { force: true });
}

function tryOpen(path: string): { db: CacheDb; reason: ResetReason } {
  const db = new Database(path);
  try {
    db.pragma('busy_timeout = 10000');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA_SQL);
    const row = db.prepare("SELECT value FROM meta WHERE key = 'cache_format'").get() as { value: string } | undefined;
    if (row === undefined) {
      db.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('cache_format', ?)").run(String(CACHE_FORMAT));
      return { db, reason: null };
    }
    if (row.value !== String(CACHE_FORMAT)) {
      db.close();
      return { db, reason: 'format' };
    }
    return { db, reason: null };
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Opens (creating if needed) the cache at `path`. Returns the handle and whether a broken or
 * foreign-format file had to be reset (the caller then rebuilds from git).
 */
export function openCache(path: string): { db: CacheDb; reset: ResetReason } {
  mkdirSync(dirname(path), { recursive: true });
  assertNotOccupied(path);
  removeStaleSearchFiles(dirname(path));
  removeStaleBuilds(dirname(path));
  let reset: ResetReason = null;
  try {
    const opened = tryOpen(path);
    if (opened.reason === null) return { db: opened.db, reset: null };
    reset = opened.reason;
  } catch {
    reset = 'corrupt';
  }
  removeDbFiles(path);
  const fresh = tryOpen(path);
  return { db: fresh.db, reset };
}

/**
 * Deletes the `search*.json` files earlier versions persisted their MiniSearch index to beside
 * the cache: search now lives in the projection (docs/decisions/0021) and they are dead
 * weight (tens of MB at 10 000 entries). Only regular files with exactly that name pattern.
 */
function removeStaleSearchFiles(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (!/^search(\..+)?\.json$/.test(name)) continue;
    const file = join(dir, name);
    if (lstatSync(file, { throwIfNoEntry: false })?.isFile()) rmSync(file, { force: true });
  }
}

/**
 * A directory (or other non-file) where the cache file belongs is something a person put
 * there: never removed automatically. Errors: `io_error` with the command that clears it.
 */
function assertNotOccupied(path: string): void {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return; // absent: created below
  }
  if (stat.isFile()) return;
  throw new BrainError('io_error', `the cache path ${path} is a ${stat.isDirectory() ? 'directory' : 'special file'}, not the SQLite cache`, {
    hint: `the cache is disposable: move it away or remove it (rm -r '${path}'), then retry; \`brain doctor\` checks this`,
    data: { path },
  });
}

/** Reads a meta value. */
export function getMeta(db: CacheDb, key: string): string | null {
  const row = prepared(db, 'SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value ?? null;
}

/** Writes a meta value. */
export function setMeta(db: CacheDb, key: string, value: string): void {
  prepared(db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
}

/**
 * True for SQLite errors that mean the file itself is damaged (`SQLITE_CORRUPT*`,
 * `SQLITE_NOTADB`): the cache must be discarded and rebuilt from git.
 */
export function isCorruptionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}

/**
 * True for SQLite errors that mean the files under an open handle were replaced — another
 * process found the cache broken and reset it (`removeDbFiles`, then a fresh file) while this
 * one had it open: `SQLITE_IOERR*`, `SQLITE_READONLY_DBMOVED`. The file on disk is fine; the
 * handle must be reopened, not the file deleted again.
 */
export function isReplacedFileError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_READONLY_DBMOVED');
}
