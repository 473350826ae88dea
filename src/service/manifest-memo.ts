/**
 * The manifest (`brain.json`) at a tip, read from git once per tip and clone (issue #10: a
 * fresh one-shot read spawns no git child; on a packed branch reading brain.json would start
 * `git cat-file`). The manifest of a commit never changes, so the one last checked is kept in
 * the cache's `meta` table under {@link MANIFEST_META_KEY} as `{tip, manifest}` and used again
 * while the tip is the same. It is parsed and checked again on every use (parseManifest: format
 * version, default project), so a memo written by another brain version is judged by this one.
 * The projection's data tables and `verify --cache` do not involve it; a reset cache loses it.
 */
import { getMeta, setMeta, type CacheDb } from '../projection/sqlite/open-cache.js';
import { parseManifest, type Manifest } from '../store/manifest.js';
import type { GitStore } from '../store/git-store.js';

/** The `meta` key of the memo. */
export const MANIFEST_META_KEY = 'manifest_at_tip';

/**
 * The manifest at `tip` (null: no branch): from the memo when it is for `tip`, else from git
 * (then remembered). Errors: as {@link GitStore.manifest} (`not_initialized`,
 * `unsupported_format`), SQLite errors.
 */
export async function manifestAtTip(db: CacheDb, store: GitStore, tip: string | null): Promise<Manifest> {
  if (tip !== null) {
    const text = getMeta(db, MANIFEST_META_KEY);
    if (text !== null) {
      let memo: { tip?: unknown; manifest?: unknown } | null = null;
      try {
        memo = JSON.parse(text) as { tip?: unknown; manifest?: unknown };
      } catch {
        /* unreadable memo: read git */
      }
      if (memo?.tip === tip) return parseManifest(JSON.stringify(memo.manifest), store.branch);
    }
  }
  const manifest = await store.manifest(tip);
  if (tip !== null) setMeta(db, MANIFEST_META_KEY, JSON.stringify({ tip, manifest }));
  return manifest;
}
