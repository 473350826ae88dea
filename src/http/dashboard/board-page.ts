/**
 * The board page (issue #8 part 2; one page for a clone and the hub, issue #22,
 * docs/decisions/0046): a section per kind with its count and status counts, the current
 * entries newest first in a compact table, the filters (kind, status, tag, path, task, author,
 * and a surface's own fields: the hub's repository and project) as a GET form whose fields are
 * the query parameters, the answer tiles, "show all" links into one kind, and a keyset pager
 * there. Where the scope spans repositories every row names its repository and project, and
 * tiles count the matches per repository. Read through a {@link PageSource} (read-pages.ts).
 */
import { buildBoard, type Board, type BoardSection } from '../../service/board.js';
import type { InRepo } from '../../service/read-scope.js';
import type { Entry } from '../../model/entry.js';
import { ENTRY_KINDS, STATUSES } from '../../model/kinds.js';
import { STATE_TERMS, termCount } from '../../model/state-terms.js';
import { h, type Html } from './html.js';
import { adrLabelSpan, boardUrl, entryUrl, KIND_NAMES, kindDetail, kindName, pager, statusBadge, tagList, updatedCell, type LinkBase } from './parts.js';
import type { PageParts, PageSource } from './read-pages.js';
import { titleText } from '../../model/title-text.js';

/** The board's query parameters (raw strings), in form order: `repo` and `project` are the hub's fields. */
export const BOARD_PARAMS = ['repo', 'project', 'kind', 'status', 'tag', 'path', 'related_task', 'author'] as const;

/** The filter values as given in the query (raw strings). */
export type BoardFilters = Partial<Record<(typeof BOARD_PARAMS)[number], string>>;

/** What a surface adds to the board: its own form fields, and the lede when no filter is set. */
export interface BoardChrome {
  fields?: Html;
  everything?: Html;
}

interface View {
  /** The board URL with the page's filters and `query` over them. */
  url: (query?: Record<string, string | undefined>) => string;
  links: (repo: string | undefined) => LinkBase;
  spans: boolean;
  titles: Record<string, string>;
  f: BoardFilters;
}

function filterForm(v: View, fields: Html | undefined): Html {
  const { f } = v;
  const text = (name: 'tag' | 'path' | 'related_task' | 'author', label: string, hint: string) =>
    h`<div><label for="f-${name}">${label}</label><input id="f-${name}" type="text" name="${name}" value="${f[name] ?? ''}" placeholder="${hint}"></div>`;
  const option = (value: string, label: string, current: string | undefined) => h`<option value="${value}"${current === value ? h` selected` : ''}>${label}</option>`;
  const action = boardUrl(v.links(undefined));
  return h`<form class="panel filters" method="get" action="${action}" aria-label="Filter entries">
${fields ?? ''}<div><label for="f-kind">Kind</label><select id="f-kind" name="kind">${option('', 'All kinds', f.kind ?? '')}${ENTRY_KINDS.map((k) => option(k, KIND_NAMES[k].one, f.kind))}</select></div>
<div><label for="f-status">Status</label><select id="f-status" name="status">${option('', 'Any status', f.status ?? '')}${STATUSES.map((s) => option(s, s, f.status))}</select></div>
${text('tag', 'Tag', 'e.g. storage')}${text('path', 'Path', 'src/payments/**')}${text('related_task', 'Task', 'e.g. T-42')}${text('author', 'Author', 'name or agent id')}
<div class="actions"><button type="submit">Apply</button>${BOARD_PARAMS.some((n) => f[n]) ? h`<a href="${action}">Clear</a>` : ''}</div>
</form>`;
}

