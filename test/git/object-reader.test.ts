/**
 * Conformance suite of the object readers (DESIGN §3: reading many blobs): the same
 * expectations, taken from the real git CLI, for `cat-file` and `isomorphic-git`, on loose
 * and on packed (`git gc`) objects. Reader-specific behaviour (child death) at the end.
 */
import { chmodSync, cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBrainError } from '../../src/model/errors.js';
import { leaseCatFileBatch } from '../../src/git/cat-file-batch.js';
import { createCatFileReader } from '../../src/git/cat-file-reader.js';
import { EMPTY_TREE_OID } from '../../src/git/git-object-format.js';
import { createObjectReader, type ObjectReader, type TreeItem } from '../../src/git/object-reader.js';
import { findRepo } from '../../src/git/repo.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../helpers/git.js';

const MISSING = '0123456789abcdef0123456789abcdef01234567';

/** `git ls-tree -z <treeish>` as TreeItems, in git's order. */
function lsTree(dir: string, treeish: string): TreeItem[] {
  return git(dir, ['ls-tree', '-z', treeish]).split('\0').filter(Boolean).map((record) => {
    const [meta = '', name = ''] = record.split('\t');
    const [mode = '', type = '', oid = ''] = meta.split(' ');
    return { name, mode, oid, type: type as TreeItem['type'] };
  });
}

/** `git ls-tree -r -z` blobs, or with `-t`, only the trees. */
function lsTreeR(dir: string, treeish: string, want: 'blob' | 'tree' = 'blob'): { path: string; oid: string }[] {
  const args = want === 'tree' ? ['ls-tree', '-r', '-t', '-z', treeish] : ['ls-tree', '-r', '-z', treeish];
  return git(dir, args).split('\0').filter(Boolean).flatMap((record) => {
    const [meta = '', path = ''] = record.split('\t');
    const [, type, oid = ''] = meta.split(' ');
    return type === want ? [{ path, oid }] : [];
  });
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(() => null, (e: unknown) => e);
  return isBrainError(err) ? err.code : `not a BrainError: ${String(err)}`;
}

interface Fixture { loose: string; packed: string; contents: Map<string, Buffer>; dated: string; merge: string; initial: string }
let fx: Fixture;

beforeAll(() => {
  const dir = initRepo();
  const initial = git(dir, ['rev-parse', 'HEAD']);
  const readmeBlob = git(dir, ['rev-parse', 'HEAD:README.md']);
  const oneMb = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < oneMb.length; i += 32) createHash('sha256').update(String(i)).digest().copy(oneMb, i);
  const contents = new Map<string, Buffer>(Object.entries({
    'docs/a.txt': 'a\n', 'docs/a-b.txt': 'a-b\n', 'docs/a0.txt': 'a0\n', 'docs/a/x.txt': 'x\n', 'docs/a/b/c/deep.txt': 'deep\n',
    'bin/data.bin': Buffer.concat([Buffer.from([0, 10, 0, 13, 10, 255]), randomBytes(4090)]),
    'big/one-mb.bin': oneMb,
    'tricky.txt': `${readmeBlob} blob 12\n# test repo\n\n${readmeBlob} missing\n\n\n${MISSING} tree 0\n`,
    'unicode/ünïcødé 文件.txt': 'unicode\n', 'unicode/emoji 😀.md': 'emoji\n', 'unicode/Ä/ö.txt': 'nested unicode\n',
    'empty.txt': '', 'exec.sh': '#!/bin/sh\necho hi\n',
  }).map(([path, content]) => [path, Buffer.from(content)]));
  for (let i = 0; i < 2000; i++) contents.set(`many/${String(i % 20).padStart(2, '0')}/f${String(i).padStart(4, '0')}.txt`, Buffer.from(`file ${i}\n`));
  for (const [path, content] of contents) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  chmodSync(join(dir, 'exec.sh'), 0o755);
  symlinkSync('README.md', join(dir, 'link'));
  contents.set('link', Buffer.from('README.md'));
  contents.set('README.md', Buffer.from('# test repo\n'));
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Subject line\n\nBody with\nlines'], { env: { GIT_AUTHOR_DATE: '1700000000 +0100', GIT_COMMITTER_DATE: '1700000100 -0530' } });
  const dated = git(dir, ['rev-parse', 'HEAD']);
  git(dir, ['checkout', '-q', '-b', 'side']);
  writeFileSync(join(dir, 'side.txt'), 'side\n');
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'side']);
  git(dir, ['checkout', '-q', 'main']);
  git(dir, ['merge', '-q', '--no-ff', '-m', 'merge side', 'side']);
  contents.set('side.txt', Buffer.from('side\n'));
  const packed = join(tempDir('brain-packed-'), 'repo');
  cpSync(dir, packed, { recursive: true, verbatimSymlinks: true });
  git(packed, ['gc', '-q', '--prune=now']);
  expect(git(packed, ['count-objects', '-v'])).toMatch(/^count: 0$/m);
  expect(git(dir, ['count-objects', '-v'])).not.toMatch(/^count: 0$/m);
  fx = { loose: dir, packed, contents, dated, merge: git(dir, ['rev-parse', 'HEAD']), initial };
});

