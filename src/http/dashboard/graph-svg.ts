/**
 * The graph drawn as inline SVG (issue #22; docs/decisions/0044): no script and no style
 * attribute (the dashboard's CSP), colours from the stylesheet's classes. Every entry node is
 * a link to its entry page, a task to the board of that task, external text to a search for
 * it; every edge carries its words ("is blocked by") as a link to the entry that records it.
 * Labels are cut to the box with the full text in a `<title>` tooltip (svg-text.ts); the
 * picture is `role="img"` named by its `<title>` and `<desc>`, and the page lists the same
 * edges as a table.
 */
import { RELATION_WORDS, GRAPH_RELATIONS, type GraphEdge, type GraphNode } from '../../service/graph-edges.js';
import type { EntryGraph } from '../../service/entry-graph.js';
import { layoutGroup, NODE, packGroups, type Point } from './graph-layout.js';
import { h, type Html } from './html.js';
import { boardUrl, entryUrl, kindName, searchUrl, type LinkBase } from './parts.js';
import { displayText, fitText, textWidth } from './svg-text.js';
import { titleText } from '../../model/title-text.js';

const LABEL_FONT = 11;
// The sizes text is measured at: the node's labels are bold (13 px) and letter-spaced (10.5 px), wider than svg-text.ts's
// estimate of regular text — and wide fallback fonts (DejaVu Sans) wider still, so a label ends short of its box, never past it.
const LABEL_MEASURE = 16;
const TOP_MEASURE = 13;
const DONE = new Set(['resolved', 'cleared']);
/** The widest the groups are packed (a wider group scrolls). */
const PAGE_WIDTH = 1160;

/** A node's one-line description, as its tooltip and the table say it. */
export function nodeText(n: GraphNode | undefined, key: string): string {
  if (!n) return key;
  switch (n.type) {
    case 'entry':
      return `${displayText(titleText(n.title))} (${n.tag ? `${n.tag}, ` : ''}${kindName(n.entry_kind).one}, ${n.status.replace(/_/g, ' ')})`;
    case 'missing':
      return `${n.entry_id} (no such entry)`;
    case 'task':
      return `task ${displayText(n.task_id)}`;
    default:
      return `${displayText(n.text)} (external)`;
  }
}

/** Where a node links: its entry, the board of its task, a search for external text; null for a missing entry. */
export function nodeHref(base: LinkBase, n: GraphNode): string | null {
  if (n.type === 'entry') return entryUrl(base, n.entry_id);
  if (n.type === 'task') return boardUrl(base, { related_task: n.task_id });
  if (n.type === 'external') return `${searchUrl(base)}?${new URLSearchParams({ q: n.text })}`;
  return null;
}

function nodeSvg(base: LinkBase, n: GraphNode, at: Point, focus: boolean): Html {
  // The tag first: cut to the box, the kind and status may go, never what tells two same-titled entries apart.
  const top = n.type === 'entry' ? `${n.tag ? `${n.tag} · ` : ''}${kindName(n.entry_kind).one} · ${n.status.replace(/_/g, ' ')}` : n.type === 'task' ? 'Task' : n.type === 'missing' ? 'Missing entry' : 'External';
  const label = n.type === 'entry' ? titleText(n.title) : n.type === 'task' ? n.task_id : n.type === 'missing' ? n.entry_id : n.text;
  const cls = `node t-${n.type}${n.type === 'entry' ? ` k-${n.entry_kind} s-${n.status}` : ''}${focus ? ' focus' : ''}`;
  const body = h`<title>${nodeText(n, n.key)}</title><rect x="${at.x}" y="${at.y}" width="${NODE.width}" height="${NODE.height}" rx="6"></rect>
<text class="top" x="${at.x + 9}" y="${at.y + 16}">${fitText(top, NODE.width - 18, TOP_MEASURE)}</text><text class="label" x="${at.x + 9}" y="${at.y + 34}">${fitText(label, NODE.width - 18, LABEL_MEASURE)}</text>`;
  const href = nodeHref(base, n);
  return href === null ? h`<g class="${cls}">${body}</g>` : h`<a class="${cls}" href="${href}">${body}</a>`;
}

