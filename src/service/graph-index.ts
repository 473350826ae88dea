/**
 * The project-wide part of the graph page (issue #21 "cost what the data they show costs";
 * docs/decisions/0081): every edge of the project, its cycles, and per relation its weakly
 * connected groups, biggest first, cut into pages of at most {@link GRAPH_LIMITS.nodes} nodes.
 * A page needs all of it — which groups come first depends on every group's size, and cycles
 * are found over the whole project — and none of it changes until the projection moves.
 *
 * So it is computed once per projected commit: a reader that can say what its reads answer
 * for (`PictureReader.version`: the database handle and the projected commit) gets the index
 * it built at that version; any other commit (or handle, or a reader that cannot say) reads
 * the link records again. Versions are read before and after the records: an index is kept
 * only when both agree, so it never holds what two commits mixed. The index is shared between
 * requests: callers must not modify it.
 */
import { findCycles } from './graph-cycles.js';
import { graphEdges, pointedIds, type GraphEdge, type GraphNode, type GraphRelation } from './graph-edges.js';
import type { PictureReader } from './picture-reader.js';

/** Nodes drawn on one page. */
export const GRAPH_LIMITS = { nodes: 200 } as const;

/** One group of the page: its nodes (in a stable order), its edges, and how many of its nodes are left out. */
export interface GraphGroup {
  nodes: string[];
  edges: GraphEdge[];
  hidden_nodes: number;
}

/** The groups of one relation (or all): `keys` every node of its edges (sorted), `groups` biggest first, uncut. */
export interface GraphView {
  keys: string[];
  edges: GraphEdge[];
  groups: { nodes: string[]; edges: GraphEdge[] }[];
  /** {@link pageGroups} of `groups`. */
  pages: GraphGroup[][];
}

/** Everything a page takes from the whole project. */
export interface GraphIndex {
  nodes: Map<string, GraphNode>;
  edges: GraphEdge[];
  /** Cycles of `needs` / `is blocked by`, each from its smallest key, the first repeated at the end. */
  cycles: string[][];
  /** Every node on a cycle. */
  cycleKeys: ReadonlySet<string>;
  /** Each node's place in `nodes` (the order a page lists its nodes in). */
  order: ReadonlyMap<string, number>;
  /** Views built so far, by relation ('' for all). */
  views: Map<string, GraphView>;
}

function groupsOf(keys: readonly string[], edges: readonly GraphEdge[]): { nodes: string[]; edges: GraphEdge[] }[] {
  const parent = new Map(keys.map((k) => [k, k]));
  const find = (k: string): string => {
    let root = k;
    while (parent.get(root) !== root) root = parent.get(root) as string;
    for (let at = k; at !== root; ) {
      const up = parent.get(at) as string;
      parent.set(at, root);
      at = up;
    }
    return root;
  };
  for (const e of edges) parent.set(find(e.from), find(e.to));
  const byRoot = new Map<string, { nodes: string[]; edges: GraphEdge[] }>();
  for (const k of keys) (byRoot.get(find(k)) ?? byRoot.set(find(k), { nodes: [], edges: [] }).get(find(k)))?.nodes.push(k);
  for (const e of edges) byRoot.get(find(e.from))?.edges.push(e);
  return [...byRoot.values()];
}

/** The first `limit` nodes of a group by breadth-first distance from its best-connected node. */
function cut(group: { nodes: string[]; edges: GraphEdge[] }, limit: number): GraphGroup {
  if (group.nodes.length <= limit) return { ...group, hidden_nodes: 0 };
  const near = new Map<string, string[]>();
  for (const e of group.edges) {
    (near.get(e.from) ?? near.set(e.from, []).get(e.from))?.push(e.to);
    (near.get(e.to) ?? near.set(e.to, []).get(e.to))?.push(e.from);
  }
  const hub = [...group.nodes].sort((a, b) => (near.get(b)?.length ?? 0) - (near.get(a)?.length ?? 0) || (a < b ? -1 : 1))[0] as string;
  const kept = new Set([hub]);
  const queue = [hub];
  for (let i = 0; i < queue.length && kept.size < limit; i++) {
    for (const w of [...new Set(near.get(queue[i] as string) ?? [])].sort()) {
      if (kept.size >= limit) break;
      if (!kept.has(w)) kept.add(w), queue.push(w);
    }
  }
  return { nodes: group.nodes.filter((k) => kept.has(k)), edges: group.edges.filter((e) => kept.has(e.from) && kept.has(e.to)), hidden_nodes: group.nodes.length - kept.size };
}

