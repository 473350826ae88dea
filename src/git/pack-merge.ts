/**
 * Merging brain's packs in-process, geometrically (issue 21, decisions 0048 and 0064): every
 * write is one pack (a single-revision write a small one, a bulk commit one of ~2 MB per 1 000
 * revisions), so packs must be rolled up. `git repack --geometric=2` did it, but each run costs
 * at least a walk of the whole branch's trees (`pack-objects --stdin-packs` names every object
 * it packs): 0.3 s of CPU for two 2 MB packs beside a 200 000-revision brain, 1–2 s of wall in a
 * long import, once per ~8 bulk commits — a cost that grew with the brain (decision 0064).
 * Packs of whole objects — every pack brain writes — merge by copying their entries' bytes, in
 * the same geometric progression git uses ({@link geometricSplit}: by object count, factor 2,
 * so every object is copied O(log n) times): each pack rolled up is read and checked as git
 * checks entries it reuses (index and pack checksums, a CRC-32 per entry), its entries' bytes
 * copied once into one new pack (an object found in several is kept once), which is indexed,
 * made durable and published as every pack brain writes (pack-publish.ts); only then are the
 * merged packs removed, index first. A crash at any point leaves every object in at least one
 * complete pack. A pack that is not brain's to merge (it holds deltas, has a `.keep`, lacks its
 * index, or vanished under a concurrent `git gc`) is left alone, and so is one larger than
 * {@link MERGE_PACK_BYTES} (it is read whole into memory): pack-roll-up.ts leaves those to
 * `git repack` when they grow too many.
 */
import * as fs from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { buildPackIndex, readPackIndex, type PackIndexEntry } from './pack-index.js';
import { publishPack, writeDurable } from './pack-publish.js';

/** A pack up to this size (bytes) may be merged in-process (it is read whole into memory); larger ones are git's to roll up. */
export const MERGE_PACK_BYTES = 64 * 1024 * 1024;

/** From more than this many mergeable packs on, the ones out of the geometric progression are merged into one. */
export const SMALL_PACK_LIMIT = 8;

/** The progression's factor: each pack kept holds at least this many times the objects of the next smaller one (git's `--geometric=2`). */
export const GEOMETRIC_FACTOR = 2;

/**
 * Packs found not mergeable in this process (`<dir>/<name>`; a name is its content's checksum,
 * so the answer never changes): not read again at every write, nor counted as small packs.
 */
const unmergeable = new Set<string>();

/** A pack brain may merge: its name (`pack-<sha>`) and its object count. */
export interface PackWeight {
  name: string;
  objects: number;
}

/** The object count an `.idx` v2 announces (the last fan-out slot), read without reading the index. Errors: node errors. */
function objectCount(idxPath: string): number {
  const fd = fs.openSync(idxPath, 'r');
  try {
    const head = Buffer.alloc(4);
    if (fs.readSync(fd, head, 0, 4, 8 + 255 * 4) !== 4) throw new Error(`${idxPath} is too short`);
    return head.readUInt32BE(0);
  } finally {
    fs.closeSync(fd);
  }
}

/** The packs of `dir` brain may merge: `pack-<sha>` names, each with its index, no `.keep`, not known unmergeable, at most {@link MERGE_PACK_BYTES}. */
function mergeablePacks(dir: string): PackWeight[] {
  const names = new Set(fs.readdirSync(dir));
  return [...names]
    .filter((f) => /^pack-[0-9a-f]{40}\.pack$/.test(f))
    .map((f) => f.slice(0, -'.pack'.length))
    .filter((name) => names.has(`${name}.idx`) && !names.has(`${name}.keep`) && !unmergeable.has(join(dir, name)))
    .flatMap((name) => {
      try {
        if (fs.statSync(join(dir, `${name}.pack`)).size > MERGE_PACK_BYTES) return [];
        return [{ name, objects: objectCount(join(dir, `${name}.idx`)) }];
      } catch {
        return []; // gone under a concurrent `git gc`
      }
    });
}

/**
 * How many of `packs` (sorted by object count, smallest first) to roll up so that the rest form
 * a geometric progression, as `git repack --geometric=<factor>` decides it (git's
 * split_pack_geometry): from the largest down, the first pack holding fewer than `factor` times
 * the objects of the next smaller one ends the progression, and everything below it is rolled
 * up; then each next pack holding fewer than `factor` times the objects rolled up so far joins
 * them. 0 or 1: nothing to merge.
 */
