/**
 * Builds blobs, trees and one commit on top of a tip, without a checkout (DESIGN §3 "Writes"):
 * the user's HEAD, index and working tree are never touched. Only the trees on the paths of
 * written files are rewritten (O(depth) thanks to the fan-out), and tree objects are cached
 * in-process by oid (they are immutable).
 *
 * Objects are built in-process (DESIGN §3: "a small object writer (node zlib + sha1 +
 * rename)"), byte for byte what isomorphic-git's writeBlob/writeTree/writeCommit produce, and
 * written as loose objects atomically (git-fs.ts: temp file, fsync, rename) or, from 64
 * objects on, as one pack (pack-writer.ts; issue #10). All objects of one commit are written
 * together, and all of them are durable before {@link writeCommit} returns, i.e. before the
 * caller moves the ref.
 *
 * Reads take loose objects directly, and packed ones (a fresh clone is packed) through a
 * `git cat-file --batch` child when git is installed — closed after 2 s idle — else through
 * isomorphic-git (loaded on first need, its pack cache kept per repository; it reads whole
 * packs into memory, ~0.4 s and 150 MB for a 66 MB pack, which is why it is the fallback).
 */
import { createHash } from 'node:crypto';
import type { TreeEntry } from 'isomorphic-git';
import { BrainError } from '../model/errors.js';
import { CatFileBatch } from './cat-file-batch.js';
import { createGitFs, readLooseObject, writeLooseObjects } from './git-fs.js';
import { writeObjects } from './pack-writer.js';
import { parseTree } from './git-object-format.js';
import { isGitAvailable } from './object-reader.js';
import { checkIdentityPart, type Identity } from './identity.js';

const gitFs = createGitFs();
/** Parsed trees by `<gitdir>\0<oid>`, least recently used dropped first (a bulk import's working set stays). */
const TREE_CACHE_LIMIT = 40_000;
const treeCache = new Map<string, TreeEntry[]>();

function cacheTree(key: string, tree: TreeEntry[]): void {
  treeCache.delete(key);
  treeCache.set(key, tree);
  if (treeCache.size > TREE_CACHE_LIMIT) treeCache.delete(treeCache.keys().next().value as string);
}

export type { Identity } from './identity.js';

// ---------------------------------------------------------------- reading

type IsoGit = typeof import('isomorphic-git').default;
let isoGit: Promise<IsoGit> | null = null;
/** isomorphic-git's object cache (parsed pack indexes) per git dir. */
const packCaches = new Map<string, object>();

/** One `git cat-file --batch` child per git dir, closed when idle (reads in flight still complete). */
const catFiles = new Map<string, { batch: CatFileBatch; idle: NodeJS.Timeout | null }>();
const CAT_FILE_IDLE_MS = 2000;