/** `groups` (biggest first) in pages of at most {@link GRAPH_LIMITS.nodes} nodes; a group bigger than a page is cut to fit one. */
export function pageGroups(groups: readonly { nodes: string[]; edges: GraphEdge[] }[]): GraphGroup[][] {
  const pages: GraphGroup[][] = [];
  let size: number = GRAPH_LIMITS.nodes;
  for (const g of groups) {
    if (size + g.nodes.length > GRAPH_LIMITS.nodes) pages.push([]), (size = 0);
    (pages[pages.length - 1] as GraphGroup[]).push(cut(g, GRAPH_LIMITS.nodes));
    size += g.nodes.length;
  }
  return pages;
}

/** The index of a project's link records (`facts`: the current entries among their {@link pointedIds}). Pure. */
export function indexGraph(records: Parameters<typeof graphEdges>[0], facts: Parameters<typeof graphEdges>[1]): GraphIndex {
  const all = graphEdges(records, facts);
  // Only the ends of these edges can lie on a cycle: every other node is a component of its own without a loop.
  const ordered = all.edges.filter((e) => e.relation === 'needs' || e.relation === 'blocked_by');
  const cycles = findCycles([...new Set(ordered.flatMap((e) => [e.from, e.to]))], ordered);
  return { nodes: all.nodes, edges: all.edges, cycles, cycleKeys: new Set(cycles.flat()), order: new Map([...all.nodes.keys()].map((k, i) => [k, i])), views: new Map() };
}

/** The groups and pages of `relation` (all relations when absent), built once per index. */
export function graphView(index: GraphIndex, relation?: GraphRelation): GraphView {
  const known = index.views.get(relation ?? '');
  if (known) return known;
  const edges = relation ? index.edges.filter((e) => e.relation === relation) : index.edges;
  const keys = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const label = (k: string) => { const n = index.nodes.get(k); return n?.type === 'entry' ? n.title.toLowerCase() : k; };
  const groups = groupsOf(keys, edges)
    .map((g) => ({ nodes: g.nodes.sort((a, b) => label(a).localeCompare(label(b)) || (a < b ? -1 : 1)), edges: g.edges }))
    .sort((a, b) => b.nodes.length - a.nodes.length || b.edges.length - a.edges.length || ((a.nodes[0] as string) < (b.nodes[0] as string) ? -1 : 1));
  const view = { keys, edges, groups, pages: pageGroups(groups) };
  index.views.set(relation ?? '', view);
  return view;
}

/** Indexes kept per scope (a database handle), by project and filter: the newest version of each, at most {@link KEPT} of them. */
const kept = new WeakMap<object, Map<string, { version: string; index: GraphIndex }>>();
const KEPT = 8;

/**
 * The index of the reader's project (resolved dependencies and cleared blockers too with
 * `includeResolved`), remembered per version (see the module doc). Errors: the reader's.
 */
export async function graphIndex(reader: PictureReader, includeResolved: boolean): Promise<GraphIndex> {
  const before = (await reader.version?.()) ?? null;
  const key = `${reader.projectId}\0${includeResolved ? 1 : 0}`;
  const byKey = before ? kept.get(before.scope) : undefined;
  const known = byKey?.get(key);
  if (before && known && known.version === before.version) return known.index;
  const records = await reader.linkRecords({ includeResolved });
  // The records carry their own facts (same row of the same project): only the other ids they point at are looked up.
  const facts = new Map(records.map((r) => [r.entry_id, { entry_id: r.entry_id, title: r.title, entry_kind: r.entry_kind, status: r.status }]));
  for (const [id, f] of await reader.facts(pointedIds(records).filter((id) => !facts.has(id)))) facts.set(id, f);
  const index = indexGraph(records, facts);
  const after = (await reader.version?.()) ?? null;
  if (before && after && before.scope === after.scope && before.version === after.version) {
    const map = byKey ?? new Map<string, { version: string; index: GraphIndex }>();
    if (!byKey) kept.set(before.scope, map);
    map.delete(key);
    map.set(key, { version: before.version, index });
    if (map.size > KEPT) map.delete(map.keys().next().value as string);
  }
  return index;
}
