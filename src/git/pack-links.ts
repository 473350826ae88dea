/**
 * The link check of a commit's objects, in-process (issue 21, decision 0084): what `git
 * index-pack --strict` adds to `--fsck-objects`. `--strict` looks up, in the repository, every
 * object a tree or commit of the pack names (`oid_object_info` per link, across every pack),
 * and refuses the pack when one is missing or of another type. A bulk commit rewrites ~1 000
 * fan trees of 4–25 entries each plus the kind trees of up to 1 024, so that lookup grew with
 * the brain: ~60 ms of git's CPU per 1 000-revision commit at 300 000 revisions, half of
 * `index-pack`'s time, where `--fsck-objects` alone stays flat.
 *
 * Here every link of every tree and commit in the batch — parsed from the very bytes that are
 * hashed and packed, not from the writer's own structures — must name either an object of the
 * batch, of the type the link says (mode `40000` a tree, `160000` a gitlink, which git's
 * fsck walk skips too, anything else a blob; a commit's `tree` a tree, its `parent`s commits),
 * or an object the caller vouches for: one it read from the repository with that type (the
 * commit writer: every entry of each base tree it rewrote, and the parent commit). The one thing
 * `--strict` does that this does not is look a vouched object up again; it came from a tree of
 * the branch, whose links `index-pack` checked when that tree was written.
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
 * Checks the links of `objects` (oid → uncompressed `<type> <size>\0<content>`, a commit's
 * batch): each one names an object of the batch or of `known` (oid → type: objects read from
 * the repository), of the type it says. `entries`, when given, holds the entries a tree of the
 * batch was serialized from (the commit writer's, by the tree's oid, whose bytes hash to it):
 * those are checked instead of parsing the bytes again — at 500 000 revisions a commit's trees
 * hold ~30 000 links, and a hex string per link parsed from bytes cost as much as git's lookup
 * (decision 0084); any other tree is parsed. Reads nothing. Errors: BrainError `git_error`
 * naming the object, the link and what was wrong, for a link to an object neither holds, to one
 * of another type, or a tree whose bytes do not parse.
 */
export function checkPackLinks(objects: ReadonlyMap<string, Uint8Array>, known: ReadonlyMap<string, LinkType>, entries?: ReadonlyMap<string, readonly LinkedEntry[]>): void {
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
    const serialized = type === 'tree' ? entries?.get(oid) : undefined;
    if (serialized) {
      for (const e of serialized) {
        const linkType = linkTypeOfMode(e.mode);
        if (linkType === null) continue;
        const found = types.get(e.oid) ?? known.get(e.oid);
        if (found !== linkType) expect(`tree ${oid}`, `entry ${JSON.stringify(e.path)}`, e.oid, linkType);
      }
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
