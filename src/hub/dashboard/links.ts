/**
 * URLs of the hub's dashboard (docs/decisions/0028): the board is `/` with its filters as the
 * query (`repo project kind status tag path task author cursor`), an entry is
 * `/repos/<repo>/entries/<entry_id>`, its graph and timeline `/repos/<repo>/graph|timeline`,
 * its candidates `/repos/<repo>/candidates[/<candidate_id>]`,
 * search `/search`, the brief `/brief`. The rendering
 * functions shared with the daemon's dashboard take {@link repoLinks}: links inside an entry
 * (tags, paths, authors, linked entries) stay within that entry's repository.
 */
import type { CandidateLinks } from '../../http/dashboard/candidate-parts.js';
import { withQuery, type Links, type UrlQuery } from '../../http/dashboard/parts.js';

/** URL of the entry page of `entryId` in `repo`. */
export const hubEntryUrl = (repo: string, entryId: string) => `/repos/${encodeURIComponent(repo)}/entries/${encodeURIComponent(entryId)}`;

/** URL of the picture page (or the Candidates page) `page` of `repo` (picture-pages.ts), with `query`. */
export const repoPictureUrl = (repo: string, page: 'graph' | 'timeline' | 'candidates', query: UrlQuery = {}) => withQuery(`/repos/${encodeURIComponent(repo)}/${page}`, query);

/** The links of one repository: its board is `/?repo=<repo>&…`. */
export function repoLinks(repo: string): Links {
  return { board: (query = {}) => withQuery('/', { repo, ...query }), entry: (entryId) => hubEntryUrl(repo, entryId), search: '/search' };
}

/** The candidate links of `repo` (`project` kept in every URL when given): the daemon's Candidates pages' links on the hub. */
export function repoCandidateLinks(repo: string, project: string | undefined): CandidateLinks {
  return {
    base: repoLinks(repo),
    list: (query = {}) => repoPictureUrl(repo, 'candidates', { project, ...query }),
    candidate: (id) => withQuery(`/repos/${encodeURIComponent(repo)}/candidates/${encodeURIComponent(id)}`, { project }),
  };
}
