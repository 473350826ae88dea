/**
 * The graph of a project (issue #22 "what depends on what, what blocks what, and which
 * decision or plan superseded which"): the edges of graph-edges.ts, cut into weakly connected
 * groups so that each group is laid out on its own, and paged so that a page draws at most
 * {@link GRAPH_LIMITS.nodes} nodes — biggest groups first; a group bigger than a page is cut
 * to the nodes nearest its best-connected node, and says how many it leaves out. Filters: one
 * relation, resolved dependencies and cleared blockers too, one entry's group (`focus`).
 * Cycles of `needs` / `is blocked by` are found over the whole project, not one page.
 */
import { BrainError } from '../model/errors.js';
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

/** A page of the graph. */
export interface EntryGraph {
  project_id: string;
  nodes: Record<string, GraphNode>;
  groups: GraphGroup[];
  /** 0-based page and the number of pages (0 when there is nothing to draw). */
  page: number;
  pages: number;
  total: { nodes: number; edges: number; groups: number };
  /** Each cycle as node keys, the first repeated at the end. */
  cycles: string[][];
  /** The entry whose group is shown alone (its full id), or null. */
  focus: string | null;
}

/** Options of {@link buildEntryGraph}. */
export interface GraphQuery {
  relation?: GraphRelation;
  includeResolved?: boolean;
  /** An entry id or unique prefix: only its group is shown — the group it is a node of, or whose links it records (pages ignored). */
  focus?: string;
  page?: number;
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

/** The full id of `prefix` in the reader's project. Errors: `not_found`, `ambiguous_id`. */
async function resolveFocus(reader: PictureReader, prefix: string): Promise<string> {
  const matches = await reader.idMatches(prefix);
  if (matches.length === 1) return (matches[0] as { entry_id: string }).entry_id;
  if (matches.length === 0) throw new BrainError('not_found', `no entry ${prefix.slice(0, 80)} in project ${reader.projectId}`, { hint: 'open the graph without `entry` to see every group', data: { entry_id: prefix.slice(0, 80) } });
  throw new BrainError('ambiguous_id', `${prefix.slice(0, 80)} matches several entries`, { hint: 'give more characters of the id' });
}

/** Shortest id prefix a tag shows: the kind prefix and 6 characters (`dec-4f9k2m`), longer only where two drawn entries share it. */
const SHORT_ID = 10;

/**
 * `nodes` with each entry's `tag` (decision 0050: same-titled decisions told apart): its ADR
 * label (`ADR-0021`; with the short id when two drawn entries share it) when it is an imported ADR, else the shortest prefix of its id of at
 * least {@link SHORT_ID} characters that no other entry drawn shares — any prefix `brain show` takes.
 */
async function tagged(reader: PictureReader, nodes: GraphNode[]): Promise<GraphNode[]> {
  const ids = nodes.flatMap((n) => (n.type === 'entry' ? [n.entry_id] : []));
  const labels = await reader.adrLabels(ids);
  const shortId = (id: string) => {
    let n = SHORT_ID;
    while (n < id.length && ids.some((other) => other !== id && other.startsWith(id.slice(0, n)))) n++;
    return id.slice(0, n);
  };
  const uses = new Map<string, number>();
  for (const label of labels.values()) uses.set(label, (uses.get(label) ?? 0) + 1);
  const tag = (id: string) => {
    const label = labels.get(id);
    if (label === undefined) return shortId(id);
    return uses.get(label) === 1 ? label : `${label} ${shortId(id)}`;
  };
  return nodes.map((n) => (n.type === 'entry' ? { ...n, tag: tag(n.entry_id) } : n));
}

/**
 * Builds one page of the graph. Errors: `invalid_argument` (a bad page), `not_found` (a
 * focus entry that is not in the project), `ambiguous_id`, the reader's errors.
 */
export async function buildEntryGraph(reader: PictureReader, query: GraphQuery = {}): Promise<EntryGraph> {
  const page = query.page ?? 0;
  if (!Number.isInteger(page) || page < 0 || page > 1_000_000) throw new BrainError('invalid_argument', 'page must be a non-negative integer');
  const records = await reader.linkRecords({ includeResolved: query.includeResolved ?? false });
  const facts = await reader.facts(pointedIds(records));
  const all = graphEdges(records, facts);
  const cycles = findCycles([...all.nodes.keys()], all.edges.filter((e) => e.relation === 'needs' || e.relation === 'blocked_by'));
  const edges = query.relation ? all.edges.filter((e) => e.relation === query.relation) : all.edges;
  const keys = [...new Set(edges.flatMap((e) => [e.from, e.to]))].sort();
  const label = (k: string) => { const n = all.nodes.get(k); return n?.type === 'entry' ? n.title.toLowerCase() : k; };
  let groups = groupsOf(keys, edges)
    .map((g) => ({ nodes: g.nodes.sort((a, b) => label(a).localeCompare(label(b)) || (a < b ? -1 : 1)), edges: g.edges }))
    .sort((a, b) => b.nodes.length - a.nodes.length || b.edges.length - a.edges.length || ((a.nodes[0] as string) < (b.nodes[0] as string) ? -1 : 1));
  const focus = query.focus === undefined ? null : await resolveFocus(reader, query.focus);
  // A dependency that names its subjects is no node of its own: its group is the one of the links it records.
  if (focus !== null) groups = groups.filter((g) => g.nodes.includes(focus) || g.edges.some((e) => e.via.entry_id === focus));
  const pages: GraphGroup[][] = [];
  let size: number = GRAPH_LIMITS.nodes;
  for (const g of groups) {
    if (size + g.nodes.length > GRAPH_LIMITS.nodes) pages.push([]), (size = 0);
    (pages[pages.length - 1] as GraphGroup[]).push(cut(g, GRAPH_LIMITS.nodes));
    size += g.nodes.length;
  }
  const shown = focus !== null ? (pages[0] ?? []) : (pages[page] ?? []);
  const used = new Set(shown.flatMap((g) => g.nodes));
  const nodes = [...all.nodes].filter(([k]) => used.has(k) || cycles.some((c) => c.includes(k))).map(([, n]) => n);
  return {
    project_id: reader.projectId,
    nodes: Object.fromEntries((await tagged(reader, nodes)).map((n) => [n.key, n])),
    groups: shown,
    page: focus !== null ? 0 : page,
    pages: pages.length,
    total: { nodes: keys.length, edges: edges.length, groups: groups.length },
    cycles,
    focus,
  };
}
