/**
 * Merging small packs in-process (pack-merge.ts, issue 21): a run of single-revision commits —
 * one small pack each — keeps at most SMALL_PACK_LIMIT small packs without `git repack`, every
 * object kept and `git fsck --strict` clean; packs that are not brain's to merge (deltas, a
 * `.keep`, damaged) are left as they are.
 */
import { readdirSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCommit } from '../../src/git/commit-writer.js';
import { mergeSmallPacks, SMALL_PACK_LIMIT } from '../../src/git/pack-merge.js';
import { writePack } from '../../src/git/pack-writer.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { createHash } from 'node:crypto';

afterAll(cleanupTempDirs);

const identity = { name: 'Brain Test', email: 'test@brain.invalid' };
const packs = (dir: string) => readdirSync(join(dir, '.git', 'objects', 'pack')).filter((f) => f.endsWith('.pack')).sort();

function blobs(tag: string, n: number): Map<string, Buffer> {
  return new Map(
    Array.from({ length: n }, (_, i) => {
      const raw = Buffer.from(`blob ${tag.length + 4}\0${tag}${String(i).padStart(4, '0')}`);
      return [createHash('sha1').update(raw).digest('hex'), raw] as [string, Buffer];
    }),
  );
}

describe('merging small packs', () => {
  it('single-revision commits keep few packs, without git repack; every object stays, fsck --strict clean', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const loose = () => /^count: (\d+)$/m.exec(git(dir, ['count-objects', '-v']))?.[1];
    const looseBefore = loose(); // the initial commit's on main
    let parent: string | null = null;
    const commits = SMALL_PACK_LIMIT * 3 + 2;
    const paths: string[] = [];
    for (let c = 0; c < commits; c++) {
      const files = new Map([[`d${c % 3}/f${c}.json`, `{"c": ${c}}\n`], ['ledger.jsonl', `${c}\n`]]);
      const commit: string = await writeCommit({ gitdir, parent, files, message: `commit ${c}`, author: identity });
      git(dir, ['update-ref', 'refs/heads/brain', commit]);
      paths.push(`brain:d${c % 3}/f${c}.json`);
      parent = commit;
      expect(packs(dir).length).toBeLessThanOrEqual(SMALL_PACK_LIMIT);
    }
    expect(git(dir, ['fsck', '--strict'])).toBe('');
    expect(loose()).toBe(looseBefore); // brain wrote nothing loose: all in packs
    expect(git(dir, ['cat-file', '--batch-check'], { input: `${paths.join('\n')}\n` }).split('\n').filter((l) => l.endsWith(' missing'))).toEqual([]);
    expect(git(dir, ['rev-list', '--count', 'brain'])).toBe(String(commits));
    expect(git(dir, ['show', 'brain:ledger.jsonl'])).toBe(String(commits - 1));
  });

  it('merges only packs of whole objects with their index and no .keep; a damaged one stays', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const packDir = join(gitdir, 'objects', 'pack');
    // git's own pack, with deltas: near-identical blobs of a commit, repacked by git
    writeFileSync(join(dir, 'big.txt'), 'line\n'.repeat(2000));
    git(dir, ['add', 'big.txt']);
    git(dir, ['commit', '-qm', 'one']);
    writeFileSync(join(dir, 'big.txt'), `${'line\n'.repeat(2000)}more\n`);
    git(dir, ['commit', '-qam', 'two']);
    git(dir, ['repack', '-adq']);
    const gits = packs(dir);
    expect(git(dir, ['verify-pack', '-v', join(packDir, gits[0] as string)])).toMatch(/chain length = 1/);
    const kept = await writePack(gitdir, blobs('kept', 3), 'in-process');
    writeFileSync(join(packDir, `${kept}.keep`), '');
    const damaged = await writePack(gitdir, blobs('damaged', 3), 'in-process');
    const bytes = readFileSync(join(packDir, `${damaged}.pack`));
    bytes[20] = (bytes[20] as number) ^ 0xff;
    chmodSync(join(packDir, `${damaged}.pack`), 0o644);
    writeFileSync(join(packDir, `${damaged}.pack`), bytes);
    const mine = [];
    for (let i = 0; i < SMALL_PACK_LIMIT; i++) mine.push(await writePack(gitdir, blobs(`mine${i}`, 2), 'in-process'));
    const before = packs(dir);
    expect(await mergeSmallPacks(gitdir)).toBe(SMALL_PACK_LIMIT);
    const after = packs(dir);
    for (const name of [...gits.map((f) => f.slice(0, -5)), kept, damaged]) expect(after).toContain(`${name}.pack`);
    for (const name of mine) expect(after).not.toContain(`${name}.pack`);
    expect(after).toHaveLength(before.length - SMALL_PACK_LIMIT + 1);
    for (let i = 0; i < SMALL_PACK_LIMIT; i++) for (const oid of blobs(`mine${i}`, 2).keys()) expect(git(dir, ['cat-file', '-t', oid])).toBe('blob');
    expect(await mergeSmallPacks(gitdir)).toBe(0); // few small packs left: nothing to do
  });
});