/** An SVG path through `points`: straight ends, rounded corners between. */
function pathOf(points: readonly Point[], d: Point): string {
  const p = points.map((q) => ({ x: q.x + d.x, y: q.y + d.y }));
  if (p.length < 2) return '';
  let out = `M${p[0]?.x},${p[0]?.y}`;
  for (let i = 1; i < p.length - 1; i++) {
    const a = p[i] as Point;
    const b = p[i + 1] as Point;
    out += ` Q${a.x},${a.y} ${(a.x + b.x) / 2},${(a.y + b.y) / 2}`;
  }
  const last = p[p.length - 1] as Point;
  return `${out} L${last.x},${last.y}`;
}

function labelBox(e: GraphEdge): { width: number; height: number } {
  return { width: Math.ceil(textWidth(RELATION_WORDS[e.relation], LABEL_FONT)) + 10, height: 16 };
}

/** The SVG of a graph page; `titleId`/`descId` name it. Empty string when the page has no group. */
export function graphSvg(base: LinkBase, graph: EntryGraph, ids: { title: string; desc: string }): Html | string {
  if (graph.groups.length === 0) return '';
  const laid = graph.groups.map((g) => {
    const index = new Map(g.nodes.map((k, i) => [k, i]));
    return layoutGroup({ nodes: g.nodes.length, edges: g.edges.map((e) => ({ from: index.get(e.from) as number, to: index.get(e.to) as number, label: labelBox(e) })) });
  });
  const packed = packGroups(laid, PAGE_WIDTH);
  const nodeCount = graph.groups.reduce((n, g) => n + g.nodes.length, 0);
  const edgeCount = graph.groups.reduce((n, g) => n + g.edges.length, 0);
  const markers = GRAPH_RELATIONS.map((r) => h`<marker id="arrow-${r}" class="arrow ${r}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z"></path></marker>`);
  const groups = graph.groups.map((g, gi) => {
    const layout = laid[gi] as (typeof laid)[number];
    const d = packed.offsets[gi] as Point;
    const edges = g.edges.map((e, i) => {
      const at = layout.edges[i] as (typeof layout.edges)[number];
      const cls = `${e.relation}${DONE.has(e.via.status) ? ' done' : ''}`;
      const box = labelBox(e);
      const x = at.label.x + d.x;
      const y = at.label.y + d.y;
      const tip = `${nodeText(graph.nodes[e.from], e.from)} ${RELATION_WORDS[e.relation]} ${nodeText(graph.nodes[e.to], e.to)} — recorded in ${kindName(e.via.entry_kind).one.toLowerCase()} “${displayText(titleText(e.via.title))}” (${e.via.status})`;
      return {
        line: h`<path class="edge ${cls}" d="${pathOf(at.points, d)}" marker-end="url(#arrow-${e.relation})"></path>`,
        label: h`<a class="edge-label ${cls}" href="${entryUrl(base, e.via.entry_id)}"><title>${tip}</title><rect x="${x - box.width / 2}" y="${y - box.height / 2}" width="${box.width}" height="${box.height}" rx="3"></rect><text x="${x}" y="${y + 4}">${RELATION_WORDS[e.relation]}</text></a>`,
      };
    });
    const nodes = g.nodes.map((k, i) => {
      const n = graph.nodes[k];
      const at = layout.nodes[i] as Point;
      return n ? nodeSvg(base, n, { x: at.x + d.x, y: at.y + d.y }, k === graph.focus) : '';
    });
    return h`<g class="group">${edges.map((e) => e.line)}${nodes}${edges.map((e) => e.label)}</g>`;
  });
  const width = Math.max(packed.width, 1);
  const height = Math.max(packed.height, 1);
  return h`<svg class="picture graph" data-picture="graph" xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="${ids.title} ${ids.desc}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<title id="${ids.title}">Graph of ${nodeCount} nodes and ${edgeCount} links</title>
<desc id="${ids.desc}">Each box is an entry, a task or something external; each arrow reads as a sentence from its tail to its head (A needs B, A is blocked by B, A relates to B, A supersedes B). The table below lists the same links.</desc>
<defs>${markers}</defs>${groups}</svg>`;
}