afterAll(cleanupTempDirs);

describe.each([
  ['cat-file', 'loose'],
  ['cat-file', 'packed'],
  ['isomorphic-git', 'loose'],
  ['isomorphic-git', 'packed'],
] as const)('%s reader on %s objects', (kind, storage) => {
  let reader: ObjectReader;
  let dir: string;
  let tree: string;
  const blob = (path: string) => git(dir, ['rev-parse', `HEAD:${path}`]);

  beforeAll(async () => {
    dir = fx[storage];
    tree = git(dir, ['rev-parse', 'HEAD^{tree}']);
    reader = await createObjectReader({ repo: findRepo(dir), prefer: kind });
  });
  afterAll(() => reader.close());

  it('is the requested implementation', () => {
    expect(reader.kind).toBe(kind);
  });

  it('reads every blob byte for byte (binary, 1 MB, header-like content, unicode names, empty, symlink)', async () => {
    const others = [...fx.contents].filter(([path]) => !path.startsWith('many/'));
    const got = await Promise.all(others.map(([path]) => reader.readBlob(blob(path))));
    others.forEach(([path, content], i) => expect(got[i]?.equals(content), path).toBe(true));
  });

  it('reads 2000 blobs concurrently', async () => {
    const files = lsTreeR(dir, 'HEAD').filter((f) => f.path.startsWith('many/'));
    expect(files).toHaveLength(2000);
    const got = await Promise.all(files.map((f) => reader.readBlob(f.oid)));
    files.forEach((f, i) => expect(got[i]?.toString()).toBe(fx.contents.get(f.path)?.toString()));
  });

  it('reads blobs in bulk: every one in order, beside single reads, and none for an empty list', async () => {
    const files = lsTreeR(dir, 'HEAD');
    const single = reader.readBlob(blob('README.md'));
    const [got, again, none] = await Promise.all([reader.readBlobs(files.map((f) => f.oid)), reader.readBlobs([blob('side.txt'), blob('side.txt')]), reader.readBlobs([])]);
    expect(got).toHaveLength(files.length);
    files.forEach((f, i) => expect(got[i]?.equals(fx.contents.get(f.path) ?? Buffer.alloc(1)), f.path).toBe(true));
    expect((await single).toString()).toBe('# test repo\n');
    expect(again.map(String)).toEqual(['side\n', 'side\n']);
    expect(none).toEqual([]);
  });

  it('fails a bulk read as a single read fails: missing, wrong type, malformed oid', async () => {
    const readme = blob('README.md');
    expect(await errorCode(reader.readBlobs([readme, MISSING, readme]))).toBe('not_found');
    expect(await errorCode(reader.readBlobs([readme, tree]))).toBe('git_error');
    expect(await errorCode(reader.readBlobs([readme, 'HEAD']))).toBe('invalid_argument');
    expect((await reader.readBlobs([readme])).map(String)).toEqual(['# test repo\n']);
  });

  it('interleaves answers of mixed requests in one batch', async () => {
    const [big, missing, root, commit, tricky] = await Promise.allSettled([
      reader.readBlob(blob('big/one-mb.bin')), reader.readBlob(MISSING), reader.readTree(tree),
      reader.readCommit(fx.dated), reader.readBlob(blob('tricky.txt')),
    ]);
    expect(big.status === 'fulfilled' && big.value.equals(fx.contents.get('big/one-mb.bin') ?? Buffer.alloc(0))).toBe(true);
    expect(missing.status === 'rejected' && isBrainError(missing.reason, 'not_found')).toBe(true);
    expect(root.status === 'fulfilled' && root.value.length).toBe(lsTree(dir, tree).length);
    expect(commit.status === 'fulfilled' && commit.value.oid).toBe(fx.dated);
    expect(tricky.status === 'fulfilled' && tricky.value.toString()).toBe(fx.contents.get('tricky.txt')?.toString());
  });

  it('reads every tree like git ls-tree (order, modes, types)', async () => {
    expect(await reader.readTree(tree)).toEqual(lsTree(dir, tree));
    expect((await reader.readTree(tree)).find((i) => i.name === 'exec.sh')?.mode).toBe('100755');
    expect((await reader.readTree(tree)).find((i) => i.name === 'link')?.mode).toBe('120000');
    const trees = lsTreeR(dir, 'HEAD', 'tree');
    expect(trees.length).toBeGreaterThan(25);
    for (const t of trees) expect(await reader.readTree(t.oid), t.path).toEqual(lsTree(dir, t.oid));
    expect((await reader.readTree(git(dir, ['rev-parse', 'HEAD:docs']))).map((i) => i.name)).toEqual(['a-b.txt', 'a.txt', 'a', 'a0.txt']);
  });

  it('reads commits: tree, parents, message, author and committer with timezone offsets', async () => {
    const c = await reader.readCommit(fx.dated);
    expect(c).toEqual({
      oid: fx.dated,
      tree: git(dir, ['rev-parse', `${fx.dated}^{tree}`]),
      parents: [fx.initial],
      message: 'Subject line\n\nBody with\nlines\n',
      author: { name: 'Brain Test', email: 'test@brain.invalid', timestamp: 1700000000, timezoneOffset: -60 },
      committer: { name: 'Brain Test', email: 'test@brain.invalid', timestamp: 1700000100, timezoneOffset: 330 },
    });
    const merge = await reader.readCommit(fx.merge);
    expect(merge.parents).toEqual([git(dir, ['rev-parse', 'HEAD^1']), git(dir, ['rev-parse', 'HEAD^2'])]);
    expect(merge.tree).toBe(tree);
    expect((await reader.readCommit(fx.initial)).parents).toEqual([]);
  });

  it('knows which objects exist, including the empty tree', async () => {
    for (const oid of [blob('README.md'), tree, fx.merge, EMPTY_TREE_OID]) expect(await reader.hasObject(oid), oid).toBe(true);
    expect(await reader.hasObject(MISSING)).toBe(false);
    expect(await reader.readTree(EMPTY_TREE_OID)).toEqual([]);
    expect(await reader.listFiles(EMPTY_TREE_OID)).toEqual([]);
  });

  it('lists every blob like git ls-tree -r, optionally under a prefix', async () => {
    const all = lsTreeR(dir, 'HEAD');
    expect(await reader.listFiles(tree)).toEqual(all);
    const docsA = all.filter((f) => f.path.startsWith('docs/a/'));
    expect(docsA.map((f) => f.path)).toEqual(['docs/a/b/c/deep.txt', 'docs/a/x.txt']);
    expect(await reader.listFiles(tree, 'docs/a')).toEqual(docsA);
    expect(await reader.listFiles(tree, '/docs/a/')).toEqual(docsA);
    expect(await reader.listFiles(tree, 'unicode')).toEqual(all.filter((f) => f.path.startsWith('unicode/')));
    expect(await reader.listFiles(tree, 'nope/deeper')).toEqual([]);
    expect(await reader.listFiles(tree, 'README.md')).toEqual([]);
    expect(await reader.listFiles(tree, '')).toEqual(all);
  });

  it('reports missing objects, wrong types and malformed oids with BrainError codes', async () => {
    expect(await errorCode(reader.readBlob(MISSING))).toBe('not_found');
    expect(await errorCode(reader.readTree(MISSING))).toBe('not_found');
    expect(await errorCode(reader.readCommit(MISSING))).toBe('not_found');
    expect(await errorCode(reader.listFiles(MISSING))).toBe('not_found');
    expect(await errorCode(reader.readTree(blob('README.md')))).toBe('git_error');
    expect(await errorCode(reader.readBlob(tree))).toBe('git_error');
    expect(await errorCode(reader.readCommit(tree))).toBe('git_error');
    expect(await errorCode(reader.readTree(fx.merge))).toBe('git_error');
    expect(await errorCode(reader.listFiles(blob('README.md')))).toBe('git_error');
    for (const bad of ['HEAD', 'main:README.md', MISSING.toUpperCase(), MISSING.slice(0, 12), `${MISSING}\n${MISSING}`]) {
      expect(await errorCode(reader.readBlob(bad)), bad).toBe('invalid_argument');
      expect(await errorCode(reader.hasObject(bad)), bad).toBe('invalid_argument');
    }
    expect(await reader.readBlob(blob('README.md'))).toEqual(Buffer.from('# test repo\n'));
  });

  it('fails every call with git_error after close (idempotent)', async () => {
    const own = await createObjectReader({ repo: findRepo(dir), prefer: kind });
    expect((await own.readBlob(blob('README.md'))).toString()).toBe('# test repo\n');
    await own.close();
    await own.close();
    expect(await errorCode(own.readBlob(blob('README.md')))).toBe('git_error');
    // The caller's mistake, said as such: not git_error's usual `brain doctor` / `git fsck` hint.
    await expect(own.readBlob(blob('README.md'))).rejects.toMatchObject({ message: 'the object reader is closed', hint: expect.stringContaining('was closed') });
  });
});

