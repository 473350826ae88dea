/**
 * The dependency view (issue #8 part 2: "what depends on what and what is blocked by what,
 * rendered server-side (SVG or nested lists), cycles flagged"): cycles first, as a warning;
 * then what is blocked by what; then nested lists, each node followed by what it depends on
 * (the dependency entry and its kind on the edge). See service/dependency-graph.ts for the
 * model. Open dependencies by default, resolved ones with `?resolved=1`; trees are paged.
 */
import type { DependencyGraph, DependencyNode, DependencyTreeNode } from '../../service/dependency-graph.js';
import { h, type Html } from './html.js';
import { entryLink, entryUrl, kindName, pageUrl, pager, statusBadge } from './parts.js';

/** Trees per page; blocked pairs shown before "and N more". */
export const DEPENDENCY_PAGE = { trees: 50, blocked: 100 } as const;

function node(project: string, n: DependencyNode | undefined, key: string): Html {
  if (!n) return h`<span class="mono">${key}</span>`;
  switch (n.type) {
    case 'entry':
      return h`${entryLink(project, n.entry_id, n.title)} ${statusBadge(n.status, n.entry_kind)} <span class="muted small">${kindName(n.entry_kind).one}</span>`;
    case 'missing':
      return h`<span class="id">${n.entry_id}</span> <span class="muted small">(no such entry)</span>`;
    case 'task':
      return h`<a class="mono" href="${pageUrl(project, '', { related_task: n.task_id })}">task ${n.task_id}</a>`;
    default:
      return h`<span class="mono">${n.text}</span> <span class="muted small">(external)</span>`;
  }
}

function tree(project: string, graph: DependencyGraph, t: DependencyTreeNode): Html {
  const edge = t.via ? h`<a class="edge" href="${entryUrl(project, t.via.entry_id)}" title="${t.via.title}">${t.via.dependency_kind.replace(/_/g, ' ')} →</a>` : '';
  const mark = t.state === 'cycle' ? h` <span class="cycle">↻ cycle</span>` : t.state === 'repeat' ? h` <span class="muted small">(its dependencies are shown above)</span>` : '';
  const children = t.children.length ? h`<ul>${t.children.map((c) => tree(project, graph, c))}</ul>` : '';
  return h`<li>${edge} ${node(project, graph.nodes[t.key], t.key)}${mark}${children}</li>`;
}

/** The dependency page body. */
export function renderDependencies(args: { project: string; graph: DependencyGraph; page: number; resolved: boolean }): { title: string; body: Html } {
  const { project, graph } = args;
  const n = (key: string) => node(project, graph.nodes[key], key);
  const cycles = graph.cycles.length === 0 ? '' : h`<div class="warning" role="alert"><strong>${graph.cycles.length} dependency cycle${graph.cycles.length === 1 ? '' : 's'}</strong> — nothing in a cycle can finish first:
<ul>${graph.cycles.map((c) => h`<li>${c.map((key, i) => { const x = graph.nodes[key]; return h`${i ? ' → ' : ''}${x?.type === 'entry' ? entryLink(project, x.entry_id, x.title) : n(key)}`; })}</li>`)}</ul></div>`;
  const blocked = graph.blocked.slice(0, DEPENDENCY_PAGE.blocked);
  const blockedList = graph.blocked.length === 0 ? h`<p class="empty">Nothing is blocked.</p>` : h`<ul class="plain">${blocked.map((b) => h`<li>${n(b.subject)} <span class="edge">is blocked by</span> ${n(b.by)}</li>`)}</ul>
${graph.blocked.length > blocked.length ? h`<p class="more">and ${graph.blocked.length - blocked.length} more — <a href="${pageUrl(project, '', { kind: 'blocker', status: 'blocked' })}">see the active blockers</a></p>` : ''}`;
  const pages = Math.ceil(graph.total_trees / DEPENDENCY_PAGE.trees);
  const resolved = args.resolved ? '1' : undefined;
  const next = args.page + 1 < pages ? pageUrl(project, 'dependencies', { resolved, page: args.page + 2 }) : null;
  return {
    title: 'Dependencies',
    body: h`<h1>Dependencies</h1>
<p class="lede">What depends on what, and what is blocked by what — ${args.resolved ? 'open and resolved dependencies' : h`open dependencies (<a href="${pageUrl(project, 'dependencies', { resolved: '1' })}">include resolved</a>)`}.</p>
${cycles}
<section class="panel" aria-labelledby="h-blocked"><h2 id="h-blocked">Blocked <span class="count">${graph.blocked.length}</span></h2>${blockedList}</section>
<section aria-labelledby="h-tree"><h2 id="h-tree">Depends on <span class="count">${graph.total_trees}</span></h2>
${graph.trees.length === 0 ? h`<p class="empty">No ${args.resolved ? '' : 'open '}dependencies recorded.</p>` : h`<ul class="tree panel">${graph.trees.map((t) => tree(project, graph, t))}</ul>`}
${pager({ first: args.page > 0 ? pageUrl(project, 'dependencies', { resolved }) : null, next, label: 'Dependency pages' })}</section>`,
  };
}
