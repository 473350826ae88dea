/**
 * diffTrees over both object readers: hand-made cases, the cost rule (identical subtrees are
 * never read), and agreement with `git diff-tree -r --no-renames` on seeded random changes.
 */
import { readdirSync, rmSync, mkdirSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createObjectReader, type ObjectReader } from '../../src/git/object-reader.js';
import { findRepo } from '../../src/git/repo.js';
import { diffTrees, type TreeChange } from '../../src/git/tree-diff.js';
import { cleanupTempDirs, commitFiles, git, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

const treeOf = (dir: string, rev: string) => git(dir, ['rev-parse', `${rev}^{tree}`]);
const blobOf = (dir: string, rev: string, path: string) => git(dir, ['rev-parse', `${rev}:${path}`]);

/** `git diff-tree -r --no-renames -z` as TreeChanges (git's order). */
function gitDiff(dir: string, oldTree: string, newTree: string): TreeChange[] {
  const fields = git(dir, ['diff-tree', '-r', '--no-renames', '-z', oldTree, newTree]).split('\0').filter(Boolean);
  const changes: TreeChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [, , oldOid = '', newOid = '', status = ''] = (fields[i] ?? '').split(' ');
    const path = fields[i + 1] ?? '';
    if (status === 'A') changes.push({ path, status: 'added', oldOid: null, newOid });
    else if (status === 'D') changes.push({ path, status: 'deleted', oldOid, newOid: null });
    else if (oldOid !== newOid) changes.push({ path, status: 'modified', oldOid, newOid });
  }
  return changes;
}

/** mulberry32: a small seeded PRNG so failures reproduce. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Replaces the whole work tree with `files` and commits. */
function commitSnapshot(dir: string, files: Map<string, string>, message: string): string {
  for (const name of readdirSync(dir)) if (name !== '.git') rmSync(join(dir, name), { recursive: true, force: true });
  for (const [path, content] of files) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return commitFiles(dir, {}, message);
}

/** Adds `path`, first removing files that are its ancestors or under it (file ↔ directory changes). */
function put(files: Map<string, string>, path: string, content: string): void {
  for (const other of [...files.keys()]) if (path.startsWith(`${other}/`) || other.startsWith(`${path}/`)) files.delete(other);
  files.set(path, content);
}