function row(v: View, { repo, entry: e }: InRepo<{ entry: Entry }>): Html {
  const links = v.links(repo);
  const repoCell = v.spans && repo !== undefined ? h`<td class="repo-cell"><a class="repo" href="${v.url({ repo })}" title="${repo}">${repo}</a></td>\n` : '';
  return h`<tr>
${repoCell}<td class="title"><a href="${entryUrl(links, e.entry_id)}">${titleText(e.title)}</a><div class="meta">${adrLabelSpan(e)}<span class="id">${e.entry_id}</span>${v.spans ? h` · ${e.project_id}` : ''}${e.revision > 1 ? h` · r${e.revision}` : ''} ${tagList(links, e.tags)}</div></td>
<td class="status">${statusBadge(e.status, e.entry_kind)}</td>
<td class="detail">${kindDetail(links, e, v.titles)}</td>
<td class="who small">${e.author}</td>
<td class="when">${updatedCell(e)}</td>
</tr>`;
}

function table(v: View, section: BoardSection): Html {
  if (section.rows.length === 0) return h`<p class="empty">No ${kindName(section.entry_kind).items} match these filters.</p>`;
  return h`<table class="entries">
<colgroup>${v.spans ? h`<col class="c-repo">` : ''}<col class="c-entry"><col class="c-status"><col class="c-detail"><col class="c-who"><col class="c-when"></colgroup>
<thead><tr>${v.spans ? h`<th scope="col">Repository</th>` : ''}<th scope="col">Entry</th><th scope="col">Status</th><th scope="col">Detail</th><th scope="col">Author</th><th scope="col">Updated</th></tr></thead>
<tbody>${section.rows.map((r) => row(v, r))}</tbody></table>`;
}

/**
 * A later page read after the brain changed: the entries that moved in the newest-first order
 * (missing from the pages or shown twice), each a link, and the first page (decision 0099).
 */
function changedNote(v: View, changed: NonNullable<BoardSection['changed']>): Html {
  const links = v.links(undefined);
  const named = changed.entry_ids === null ? h`entries` : h`${changed.count} ${changed.count === 1 ? 'entry' : 'entries'} (${changed.entry_ids.map((id, i) => h`${i > 0 ? ', ' : ''}<a href="${entryUrl(links, id)}">${id}</a>`)}${(changed.count ?? 0) > changed.entry_ids.length ? ', …' : ''})`;
  return h`<p class="upstream warn" role="status">The brain changed since the first page: ${named} ${changed.count === 1 ? 'was' : 'were'} added or revised meanwhile, which moves them in this newest-first list — they may be missing from these pages or shown twice. <a href="${v.url()}">Start again from the first page</a>.</p>`;
}

function sectionOf(v: View, section: BoardSection, single: boolean, paged: boolean): Html {
  const names = kindName(section.entry_kind);
  const chips = section.by_status.filter((s) => s.n > 0 || v.f.status === s.status).map((s) => {
    const selected = v.f.status === s.status;
    return h`<li><a href="${v.url({ kind: section.entry_kind, status: selected ? undefined : s.status })}"${selected ? h` aria-current="true"` : ''}>${s.status} ${s.n}</a></li>`;
  });
  const showAll = !single && section.count > section.rows.length ? h`<p class="more"><a href="${v.url({ kind: section.entry_kind })}">Show all ${section.count} ${names.plural.toLowerCase()} →</a></p>` : '';
  const next = single && section.next_cursor ? v.url({ cursor: section.next_cursor }) : null;
  return h`<section class="kind" id="${names.anchor}" aria-labelledby="h-${names.anchor}">
<div class="section-head"><h2 id="h-${names.anchor}">${names.plural}<span class="count">${section.count}</span></h2>
<ul class="chips" aria-label="${names.plural} by status">${chips}</ul></div>
${single && section.changed ? changedNote(v, section.changed) : ''}${table(v, section)}${showAll}
${single ? pager({ first: paged ? v.url() : null, next, label: `${names.plural} pages` }) : ''}
</section>`;
}

/**
 * The answer tiles — Decided · Proposed · Open · Blocked · At risk (model/state-terms.ts,
 * decision 0050) — counted over the sections under the other filters, each a link to the board
 * filtered to exactly the entries it counts: the brief's and `brain status`'s numbers.
 */
