/**
 * The hub's picture pages (issue #22): the graph and the timeline picture of one project of one
 * repository, at `/repos/<repo>/graph` and `/repos/<repo>/timeline` — the daemon's pages
 * (src/http/dashboard/picture-pages.ts) with the hub's links and a project field. The timeline
 * page is the picture alone: the daemon's list of every change below it reads revisions with
 * their commits from a clone.
 */
import { h, type Html } from '../../http/dashboard/html.js';
import { KIND_NAMES, type UrlQuery } from '../../http/dashboard/parts.js';
import type { PictureLinks } from '../../http/dashboard/picture-pages.js';
import { CHART_KINDS } from '../../service/timeline-chart.js';
import { repoLinks, repoPictureUrl } from './links.js';

/** The project field of a picture form (`id` unique in the page); undefined when the repository has one project. */
export function projectField(id: string, projects: readonly string[], selected: string): Html | undefined {
  if (projects.length < 2) return undefined;
  const option = (p: string) => h`<option value="${p}"${p === selected ? h` selected` : ''}>${p}</option>`;
  return h`<div><label for="${id}">Project</label><select id="${id}" name="project">${projects.map(option)}</select></div>`;
}

/** The links of picture page `page` of `repo` (`project` kept in every URL when given). */
export function pictureLinks(repo: string, page: 'graph' | 'timeline', project: string | undefined, fields: Html | undefined): PictureLinks {
  const url = (query: UrlQuery) => repoPictureUrl(repo, page, { project, ...query });
  return { base: repoLinks(repo), url, ...(fields ? { fields } : {}) };
}

/** The hub's timeline page: title, the kind and project form, and the picture (null: a kind the picture does not place). */
export function renderHubTimeline(args: { repo: string; kind?: string; links: PictureLinks; chart: Html | null }): { title: string; body: Html } {
  const option = (value: string, label: string) => h`<option value="${value}"${(args.kind ?? '') === value ? h` selected` : ''}>${label}</option>`;
  const form = h`<form class="panel filters" method="get" action="${args.links.url({ project: undefined })}" aria-label="Filter the timeline">${args.links.fields ?? ''}
<div><label for="t-kind">Kind</label><select id="t-kind" name="kind">${option('', 'Decisions and plans')}${CHART_KINDS.map((k) => option(k, KIND_NAMES[k].plural))}</select></div>
<div class="actions"><button type="submit">Show</button></div></form>`;
  return {
    title: 'Timeline',
    body: h`<h1>Timeline <span class="muted">· ${args.repo}</span></h1>
<p class="lede">The decisions and plan revisions of this repository along a time axis, by each decision's own date, with which superseded which.</p>
${form}${args.chart ?? h`<p class="empty">The picture places decisions and plan revisions only.</p>`}`,
  };
}
