/**
 * The commit writer's bulk path (issue #10, batch import ≤ 2× git fast-import): packs deflated
 * on two threads are byte for byte the one-thread pack; trees are in git's order for any name
 * (`git fsck --strict` checks the order); `trees` reports every built tree by path, as git
 * sees it; the trees a commit replaced leave the cache and are read back from git when needed.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeCommit } from '../../src/git/commit-writer.js';
import { listTree, readFileAt, treeOidAt } from '../../src/git/tree-reader.js';
import { deflateEntry, deflateOnWorker } from '../../src/git/deflate-worker.js';
import { buildPack, buildPackParallel, PARALLEL_DEFLATE_BYTES } from '../../src/git/pack-writer.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const identity = { name: 'Brain Test', email: 'test@brain.invalid' };

function rawBlob(content: Buffer): [string, Buffer] {
  const raw = Buffer.concat([Buffer.from(`blob ${content.length}\0`), content]);
  return [createHash('sha1').update(raw).digest('hex'), raw];
}

describe('commit writer, bulk path', () => {
  it('a pack deflated on two threads equals the one-thread pack, byte for byte', async () => {
    const objects = new Map(Array.from({ length: 600 }, (_, i) => rawBlob(Buffer.from(`{"i": ${i}, "text": "${'revision text '.repeat(1 + (i % 90))}"}\n`))));
    const total = [...objects.values()].reduce((sum, raw) => sum + raw.length, 0);
    expect(total).toBeGreaterThan(PARALLEL_DEFLATE_BYTES);
    const one = buildPack(objects);
    const two = await buildPackParallel(objects);
    expect(two.checksum).toBe(one.checksum);
    expect(two.bytes.equals(one.bytes)).toBe(true);
    await expect(buildPackParallel(new Map([['0'.repeat(40), Buffer.from('tag 1\0x')]]))).rejects.toThrow(/not a well-formed/);
  });

  it('the worker deflates as the main thread does, empty contents included', async () => {
    const contents = [Buffer.alloc(0), Buffer.from('a'), Buffer.alloc(100_000, 'z'), Buffer.from('ünïcödé')];
    const out = await deflateOnWorker(contents);
    expect(out.map((b) => b.toString('hex'))).toEqual(contents.map((c) => deflateEntry(c).toString('hex')));
  });

  it('trees are in git\'s order for names past U+D800 too: fsck --strict clean, ls-tree agrees', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const names = ['a.b', 'a-b', 'a0', 'é', '\uff21', '\u{1f600}', 'z', 'a/x', 'ab/y', '\uff21x/y'];
    const files = new Map(names.map((n) => [n, `${n}\n`] as [string, string]));
    const commit = await writeCommit({ gitdir, parent: null, files, message: 'order', author: identity });
    git(dir, ['update-ref', 'refs/heads/brain', commit]);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
    expect(git(dir, ['-c', 'core.quotePath=false', 'ls-tree', '-r', '--name-only', 'brain']).split('\n').sort()).toEqual([...names].sort());
  });

  it('reports every built tree by path; replaced trees are read back from git after they leave the cache', async () => {
    const dir = initRepo();
    const gitdir = join(dir, '.git');
    const files = new Map(Array.from({ length: 120 }, (_, i) => [`p/d${i % 4}/e${i}/r1.json`, `{"i": ${i}}\n`] as [string, string]));
    const trees = new Map<string, string>();
    const first = await writeCommit({ gitdir, parent: null, files, message: 'first', author: identity, trees });
    git(dir, ['update-ref', 'refs/heads/brain', first]);
    expect(trees.size).toBe(1 + 1 + 4 + 120);
    for (const [path, oid] of trees) expect(git(dir, ['rev-parse', `brain:${path}`])).toBe(oid);
    const again = new Map<string, string>();
    const second = await writeCommit({ gitdir, parent: first, files: new Map([['p/d1/e1/r2.json', '{"i": 1, "r": 2}\n']]), message: 'second', author: identity, trees: again });
    git(dir, ['update-ref', 'refs/heads/brain', second, first]);
    expect([...again.keys()].sort()).toEqual(['', 'p', 'p/d1', 'p/d1/e1']);
    expect(git(dir, ['fsck', '--strict'])).toBe('');
    // The first commit's trees on that path were replaced (dropped from the cache): still readable.
    expect(await treeOidAt(gitdir, first, 'p/d1/e1')).toBe(trees.get('p/d1/e1'));
    expect([...(await listTree(gitdir, trees.get('p/d1/e1') as string)).keys()]).toEqual(['r1.json']);
    expect([...(await listTree(gitdir, again.get('p/d1/e1') as string)).keys()].sort()).toEqual(['r1.json', 'r2.json']);
    expect((await readFileAt(gitdir, first, 'p/d1/e1/r1.json'))?.toString()).toBe('{"i": 1}\n');
    expect(await readFileAt(gitdir, first, 'p/d1/e1/r2.json')).toBeNull();
  });
});