function stateTiles(v: View, board: Board): Html {
  const counts = board.sections.flatMap((s) => s.by_status.map((b) => ({ entry_kind: s.entry_kind, status: b.status, n: b.n })));
  return h`<ul class="tiles" aria-label="What is decided, proposed, open, blocked, at risk">${STATE_TERMS.map((t) =>
    h`<li><a href="${v.url({ kind: t.kind, status: t.status })}"><span class="n">${termCount(t, counts)}</span><span class="k">${t.label}</span></a></li>`)}</ul>`;
}

/** Every match per repository (a scope over several), each a link to the board of that repository. */
function repoTiles(v: View, byRepo: NonNullable<Board['by_repo']>): Html {
  return h`<ul class="tiles" aria-label="Matching entries per repository">${byRepo.map((r) =>
    h`<li><a href="${v.url({ repo: r.repo })}"${v.f.repo === r.repo ? h` aria-current="true"` : ''}><span class="n">${r.entries}</span><span class="k">${r.repo}</span></a></li>`)}</ul>`;
}

/** The dependencies' targets shown, by entry id: their titles, read in the project (and repository) of the row naming them. */
async function targetTitles(src: PageSource, board: Board): Promise<Record<string, string>> {
  const groups = new Map<string, { repo: string | undefined; project: string; ids: string[] }>();
  for (const { repo, entry: e } of board.sections.flatMap((s) => s.rows)) {
    const target = e.payload.depends_on;
    if (typeof target !== 'string' || !/^[a-z]+-[0-9a-z]{12,}$/.test(target)) continue;
    const key = `${repo ?? ''}\0${e.project_id}`;
    const group = groups.get(key) ?? { repo, project: e.project_id, ids: [] };
    group.ids.push(target);
    groups.set(key, group);
  }
  const titles: Record<string, string> = {};
  for (const g of groups.values()) {
    const facts = await src.pictures({ repo: g.repo, project: g.project }, (reader) => reader.facts(g.ids));
    for (const f of facts.values()) titles[f.entry_id] = f.title;
  }
  return titles;
}

/**
 * The board page of `q` (raw query values; `cursor` a one-kind page's). Errors: as
 * service/board.ts `buildBoard` (`invalid_argument`, `illegal_status`, the reader's `not_found`).
 */
export async function boardPage(src: PageSource, q: BoardFilters & { cursor?: string | undefined }, chrome: BoardChrome = {}): Promise<PageParts> {
  const { cursor, ...rest } = q;
  const f: BoardFilters = Object.fromEntries(BOARD_PARAMS.filter((n) => rest[n] !== undefined).map((n) => [n, rest[n]]));
  const board = await buildBoard(src.reader, { ...f, cursor });
  const links = src.links;
  const v: View = { f, links, spans: src.reader.spans_repositories, titles: await targetTitles(src, board), url: (query = {}) => boardUrl(links(undefined), { ...f, cursor: undefined, ...query }) };
  const single = f.kind !== undefined;
  const active = BOARD_PARAMS.filter((n) => f[n] !== undefined);
  const total = board.sections.reduce((sum, s) => sum + s.count, 0);
  const summary = active.length === 0
    ? chrome.everything ?? h`Current state of every entry, newest first.`
    : h`${total} ${total === 1 ? 'entry matches' : 'entries match'} ${active.map((n, i) => h`${i > 0 ? ', ' : ''}${n} <strong>${f[n]}</strong>`)}.`;
  const tiles = single || f.status !== undefined ? '' : stateTiles(v, board);
  const perRepo = board.by_repo && board.by_repo.length > 0 ? repoTiles(v, board.by_repo) : '';
  const title = single ? kindName(board.sections[0]?.entry_kind ?? '').plural : 'Board';
  return {
    title,
    body: h`<h1>${title}</h1>
<p class="lede">${summary}</p>
${filterForm(v, chrome.fields)}${perRepo}${tiles}${board.sections.map((s) => sectionOf(v, s, single, cursor !== undefined))}`,
    active: 'board',
  };
}
