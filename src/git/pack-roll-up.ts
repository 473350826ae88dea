/**
 * Keeping packs few (issue 21): one pack per bulk commit (pack-writer.ts) made every later
 * `git index-pack` and object lookup search more packs, so a long import grew quadratically
 * (index-pack --strict: 315 ms per 10 commits at 20 packs, 1 542 ms at 200). From
 * {@link PACK_LIMIT} packs on, a pack write is followed by a roll-up in git's geometric
 * progression (`--geometric=2`: each pack kept holds at least twice the objects of the next
 * smaller one, so O(log n) packs, every object rewritten O(log n) times; {@link geometricSplit}),
 * written by `git pack-objects --window=0` from the list of the rolled packs' objects: packs are
 * copied, not compressed again (deltas stay `git gc`'s job; with the default window the roll-up
 * of a 50 000-revision import cost 19 s of CPU instead of 1.5). Not `git repack --geometric`
 * (decision 0064): its `pack-objects --stdin-packs` walks every commit of the rolled packs to
 * name their objects, i.e. the whole branch's trees each run — 0.3 s of CPU to roll two 2 MB
 * packs beside a 200 000-revision brain, a cost that grew with the brain; the object list costs
 * what the rolled packs hold. Small packs (single writes) are first merged in-process
 * (pack-merge.ts), which costs a few milliseconds: git's roll-up then runs only when the merged
 * packs, with the bulk ones, pass the limit. Loose objects are not brain's (it writes packs
 * when git is installed): `git gc` packs them.
 */
import { execFile } from 'node:child_process';
import { closeSync, fsyncSync, openSync, readFileSync, readSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gitChildEnv } from './cat-file-batch.js';
import { mergeSmallPacks } from './pack-merge.js';

/** From this many packs in `objects/pack` on, a pack write is followed by a geometric roll-up (see the module comment). */
export const PACK_LIMIT = 16;

/** Git dirs whose roll-up failed once in this process: not tried again. */
const rollUpFailed = new Set<string>();

/** A pack and its object count (what git's geometric progression weighs). */
export interface PackWeight {
  name: string;
  objects: number;
}

/**
 * How many of `packs` (sorted by object count, smallest first) to roll up so that the rest form
 * a geometric progression, as `git repack --geometric=<factor>` decides it (git's
 * split_pack_geometry): from the largest down, the first pack holding fewer than `factor` times
 * the objects of the next smaller one ends the progression, and everything below it is rolled
 * up; then each next pack holding fewer than `factor` times the objects rolled up so far joins
 * them. 0 or 1: nothing to roll up.
 */
export function geometricSplit(packs: readonly PackWeight[], factor = 2): number {
  if (packs.length < 2) return 0;
  let i = packs.length - 1;
  for (; i > 0; i--) if ((packs[i] as PackWeight).objects < factor * (packs[i - 1] as PackWeight).objects) break;
  let split = i === 0 ? 0 : i + 1;
  let total = packs.slice(0, split).reduce((sum, p) => sum + p.objects, 0);
  for (; split < packs.length; split++) {
    const next = (packs[split] as PackWeight).objects;
    if (next >= factor * total) break;
    total += next;
  }
  return split;
}

/** The object count an `.idx` v2 announces (its last fan-out slot), read without reading the index. Errors: node errors. */
function objectCount(idxPath: string): number {
  const fd = openSync(idxPath, 'r');
  try {
    const head = Buffer.alloc(4);
    if (readSync(fd, head, 0, 4, 8 + 255 * 4) !== 4) throw new Error(`${idxPath} is too short`);
    return head.readUInt32BE(0);
  } finally {
    closeSync(fd);
  }
}

/** The object ids an `.idx` v2 lists, one per line. Errors: Error when it is not a version 2 index. */
function objectIds(idxPath: string): string {
  const idx = readFileSync(idxPath);
  if (idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) throw new Error(`${idxPath} is not a version 2 pack index`);
  const n = idx.readUInt32BE(8 + 255 * 4);
  const hex = idx.toString('hex', 8 + 1024, 8 + 1024 + n * 20);
  let out = '';
  for (let i = 0; i < n; i++) out += `${hex.slice(i * 40, i * 40 + 40)}\n`;
  return out;
}

function git(gitdir: string, args: string[], input: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', ['-c', 'pack.writeReverseIndex=false', '--git-dir', gitdir, ...args], { env: gitChildEnv(), maxBuffer: 1 << 20 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    child.stdin?.on('error', () => undefined); // EPIPE when git dies early: reported by the callback
    child.stdin?.end(input);
  });
}

/**
 * Merges the small packs of `gitdir` in-process when there are too many (pack-merge.ts), then,
 * when it still holds more than {@link PACK_LIMIT} packs, rolls the ones out of the geometric
 * progression up into one (module comment): `git pack-objects --window=0` writes it from their
 * object list (git's temp files and renames: a crash leaves the old packs, or both), and only
 * once its name is durable (the directory fsynced) are the rolled packs removed, each index before its pack — never an object dropped;
 * `.keep` packs are left alone. Resolves with whether it rolled packs up. A failure is not an
 * error — the objects were durable before, and stay so — only the reason for not trying again
 * in this process. Nor is a failed merge (every object stays where it was). Callers hold the
 * brain writer lock. Never rejects.
 */
export async function rollUpPacks(gitdir: string): Promise<boolean> {
  // A failed merge or roll-up is housekeeping left undone, not a failed write.
  await mergeSmallPacks(gitdir).catch(() => 0);
  if (rollUpFailed.has(gitdir)) return false;
  const dir = join(gitdir, 'objects', 'pack');
  try {
    const names = new Set(readdirSync(dir));
    const all = [...names].filter((f) => /^pack-[0-9a-f]{40}\.pack$/.test(f)).map((f) => f.slice(0, -'.pack'.length));
    if (all.length <= PACK_LIMIT) return false;
    const packs = all.filter((name) => names.has(`${name}.idx`) && !names.has(`${name}.keep`))
      .map((name) => ({ name, objects: objectCount(join(dir, `${name}.idx`)) }))
      .sort((a, b) => a.objects - b.objects || (a.name < b.name ? -1 : 1));
    const rolled = packs.slice(0, geometricSplit(packs));
    if (rolled.length < 2) return false;
    const list = rolled.map((p) => objectIds(join(dir, `${p.name}.idx`))).join('');
    const made = `pack-${(await git(gitdir, ['-c', 'core.fsync=pack,pack-metadata', 'pack-objects', '-q', '--window=0', '--local', join(dir, 'pack')], list)).trim()}`;
    if (!/^pack-[0-9a-f]{40}$/.test(made)) throw new Error(`git pack-objects answered ${made}`);
    // git fsyncs the new pack and index (core.fsync's default, asked for whatever the user's
    // config says); their names are made durable here, before the packs they replace are unlinked.
    const dirFd = openSync(dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
    for (const { name } of rolled) {
      if (name === made) continue;
      rmSync(join(dir, `${name}.idx`), { force: true });
      rmSync(join(dir, `${name}.pack`), { force: true });
    }
    return true;
  } catch {
    rollUpFailed.add(gitdir);
    return false;
  }
}
