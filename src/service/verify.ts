/**
 * `brain verify` (DESIGN §3 invariants, §4 "authoritative-equivalent"; issues #2 and #4): the
 * branch — files, ledgers, append-only history, all of it or only the commits of a range — and,
 * with `cache`, the projection against a fresh rebuild. Bad data is reported, never thrown.
 */
import { verifyCache } from '../projection/sqlite/verify-cache.js';
import type { CacheReport } from '../projection/verify-report.js';
import { parseReviewRange } from '../review/parse-range.js';
import { resolveCommit } from '../git/rev-parse.js';
import { verifyBranch, type BranchReport } from '../store/verify-branch.js';
import type { Brain } from '../service.js';

/** `brain verify --json`: `ok` is false on any branch failure or cache difference. */
export interface BrainVerifyReport {
  ok: boolean;
  branch: BranchReport;
  cache: CacheReport | null;
}

/**
 * Verifies `brain`'s docs branch. With `range` (`BASE..HEAD`, or `BASE` for `BASE..<docs tip>`)
 * the tree at HEAD and only the commits in the range are checked: the CI check of a pull
 * request against the docs branch. Errors: `invalid_argument` for a bad range or unknown
 * revision; `not_initialized` without a brain branch (unless a range names HEAD).
 */
export async function verifyBrain(brain: Brain, args: { cache?: boolean; range?: string }): Promise<BrainVerifyReport> {
  return brain.withCache(async () => {
    let tip = await brain.store.resolveTip();
    let base: string | null = null;
    if (args.range !== undefined) {
      const spec = parseReviewRange(args.range);
      base = await resolveCommit({ repo: brain.repo, rev: spec.base });
      if (spec.head !== null) tip = await resolveCommit({ repo: brain.repo, rev: spec.head });
    }
    if (args.range === undefined || tip === brain.store.tip()) await brain.store.manifest(tip);
    const reader = await brain.reader();
    const branch = await verifyBranch({ reader, tip, base });
    let cache: CacheReport | null = null;
    if (args.cache) {
      await brain.refresh();
      cache = await verifyCache({ live: brain.db(), reader, tip: brain.store.tip() });
    }
    return { ok: branch.ok && (cache?.ok ?? true), branch, cache };
  });
}
