/**
 * Merging small packs in-process (issue 21, decision 0048): a single-revision write is one
 * small pack (pack-writer.ts), so a brain written one revision at a time would gain a pack per
 * write. `git repack --geometric` keeps the count bounded but costs 150–300 ms a run beside a
 * 50 000-object pack (it walks far more than the small packs), more than the writes it tidies.
 * Packs of whole objects — every pack brain writes — merge by copying their entries' bytes:
 * each small pack is read and checked as git checks entries it reuses (index and pack
 * checksums, a CRC-32 per entry), its entries' bytes copied once into one new pack (an object
 * found in several is kept once), which is indexed, made durable and published as every pack
 * brain writes (pack-publish.ts); only then are the merged packs removed, index first. A crash at any point leaves every object in at least one complete
 * pack. A pack that is not brain's to merge (it holds deltas, has a `.keep`, lacks its
 * index, or vanished under a concurrent `git gc`) is left alone.
 */
import * as fs from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { buildPackIndex, readPackIndex, type PackIndexEntry } from './pack-index.js';
import { publishPack, writeDurable } from './pack-publish.js';

/** A pack up to this size (bytes) is small: merged with the others in-process. */
export const SMALL_PACK_BYTES = 1024 * 1024;

/** From more than this many small packs on, they are merged into one. */
export const SMALL_PACK_LIMIT = 8;

/**
 * Packs found not mergeable in this process (`<dir>/<name>`; a name is its content's checksum,
 * so the answer never changes): not read again at every write, nor counted as small packs.
 */
const unmergeable = new Set<string>();

/** The small packs of `dir` brain may merge: `pack-<sha>` names, each with its index and no `.keep`. */
function smallPacks(dir: string): string[] {
  const names = new Set(fs.readdirSync(dir));
  return [...names]
    .filter((f) => /^pack-[0-9a-f]{40}\.pack$/.test(f))
    .map((f) => f.slice(0, -'.pack'.length))
    .filter((name) => names.has(`${name}.idx`) && !names.has(`${name}.keep`) && !unmergeable.has(join(dir, name)))
    .filter((name) => {
      try {
        return fs.statSync(join(dir, `${name}.pack`)).size <= SMALL_PACK_BYTES;
      } catch {
        return false;
      }
    });
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
 * When `gitdir` holds more than {@link SMALL_PACK_LIMIT} small packs, merges them into one as
 * the module comment says; resolves with the number of packs merged (0 when it did nothing).
 * Callers hold the brain writer lock. Errors: node I/O errors writing the merged pack (its temp
 * files are removed; the small packs stay).
 */
export async function mergeSmallPacks(gitdir: string): Promise<number> {
  const dir = join(gitdir, 'objects', 'pack');
  const candidates = smallPacks(dir);
  if (candidates.length <= SMALL_PACK_LIMIT) return 0;
  const merged: string[] = [];
  const chunks: Buffer[] = [Buffer.alloc(12)];
  const entries: PackIndexEntry[] = [];
  const seen = new Set<string>();
  let at = 12;
  for (const name of candidates) {
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
  const body = Buffer.concat(chunks);
  const trailer = createHash('sha1').update(body).digest();
  const name = await publishPack(dir, trailer.toString('hex'), (tempPack, tempIdx) =>
    Promise.all([writeDurable(tempPack, Buffer.concat([body, trailer])), writeDurable(tempIdx, buildPackIndex(entries, trailer))]).then(() => undefined),
  );
  // Each index before its pack (a reader never finds an index without its pack); the packs
  // in parallel, on libuv's pool (unlinks cost ~1 ms each on a busy disk).
  const rm = (path: string) => fs.promises.rm(path, { force: true });
  await Promise.all(merged.filter((old) => old !== name).map((old) => rm(join(dir, `${old}.idx`)).then(() => rm(join(dir, `${old}.pack`)))));
  return merged.length;
}
