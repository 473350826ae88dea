/**
 * The blobs that differ between two trees (DESIGN §4: "diff the two trees and apply only
 * what changed"). Recurses only into subtrees whose oids differ, so the cost is
 * O(changed paths × depth) tree reads, not O(files) — with fan-out (DESIGN §3, invariant 4)
 * an ordinary commit touches a handful of small trees.
 */
import type { ObjectReader, TreeItem } from './object-reader.js';
import { comparePaths } from './git-object-format.js';
import { joinPath, prefixParts, subtreeAt } from './tree-path.js';

/** One changed blob. `oldOid` is null when added, `newOid` null when deleted. */
export interface TreeChange {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  oldOid: string | null;
  newOid: string | null;
}

/** Options for {@link diffTrees}. */
export interface DiffTreesOptions {
  reader: ObjectReader;
  /** The old tree oid; null means "nothing before": every blob of `newTree` is added. */
  oldTree: string | null;
  newTree: string;
  /** Only compare under this directory (e.g. `projects`); paths stay full. */
  prefix?: string;
}

/**
 * Blob changes from `oldTree` to `newTree`, sorted by path (UTF-8 byte order = git's order),
 * with full POSIX paths — the same set as `git diff-tree -r --no-renames` minus mode-only
 * changes (same oid, e.g. chmod +x) and submodule links, which are ignored. A blob replaced
 * by a tree (or the reverse) is the old file(s) deleted and the new file(s) added.
 * Whole-tree listings (`oldTree` null, prefix newly created or removed) use
 * `reader.listFiles`, the reader's fast path. Errors: the reader's (`not_found` for a
 * missing tree, `git_error` when an oid is not a tree).
 */
export async function diffTrees(options: DiffTreesOptions): Promise<TreeChange[]> {
  const { reader, oldTree, newTree, prefix } = options;
  const readTree = (oid: string) => reader.readTree(oid);
  const [oldSub, newSub] = await Promise.all([
    oldTree === null ? null : subtreeAt({ readTree, treeOid: oldTree, prefix }),
    subtreeAt({ readTree, treeOid: newTree, prefix }),
  ]);
  if (oldSub === null || newSub === null) {
    if (oldSub === null && newSub === null) return [];
    const added = newSub !== null;
    const files = await reader.listFiles(added ? newTree : (oldTree as string), prefix);
    return files.map((f) => ({ path: f.path, status: added ? 'added' : 'deleted', oldOid: added ? null : f.oid, newOid: added ? f.oid : null }));
  }
  const changes: TreeChange[] = [];
  if (oldSub.oid !== newSub.oid) await diffItems(reader, oldSub.items, newSub.items, prefixParts(prefix).join('/'), changes);
  return changes.sort((a, b) => comparePaths(a.path, b.path));
}

async function diffItems(reader: ObjectReader, oldItems: TreeItem[], newItems: TreeItem[], dir: string, out: TreeChange[]): Promise<void> {
  const olds = new Map(oldItems.map((item) => [item.name, item]));
  const tasks: Promise<void>[] = [];
  for (const item of newItems) {
    tasks.push(diffEntry(reader, olds.get(item.name) ?? null, item, joinPath(dir, item.name), out));
    olds.delete(item.name);
  }
  for (const item of olds.values()) tasks.push(diffEntry(reader, item, null, joinPath(dir, item.name), out));
  await Promise.all(tasks);
}

async function diffEntry(reader: ObjectReader, before: TreeItem | null, after: TreeItem | null, path: string, out: TreeChange[]): Promise<void> {
  const oldType = before?.type ?? null;
  const newType = after?.type ?? null;
  if (before && after && oldType === newType && before.oid === after.oid) return; // identical blob or subtree
  if (before && after && oldType === 'blob' && newType === 'blob') {
    out.push({ path, status: 'modified', oldOid: before.oid, newOid: after.oid });
    return;
  }
  if (before && after && oldType === 'tree' && newType === 'tree') {
    const [a, b] = await Promise.all([reader.readTree(before.oid), reader.readTree(after.oid)]);
    await diffItems(reader, a, b, path, out);
    return;
  }
  const [gone, come] = await Promise.all([blobsOf(reader, before, path), blobsOf(reader, after, path)]);
  for (const f of gone) out.push({ path: f.path, status: 'deleted', oldOid: f.oid, newOid: null });
  for (const f of come) out.push({ path: f.path, status: 'added', oldOid: null, newOid: f.oid });
}

/** The blobs at `item`: itself, or every blob below it (tree reads, pipelined — no child process per subtree). */
async function blobsOf(reader: ObjectReader, item: TreeItem | null, path: string): Promise<{ path: string; oid: string }[]> {
  if (item === null || item.type === 'commit') return [];
  if (item.type === 'blob') return [{ path, oid: item.oid }];
  const items = await reader.readTree(item.oid);
  const nested = await Promise.all(items.map((child) => blobsOf(reader, child, joinPath(path, child.name))));
  return nested.flat();
}
