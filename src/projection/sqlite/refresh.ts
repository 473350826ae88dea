/**
 * Bringing the projection up to the branch tip (DESIGN §4 "Freshness is exact"): compare the
 * projected commit oid with the tip; if they differ, diff the two trees and apply only what
 * changed; if there is no usable old commit (missing cache, reset cache, old commit object
 * gone), rebuild fully. Never uses mtimes.
 *
 * The projection is a function of the tip's tree alone, so a diff between any two commits
 * (even across rewritten history) yields the same tables as a full rebuild — the property the
 * tests check. See docs/decisions/0003-projection-is-a-function-of-the-tree.md.
 */
import { BrainError } from '../../model/errors.js';
import type { ObjectReader } from '../../git/object-reader.js';
import type { ApplyStats } from './apply-changes.js';
import type { ReadProgress } from '../read-changes.js';
import { getMeta, type CacheDb } from './open-cache.js';

/** What a refresh did. `mode` is `fresh` when nothing had to change. */
export interface RefreshResult {
  mode: 'fresh' | 'incremental' | 'full';
  from: string | null;
  to: string | null;
  stats: ApplyStats | null;
  ms: number;
}

/** Options of {@link refreshCache}. */
export interface RefreshOptions {
  db: CacheDb;
  reader: ObjectReader;
  /** The branch tip now (null: no branch). */
  tip: string | null;
  /** Force a full rebuild. */
  full?: boolean;
  /** `db` is a private build file nobody else reads (a cold build: apply-changes.ts `private`). */
  private?: boolean;
  /** Told after each chunk of blobs a refresh reads (src/projection/read-changes.ts). */
  onProgress?: (progress: ReadProgress) => void;
}

/**
 * Brings `db` to `tip`. Retries when another process advanced the projection concurrently; when
 * that process brought it to a descendant of `tip` (a newer tip), the result is `fresh` at that
 * commit (`to`). Errors: reader errors (`git_error`, `not_found`); `lock_timeout` when other writers kept
 * moving the projection for 6 plans.
 */
export async function refreshCache(options: RefreshOptions): Promise<RefreshResult> {
  const started = performance.now();
  for (let attempt = 0; ; attempt++) {
    const projectedText = getMeta(options.db, 'projected_oid');
    const from = projectedText === null || projectedText === '' ? null : projectedText;
    const neverProjected = projectedText === null;
    if (!options.full && !neverProjected && from === options.tip) {
      return { mode: 'fresh', from, to: from, stats: null, ms: performance.now() - started };
    }
    // The apply path (the tree diff, blob parsing, entry validation and with it zod) loads only
    // when something changed: a fresh read never pays for it (issue #10 cold start;
    // docs/decisions/0085-one-shot-reads.md).
    const [{ applyChanges, StaleProjectionError }, { planChanges }] = await Promise.all([import('./apply-changes.js'), import('../read-changes.js')]);
    const plan = await planChanges(options.reader, from, options.tip, options.full === true || neverProjected);
    try {
      const stats = await applyChanges({ db: options.db, readBlob: (oid) => options.reader.readBlob(oid), readBlobs: (oids) => options.reader.readBlobs(oids), changes: plan.changes, fromOid: from, toOid: options.tip, full: plan.full, ...(options.private ? { private: true } : {}), ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
      return { mode: plan.full ? 'full' : 'incremental', from, to: options.tip, stats, ms: performance.now() - started };
    } catch (err) {
      if (!(err instanceof StaleProjectionError)) throw err;
      // Another process applied meanwhile. When it brought the projection past `tip` (a newer tip
      // of the same branch, holding everything `tip` holds), the projection is fresh for this
      // caller: applying `tip` now would move it back, and writers that keep doing so to each
      // other never settle (three processes revising one entry did, under load).
      const moved = getMeta(options.db, 'projected_oid');
      if (moved && options.tip !== null && moved !== options.tip && (await descendsFrom(options.reader, moved, options.tip))) {
        return { mode: 'fresh', from: moved, to: moved, stats: null, ms: performance.now() - started };
      }
      // As the PostgreSQL apply path (postgres/apply.ts): a coded error, not a bare one, when others keep moving it.
      if (attempt >= 5) throw new BrainError('lock_timeout', `the projection kept moving during ${attempt + 1} refreshes`, { hint: 'other processes keep applying to this cache: retry', cause: err });
    }
  }
}

/** Commits walked back from a projected commit looking for the caller's tip (first parents and merges alike). */
const DESCENT_LIMIT = 64;

/**
 * True when `ancestor` is reached from `commit` within {@link DESCENT_LIMIT} commits of its
 * history (every parent followed); false otherwise, and when a commit cannot be read.
 */
async function descendsFrom(reader: ObjectReader, commit: string, ancestor: string): Promise<boolean> {
  const queue = [commit];
  const seen = new Set<string>();
  while (queue.length > 0 && seen.size < DESCENT_LIMIT) {
    const oid = queue.shift() as string;
    if (oid === ancestor) return true;
    if (seen.has(oid)) continue;
    seen.add(oid);
    try {
      queue.push(...(await reader.readCommit(oid)).parents);
    } catch {
      return false;
    }
  }
  return false;
}
