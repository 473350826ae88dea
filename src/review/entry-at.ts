/**
 * The current revision of one entry directory in one tree (a commit's state), for comparing
 * an entry at the merge base with the same entry at HEAD. The current revision is the last of
 * the valid revision files in the order (revision, recorded_at, sha256) (DESIGN §3 invariant 5,
 * `compareRevisions`); files that fail {@link readRevisionFile} are passed over. Only the
 * highest-numbered files are read until a valid one is found, so an entry with a long history
 * costs a blob read or two, not one per revision.
 */
import type { ObjectReader, TreeItem } from '../git/object-reader.js';
import { parseBrainPath } from '../store/layout.js';
import { compareRevisions } from '../store/revision-order.js';
import { readRevisionFile, RevisionProblem, type RevisionFile } from '../store/revision-file.js';
import { subtreeAt } from '../git/tree-path.js';

/** An entry's state in one tree. */
export interface EntryAt {
  /** The current revision. */
  current: RevisionFile;
  /** The current revision's file name. */
  file: string;
  /** True when another valid file holds the same (highest) revision number. */
  forked: boolean;
  /** With `forked`: the file names holding that number, in revision order (the current one last). */
  fork_files: string[];
}

/** A parsed revision file, or the check it failed. */
export type ParsedRevision = RevisionFile | RevisionProblem;

/**
 * Reads trees and revision files once per review, whichever side asks. Create one per review;
 * errors of the reader propagate.
 */
export class RevisionCache {
  private readonly trees = new Map<string, Promise<TreeItem[]>>();
  private readonly files = new Map<string, Promise<ParsedRevision>>();

  constructor(readonly reader: ObjectReader) {}

  /** A tree object's items (memoized by oid). */
  readTree(oid: string): Promise<TreeItem[]> {
    let items = this.trees.get(oid);
    if (!items) {
      items = this.reader.readTree(oid);
      this.trees.set(oid, items);
    }
    return items;
  }

  /**
   * The revision file at `path` with blob `oid`, checked against its place
   * (memoized by path and oid). Null when `path` is not a revision file path.
   */
  async revision(path: string, oid: string): Promise<ParsedRevision | null> {
    const where = parseBrainPath(path);
    if (where.type !== 'revision') return null;
    const key = `${path}\u0000${oid}`;
    let parsed = this.files.get(key);
    if (!parsed) {
      parsed = this.reader.readBlob(oid).then((bytes) => {
        try {
          return readRevisionFile(where, bytes);
        } catch (err) {
          if (err instanceof RevisionProblem) return err;
          throw err;
        }
      });
      this.files.set(key, parsed);
    }
    return parsed;
  }
}

/**
 * The state of the entry directory `dir` (`projects/<p>/<kind>/<fan>/<id>`) in the tree
 * `treeOid`, or null when the tree has no such directory or no valid revision file in it.
 */
export async function entryAt(args: { cache: RevisionCache; treeOid: string | null; dir: string }): Promise<EntryAt | null> {
  const { cache, treeOid, dir } = args;
  if (treeOid === null) return null;
  const sub = await subtreeAt({ readTree: (oid) => cache.readTree(oid), treeOid, prefix: dir });
  if (sub === null) return null;
  const byNumber = new Map<number, TreeItem[]>();
  for (const item of sub.items) {
    if (item.type !== 'blob') continue;
    const where = parseBrainPath(`${dir}/${item.name}`);
    if (where.type !== 'revision') continue;
    byNumber.set(where.revision, [...(byNumber.get(where.revision) ?? []), item]);
  }
  for (const number of [...byNumber.keys()].sort((a, b) => b - a)) {
    const items = byNumber.get(number) ?? [];
    const parsed = await Promise.all(items.map(async (item) => ({ file: item.name, parsed: await cache.revision(`${dir}/${item.name}`, item.oid) })));
    const valid = parsed
      .filter((p): p is { file: string; parsed: RevisionFile } => p.parsed !== null && !(p.parsed instanceof RevisionProblem))
      .sort((a, b) => compareRevisions({ ...a.parsed.entry, sha256: a.parsed.sha256 }, { ...b.parsed.entry, sha256: b.parsed.sha256 }));
    const last = valid[valid.length - 1];
    if (!last) continue;
    const forked = valid.length > 1;
    return { current: last.parsed, file: last.file, forked, fork_files: forked ? valid.map((v) => v.file) : [] };
  }
  return null;
}