describe('createObjectReader', () => {
  it('defaults to cat-file when git is on PATH and honours prefer', async () => {
    const repo = findRepo(fx.loose);
    const readers = await Promise.all([createObjectReader({ repo }), createObjectReader({ repo, prefer: 'isomorphic-git' }), createObjectReader({ repo, prefer: 'cat-file' })]);
    expect(readers.map((r) => r.kind)).toEqual(['cat-file', 'isomorphic-git', 'cat-file']);
    await Promise.all(readers.map((r) => r.close()));
  });

  it('reports a directory that is not a repository as git_error (both readers)', async () => {
    const repo = { workDir: null, gitdir: tempDir(), commonDir: tempDir() };
    for (const prefer of ['cat-file', 'isomorphic-git'] as const) {
      const reader = await createObjectReader({ repo, prefer });
      expect(await errorCode(reader.readBlob(MISSING)), prefer).toBe('git_error');
      await reader.close();
    }
  });
});

describe('cat-file reader child process', () => {
  it('rejects reads in flight with git_error when the child is killed, then respawns', async () => {
    const reader = createCatFileReader({ repo: findRepo(fx.packed) });
    const big = git(fx.packed, ['rev-parse', 'HEAD:big/one-mb.bin']);
    await reader.readBlob(big);
    const pid = reader.pid;
    expect(pid).not.toBeNull();
    const reads = Array.from({ length: 50 }, () => reader.readBlob(big));
    process.kill(pid as number, 'SIGKILL');
    const settled = await Promise.allSettled(reads);
    const rejected = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
    expect(rejected.length).toBeGreaterThan(0);
    for (const reason of rejected) {
      expect(isBrainError(reason, 'git_error')).toBe(true);
      expect((reason as { hint?: string }).hint).toMatch(/next read starts a new git process/);
    }
    expect((await reader.readBlob(big)).length).toBe(1024 * 1024);
    expect(reader.pid).not.toBe(pid);
    const bulk = reader.readBlobs(Array.from({ length: 50 }, () => big));
    process.kill(reader.pid as number, 'SIGKILL');
    const failed = await bulk.then(() => null, (e: unknown) => e);
    // The bulk read is answered all at once: either every blob came before the kill, or it fails as one.
    if (failed !== null) expect(isBrainError(failed, 'git_error')).toBe(true);
    expect((await reader.readBlobs([big])).map((b) => b.length)).toEqual([1024 * 1024]);
    await reader.close();
    expect(reader.pid).toBeNull();
  });

  it('readers of one git dir share one --batch child; it ends with the last hold; a released hold reads nothing', async () => {
    const repo = findRepo(fx.packed);
    const big = git(fx.packed, ['rev-parse', 'HEAD:big/one-mb.bin']);
    const one = createCatFileReader({ repo });
    const two = leaseCatFileBatch(repo.commonDir);
    await one.readBlob(big);
    expect((await two.read(big))?.content?.length).toBe(1024 * 1024);
    const pid = one.pid as number;
    expect(two.pid).toBe(pid);
    await one.close();
    expect(one.pid).toBeNull();
    expect(await errorCode(one.readBlob(big))).toBe('git_error');
    expect(two.pid).toBe(pid); // still held
    expect((await two.read(big))?.type).toBe('blob');
    await two.release();
    expect(two.pid).toBeNull();
    expect(() => process.kill(pid, 0)).toThrow(); // the child has exited
    await expect(two.read(big)).rejects.toMatchObject({ code: 'git_error' });
    const three = leaseCatFileBatch(repo.commonDir);
    expect((await three.read(big))?.type).toBe('blob');
    expect(three.pid).not.toBe(pid);
    await three.release();
  });
});
