/**
 * Reading the docs branch's objects without a checkout (DESIGN §3): trees through an
 * in-process cache by oid (trees are immutable), blobs, files by path. Loose objects are read
 * directly, packed ones (a fresh clone is packed) through the git dir's shared `git cat-file
 * --batch` child when git is installed — held until 2 s idle — else through isomorphic-git
 * (loaded on first need, its pack cache kept per repository; it reads whole packs into memory,
 * ~0.4 s and 150 MB for a 66 MB pack, which is why it is the fallback). The commit writer puts the trees
 * it builds into the cache and drops the ones they replace (issue #10: a bulk import's working
 * set is the branch's current trees). The cache is bounded by memory, not by a count (issue 21:
 * 40 000 trees, less than a brain of 100 000 entries has, made nearly every lookup of a long
 * import miss): {@link TREE_CACHE_BYTES}, least recently used dropped first.
 */
import { getHeapStatistics } from 'node:v8';
import type { TreeEntry } from 'isomorphic-git';
import { LRUCache } from 'lru-cache';
import { BrainError } from '../model/errors.js';
import { leaseCatFileBatch, type CatFileLease } from './cat-file-batch.js';
import { createGitFs, readLooseObject } from './git-fs.js';
import { parseTree } from './git-object-format.js';
import { isGitAvailable } from './object-reader.js';

const gitFs = createGitFs();
/**
 * The tree cache's budget, in (estimated) bytes: 1/32 of this process's V8 heap limit (~135 MB
 * with node's default limit on a 64-bit machine), room for the trees of a brain of ~500 000
 * revisions; smaller when the process runs with a smaller heap.
 */
export const TREE_CACHE_BYTES = Math.floor(getHeapStatistics().heap_size_limit / 32);

/** A parsed tree's heap footprint, estimated: per entry its name, a 40-character oid and the entry object. */
export const treeBytes = (tree: readonly TreeEntry[]): number => tree.reduce((sum, e) => sum + 128 + e.path.length, 64);

/** Parsed trees by `<gitdir>\0<oid>`, least recently used dropped first (a bulk import's working set stays). */
const treeCache = new LRUCache<string, TreeEntry[]>({ maxSize: TREE_CACHE_BYTES, sizeCalculation: treeBytes });

/** Puts `tree` in the cache under `key` (`<gitdir>\0<oid>`), most recently used. */
export function cacheTree(key: string, tree: TreeEntry[]): void {
  treeCache.set(key, tree);
}

/** Drops the tree `key` (`<gitdir>\0<oid>`) from the cache: it is read again on next use. */
export function forgetTree(key: string): void {
  treeCache.delete(key);
}

type IsoGit = typeof import('isomorphic-git').default;
let isoGit: Promise<IsoGit> | null = null;
/** isomorphic-git's object cache (parsed pack indexes) per git dir. */
const packCaches = new Map<string, object>();

/** A hold on the git dir's shared `git cat-file --batch` child, given back after 2 s idle (reads in flight still complete). */
const catFiles = new Map<string, { lease: CatFileLease; idle: NodeJS.Timeout | null }>();
const CAT_FILE_IDLE_MS = 2000;

async function readWithCatFile(gitdir: string, oid: string): Promise<{ type: string; content: Buffer }> {
  let slot = catFiles.get(gitdir);
  if (!slot) catFiles.set(gitdir, (slot = { lease: leaseCatFileBatch(gitdir), idle: null }));
  if (slot.idle) clearTimeout(slot.idle);
  const current = slot;
  try {
    const object = await current.lease.read(oid);
    if (object === null || object.content === null) throw new BrainError('not_found', `object ${oid} not found in ${gitdir}`, { data: { oid } });
    return { type: object.type, content: object.content };
  } finally {
    if (current.idle) clearTimeout(current.idle);
    current.idle = setTimeout(() => {
      if (catFiles.get(gitdir) === current) catFiles.delete(gitdir);
      void current.lease.release();
    }, CAT_FILE_IDLE_MS);
    current.idle.unref();
  }
}

