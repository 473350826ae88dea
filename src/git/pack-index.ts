/**
 * Indexing a pack in-process (issue 21, decision 0048: a single-revision write as one small
 * pack instead of ~10 loose objects, without spawning `git index-pack` for it). Does what
 * `git index-pack` does for a pack of whole objects, which is every pack brain writes
 * (pack-writer.ts): walks the pack from its header, inflates every entry, checks it inflates
 * to the size its header announces and consumes exactly its bytes, computes its object id
 * from the inflated content, checks the SHA-1 trailer, and builds the `.idx` (version 2,
 * gitformat-pack: fan-out, sorted ids, CRC-32s, offsets, pack checksum, index checksum),
 * byte for byte what `git index-pack` writes for the same pack (test/git/pack-index.test.ts).
 * Delta entries are refused: brain never writes them, and packs it did not write are indexed
 * by git. What `--strict` adds (fsck of each object's content) is not done here; the objects
 * are the ones the commit writer builds, as when they were written loose.
 */
import { createHash } from 'node:crypto';
import { crc32, inflateSync } from 'node:zlib';
import { BrainError } from '../model/errors.js';

/** Pack type numbers of whole objects (gitformat-pack), by number. */
const TYPE_NAME: Record<number, string> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };

/** One entry found in a pack: its object id, where its header starts, the CRC-32 of its header and data. */
export interface PackIndexEntry {
  oid: string;
  offset: number;
  crc: number;
}

function corrupt(why: string): BrainError {
  return new BrainError('git_error', `pack rejected: ${why}`, { hint: 'the pack brain built is malformed; nothing was committed' });
}

/**
 * Verifies `pack` (the whole `.pack` file's bytes) and lists its entries in pack order.
 * Errors: BrainError `git_error` for a bad header or trailer, a delta or unknown entry type,
 * an entry that does not inflate to its announced size or overlaps the next, or a duplicate id.
 */
export function readPackEntries(pack: Buffer): PackIndexEntry[] {
  if (pack.length < 32 || pack.toString('latin1', 0, 4) !== 'PACK' || pack.readUInt32BE(4) !== 2) throw corrupt('not a version 2 pack');
  const end = pack.length - 20;
  if (!createHash('sha1').update(pack.subarray(0, end)).digest().equals(pack.subarray(end))) throw corrupt('trailer checksum mismatch');
  const count = pack.readUInt32BE(8);
  const entries: PackIndexEntry[] = [];
  let at = 12;
  for (let i = 0; i < count; i++) {
    const offset = at;
    if (at >= end) throw corrupt(`entry ${i} starts past the data`);
    let byte = pack[at++] as number;
    const type = TYPE_NAME[(byte >> 4) & 7];
    if (type === undefined) throw corrupt(`entry ${i} at ${offset} has type ${(byte >> 4) & 7} (deltas are not brain's)`);
    let size = byte & 0x0f;
    for (let shift = 4; byte & 0x80; shift += 7) {
      if (at >= end) throw corrupt(`entry ${i} header runs past the data`);
      byte = pack[at++] as number;
      size += (byte & 0x7f) * 2 ** shift;
    }
    let inflated: { buffer: Buffer; engine: { bytesWritten: number } };
    try {
      inflated = inflateSync(pack.subarray(at, end), { info: true }) as unknown as typeof inflated;
    } catch (err) {
      throw corrupt(`entry ${i} at ${offset} does not inflate (${(err as Error).message})`);
    }
    if (inflated.buffer.length !== size) throw corrupt(`entry ${i} at ${offset} inflates to ${inflated.buffer.length} bytes, its header says ${size}`);
    at += inflated.engine.bytesWritten;
    const oid = createHash('sha1').update(`${type} ${size}\0`, 'latin1').update(inflated.buffer).digest('hex');
    entries.push({ oid, offset, crc: crc32(pack.subarray(offset, at)) });
  }
  if (at !== end) throw corrupt(`${end - at} bytes after the last entry`);
  const ids = new Set(entries.map((e) => e.oid));
  if (ids.size !== entries.length) throw corrupt('an object appears twice');
  return entries;
}

