/**
 * The link check of a commit's objects, in-process (issue 21, decision 0084): what `git
 * index-pack --strict` adds to `--fsck-objects`. `--strict` looks up, in the repository, every
 * object a tree or commit of the pack names (`oid_object_info` per link, across every pack),
 * and refuses the pack when one is missing or of another type. A bulk commit rewrites ~1 000
 * fan trees (2 entries each at 10 000 revisions, 34 at 500 000) plus the kind trees of up to
 * 1 024, so that lookup grew with the brain: 45–75 ms of git's CPU per 1 000-revision commit at
 * 300 000–500 000 revisions, half of `index-pack`'s time.
 *
 * Here every link of every tree and commit in the batch must name an object of the batch, of
 * the type the link says (mode `40000` a tree, `160000` a gitlink, which git's fsck walk skips
 * too, anything else a blob; a commit's `tree` a tree, its `parent`s commits), or be a link the
 * branch already had: the entry, same name, object and type, of the tree of the branch the new
 * tree replaces (read from the repository by the commit writer), or an object the caller read
 * from the repository (the parent commit). The one thing `--strict` does that this does not is
 * look a link the branch already had up again: `index-pack` checked it when the tree that first
 * held it was written, and `git fsck` checks the whole branch.
 */
import { BrainError } from '../model/errors.js';

/** The type of an object a link names. */
export type LinkType = 'blob' | 'tree' | 'commit';

function broken(why: string): BrainError {
  return new BrainError('git_error', `pack rejected: ${why}`, { hint: 'the objects brain built link to an object that is not written; nothing was committed' });
}

const BLOB = Buffer.from('blob ');
const TREE = Buffer.from('tree ');
const COMMIT = Buffer.from('commit ');
const startsWith = (raw: Uint8Array, head: Buffer): boolean => raw.byteLength >= head.length && head.every((byte, i) => raw[i] === byte);

/** The type an object's `<type> <size>\0` header names (the batch's own objects), '' for any other; no string made per object. */
function headerType(raw: Uint8Array): string {
  return startsWith(raw, BLOB) ? 'blob' : startsWith(raw, TREE) ? 'tree' : startsWith(raw, COMMIT) ? 'commit' : '';
}

/** The type a tree entry's mode links to, or null for a gitlink (not followed, as git's fsck walk does not). */
function linkTypeOfMode(mode: string): LinkType | null {
  if (mode === '40000' || mode === '040000') return 'tree';
  if (mode === '160000') return null;
  return 'blob';
}

/** A tree's entries as the commit writer serialized them (`mode` as written, `40000` or `040000` for a tree). */
export interface LinkedEntry {
  mode: string;
  path: string;
  oid: string;
}

/**
 * A tree of the batch as the commit writer built it: the entries it serialized (whose bytes
 * hash to the tree's oid) and the entries of the tree of the branch it replaces (null for a new
 * directory), read from the repository.
 */
export interface BuiltTree {
  entries: readonly LinkedEntry[];
  base: readonly LinkedEntry[] | null;
}

const sameLink = (a: LinkedEntry, b: LinkedEntry | undefined): boolean => b !== undefined && a.oid === b.oid && a.path === b.path && linkTypeOfMode(a.mode) === linkTypeOfMode(b.mode);

/**
 * Checks the links of `objects` (oid → uncompressed `<type> <size>\0<content>`, a commit's
 * batch): each one names an object of the batch or of `known` (oid → type: objects read from
 * the repository), of the type it says. `built`, when given, holds how the commit writer built
 * trees of the batch, by oid: such a tree's entries are checked instead of parsing its bytes
 * again, and an entry that is its base tree's entry at the same position — same name, object and
 * type — is a link the branch already had (the writer keeps the base's entries in their order
 * and appends new names); any other is checked against the batch and `known`. At 500 000
 * revisions a commit's trees hold ~40 000 links: a hex string per link parsed from the bytes,
 * or a map of every base entry, cost what git's lookup cost (decision 0084). Reads nothing.
 * Errors: BrainError `git_error` naming the object, the link and what was wrong, for a link to
 * an object neither holds, to one of another type, or a tree whose bytes do not parse.
 */
export function checkPackLinks(objects: ReadonlyMap<string, Uint8Array>, known: ReadonlyMap<string, LinkType>, built?: ReadonlyMap<string, BuiltTree>): void {
  const types = new Map<string, string>();
  for (const [oid, raw] of objects) types.set(oid, headerType(raw));
  const expect = (from: string, what: string, oid: string, type: LinkType): void => {
    const found = types.get(oid) ?? known.get(oid);
    if (found === type) return;
    if (found === undefined) throw broken(`${from} links ${what} to ${oid}, which is neither written nor read from the repository`);
    throw broken(`${from} links ${what} to ${oid} as a ${type}, but it is a ${found}`);
  };
  for (const [oid, raw] of objects) {
    const type = types.get(oid);
    if (type !== 'tree' && type !== 'commit') continue;
    const tree = type === 'tree' ? built?.get(oid) : undefined;
    if (tree) {
      tree.entries.forEach((e, i) => {
        const linkType = linkTypeOfMode(e.mode);
        if (linkType === null || sameLink(e, tree.base?.[i])) return;
        if (types.get(e.oid) !== linkType) expect(`tree ${oid}`, `entry ${JSON.stringify(e.path)}`, e.oid, linkType);
      });
      continue;
    }
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const body = bytes.indexOf(0) + 1;
    if (type === 'commit') {
      const head = bytes.toString('latin1', body, bytes.indexOf('\n\n', body) === -1 ? bytes.length : bytes.indexOf('\n\n', body));
      for (const line of head.split('\n')) {
        if (line.startsWith('tree ')) expect(`commit ${oid}`, 'its tree', line.slice(5), 'tree');
        else if (line.startsWith('parent ')) expect(`commit ${oid}`, 'a parent', line.slice(7), 'commit');
      }
      continue;
    }
    for (let pos = body; pos < bytes.length; ) {
      const space = bytes.indexOf(0x20, pos);
      const nul = space === -1 ? -1 : bytes.indexOf(0, space);
      if (space === -1 || nul === -1 || nul + 21 > bytes.length) throw broken(`tree ${oid} is malformed at byte ${pos - body}`);
      const linkType = linkTypeOfMode(bytes.toString('latin1', pos, space));
      if (linkType) expect(`tree ${oid}`, `entry ${JSON.stringify(bytes.toString('utf8', space + 1, nul))}`, bytes.toString('hex', nul + 1, nul + 21), linkType);
      pos = nul + 21;
    }
  }
}
