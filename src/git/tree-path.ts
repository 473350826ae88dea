/**
 * Directory prefixes inside a git tree: normalizing a prefix and finding the subtree it
 * names, one tree read per path component. Shared by both object readers and `diffTrees`
 * so they agree on what a prefix means.
 */
import type { TreeItem } from './object-reader.js';

/**
 * Splits a directory prefix into components: `"/projects//p1/"` → `["projects", "p1"]`;
 * `undefined`, `""` and `"/"` → `[]` (the whole tree).
 */
export function prefixParts(prefix: string | undefined): string[] {
  return (prefix ?? '').split('/').filter((part) => part !== '');
}

/** Options for {@link subtreeAt}. */
export interface SubtreeAtOptions {
  /** Reads a tree object; its errors propagate (e.g. BrainError `not_found`). */
  readTree(oid: string): Promise<TreeItem[]>;
  treeOid: string;
  prefix?: string | undefined;
}

/**
 * The subtree at `prefix` under `treeOid`: `{ oid, items, path }` where `path` is the
 * normalized prefix (`""` for the root) and `items` its entries; null when some component
 * is missing or is not a tree. The root tree is always read, so a bad `treeOid` throws
 * (`not_found`, or `git_error` when it is not a tree).
 */
export async function subtreeAt(options: SubtreeAtOptions): Promise<{ oid: string; items: TreeItem[]; path: string } | null> {
  const parts = prefixParts(options.prefix);
  let oid = options.treeOid;
  let items = await options.readTree(oid);
  for (const part of parts) {
    const next = items.find((item) => item.name === part);
    if (!next || next.type !== 'tree') return null;
    oid = next.oid;
    items = await options.readTree(oid);
  }
  return { oid, items, path: parts.join('/') };
}

/** `dir` + `/` + `name`, or just `name` at the root (`dir === ""`). */
export function joinPath(dir: string, name: string): string {
  return dir === '' ? name : `${dir}/${name}`;
}