/**
 * The `.idx` (version 2) of a pack holding `entries` (any order), whose trailer is
 * `packChecksum` (20 bytes). Offsets from 2 GiB on go to the 64-bit table, as git does.
 */
export function buildPackIndex(entries: readonly PackIndexEntry[], packChecksum: Buffer): Buffer {
  const sorted = [...entries].sort((a, b) => (a.oid < b.oid ? -1 : a.oid > b.oid ? 1 : 0));
  const n = sorted.length;
  const large = sorted.filter((e) => e.offset >= 0x80000000);
  const out = Buffer.alloc(8 + 256 * 4 + n * 28 + large.length * 8 + 40);
  out.writeUInt32BE(0xff744f63, 0); // "\377tOc"
  out.writeUInt32BE(2, 4);
  const fanout = new Array<number>(256).fill(0);
  for (const e of sorted) (fanout[parseInt(e.oid.slice(0, 2), 16)] as number)++;
  let total = 0;
  fanout.forEach((count, i) => out.writeUInt32BE((total += count), 8 + i * 4));
  const ids = 8 + 1024;
  const crcs = ids + n * 20;
  const offsets = crcs + n * 4;
  let wide = offsets + n * 4;
  let nextLarge = 0;
  sorted.forEach((e, i) => {
    out.write(e.oid, ids + i * 20, 'hex');
    out.writeUInt32BE(e.crc, crcs + i * 4);
    if (e.offset < 0x80000000) out.writeUInt32BE(e.offset, offsets + i * 4);
    else {
      out.writeUInt32BE((0x80000000 | nextLarge++) >>> 0, offsets + i * 4);
      out.writeBigUInt64BE(BigInt(e.offset), wide);
      wide += 8;
    }
  });
  packChecksum.copy(out, wide);
  createHash('sha1').update(out.subarray(0, wide + 20)).digest().copy(out, wide + 20);
  return out;
}

/**
 * The entries an `.idx` (version 2) lists — object id, offset, CRC-32 — in pack order, and
 * the checksum of the pack it indexes (20 bytes). Errors: BrainError `git_error` when it is not
 * a version 2 index, its own checksum does not match, or its size does not fit its object count.
 */
export function readPackIndex(idx: Buffer): { entries: PackIndexEntry[]; packChecksum: Buffer } {
  if (idx.length < 8 + 1024 + 40 || idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) throw corrupt('not a version 2 pack index');
  if (!createHash('sha1').update(idx.subarray(0, -20)).digest().equals(idx.subarray(-20))) throw corrupt('index checksum mismatch');
  const n = idx.readUInt32BE(8 + 255 * 4);
  const ids = 8 + 1024;
  const crcs = ids + n * 20;
  const offsets = crcs + n * 4;
  const wide = offsets + n * 4;
  const large = (idx.length - 40 - wide) / 8;
  if (!Number.isInteger(large) || large < 0) throw corrupt('index size does not match its object count');
  const entries: PackIndexEntry[] = [];
  for (let i = 0; i < n; i++) {
    const small = idx.readUInt32BE(offsets + i * 4);
    const slot = small & 0x7fffffff;
    if (small >= 0x80000000 && slot >= large) throw corrupt('index offset points past its 64-bit table');
    const offset = small < 0x80000000 ? small : Number(idx.readBigUInt64BE(wide + slot * 8));
    entries.push({ oid: idx.toString('hex', ids + i * 20, ids + i * 20 + 20), offset, crc: idx.readUInt32BE(crcs + i * 4) });
  }
  return { entries: entries.sort((a, b) => a.offset - b.offset), packChecksum: idx.subarray(-40, -20) };
}

/** {@link readPackEntries} then {@link buildPackIndex}: the verified pack's `.idx` and its object ids. Errors: as {@link readPackEntries}. */
export function indexPackInProcess(pack: Buffer): { idx: Buffer; oids: string[] } {
  const entries = readPackEntries(pack);
  return { idx: buildPackIndex(entries, pack.subarray(pack.length - 20)), oids: entries.map((e) => e.oid) };
}