export function geometricSplit(packs: readonly PackWeight[], factor = GEOMETRIC_FACTOR): number {
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

/** An entry's bytes in a pack (header and deflated data), with its index entry. */
interface RawEntry extends PackIndexEntry {
  bytes: Buffer;
}

/**
 * The entries of pack `name` in `dir`, each with its bytes, checked as git checks a pack it
 * reuses entries of: the index's checksum, the pack's trailer (the SHA-1 of its bytes, and the
 * one the index names), every entry a whole object (no delta) whose bytes match the CRC-32 the
 * index lists. Null when the pack is gone, damaged or not brain's to merge (deltas).
 */
function readMergeable(dir: string, name: string): RawEntry[] | null {
  try {
    const { entries, packChecksum } = readPackIndex(fs.readFileSync(join(dir, `${name}.idx`)));
    const pack = fs.readFileSync(join(dir, `${name}.pack`));
    const end = pack.length - 20;
    if (!pack.subarray(end).equals(packChecksum) || !createHash('sha1').update(pack.subarray(0, end)).digest().equals(packChecksum)) return null;
    const raw: RawEntry[] = [];
    for (const [i, entry] of entries.entries()) {
      const bytes = pack.subarray(entry.offset, entries[i + 1]?.offset ?? end);
      const type = ((bytes[0] ?? 0) >> 4) & 7;
      if (type < 1 || type > 4 || crc32(bytes) !== entry.crc) return null;
      raw.push({ ...entry, bytes });
    }
    return raw;
  } catch {
    return null;
  }
}

/**
 * When `gitdir` holds more than {@link SMALL_PACK_LIMIT} packs brain may merge, merges the ones
 * out of the geometric progression ({@link geometricSplit}) into one, as the module comment
 * says; resolves with the number of packs merged (0 when it did nothing). Callers hold the brain
 * writer lock. Errors: node I/O errors writing the merged pack (its temp files are removed; the
 * packs stay).
 */
export async function mergePacks(gitdir: string): Promise<number> {
  const dir = join(gitdir, 'objects', 'pack');
  const candidates = mergeablePacks(dir);
  if (candidates.length <= SMALL_PACK_LIMIT) return 0;
  candidates.sort((a, b) => a.objects - b.objects || (a.name < b.name ? -1 : 1));
  const rolled = candidates.slice(0, geometricSplit(candidates));
  if (rolled.length < 2) return 0;
  const merged: string[] = [];
  const chunks: Buffer[] = [Buffer.alloc(12)];
  const entries: PackIndexEntry[] = [];
  const seen = new Set<string>();
  let at = 12;
  for (const { name } of rolled) {
    const raw = readMergeable(dir, name);
    if (!raw) {
      unmergeable.add(join(dir, name));
      continue;
    }
    merged.push(name);
    for (const entry of raw) {
      if (seen.has(entry.oid)) continue;
      seen.add(entry.oid);
      chunks.push(entry.bytes);
      entries.push({ oid: entry.oid, offset: at, crc: entry.crc });
      at += entry.bytes.length;
    }
  }
  if (merged.length < 2) return 0;
  const head = chunks[0] as Buffer;
  head.write('PACK', 0, 'latin1');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(entries.length, 8);
  const hash = createHash('sha1');
  for (const chunk of chunks) hash.update(chunk);
  const trailer = hash.digest();
  chunks.push(trailer);
  const name = await publishPack(dir, trailer.toString('hex'), (tempPack, tempIdx) =>
    Promise.all([writeDurable(tempPack, chunks), writeDurable(tempIdx, buildPackIndex(entries, trailer))]).then(() => undefined),
  );
  // Each index before its pack (a reader never finds an index without its pack); the packs
  // in parallel, on libuv's pool (unlinks cost ~1 ms each on a busy disk).
  const rm = (path: string) => fs.promises.rm(path, { force: true });
  await Promise.all(merged.filter((old) => old !== name).map((old) => rm(join(dir, `${old}.idx`)).then(() => rm(join(dir, `${old}.pack`)))));
  return merged.length;
}
