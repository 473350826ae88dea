/**
 * The hub dashboard's board (docs/decisions/0028): current entries across the repositories
 * the token can read, newest first, one table whose every row names its repository; the
 * filters (repo, project, kind, status, tag, path, related_task, author) as a GET form whose fields
 * are the query parameters; the per-repository counts of everything matching (HubService.list
 * `facet`) as tiles; and a keyset pager (the REST cursor, src/service/list-cursor.ts).
 */
import { ENTRY_KINDS, STATUSES } from '../../model/kinds.js';
import { h, type Html } from '../../http/dashboard/html.js';
import { KIND_NAMES, kindDetail, kindName, pager, statusBadge, tagList, updatedCell, withQuery } from '../../http/dashboard/parts.js';
import type { HubListPage } from '../hub-service.js';
import { hubEntryUrl, repoLinks } from './links.js';
import { repoSelect } from './repo-select.js';

/** The board's filter names, in form order; values are the raw query strings. */
export const BOARD_FILTERS = ['repo', 'project', 'kind', 'status', 'tag', 'path', 'related_task', 'author'] as const;

/** The filter values as given in the query. */
export type HubBoardFilters = Partial<Record<(typeof BOARD_FILTERS)[number], string>>;

function filterForm(f: HubBoardFilters, repos: readonly string[]): Html {
  const text = (name: 'project' | 'tag' | 'path' | 'related_task' | 'author', label: string, hint: string) =>
    h`<div><label for="f-${name}">${label}</label><input id="f-${name}" type="text" name="${name}" value="${f[name] ?? ''}" placeholder="${hint}"></div>`;
  const option = (value: string, label: string, current: string | undefined) => h`<option value="${value}"${current === value ? h` selected` : ''}>${label}</option>`;
  return h`<form class="panel filters" method="get" action="/" aria-label="Filter entries">
${repoSelect({ id: 'f-repo', repos, selected: f.repo })}
${text('project', 'Project', 'e.g. payments')}
<div><label for="f-kind">Kind</label><select id="f-kind" name="kind">${option('', 'All kinds', f.kind ?? '')}${ENTRY_KINDS.map((k) => option(k, KIND_NAMES[k].one, f.kind))}</select></div>
<div><label for="f-status">Status</label><select id="f-status" name="status">${option('', 'Any status', f.status ?? '')}${STATUSES.map((s) => option(s, s, f.status))}</select></div>
${text('tag', 'Tag', 'e.g. storage')}${text('path', 'Path', 'src/payments/**')}${text('related_task', 'Task', 'e.g. T-42')}${text('author', 'Author', 'name or agent id')}
<div class="actions"><button type="submit">Apply</button>${BOARD_FILTERS.some((n) => f[n]) ? h`<a href="/">Clear</a>` : ''}</div>
</form>`;
}

function table(page: HubListPage): Html {
  if (page.rows.length === 0) return h`<p class="empty">No entries match these filters.</p>`;
  return h`<table class="entries">
<colgroup><col class="c-repo"><col class="c-entry"><col class="c-status"><col class="c-detail"><col class="c-who"><col class="c-when"></colgroup>
<thead><tr><th scope="col">Repository</th><th scope="col">Entry</th><th scope="col">Status</th><th scope="col">Detail</th><th scope="col">Author</th><th scope="col">Updated</th></tr></thead>
<tbody>${page.rows.map(({ repo, entry: e }) => {
    const links = repoLinks(repo);
    return h`<tr>
<td class="repo-cell"><a class="repo" href="${withQuery('/', { repo })}">${repo}</a></td>
<td class="title"><span class="kind-label">${kindName(e.entry_kind).one}</span> <a href="${hubEntryUrl(repo, e.entry_id)}">${e.title}</a><div class="meta"><span class="id">${e.entry_id}</span> · ${e.project_id}${e.revision > 1 ? h` · r${e.revision}` : ''} ${tagList(links, e.tags)}</div></td>
<td class="status">${statusBadge(e.status, e.entry_kind)}</td>
<td class="detail">${kindDetail(links, e)}</td>
<td class="who small">${e.author}</td>
<td class="when">${updatedCell(e)}</td>
</tr>`;
  })}</tbody></table>`;
}

/** The board page body. `next`: the cursor of the next page (null: last page); `paged`: this is not the first page. */
export function renderHubBoard(args: { page: HubListPage; filters: HubBoardFilters; repos: readonly string[]; next: string | null; paged: boolean }): { title: string; body: Html } {
  const { page, filters: f } = args;
  const facet = page.facet ?? [];
  const total = facet.reduce((sum, r) => sum + r.entries, 0);
  const active = BOARD_FILTERS.filter((n) => f[n] !== undefined);
  const summary = active.length === 0
    ? h`Current state of every entry in the ${args.repos.length} ${args.repos.length === 1 ? 'repository' : 'repositories'} this token can read, newest first.`
    : h`${total} ${total === 1 ? 'entry matches' : 'entries match'} ${active.map((n, i) => h`${i > 0 ? ', ' : ''}${n} <strong>${f[n]}</strong>`)}.`;
  const tiles = h`<ul class="tiles" aria-label="Matching entries per repository">${facet.map((r) => h`<li><a href="${withQuery('/', { ...f, repo: r.repo, cursor: undefined })}"${f.repo === r.repo ? h` aria-current="true"` : ''}><span class="n">${r.entries}</span><span class="k">${r.repo}</span></a></li>`)}</ul>`;
  const first = args.paged ? withQuery('/', { ...f }) : null;
  const next = args.next ? withQuery('/', { ...f, cursor: args.next }) : null;
  return {
    title: 'Board',
    body: h`<h1>Board</h1>
<p class="lede">${summary}</p>
${filterForm(f, args.repos)}${facet.length > 0 ? tiles : ''}${table(page)}
${pager({ first, next, label: 'Board pages' })}`,
  };
}
