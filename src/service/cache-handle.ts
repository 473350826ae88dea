/**
 * The Brain's SQLite projection handle (DESIGN §4): opened on first use, reset when the file is
 * corrupt or of another format, and — when SQLite reports damage mid-request — discarded,
 * reopened empty and the request run once more, which rebuilds it from git (the cache is
 * disposable); when another process reset the file under an open handle, reopened. Split from src/service.ts to keep that file to the API.
 */
import { isCorruptionError, isReplacedFileError, openCache, removeDbFiles, type CacheDb, type ResetReason } from '../projection/sqlite/open-cache.js';

/** One cache file's open handle. */
export class CacheHandle {
  private handle: { db: CacheDb; reset: ResetReason } | null = null;

  /** `path`: the cache file (`.git/brain/cache*.sqlite`). */
  constructor(readonly path: string) {}

  /** The database, opened (and reset if corrupt) on first use. Errors: `io_error` when the path is occupied. */
  db(): CacheDb {
    this.handle ??= openCache(this.path);
    return this.handle.db;
  }

  /** Whether the file is open in this handle (a cold build applies only before: src/projection/sqlite/cold-build.ts). */
  get isOpen(): boolean {
    return this.handle !== null;
  }

  /** Why the file was last reset (null: it was usable). */
  get reset(): ResetReason {
    return this.handle?.reset ?? null;
  }

  /**
   * Runs `fn`; on a corruption error, discards the file, reopens it empty and runs `fn` once
   * more; when another process replaced the file under this handle (it found the cache broken
   * and reset it: `isReplacedFileError`), reopens the file it left and runs `fn` once more.
   */
  async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const corrupt = isCorruptionError(err);
      if (!corrupt && !isReplacedFileError(err)) throw err;
      try {
        this.handle?.db.close();
      } catch {
        /* already unusable */
      }
      if (corrupt) removeDbFiles(this.path);
      const opened = openCache(this.path);
      this.handle = { ...opened, reset: corrupt ? 'corrupt' : opened.reset };
      return fn();
    }
  }

  /** Closes the database (reopened on the next use). */
  close(): void {
    this.handle?.db.close();
    this.handle = null;
  }
}
