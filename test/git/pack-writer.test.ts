/**
 * The pack writer (issue #10 "Bulk writes as packs", issue 21): packs built in-process, indexed
 * by `git index-pack`, isomorphic-git or in-process, read back by git, the cat-file reader and
 * isomorphic-git; a rejected pack leaves nothing behind; every commit is one pack, indexed by
 * git from the threshold on; `git fsck --strict`, `git gc` and `git repack` work afterwards; a long run of
 * bulk commits keeps at most PACK_LIMIT packs (issue 21).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCommit } from '../../src/git/commit-writer.js';
import { buildPack, PACK_THRESHOLD, writeObjects, writePack, type PackIndexer } from '../../src/git/pack-writer.js';
import { geometricSplit, PACK_LIMIT } from '../../src/git/pack-roll-up.js';
import { publishPack } from '../../src/git/pack-publish.js';
import { createObjectReader } from '../../src/git/object-reader.js';
import { findRepo } from '../../src/git/repo.js';
import { findDeadTempFiles } from '../../src/git/stale-writer.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const identity = { name: 'Brain Test', email: 'test@brain.invalid' };

function rawBlob(content: Buffer): { oid: string; raw: Buffer } {
  const raw = Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]);
  return { oid: createHash('sha1').update(raw).digest('hex'), raw };
}

const packDir = (dir: string) => join(dir, '.git', 'objects', 'pack');

describe('pack writer', () => {
  for (const indexer of ['git', 'isomorphic-git', 'in-process'] as PackIndexer[]) {
    it(`writes a pack git reads, indexed by ${indexer}; small, 15-bit and large sizes`, async () => {
      const dir = initRepo();
      const blobs = [Buffer.from('a'), Buffer.alloc(15, 'b'), Buffer.alloc(16, 'c'), Buffer.alloc(300_000, 'd'), Buffer.from('ünïcödé\n')].map(rawBlob);
      const name = await writePack(join(dir, '.git'), new Map(blobs.map((b) => [b.oid, b.raw])), indexer);
      expect(readdirSync(packDir(dir)).sort()).toEqual([`${name}.idx`, `${name}.pack`]);
      expect(git(dir, ['verify-pack', join(packDir(dir), `${name}.idx`)])).toBe('');
      for (const b of blobs) expect(git(dir, ['cat-file', '-s', b.oid])).toBe(String(b.raw.length - b.raw.indexOf(0) - 1));
      for (const prefer of ['cat-file', 'isomorphic-git'] as const) {
        const reader = await createObjectReader({ repo: findRepo(dir), prefer });
        for (const b of blobs) expect((await reader.readBlob(b.oid)).equals(b.raw.subarray(b.raw.indexOf(0) + 1))).toBe(true);
        await reader.close();
      }
    });
  }

  it('the pack is named by its trailer checksum and starts with the v2 header', () => {
    const b = rawBlob(Buffer.from('x'));
    const { bytes, checksum } = buildPack(new Map([[b.oid, b.raw]]));
    expect(bytes.subarray(0, 12)).toEqual(Buffer.from([0x50, 0x41, 0x43, 0x4b, 0, 0, 0, 2, 0, 0, 0, 1]));
    expect(createHash('sha1').update(bytes.subarray(0, -20)).digest('hex')).toBe(checksum);
    expect(() => buildPack(new Map([['0'.repeat(40), Buffer.from('tag 1\0x')]]))).toThrow(/not a well-formed/);
  });

  it('a pack git index-pack rejects (a corrupt tree) leaves no file behind', async () => {
    const dir = initRepo();
    const content = Buffer.from('100644 a\0short'); // a tree entry whose oid is cut short
    const raw = Buffer.concat([Buffer.from(`tree ${content.length}\0`), content]);
    const oid = createHash('sha1').update(raw).digest('hex');
    await expect(writePack(join(dir, '.git'), new Map([[oid, raw]]), 'git')).rejects.toMatchObject({ code: 'git_error' });
    expect(readdirSync(packDir(dir))).toEqual([]);
  });

  it('a killed writer\'s unpublished pack and index are found for clean-up; a live one\'s are not', () => {
    const dir = initRepo();
    const dead = spawnSync(process.execPath, ['-e', '']).pid as number;
    // Dead: a pack and its unpublished index, and the index name of brains before tmp_idx_; live and published: kept.
    const names = [`tmp_pack_${dead}_ab12.pack`, `tmp_idx_${dead}_ab12`, `tmp_pack_${dead}_ef56.idx`, `tmp_pack_${process.pid}_cd34.pack`, `tmp_idx_${process.pid}_cd34`, `pack-x.pack`];
    for (const name of names) writeFileSync(join(packDir(dir), name), 'x');
    const found = findDeadTempFiles({ commonDir: join(dir, '.git'), brainDir: join(dir, '.git', 'brain') });
    expect(found.map((p) => p.slice(packDir(dir).length + 1)).sort()).toEqual(names.slice(0, 3).sort());
  });

  it('while an index is half written (a write under way, or its writer killed), git in that repository still works', async () => {
    const dir = initRepo();
    git(dir, ['commit', '-q', '--allow-empty', '-m', 'base']);
    const b = rawBlob(Buffer.from('half-written index\n'));
    const { bytes, checksum } = buildPack(new Map([[b.oid, b.raw]]));
    let midWrite = '';
    await publishPack(packDir(dir), checksum, async (tempPack, tempIdx) => {
      writeFileSync(tempPack, bytes);
      writeFileSync(tempIdx, Buffer.from([0xff, 0x74, 0x4f])); // the first bytes of an index, as a killed writer leaves them
      const fsck = spawnSync('git', ['fsck', '--strict'], { cwd: dir, encoding: 'utf8' });
      midWrite = `${fsck.status} ${fsck.stderr}`;
      throw new Error('killed'); // nothing is published
    }).catch(() => undefined);
    expect(midWrite).toBe('0 ');
    expect(readdirSync(packDir(dir))).toEqual([]);
  });

  it('writeObjects: one pack per call, indexed in-process below the threshold, by git from it on', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const few = Array.from({ length: PACK_THRESHOLD - 1 }, (_, i) => rawBlob(Buffer.from(`few ${i}\n`)));
    await writeObjects(gitdir, new Map(few.map((b) => [b.oid, b.raw])));
    expect(readdirSync(packDir(dir)).filter((f) => f.endsWith('.idx'))).toHaveLength(1);
    for (const b of few) expect(existsSync(join(gitdir, 'objects', b.oid.slice(0, 2), b.oid.slice(2)))).toBe(false);
    const many = Array.from({ length: PACK_THRESHOLD }, (_, i) => rawBlob(Buffer.from(`many ${i}\n`)));
    await writeObjects(gitdir, new Map(many.map((b) => [b.oid, b.raw])));
    expect(readdirSync(packDir(dir)).filter((f) => f.endsWith('.idx'))).toHaveLength(2);
    expect(git(dir, ['fsck', '--strict', '--no-dangling'])).toBe('');
    for (const b of [...few, ...many]) expect(git(dir, ['cat-file', '-t', b.oid])).toBe('blob');
  });

  it('a large commit on a packed base: fsck --strict clean, then gc and repack work', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const files = new Map(Array.from({ length: 500 }, (_, i) => [`d${i % 7}/f${i}.json`, `{"i": ${i}}\n`] as [string, string]));
    const first = await writeCommit({ gitdir, parent: null, files, message: 'first', author: identity });
    git(dir, ['update-ref', 'refs/heads/brain', first]);
    const second = await writeCommit({ gitdir, parent: first, files: new Map([...files].map(([p, t]) => [p.replace('.json', '.2.json'), t])), message: 'second', author: identity });
    git(dir, ['update-ref', 'refs/heads/brain', second, first]);
    expect(git(dir, ['count-objects', '-v'])).toMatch(/^packs: 2$/m);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
    expect(git(dir, ['ls-tree', '-r', '--name-only', 'brain']).split('\n')).toHaveLength(1000);
    git(dir, ['repack', '-a', '-d', '-q']);
    git(dir, ['gc', '-q']);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
    expect(git(dir, ['show', 'brain:d3/f3.2.json'])).toBe('{"i": 3}');
  });

  it('a long run of bulk commits keeps at most PACK_LIMIT packs, rolled up from their object lists (never git repack), every object kept and fsck --strict clean', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const trace = join(dir, 'git-trace2.json');
    process.env.GIT_TRACE2_EVENT = trace; // every git child brain spawns logs its command line here
    let parent: string | null = null;
    const written: string[] = [];
    for (let c = 0; c < PACK_LIMIT * 2 + 3; c++) {
      // Every other commit is small (a pack indexed in-process), the others are indexed by git.
      // The bulk ones hold more than a megabyte (random text does not deflate below 3/4), so the
      // in-process merge of small packs leaves them to the roll-up.
      const n = c % 2 === 0 ? PACK_THRESHOLD + 5 : 3;
      const noise = c % 2 === 0 ? randomBytes(16_000).toString('base64') : '';
      const files = new Map(Array.from({ length: n }, (_, i) => [`c${c}/f${i}.json`, `{"c": ${c}, "i": ${i}, "noise": "${noise}${i}"}\n`] as [string, string]));
      const commit: string = await writeCommit({ gitdir, parent, files, message: `commit ${c}`, author: identity });
      git(dir, ['update-ref', 'refs/heads/brain', commit]);
      written.push(...[...files.keys()].map((f) => `brain:${f}`));
      parent = commit;
      expect(readdirSync(packDir(dir)).filter((f) => f.endsWith('.pack')).length).toBeLessThanOrEqual(PACK_LIMIT);
    }
    delete process.env.GIT_TRACE2_EVENT;
    const commands = readFileSync(trace, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { event: string; argv?: string[] })
      .filter((e) => e.event === 'start').map((e) => (e.argv ?? []).join(' '));
    // decision 0064: `git repack --geometric` walked the whole branch at every run
    expect(commands.filter((c) => / repack /.test(c))).toEqual([]);
    expect(commands.filter((c) => / pack-objects /.test(c)).length).toBeGreaterThan(0);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
    expect(git(dir, ['cat-file', '--batch-check'], { input: `${written.join('\n')}\n` }).split('\n').filter((l) => l.endsWith(' missing'))).toEqual([]);
    expect(git(dir, ['rev-list', '--count', 'brain'])).toBe(String(PACK_LIMIT * 2 + 3));
  });

  it('rolls up what git --geometric=2 would: the packs out of the progression, and the larger ones the rolled pack breaks it for', () => {
    const split = (...objects: number[]) => geometricSplit(objects.map((n, i) => ({ name: `p${i}`, objects: n })));
    expect(split()).toBe(0);
    expect(split(7)).toBe(0);
    expect(split(1, 2, 4, 8)).toBe(0); // a progression already
    expect(split(1, 1, 1)).toBe(3);
    expect(split(2, 2, 40)).toBe(2); // 40 ≥ 2 × 4: kept
    expect(split(5, 5, 5, 5, 5, 5, 5, 5, 45)).toBe(9); // 45 < 2 × 40: joins the roll-up
    expect(split(3, 3, 3, 100, 1000)).toBe(3);
  });
});
