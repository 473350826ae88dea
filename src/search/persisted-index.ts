/**
 * The search index as one Brain holds it (DESIGN §4): loaded from its file on first search,
 * kept equal to the `current` table after every refresh, and persisted once changes settle
 * (5 s) or when the Brain closes — saving 10 000 documents costs ~0.5 s, and a stale file is
 * safe because loading re-syncs it against `current` by sha256.
 */
import type { CacheDb } from '../cache/open-cache.js';
import { SearchIndex } from './search-index.js';

const SAVE_AFTER_MS = 5_000;

/** A lazily loaded, debounce-persisted {@link SearchIndex} at `path`. */
export class PersistedSearchIndex {
  private index: SearchIndex | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  /** The projected oid the loaded index was last synced at (undefined: unknown). */
  private syncedAt: string | null | undefined = undefined;

  constructor(private readonly path: string) {}

  /** The index, loaded (or built) and synced with `db` on first use. */
  get(db: CacheDb): SearchIndex {
    if (!this.index) {
      this.index = SearchIndex.load(this.path);
      this.afterSync(this.index.sync(db).changed);
      this.syncedAt = undefined;
    }
    return this.index;
  }

  /**
   * Re-syncs with `db` if the index is loaded (the apply path); no-op otherwise. With
   * `projectedOid` (what `db` reflects), skipped when the index was last synced at that same oid:
   * the projection is a function of the tree (docs/decisions/0003), so nothing can differ — and
   * a daemon would otherwise compare every current row on every request (~40 ms at 20 000).
   */
  syncIfLoaded(db: CacheDb, projectedOid?: string | null): void {
    if (!this.index) return;
    if (projectedOid !== undefined && this.syncedAt === projectedOid) return;
    this.afterSync(this.index.sync(db).changed);
    this.syncedAt = projectedOid;
  }

  /** Writes pending changes now (on close). */
  flush(): void {
    if (!this.saveTimer) return;
    clearTimeout(this.saveTimer);
    this.saveTimer = null;
    this.index?.save(this.path);
  }

  private afterSync(changed: number): void {
    if (changed === 0) return;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.flush(), SAVE_AFTER_MS);
    this.saveTimer.unref();
  }
}
