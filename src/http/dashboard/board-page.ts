/**
 * The board (issue #8 part 2): per project, a section per kind with its count and status
 * counts, the current entries newest first in a compact table, the filters (kind, status, tag,
 * path, task, author) as a GET form whose fields are the query parameters, "show all" links
 * into one kind, and a keyset pager there.
 */
import type { Board, BoardQuery, BoardSection } from '../../service/board.js';
import { ENTRY_KINDS, STATUSES } from '../../model/kinds.js';
import { STATE_TERMS, termCount } from '../../model/state-terms.js';
import { encodeCursor } from '../rest.js';
import { h, type Html } from './html.js';
import { entryUrl, KIND_NAMES, kindDetail, kindName, pageUrl, pager, statusBadge, tagList, updatedCell } from './parts.js';

/** The filter values as given in the query (raw strings): the board query's filters. */
export type BoardFilters = Pick<BoardQuery, 'kind' | 'status' | 'tag' | 'path' | 'related_task' | 'author'>;

const FILTER_NAMES = ['kind', 'status', 'tag', 'path', 'related_task', 'author'] as const;

function filterForm(project: string, f: BoardFilters): Html {
  const text = (name: 'tag' | 'path' | 'related_task' | 'author', label: string, hint: string) =>
    h`<div><label for="f-${name}">${label}</label><input id="f-${name}" type="text" name="${name}" value="${f[name] ?? ''}" placeholder="${hint}"></div>`;
  const option = (value: string, label: string, current: string | undefined) => h`<option value="${value}"${current === value ? h` selected` : ''}>${label}</option>`;
  return h`<form class="panel filters" method="get" action="${pageUrl(project)}" aria-label="Filter entries">
<div><label for="f-kind">Kind</label><select id="f-kind" name="kind">${option('', 'All kinds', f.kind ?? '')}${ENTRY_KINDS.map((k) => option(k, KIND_NAMES[k].one, f.kind))}</select></div>
<div><label for="f-status">Status</label><select id="f-status" name="status">${option('', 'Any status', f.status ?? '')}${STATUSES.map((s) => option(s, s, f.status))}</select></div>
${text('tag', 'Tag', 'e.g. storage')}${text('path', 'Path', 'src/payments/**')}${text('related_task', 'Task', 'e.g. T-42')}${text('author', 'Author', 'name or agent id')}
<div class="actions"><button type="submit">Apply</button>${FILTER_NAMES.some((n) => f[n]) ? h`<a href="${pageUrl(project)}">Clear</a>` : ''}</div>
</form>`;
}

function table(project: string, section: BoardSection, titles: Board['titles']): Html {
  if (section.rows.length === 0) return h`<p class="empty">No ${kindName(section.entry_kind).items} match these filters.</p>`;
  return h`<table class="entries">
<colgroup><col class="c-entry"><col class="c-status"><col class="c-detail"><col class="c-who"><col class="c-when"></colgroup>
<thead><tr><th scope="col">Entry</th><th scope="col">Status</th><th scope="col">Detail</th><th scope="col">Author</th><th scope="col">Updated</th></tr></thead>
<tbody>${section.rows.map(({ entry: e }) => h`<tr>
<td class="title"><a href="${entryUrl(project, e.entry_id)}">${e.title}</a><div class="meta"><span class="id">${e.entry_id}</span>${e.revision > 1 ? h` · r${e.revision}` : ''} ${tagList(project, e.tags)}</div></td>
<td class="status">${statusBadge(e.status, e.entry_kind)}</td>
<td class="detail">${kindDetail(project, e, titles)}</td>
<td class="who small">${e.author}</td>
<td class="when">${updatedCell(e)}</td>
</tr>`)}</tbody></table>`;
}

function sectionOf(project: string, titles: Board['titles'], section: BoardSection, f: BoardFilters, single: boolean, paged: boolean): Html {
  const names = kindName(section.entry_kind);
  const chips = section.by_status.filter((s) => s.n > 0 || f.status === s.status).map((s) => {
    const selected = f.status === s.status;
    const href = pageUrl(project, '', { ...f, kind: section.entry_kind, status: selected ? undefined : s.status, cursor: undefined });
    return h`<li><a href="${href}"${selected ? h` aria-current="true"` : ''}>${s.status} ${s.n}</a></li>`;
  });
  const showAll = !single && section.count > section.rows.length ? h`<p class="more"><a href="${pageUrl(project, '', { ...f, kind: section.entry_kind })}">Show all ${section.count} ${names.plural.toLowerCase()} →</a></p>` : '';
  const next = single && section.next ? pageUrl(project, '', { ...f, cursor: encodeCursor(section.next) }) : null;
  return h`<section class="kind" id="${names.anchor}" aria-labelledby="h-${names.anchor}">
<div class="section-head"><h2 id="h-${names.anchor}">${names.plural}<span class="count">${section.count}</span></h2>
<ul class="chips" aria-label="${names.plural} by status">${chips}</ul></div>
${table(project, section, titles)}${showAll}
${single ? pager({ first: paged ? pageUrl(project, '', { ...f }) : null, next, label: `${names.plural} pages` }) : ''}
</section>`;
}

/**
 * The answer tiles — Decided · Proposed · Open · Blocked · At risk (model/state-terms.ts,
 * decision 0050) — counted over the sections under the other filters, each a link to the board
 * filtered to exactly the entries it counts: the brief's and `brain status`'s numbers.
 */
function stateTiles(project: string, board: Board, f: BoardFilters): Html {
  const counts = board.sections.flatMap((s) => s.by_status.map((b) => ({ entry_kind: s.entry_kind, status: b.status, n: b.n })));
  return h`<ul class="tiles" aria-label="What is decided, proposed, open, blocked, at risk">${STATE_TERMS.map((t) => {
    const href = pageUrl(project, '', { ...f, kind: t.kind, status: t.status, cursor: undefined });
    return h`<li><a href="${href}"><span class="n">${termCount(t, counts)}</span><span class="k">${t.label}</span></a></li>`;
  })}</ul>`;
}

/** The board page body. `paged`: a cursor was given (this is not the first page). */
export function renderBoard(args: { board: Board; filters: BoardFilters; paged: boolean }): { title: string; body: Html } {
  const { board, filters: f } = args;
  const project = board.project_id;
  const single = f.kind !== undefined;
  const active = FILTER_NAMES.filter((n) => f[n] !== undefined);
  const total = board.sections.reduce((sum, s) => sum + s.count, 0);
  const tiles = single || f.status !== undefined ? '' : stateTiles(project, board, f);
  const summary = active.length === 0 ? h`Current state of every entry, newest first.` : h`${total} ${total === 1 ? 'entry matches' : 'entries match'} ${active.map((n, i) => h`${i > 0 ? ', ' : ''}${n} <strong>${f[n]}</strong>`)}.`;
  const sections = board.sections.map((s) => sectionOf(project, board.titles, s, f, single, args.paged));
  return {
    title: single ? kindName(board.sections[0]?.entry_kind ?? '').plural : 'Board',
    body: h`<h1>${single ? kindName(board.sections[0]?.entry_kind ?? '').plural : 'Board'}</h1>
<p class="lede">${summary}</p>
${filterForm(project, f)}${tiles}${sections}`,
  };
}
