/**
 * Where the graph page draws its nodes and edges (issue #22; docs/decisions/0044): each group
 * (a weakly connected part of the graph) is laid out by `@dagrejs/dagre` — layered, ranks
 * left to right, so every arrow points right, towards what comes first — with room for each
 * edge's words; then the groups are packed in rows ("shelves") no wider than the page.
 *
 * A layout depends only on a group's shape (node count, edges by node index, label sizes), so
 * layouts are kept by shape (at most {@link LAYOUT_MEMO} of them): the many small groups of a
 * big project share a few shapes, and a commit that changes one group lays out only that one.
 * Units: CSS pixels; points are the top-left corner of a node box.
 */
import dagre, { type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';

/** The size of every node box. */
export const NODE = { width: 216, height: 46 } as const;
/** Shapes whose layout is remembered. */
export const LAYOUT_MEMO = 2000;

/** A point in pixels. */
export interface Point {
  x: number;
  y: number;
}

/** A group's shape: `nodes` boxes of {@link NODE} size, edges between node indexes with a label box. */
export interface GroupShape {
  nodes: number;
  edges: { from: number; to: number; label: { width: number; height: number } }[];
}

/** A group laid out from (0, 0): each node's top-left corner, each edge's points and label centre. */
export interface GroupLayout {
  width: number;
  height: number;
  nodes: Point[];
  edges: { points: Point[]; label: Point }[];
}

const memo = new Map<string, GroupLayout>();
const round = (n: number) => Math.round(n * 10) / 10;

/** Lays out one group (see the module doc). Errors: none (dagre lays out any graph, cycles included). */
export function layoutGroup(shape: GroupShape): GroupLayout {
  const key = `${shape.nodes}|${shape.edges.map((e) => `${e.from}>${e.to}:${e.label.width}x${e.label.height}`).join(',')}`;
  const known = memo.get(key);
  if (known) {
    memo.delete(key);
    memo.set(key, known); // most recently used last
    return known;
  }
  const g = new dagre.graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  g.setGraph({ rankdir: 'LR', nodesep: 14, ranksep: 36, edgesep: 10, marginx: 4, marginy: 4 });
  for (let i = 0; i < shape.nodes; i++) g.setNode(`n${i}`, { width: NODE.width, height: NODE.height });
  shape.edges.forEach((e, i) => g.setEdge(`n${e.from}`, `n${e.to}`, { width: e.label.width, height: e.label.height, labelpos: 'c' }, `e${i}`));
  dagre.layout(g);
  const graph = g.graph();
  const layout: GroupLayout = {
    width: Math.ceil(graph.width ?? NODE.width),
    height: Math.ceil(graph.height ?? NODE.height),
    nodes: Array.from({ length: shape.nodes }, (_, i) => {
      const n = g.node(`n${i}`);
      return { x: round((n.x ?? 0) - NODE.width / 2), y: round((n.y ?? 0) - NODE.height / 2) };
    }),
    edges: shape.edges.map((e, i) => {
      const label = g.edge({ v: `n${e.from}`, w: `n${e.to}`, name: `e${i}` });
      return { points: ((label.points ?? []) as Point[]).map((p) => ({ x: round(p.x), y: round(p.y) })), label: { x: round(label.x ?? 0), y: round(label.y ?? 0) } };
    }),
  };
  memo.set(key, layout);
  if (memo.size > LAYOUT_MEMO) memo.delete(memo.keys().next().value as string);
  return layout;
}

/** Places boxes of `sizes` in rows no wider than `maxWidth` (a wider box gets a row of its own), `gap` apart. */
export function packGroups(sizes: readonly { width: number; height: number }[], maxWidth: number, gap = 28): { offsets: Point[]; width: number; height: number } {
  const offsets: Point[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  let width = 0;
  for (const s of sizes) {
    if (x > 0 && x + s.width > maxWidth) {
      y += rowHeight + gap;
      x = 0;
      rowHeight = 0;
    }
    offsets.push({ x, y });
    x += s.width + gap;
    rowHeight = Math.max(rowHeight, s.height);
    width = Math.max(width, x - gap);
  }
  return { offsets, width, height: sizes.length === 0 ? 0 : y + rowHeight };
}