async function readPacked(gitdir: string, oid: string): Promise<{ type: string; content: Buffer }> {
  if (await isGitAvailable()) return readWithCatFile(gitdir, oid);
  const git = await (isoGit ??= import('isomorphic-git').then((m) => m.default));
  for (let attempt = 1; ; attempt++) {
    let cache = packCaches.get(gitdir);
    if (!cache) packCaches.set(gitdir, (cache = {}));
    try {
      const { type, object } = await git.readObject({ fs: gitFs, gitdir, oid, format: 'content', cache });
      const bytes = object as Uint8Array;
      return { type, content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    } catch (err) {
      // A pack may have been replaced by `git gc` since its index was cached: retry once fresh.
      packCaches.delete(gitdir);
      if (attempt >= 2) throw err;
    }
  }
}

/**
 * Reads any object: loose directly, packed through git cat-file or isomorphic-git.
 * Errors: BrainError `not_found` / `git_error` (cat-file), isomorphic-git's NotFoundError.
 */
async function readObject(gitdir: string, oid: string): Promise<{ type: string; content: Buffer }> {
  objectsRead++;
  return readLooseObject(gitdir, oid) ?? readPacked(gitdir, oid);
}

let objectsRead = 0;

/** How many objects this module has read from git in this process, loose or packed (diagnostics, tests). */
export function objectsReadFromGit(): number {
  return objectsRead;
}

/** Tree reads in flight by cache key: concurrent readers of one tree (many entries of a fan being prefetched) share one read. */
const reading = new Map<string, Promise<TreeEntry[]>>();

/** Reads a tree (by tree or commit oid) through the in-process cache. */
export async function readTreeCached(gitdir: string, oid: string): Promise<TreeEntry[]> {
  const key = `${gitdir}\0${oid}`;
  const hit = treeCache.get(key);
  if (hit) return hit;
  let read = reading.get(key);
  if (!read) {
    read = readTreeUncached(gitdir, oid, key).finally(() => reading.delete(key));
    reading.set(key, read);
  }
  return read;
}

async function readTreeUncached(gitdir: string, oid: string, key: string): Promise<TreeEntry[]> {
  let object = await readObject(gitdir, oid);
  let treeOid = oid;
  if (object.type === 'commit') {
    const match = /^tree ([0-9a-f]{40})\n/.exec(object.content.toString('latin1', 0, 46));
    if (!match?.[1]) throw new Error(`commit ${oid} has no tree header`);
    treeOid = match[1];
    const cached = treeCache.get(`${gitdir}\0${treeOid}`);
    if (cached) {
      cacheTree(key, cached);
      return cached;
    }
    object = await readObject(gitdir, treeOid);
  }
  if (object.type !== 'tree') throw new Error(`object ${treeOid} is a ${object.type}, not a tree`);
  const tree = parseTree(object.content).map((item): TreeEntry => ({ mode: item.mode, path: item.name, oid: item.oid, type: item.type }));
  cacheTree(key, tree);
  cacheTree(`${gitdir}\0${treeOid}`, tree);
  return tree;
}

/** Name → entry of cached trees, built on first lookup (a kind directory holds up to 1 024 fans). */
const treeIndexes = new WeakMap<TreeEntry[], Map<string, TreeEntry>>();

/** The entry `name` of `tree`, or undefined (hashed for large trees, a scan for small ones). */
function findEntry(tree: TreeEntry[], name: string): TreeEntry | undefined {
  if (tree.length < 32) return tree.find((e) => e.path === name);
  let index = treeIndexes.get(tree);
  if (!index) treeIndexes.set(tree, (index = new Map(tree.map((e) => [e.path, e]))));
  return index.get(name);
}

/** Reads the blob `oid` (loose or packed). Errors: Error when it is not a blob, read errors. */
export async function readBlobAt(gitdir: string, oid: string): Promise<Buffer> {
  const object = await readObject(gitdir, oid);
  if (object.type !== 'blob') throw new Error(`object ${oid} is a ${object.type}, not a blob`);
  return object.content;
}

/** Reads a blob at `path` in the tree of `commitOid`, or null when absent. */
export async function readFileAt(gitdir: string, commitOid: string, path: string): Promise<Buffer | null> {
  let oid = commitOid;
  const parts = path.split('/');
  for (const [index, part] of parts.entries()) {
    const entry = findEntry(await readTreeCached(gitdir, oid), part);
    if (!entry) return null;
    if (index === parts.length - 1) {
      if (entry.type !== 'blob') return null;
      return Buffer.from(await readBlobAt(gitdir, entry.oid));
    }
    if (entry.type !== 'tree') return null;
    oid = entry.oid;
  }
  return null;
}

/** The oid of the tree at directory `path` of `commitOid`, or null when there is none. */
export async function treeOidAt(gitdir: string, commitOid: string, path: string): Promise<string | null> {
  let oid = commitOid;
  for (const part of path.split('/')) {
    const entry = findEntry(await readTreeCached(gitdir, oid), part);
    if (!entry || entry.type !== 'tree') return null;
    oid = entry.oid;
  }
  return oid;
}

/** Lists the blobs directly in the tree `treeOid` (name → oid). */
export async function listTree(gitdir: string, treeOid: string): Promise<Map<string, string>> {
  return new Map((await readTreeCached(gitdir, treeOid)).filter((e) => e.type === 'blob').map((e) => [e.path, e.oid]));
}
