/**
 * The in-process pack indexer (pack-index.ts, issue 21): for packs of whole objects its `.idx`
 * is byte for byte the one `git index-pack` writes, and every malformation index-pack refuses
 * (checksum, sizes, deltas, leftovers, duplicates) is refused with `git_error`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPack } from '../../src/git/pack-writer.js';
import { buildPackIndex, indexPackInProcess, readPackEntries } from '../../src/git/pack-index.js';
import { cleanupTempDirs, git, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

function raw(type: string, content: Buffer | string): [string, Buffer] {
  const body = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const bytes = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
  return [createHash('sha1').update(bytes).digest('hex'), bytes];
}

/** A pack from its header and raw entries, with a correct trailer. */
function handPack(count: number, ...entries: Buffer[]): Buffer {
  const head = Buffer.from([0x50, 0x41, 0x43, 0x4b, 0, 0, 0, 2, 0, 0, 0, count]);
  const body = Buffer.concat([head, ...entries]);
  return Buffer.concat([body, createHash('sha1').update(body).digest()]);
}

describe('in-process pack index', () => {
  it('writes the .idx git index-pack writes for the same pack, and lists every object id', () => {
    const blob = raw('blob', 'a');
    const objects = new Map([
      blob,
      raw('blob', Buffer.alloc(0)),
      raw('blob', Buffer.alloc(16, 'c')),
      raw('blob', Buffer.alloc(200_000, 'd')),
      raw('tree', Buffer.concat([Buffer.from('100644 a\0'), Buffer.from(blob[0], 'hex')])),
      ...Array.from({ length: 300 }, (_, i) => raw('blob', `spread over the fan-out ${i}\n`)),
    ]);
    const { bytes } = buildPack(objects);
    const dir = tempDir();
    git(dir, ['init', '-q', '--bare', '.']);
    writeFileSync(join(dir, 'p.pack'), bytes);
    git(dir, ['-c', 'pack.writeReverseIndex=false', 'index-pack', '-o', join(dir, 'p.idx'), join(dir, 'p.pack')]);
    const { idx, oids } = indexPackInProcess(bytes);
    expect(idx.equals(readFileSync(join(dir, 'p.idx')))).toBe(true);
    expect(oids).toEqual([...objects.keys()]);
  });

  it('refuses a pack whose trailer, sizes, types or length are wrong, or that holds an object twice', () => {
    const good = buildPack(new Map([raw('blob', 'hello\n')])).bytes;
    const flipped = Buffer.from(good);
    flipped[14] = (flipped[14] as number) ^ 1;
    expect(() => readPackEntries(flipped)).toThrow(/trailer checksum/);
    const entry = good.subarray(12, -20);
    const deflated = deflateSync(Buffer.from('hello\n'));
    expect(() => readPackEntries(handPack(1, Buffer.from([0x37]), deflated))).toThrow(/inflates to 6 bytes, its header says 7/);
    expect(() => readPackEntries(handPack(1, Buffer.from([0x76]), deflated))).toThrow(/type 7/); // a ref delta
    expect(() => readPackEntries(handPack(1, entry, Buffer.from('x')))).toThrow(/1 bytes after the last entry/);
    expect(() => readPackEntries(handPack(2, entry))).toThrow(/starts past the data/);
    expect(() => readPackEntries(handPack(2, entry, entry))).toThrow(/appears twice/);
    expect(() => readPackEntries(handPack(1, Buffer.from([0x36]), Buffer.from('not zlib')))).toThrow(/does not inflate/);
    expect(() => readPackEntries(Buffer.from('PACK'))).toThrow(/not a version 2 pack/);
    expect(readPackEntries(good)).toMatchObject([{ oid: raw('blob', 'hello\n')[0], offset: 12 }]);
  });

  it('puts offsets from 2 GiB on in the 64-bit table, in object id order', () => {
    const entries = [
      { oid: 'ff'.repeat(20), offset: 12, crc: 1 },
      { oid: 'aa'.repeat(20), offset: 2 ** 32 + 5, crc: 2 },
      { oid: '11'.repeat(20), offset: 2 ** 31, crc: 3 },
    ];
    const idx = buildPackIndex(entries, Buffer.alloc(20, 7));
    const offsets = 8 + 1024 + 3 * 24;
    expect([0, 1, 2].map((i) => idx.readUInt32BE(offsets + i * 4))).toEqual([0x80000000, 0x80000001, 12]);
    expect([0, 1].map((i) => Number(idx.readBigUInt64BE(offsets + 12 + i * 8)))).toEqual([2 ** 31, 2 ** 32 + 5]);
    expect(idx.length).toBe(offsets + 12 + 16 + 40);
    expect(createHash('sha1').update(idx.subarray(0, -20)).digest().equals(idx.subarray(-20))).toBe(true);
  });
});
