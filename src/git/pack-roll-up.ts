/**
 * Keeping packs few (issue 21): one pack per bulk commit (pack-writer.ts) made every later
 * `git index-pack` and object lookup search more packs, so a long import grew quadratically
 * (index-pack --strict: 315 ms per 10 commits at 20 packs, 1 542 ms at 200). From
 * {@link PACK_LIMIT} packs on, a pack write is followed by a roll-up as git's own maintenance
 * does it (`git repack --geometric=2 -d`: each pack at least twice the size of the next smaller
 * one, so O(log n) packs, every object rewritten O(log n) times), without a delta search
 * (`--window=0`: packs are copied, not compressed again — deltas stay `git gc`'s job; with
 * the default window the roll-up of a 50 000-revision import cost 19 s of CPU instead of 1.5).
 * Small packs (single writes) are first merged in-process (pack-merge.ts), which costs a few
 * milliseconds where `git repack` costs a hundred or more: git's roll-up then runs only when the
 * merged packs, with the bulk ones, pass the limit.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gitChildEnv } from './cat-file-batch.js';
import { mergeSmallPacks } from './pack-merge.js';

/** From this many packs in `objects/pack` on, a pack write is followed by a geometric roll-up (see the module comment). */
export const PACK_LIMIT = 16;

/** Git dirs whose roll-up failed once in this process (e.g. a git older than 2.32, without `--geometric`): not tried again. */
const rollUpFailed = new Set<string>();

/**
 * Merges the small packs of `gitdir` in-process when there are too many (pack-merge.ts), then
 * rolls packs (and loose objects) up into larger ones when it still holds more than
 * {@link PACK_LIMIT} packs: `git repack --geometric=2 -d -l --window=0`, which never drops an
 * object (reachable or not) and leaves `.keep` packs alone. Resolves with whether it ran. A
 * failure is not an error — the objects were durable before, and stay so — only the reason
 * for not trying again in this process. Nor is a failed merge (every object stays where it
 * was). Callers hold the brain writer lock. Never rejects.
 */
export async function rollUpPacks(gitdir: string): Promise<boolean> {
  // Like git's roll-up below, a failed merge is housekeeping left undone, not a failed write.
  await mergeSmallPacks(gitdir).catch(() => 0);
  if (rollUpFailed.has(gitdir)) return false;
  const packs = readdirSync(join(gitdir, 'objects', 'pack')).filter((f) => f.startsWith('pack-') && f.endsWith('.pack')).length;
  if (packs <= PACK_LIMIT) return false;
  const args = ['-c', 'pack.writeReverseIndex=false', '--git-dir', gitdir, 'repack', '-d', '-q', '-l', '--geometric=2', '--window=0', '--no-write-bitmap-index'];
  return new Promise((resolve) => {
    execFile('git', args, { env: gitChildEnv(), maxBuffer: 1 << 20 }, (err) => {
      if (err) rollUpFailed.add(gitdir);
      resolve(!err);
    });
  });
}