describe.each(['cat-file', 'isomorphic-git'] as const)('diffTrees with the %s reader', (kind) => {
  let dir: string;
  let reader: ObjectReader;
  let base: string;
  beforeAll(async () => {
    dir = initRepo();
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`many/${i % 10}/f${i}.txt`, `m${i}\n`]));
    base = commitFiles(dir, { ...many, 'a.txt': 'a\n', 'd/x.txt': 'x\n', 'd/e/y.txt': 'y\n', 'keep/k.txt': 'k\n', p: 'p\n', 't/u.txt': 'u\n', 'run.sh': 'echo\n' });
    reader = await createObjectReader({ repo: findRepo(dir), prefer: kind });
  });
  afterAll(() => reader.close());

  it('reports added, modified, deleted, nested and file↔directory changes, sorted by path', async () => {
    git(dir, ['checkout', '-q', '--detach', base]);
    commitFiles(dir, { 'a.txt': 'A\n', 'd/e/y.txt': null, 'd/e/z.txt': 'z\n', 'new/n.txt': 'n\n', p: null, 'p/q.txt': 'q\n', t: null });
    writeFileSync(join(dir, 't'), 't\n');
    const last = commitFiles(dir, {});
    const changes = await diffTrees({ reader, oldTree: treeOf(dir, base), newTree: treeOf(dir, last) });
    const b = (path: string) => blobOf(dir, base, path);
    const n = (path: string) => blobOf(dir, last, path);
    expect(changes).toEqual([
      { path: 'a.txt', status: 'modified', oldOid: b('a.txt'), newOid: n('a.txt') },
      { path: 'd/e/y.txt', status: 'deleted', oldOid: b('d/e/y.txt'), newOid: null },
      { path: 'd/e/z.txt', status: 'added', oldOid: null, newOid: n('d/e/z.txt') },
      { path: 'new/n.txt', status: 'added', oldOid: null, newOid: n('new/n.txt') },
      { path: 'p', status: 'deleted', oldOid: b('p'), newOid: null },
      { path: 'p/q.txt', status: 'added', oldOid: null, newOid: n('p/q.txt') },
      { path: 't', status: 'added', oldOid: null, newOid: n('t') },
      { path: 't/u.txt', status: 'deleted', oldOid: b('t/u.txt'), newOid: null },
    ]);
    expect(changes).toEqual(gitDiff(dir, treeOf(dir, base), treeOf(dir, last)));
  });

  it('treats a null old tree as everything added, and identical trees as no change', async () => {
    const tree = treeOf(dir, base);
    const all = await diffTrees({ reader, oldTree: null, newTree: tree });
    expect(all).toEqual((await reader.listFiles(tree)).map((f) => ({ path: f.path, status: 'added', oldOid: null, newOid: f.oid })));
    expect(all).toHaveLength(208); // 200 + 7 + README.md
    expect(await diffTrees({ reader, oldTree: tree, newTree: tree })).toEqual([]);
  });

  it('limits the diff to a prefix, including a prefix that appears or disappears', async () => {
    git(dir, ['checkout', '-q', '--detach', base]);
    const next = commitFiles(dir, { 'a.txt': 'changed\n', 'd/x.txt': 'X\n', 'keep/k.txt': null, 'fresh/f.txt': 'f\n' });
    const [oldTree, newTree] = [treeOf(dir, base), treeOf(dir, next)];
    expect(await diffTrees({ reader, oldTree, newTree, prefix: 'd' })).toEqual([{ path: 'd/x.txt', status: 'modified', oldOid: blobOf(dir, base, 'd/x.txt'), newOid: blobOf(dir, next, 'd/x.txt') }]);
    expect(await diffTrees({ reader, oldTree, newTree, prefix: '/keep/' })).toEqual([{ path: 'keep/k.txt', status: 'deleted', oldOid: blobOf(dir, base, 'keep/k.txt'), newOid: null }]);
    expect(await diffTrees({ reader, oldTree, newTree, prefix: 'fresh' })).toEqual([{ path: 'fresh/f.txt', status: 'added', oldOid: null, newOid: blobOf(dir, next, 'fresh/f.txt') }]);
    expect(await diffTrees({ reader, oldTree, newTree, prefix: 'nowhere' })).toEqual([]);
  });

  it('ignores mode-only changes (same content)', async () => {
    git(dir, ['checkout', '-q', '--detach', base]);
    chmodSync(join(dir, 'run.sh'), 0o755);
    const next = commitFiles(dir, {});
    expect(git(dir, ['diff-tree', '-r', '--name-status', base, next])).toBe('M\trun.sh');
    expect(await diffTrees({ reader, oldTree: treeOf(dir, base), newTree: treeOf(dir, next) })).toEqual([]);
  });

  it('never reads identical subtrees: cost is O(changed paths × depth)', async () => {
    git(dir, ['checkout', '-q', '--detach', base]);
    const next = commitFiles(dir, { 'd/e/y.txt': 'changed\n' });
    const read: string[] = [];
    const counting: ObjectReader = { ...reader, kind: reader.kind, readTree: (oid) => (read.push(oid), reader.readTree(oid)) };
    const changes = await diffTrees({ reader: counting, oldTree: treeOf(dir, base), newTree: treeOf(dir, next) });
    expect(changes.map((c) => c.path)).toEqual(['d/e/y.txt']);
    expect(read).toHaveLength(6); // root, d, d/e on each side; many/ (10 subtrees) untouched
  });

  it('agrees with git diff-tree -r --no-renames on seeded random change sets', async () => {
    git(dir, ['checkout', '-q', '--detach', base]);
    const random = prng(kind === 'cat-file' ? 7 : 11);
    const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)] as T;
    const name = () => pick(['a', 'b', 'c', 'a.b', 'a-b', 'ä', 'd0', 'x y']);
    const randomPath = () => Array.from({ length: 1 + Math.floor(random() * 4) }, name).join('/');
    const files = new Map<string, string>();
    for (let i = 0; i < 300; i++) put(files, randomPath(), `v${i}\n`);
    let previous = treeOf(dir, commitSnapshot(dir, files, 'random base'));
    for (let round = 0; round < 6; round++) {
      const paths = [...files.keys()];
      for (let i = 0; i < 15; i++) files.delete(pick(paths));
      for (let i = 0; i < 15; i++) if (files.has(paths[i * 7 % paths.length] ?? '')) files.set(paths[i * 7 % paths.length] ?? '', `mod ${round} ${i}\n`);
      for (let i = 0; i < 20; i++) put(files, randomPath(), `new ${round} ${i}\n`);
      const current = treeOf(dir, commitSnapshot(dir, files, `round ${round}`));
      const expected = gitDiff(dir, previous, current);
      expect(expected.length).toBeGreaterThan(10);
      expect(await diffTrees({ reader, oldTree: previous, newTree: current })).toEqual(expected);
      expect(await diffTrees({ reader, oldTree: current, newTree: previous })).toEqual(gitDiff(dir, current, previous));
      previous = current;
    }
  });
});
