/**
 * The graph page (issue #22; docs/decisions/0044): what depends on what, what blocks what,
 * which decision or plan superseded which — a filter form (relation, resolved too, one entry's
 * group), the cycles as a warning, the picture (graph-svg.ts), and its text alternative: the
 * same links as a table, each read as a sentence ("A is blocked by B"), with the entry that
 * records it by its own title. Pages of at most 200 nodes; a group cut to fit says so.
 */
import type { EntryGraph } from '../../service/entry-graph.js';
import { GRAPH_RELATIONS, RELATION_WORDS, type GraphRelation } from '../../service/graph-edges.js';
import { graphSvg, nodeHref, nodeText } from './graph-svg.js';
import { h, type Html } from './html.js';
import { entryUrl, kindName, pager, statusBadge, type LinkBase, type UrlQuery } from './parts.js';
import { titleText } from '../../model/title-text.js';

/** The filters of the page, as given in the query. */
export interface GraphFilters {
  relation?: GraphRelation;
  resolved?: boolean;
  entry?: string;
}

/** A node as a link to its page (its own title for an entry). */
function nodeLink(base: LinkBase, graph: EntryGraph, key: string): Html {
  const n = graph.nodes[key];
  const href = n ? nodeHref(base, n) : null;
  const text = n?.type === 'entry' ? titleText(n.title) : nodeText(n, key);
  return href === null ? h`<bdi>${text}</bdi>` : h`<a href="${href}"><bdi>${text}</bdi></a>`;
}

/** {@link nodeLink} with an entry's status and kind. */
function nodeCell(base: LinkBase, graph: EntryGraph, key: string): Html {
  const n = graph.nodes[key];
  const link = nodeLink(base, graph, key);
  return n?.type === 'entry' ? h`${link} ${statusBadge(n.status, n.entry_kind)} <span class="muted small">${n.tag ? `${n.tag} · ` : ''}${kindName(n.entry_kind).one}</span>` : link;
}

function edgeTable(base: LinkBase, graph: EntryGraph): Html {
  const rows = graph.groups.flatMap((g, gi) => g.edges.map((e) => ({ e, gi })));
  return h`<table class="entries edges">
<caption class="sr-only">The links drawn above, one per row</caption>
<colgroup><col class="c-from"><col class="c-rel"><col class="c-to"><col class="c-via"></colgroup>
<thead><tr><th scope="col">Entry</th><th scope="col">Link</th><th scope="col">Target</th><th scope="col">Recorded in</th></tr></thead>
<tbody>${rows.map(({ e, gi }) => h`<tr data-group="${gi + 1}">
<td>${nodeCell(base, graph, e.from)}</td><td class="relation">${RELATION_WORDS[e.relation]}</td><td>${nodeCell(base, graph, e.to)}</td>
<td class="small">${e.via.entry_id === e.from ? h`<span class="muted">the entry itself</span>` : h`${kindName(e.via.entry_kind).one} <a href="${entryUrl(base, e.via.entry_id)}"><bdi>${titleText(e.via.title)}</bdi></a>`} ${statusBadge(e.via.status, e.via.entry_kind)}</td>
</tr>`)}</tbody></table>`;
}

function cyclesWarning(base: LinkBase, graph: EntryGraph): Html | string {
  if (graph.cycles.length === 0) return '';
  const n = graph.cycles.length;
  return h`<div class="warning" role="alert"><strong>${n} dependency cycle${n === 1 ? '' : 's'}</strong> — each entry needs or is blocked by the next, so none can finish first:
<ul>${graph.cycles.map((c) => h`<li>${c.map((key, i) => h`${i ? ' → ' : ''}${nodeLink(base, graph, key)}`)}</li>`)}</ul></div>`;
}

/** The page body. `url(query)`: this page's URL with `query` (filters kept by the caller); `fields`: more form fields first (the hub's project). */
export function renderGraph(args: { base: LinkBase; graph: EntryGraph; filters: GraphFilters; url: (query: UrlQuery) => string; fields?: Html }): { title: string; body: Html } {
  const { base, graph, filters: f } = args;
  const keep: UrlQuery = { relation: f.relation, resolved: f.resolved ? '1' : undefined, entry: f.entry };
  const option = (value: string, label: string) => h`<option value="${value}"${(f.relation ?? '') === value ? h` selected` : ''}>${label}</option>`;
  const form = h`<form class="panel filters" method="get" action="${args.url({})}" aria-label="Filter the graph">${args.fields ?? ''}
<div><label for="g-relation">Links</label><select id="g-relation" name="relation">${option('', 'All links')}${GRAPH_RELATIONS.map((r) => option(r, RELATION_WORDS[r]))}</select></div>
<div><label for="g-entry">Only the group of entry</label><input id="g-entry" type="text" name="entry" value="${f.entry ?? ''}" placeholder="entry id or prefix"></div>
<div class="check"><input id="g-resolved" type="checkbox" name="resolved" value="1"${f.resolved ? h` checked` : ''}><label for="g-resolved">Resolved dependencies and cleared blockers too</label></div>
<div class="actions"><button type="submit">Show</button>${f.relation || f.resolved || f.entry ? h`<a href="${args.url({})}">Clear</a>` : ''}</div></form>`;
  const shown = graph.groups.reduce((n, g) => n + g.nodes.length, 0);
  const hidden = graph.groups.reduce((n, g) => n + g.hidden_nodes, 0);
  const summary = graph.total.edges === 0
    ? h`<p class="empty">${f.entry ? 'This entry has no links' : `No ${f.resolved ? '' : 'open '}links recorded`}${f.relation ? h` of the kind “${RELATION_WORDS[f.relation]}”` : ''}.</p>`
    : h`<p class="small muted">${f.entry ? 'The group of this entry' : h`Page ${graph.page + 1} of ${graph.pages}`}: ${shown} of ${graph.total.nodes} nodes in ${graph.groups.length} of ${graph.total.groups} groups, biggest first.${hidden ? h` <strong>${hidden} more nodes of a group this big are not drawn</strong> — pick one entry’s group or one kind of link to see them.` : ''}</p>`;
  const next = graph.page + 1 < graph.pages && !f.entry ? args.url({ ...keep, page: graph.page + 2 }) : null;
  const first = graph.page > 0 ? args.url(keep) : null;
  const svg = graphSvg(base, graph, { title: 'graph-title', desc: 'graph-desc' });
  return {
    title: 'Graph',
    body: h`<h1>Graph</h1>
<p class="lede">What depends on what, what blocks what, and which decision or plan superseded which. Read each arrow as a sentence from its tail to its head — <em>A needs B</em>, <em>A is blocked by B</em>, <em>A supersedes B</em>: what an arrow points at comes first.</p>
${form}${cyclesWarning(base, graph)}${summary}
${svg === '' ? '' : h`<figure class="picture-frame">${svg}</figure>
<section aria-labelledby="h-links"><h2 id="h-links">The same links as a table <span class="count">${graph.groups.reduce((n, g) => n + g.edges.length, 0)}</span></h2>${edgeTable(base, graph)}</section>`}
${pager({ first, next, label: 'Graph pages' })}`,
  };
}