async function readWithCatFile(gitdir: string, oid: string): Promise<{ type: string; content: Buffer }> {
  let slot = catFiles.get(gitdir);
  if (!slot) catFiles.set(gitdir, (slot = { batch: new CatFileBatch({ gitDir: gitdir }), idle: null }));
  if (slot.idle) clearTimeout(slot.idle);
  const current = slot;
  try {
    const object = await current.batch.read(oid);
    if (object === null || object.content === null) throw new BrainError('not_found', `object ${oid} not found in ${gitdir}`, { data: { oid } });
    return { type: object.type, content: object.content };
  } finally {
    if (current.idle) clearTimeout(current.idle);
    current.idle = setTimeout(() => {
      if (catFiles.get(gitdir) === current) catFiles.delete(gitdir);
      void current.batch.close();
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
  return readLooseObject(gitdir, oid) ?? readPacked(gitdir, oid);
}

/** Reads a tree (by tree or commit oid) through the in-process cache. */
export async function readTreeCached(gitdir: string, oid: string): Promise<TreeEntry[]> {
  const key = `${gitdir}\0${oid}`;
  const hit = treeCache.get(key);
  if (hit) {
    cacheTree(key, hit);
    return hit;
  }
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

// ---------------------------------------------------------------- writing

/** Objects of one commit, by oid: the uncompressed `<type> <size>\0<content>` bytes. */
type ObjectBatch = Map<string, Buffer>;

function addObject(batch: ObjectBatch, type: 'blob' | 'tree' | 'commit', content: Uint8Array): string {
  const raw = Buffer.concat([Buffer.from(`${type} ${content.length}\0`, 'latin1'), content]);
  const oid = createHash('sha1').update(raw).digest('hex');
  batch.set(oid, raw);
  return oid;
}

/** isomorphic-git's mode normalization (`limitModeToAllowed`). */
function normalizeMode(mode: string): string {
  if (/^0?4/.test(mode)) return '040000';
  if (/^1006/.test(mode)) return '100644';
  if (/^1007/.test(mode)) return '100755';
  if (/^120/.test(mode)) return '120000';
  if (/^160/.test(mode)) return '160000';
  throw new Error(`unknown tree entry mode ${mode}`);
}

/** The tree object's bytes, entries in git's order (a tree's name sorts with a trailing `/`). */
function treeBytes(entries: TreeEntry[]): Buffer {
  const keyed = entries.map((e) => ({ e, key: Buffer.from(e.mode === '040000' ? `${e.path}/` : e.path, 'utf8') }));
  keyed.sort((a, b) => Buffer.compare(a.key, b.key)); // UTF-8 byte order = git's (and isomorphic-git's code-point) order
  return Buffer.concat(
    keyed.flatMap(({ e }) => [Buffer.from(`${e.mode.replace(/^0/, '')} ${e.path}\0`, 'utf8'), Buffer.from(e.oid, 'hex')]),
  );
}

/** Writes one blob (atomically, fsynced); returns its oid. */
export async function writeBlob(gitdir: string, content: string | Uint8Array): Promise<string> {
  const batch: ObjectBatch = new Map();
  const oid = addObject(batch, 'blob', typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  await writeLooseObjects(gitdir, batch);
  return oid;
}

interface DirNode {
  files: Map<string, string>; // name → blob oid
  dirs: Map<string, DirNode>;
}

function insert(root: DirNode, path: string, oid: string): void {
  const parts = path.split('/');
  let node = root;
  for (const part of parts.slice(0, -1)) {
    let child = node.dirs.get(part);
    if (!child) {
      child = { files: new Map(), dirs: new Map() };
      node.dirs.set(part, child);
    }
    node = child;
  }
  node.files.set(parts[parts.length - 1] as string, oid);
}

/** What {@link buildTree} collects: new trees by oid and by directory path, and the base trees they replace. */
interface BuiltTrees {
  byOid: Map<string, TreeEntry[]>;
  byPath: Map<string, string>;
  replaced: Set<string>;
}

async function buildTree(gitdir: string, base: string | null, node: DirNode, batch: ObjectBatch, built: BuiltTrees, path: string): Promise<string> {
  const entries = new Map<string, TreeEntry>();
  if (base) for (const entry of await readTreeCached(gitdir, base)) entries.set(entry.path, { ...entry, mode: normalizeMode(entry.mode) });
  for (const [name, child] of node.dirs) {
    const existing = entries.get(name);
    const childBase = existing?.type === 'tree' ? existing.oid : null;
    const oid = await buildTree(gitdir, childBase, child, batch, built, path === '' ? name : `${path}/${name}`);
    entries.set(name, { mode: '040000', path: name, oid, type: 'tree' });
  }
  for (const [name, oid] of node.files) entries.set(name, { mode: '100644', path: name, oid, type: 'blob' });
  const tree = [...entries.values()];
  const oid = addObject(batch, 'tree', treeBytes(tree));
  built.byOid.set(oid, tree);
  built.byPath.set(path, oid);
  if (base && base !== oid) built.replaced.add(base);
  return oid;
}

/** `Name <email> <seconds> +0000` (isomorphic-git's formatAuthor for offset 0). */
function signature(who: Identity, timestamp: number): string {
  // Checked again here, whoever built the identity: a header must never be forged (issue #7).
  const name = checkIdentityPart({ what: 'name', value: who.name, source: 'commit identity' });
  const email = checkIdentityPart({ what: 'email', value: who.email, source: 'commit identity' });
  return `${name} <${email}> ${timestamp} +0000`;
}

/**
 * isomorphic-git's message normalization (no CRs, no leading newlines, exactly one trailing
 * newline), and no control characters but newline and tab: a NUL cuts `git log`'s subject and
 * fails `git fsck` (nulInCommit), an escape sequence would reach terminals (issue #7).
 */
function normalizeMessage(message: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = message.replace(/\r/g, '').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '\ufffd');
  return clean.replace(/^\n+/, '').replace(/\n+$/, '') + '\n';
}

/** Options of {@link writeCommit}. */
export interface WriteCommitOptions {
  gitdir: string;
  /** The commit to build on, or null for the first (orphan) commit. */
  parent: string | null;
  /** path → content; files are added or replaced, never deleted. */
  files: Map<string, string | Uint8Array>;
  message: string;
  author: Identity;
  committer?: Identity;
  /**
   * When given, filled with the oid of every tree the commit built, by directory path (`''`
   * is the root; `projects/p/decision/4f/dec-…` an entry's directory), so callers need not
   * walk the new commit's tree again.
   */
  trees?: Map<string, string>;
}

/**
 * Writes the blobs, the changed trees and a commit; returns the new commit oid once every one
 * of those objects is durable (fsynced and renamed into place). Does not move any ref (see
 * refs.ts). Errors: node I/O errors, isomorphic-git errors reading a packed base tree.
 */
export async function writeCommit(options: WriteCommitOptions): Promise<string> {
  const batch: ObjectBatch = new Map();
  const root: DirNode = { files: new Map(), dirs: new Map() };
  for (const [path, content] of options.files) {
    insert(root, path, addObject(batch, 'blob', typeof content === 'string' ? Buffer.from(content, 'utf8') : content));
  }
  const built: BuiltTrees = { byOid: new Map(), byPath: new Map(), replaced: new Set() };
  const tree = await buildTree(options.gitdir, options.parent, root, batch, built, '');
  const timestamp = Math.floor(Date.now() / 1000);
  const text =
    `tree ${tree}\n` +
    (options.parent ? `parent ${options.parent}\n` : '') +
    `author ${signature(options.author, timestamp)}\n` +
    `committer ${signature(options.committer ?? options.author, timestamp)}\n` +
    `\n${normalizeMessage(options.message)}`;
  const commit = addObject(batch, 'commit', Buffer.from(text, 'utf8'));
  await writeObjects(options.gitdir, batch);
  // The trees this commit replaced leave the cache (a bulk import's working set stays the
  // branch's current trees, whatever its history); the new ones, and the commit itself, enter.
  for (const oid of built.replaced) treeCache.delete(`${options.gitdir}\0${oid}`);
  for (const [oid, entries] of built.byOid) cacheTree(`${options.gitdir}\0${oid}`, entries);
  cacheTree(`${options.gitdir}\0${commit}`, built.byOid.get(tree) as TreeEntry[]);
  if (options.trees) for (const [path, oid] of built.byPath) options.trees.set(path, oid);
  return commit;
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
