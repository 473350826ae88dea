/**
 * Rendered dashboard pages by strong ETag. A page is a function of the projected commit, the
 * URL and the stylesheet version — exactly what its ETag hashes (routes.ts) — so a page
 * rendered once can be served again to any client until the branch moves, with no staleness
 * possible: a new commit means new ETags. Least recently used pages are dropped beyond
 * `maxBytes` (UTF-16 length as the measure).
 */

/** Options of {@link createPageCache}. */
export interface PageCacheOptions {
  /** Total size kept, in characters (default 16 M). */
  maxBytes?: number;
}

/** The cache: `get` refreshes recency, `set` evicts the oldest pages over the budget. */
export interface PageCache {
  get(etag: string): string | undefined;
  set(etag: string, body: string): void;
}

/** A new, empty page cache. */
export function createPageCache(options: PageCacheOptions = {}): PageCache {
  const max = options.maxBytes ?? 16 * 1024 * 1024;
  const pages = new Map<string, string>();
  let size = 0;
  return {
    get(etag) {
      const body = pages.get(etag);
      if (body !== undefined) {
        pages.delete(etag);
        pages.set(etag, body);
      }
      return body;
    },
    set(etag, body) {
      if (body.length > max || pages.has(etag)) return;
      pages.set(etag, body);
      size += body.length;
      for (const [key, value] of pages) {
        if (size <= max) break;
        pages.delete(key);
        size -= value.length;
      }
    },
  };
}
