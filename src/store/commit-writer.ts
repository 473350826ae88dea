/**
 * Builds blobs, trees and one commit on top of a tip with isomorphic-git, without a checkout
 * (DESIGN §3 "Writes"): the user's HEAD, index and working tree are never touched. Only the
 * trees on the paths of written files are rewritten (O(depth) thanks to the fan-out), and
 * tree objects are cached in-process by oid (they are immutable).
 */
import git from 'isomorphic-git';
import type { TreeEntry } from 'isomorphic-git';
import { createGitFs } from './git-fs.js';

const gitFs = createGitFs();
const TREE_CACHE_LIMIT = 20_000;
const treeCache = new Map<string, TreeEntry[]>();

/** A commit author/committer. */
export interface Identity {
  name: string;
  email: string;
}

/** Reads a tree (by tree or commit oid) through the in-process cache. */
export async function readTreeCached(gitdir: string, oid: string): Promise<TreeEntry[]> {
  const key = `${gitdir}\0${oid}`;
  const hit = treeCache.get(key);
  if (hit) return hit;
  const { tree, oid: treeOid } = await git.readTree({ fs: gitFs, gitdir, oid });
  if (treeCache.size >= TREE_CACHE_LIMIT) treeCache.clear();
  treeCache.set(key, tree);
  treeCache.set(`${gitdir}\0${treeOid}`, tree);
  return tree;
}

/** Writes one blob; returns its oid. */
export function writeBlob(gitdir: string, content: string | Uint8Array): Promise<string> {
  const blob = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return git.writeBlob({ fs: gitFs, gitdir, blob });
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

async function buildTree(gitdir: string, base: string | null, node: DirNode): Promise<string> {
  const entries = new Map<string, TreeEntry>();
  if (base) for (const entry of await readTreeCached(gitdir, base)) entries.set(entry.path, entry);
  for (const [name, child] of node.dirs) {
    const existing = entries.get(name);
    const childBase = existing?.type === 'tree' ? existing.oid : null;
    const oid = await buildTree(gitdir, childBase, child);
    entries.set(name, { mode: '040000', path: name, oid, type: 'tree' });
  }
  for (const [name, oid] of node.files) entries.set(name, { mode: '100644', path: name, oid, type: 'blob' });
  const tree = [...entries.values()];
  const oid = await git.writeTree({ fs: gitFs, gitdir, tree });
  treeCache.set(`${gitdir}\0${oid}`, tree);
  return oid;
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
}

/**
 * Writes the blobs, the changed trees and a commit; returns the new commit oid. Does not move
 * any ref (see refs.ts). Errors: node / isomorphic-git I/O errors.
 */
export async function writeCommit(options: WriteCommitOptions): Promise<string> {
  const root: DirNode = { files: new Map(), dirs: new Map() };
  for (const [path, content] of options.files) insert(root, path, await writeBlob(options.gitdir, content));
  const tree = await buildTree(options.gitdir, options.parent, root);
  const timestamp = Math.floor(Date.now() / 1000);
  const sig = (who: Identity) => ({ name: who.name, email: who.email, timestamp, timezoneOffset: 0 });
  return git.writeCommit({
    fs: gitFs,
    gitdir: options.gitdir,
    commit: {
      message: options.message.endsWith('\n') ? options.message : `${options.message}\n`,
      tree,
      parent: options.parent ? [options.parent] : [],
      author: sig(options.author),
      committer: sig(options.committer ?? options.author),
    },
  });
}

/** Reads a blob at `path` in the tree of `commitOid`, or null when absent. */
export async function readFileAt(gitdir: string, commitOid: string, path: string): Promise<Buffer | null> {
  let oid = commitOid;
  const parts = path.split('/');
  for (const [index, part] of parts.entries()) {
    const entry = (await readTreeCached(gitdir, oid)).find((e) => e.path === part);
    if (!entry) return null;
    if (index === parts.length - 1) {
      if (entry.type !== 'blob') return null;
      const { blob } = await git.readBlob({ fs: gitFs, gitdir, oid: entry.oid });
      return Buffer.from(blob);
    }
    if (entry.type !== 'tree') return null;
    oid = entry.oid;
  }
  return null;
}

/** Lists the names of the blobs directly in directory `path` of `commitOid` (name → oid). */
export async function listDirAt(gitdir: string, commitOid: string, path: string): Promise<Map<string, string>> {
  let oid = commitOid;
  for (const part of path.split('/')) {
    const entry = (await readTreeCached(gitdir, oid)).find((e) => e.path === part);
    if (!entry || entry.type !== 'tree') return new Map();
    oid = entry.oid;
  }
  return new Map((await readTreeCached(gitdir, oid)).filter((e) => e.type === 'blob').map((e) => [e.path, e.oid]));
}
