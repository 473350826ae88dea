/**
 * The graph of a project (issue #22 "what depends on what, what blocks what, and which
 * decision or plan superseded which"): the edges of graph-edges.ts, cut into weakly connected
 * groups so that each group is laid out on its own, and paged so that a page draws at most
 * {@link GRAPH_LIMITS.nodes} nodes — biggest groups first; a group bigger than a page is cut
 * to the nodes nearest its best-connected node, and says how many it leaves out. Filters: one
 * relation, resolved dependencies and cleared blockers too, one entry's group (`focus`).
 * Cycles of `needs` / `is blocked by` are found over the whole project, not one page. What a
 * page takes from the whole project is computed once per projected commit (graph-index.ts).
 */
import { BrainError } from '../model/errors.js';
import type { GraphNode, GraphRelation } from './graph-edges.js';
import { graphIndex, graphView, pageGroups, type GraphGroup } from './graph-index.js';
import type { PictureReader } from './picture-reader.js';

export { GRAPH_LIMITS, type GraphGroup } from './graph-index.js';

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
  const index = await graphIndex(reader, query.includeResolved ?? false);
  const view = graphView(index, query.relation);
  const focus = query.focus === undefined ? null : await resolveFocus(reader, query.focus);
  // A dependency that names its subjects is no node of its own: its group is the one of the links it records.
  const groups = focus === null ? view.groups : view.groups.filter((g) => g.nodes.includes(focus) || g.edges.some((e) => e.via.entry_id === focus));
  const pages = focus === null ? view.pages : pageGroups(groups);
  const shown = focus !== null ? (pages[0] ?? []) : (pages[page] ?? []);
  // The nodes drawn and those of the cycles, in the index's order (a lookup each, not a pass over the project's nodes).
  const keys = [...new Set([...shown.flatMap((g) => g.nodes), ...index.cycleKeys])].filter((k) => index.order.has(k));
  const nodes = keys.sort((a, b) => (index.order.get(a) as number) - (index.order.get(b) as number)).map((k) => index.nodes.get(k) as GraphNode);
  return {
    project_id: reader.projectId,
    nodes: Object.fromEntries((await tagged(reader, nodes)).map((n) => [n.key, n])),
    groups: shown,
    page: focus !== null ? 0 : page,
    pages: pages.length,
    total: { nodes: view.keys.length, edges: view.edges.length, groups: groups.length },
    cycles: index.cycles,
    focus,
  };
}
