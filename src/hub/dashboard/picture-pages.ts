/**
 * The hub's links and project field of its per-repository pages (issue #22): the graph and the
 * timeline of one project of one repository, at `/repos/<repo>/graph` and
 * `/repos/<repo>/timeline`, are the daemon's pages (src/http/dashboard/picture-pages.ts) with
 * these links and, where the repository has several projects, a project field.
 */
import { h, type Html } from '../../http/dashboard/html.js';
import type { UrlQuery } from '../../http/dashboard/parts.js';
import type { PictureLinks } from '../../http/dashboard/picture-pages.js';
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
