/**
 * Builds blobs, trees and one commit on top of a tip, without a checkout (DESIGN §3 "Writes"):
 * the user's HEAD, index and working tree are never touched. Only the trees on the paths of
 * written files are rewritten (O(depth) thanks to the fan-out), and tree objects are cached
 * in-process by oid (they are immutable).
 *
 * Objects are built in-process (DESIGN §3: "a small object writer (node zlib + sha1 +
 * rename)"), byte for byte what isomorphic-git's writeBlob/writeTree/writeCommit produce, and
 * written as one pack per commit (pack-writer.ts; issues #10 and 21), or as loose objects
 * (git-fs.ts: temp file, fsync, rename) for a small commit on a machine without git. All
 * objects of one commit are written together, and all of them are durable before
 * {@link writeCommit} returns, i.e. before the caller moves the ref.
 *
 * Reading (and the tree cache) lives in tree-reader.ts.
 */
import { createHash } from 'node:crypto';
import type { TreeEntry } from 'isomorphic-git';
import { writeLooseObjects } from './git-fs.js';
import type { BuiltTree, LinkType } from './pack-links.js';
import { writeObjects } from './pack-writer.js';
import { checkIdentityPart, type Identity } from './identity.js';
import { cacheTree, forgetTree, readTreeCached } from './tree-reader.js';

export type { Identity } from './identity.js';

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
  if (mode === '100644' || mode === '040000') return mode; // what brain writes: no pattern to match
  if (/^0?4/.test(mode)) return '040000';
  if (/^1006/.test(mode)) return '100644';
  if (/^1007/.test(mode)) return '100755';
  if (/^120/.test(mode)) return '120000';
  if (/^160/.test(mode)) return '160000';
  throw new Error(`unknown tree entry mode ${mode}`);
}

/** A surrogate or a code unit from U+E000 on: where UTF-16 order and UTF-8 byte order may differ. */
const WIDE = /[\ud800-\uffff]/;

/**
 * The tree object's bytes, entries in git's order (a tree's name sorts with a trailing `/`):
 * UTF-8 byte order, which is UTF-16 code-unit order for names without {@link WIDE} characters
 * (compared as strings then, without a buffer per name). Written into one buffer.
 */
function treeBytes(entries: TreeEntry[]): Buffer {
  const keyed = entries.map((e) => ({ e, key: e.mode === '040000' ? `${e.path}/` : e.path }));
  if (keyed.some((k) => WIDE.test(k.key))) keyed.sort((a, b) => Buffer.compare(Buffer.from(a.key, 'utf8'), Buffer.from(b.key, 'utf8')));
  else keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const heads = keyed.map(({ e }) => `${e.mode.startsWith('0') ? e.mode.slice(1) : e.mode} ${e.path}\0`);
  let size = 0;
  for (const head of heads) size += Buffer.byteLength(head, 'utf8') + 20;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  keyed.forEach(({ e }, i) => {
    at += out.write(heads[i] as string, at, 'utf8');
    if (out.write(e.oid, at, 'hex') !== 20) throw new Error(`tree entry ${e.path} has a malformed oid ${e.oid}`);
    at += 20;
  });
  return out;
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

/**
 * What {@link buildTree} collects: new trees by oid and by directory path, the base trees they
 * replace, and each new tree with the base entries it was built from (pack-links.ts checks
 * the commit's links with them).
 */
interface BuiltTrees {
  byOid: Map<string, TreeEntry[]>;
  byPath: Map<string, string>;
  replaced: Set<string>;
  links: Map<string, BuiltTree>;
}

async function buildTree(gitdir: string, base: string | null, node: DirNode, batch: ObjectBatch, built: BuiltTrees, path: string): Promise<string> {
  const entries = new Map<string, TreeEntry>();
  const baseEntries = base ? await readTreeCached(gitdir, base) : null;
  for (const entry of baseEntries ?? []) {
    const mode = normalizeMode(entry.mode);
    entries.set(entry.path, mode === entry.mode ? entry : { ...entry, mode });
  }
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
  built.links.set(oid, { entries: tree, base: baseEntries }); // base order kept, new names after (pack-links.ts)
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
  /** When given, filled with the oid of every blob the commit wrote, by path (so callers need not hash the files again). */
  blobs?: Map<string, string>;
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
    const oid = addObject(batch, 'blob', typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    insert(root, path, oid);
    options.blobs?.set(path, oid);
  }
  const built: BuiltTrees = { byOid: new Map(), byPath: new Map(), replaced: new Set(), links: new Map() };
  const tree = await buildTree(options.gitdir, options.parent, root, batch, built, '');
  const timestamp = Math.floor(Date.now() / 1000);
  const text =
    `tree ${tree}\n` +
    (options.parent ? `parent ${options.parent}\n` : '') +
    `author ${signature(options.author, timestamp)}\n` +
    `committer ${signature(options.committer ?? options.author, timestamp)}\n` +
    `\n${normalizeMessage(options.message)}`;
  const commit = addObject(batch, 'commit', Buffer.from(text, 'utf8'));
  // Every link checked here, against the batch and the base trees the new ones replace: git's
  // index-pack then fscks each object without looking each link up again (decision 0084).
  const knownLinks = new Map<string, LinkType>(options.parent ? [[options.parent, 'commit']] : []);
  await writeObjects(options.gitdir, batch, { knownLinks, builtTrees: built.links });
  // The trees this commit replaced leave the cache (a bulk import's working set stays the
  // branch's current trees, whatever its history); the new ones, and the commit itself, enter.
  for (const oid of built.replaced) forgetTree(`${options.gitdir}\0${oid}`);
  for (const [oid, entries] of built.byOid) cacheTree(`${options.gitdir}\0${oid}`, entries);
  cacheTree(`${options.gitdir}\0${commit}`, built.byOid.get(tree) as TreeEntry[]);
  if (options.trees) for (const [path, oid] of built.byPath) options.trees.set(path, oid);
  return commit;
}
