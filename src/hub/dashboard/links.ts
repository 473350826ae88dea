/**
 * URLs of the hub's dashboard (docs/decisions/0028): the board is `/` with its filters as the
 * query (`repo project kind status tag path task author cursor`), an entry is
 * `/repos/<repo>/entries/<entry_id>`, search `/search`, the brief `/brief`. The rendering
 * functions shared with the daemon's dashboard take {@link repoLinks}: links inside an entry
 * (tags, paths, authors, linked entries) stay within that entry's repository.
 */
import { withQuery, type Links } from '../../http/dashboard/parts.js';

/** URL of the entry page of `entryId` in `repo`. */
export const hubEntryUrl = (repo: string, entryId: string) => `/repos/${encodeURIComponent(repo)}/entries/${encodeURIComponent(entryId)}`;

/** The links of one repository: its board is `/?repo=<repo>&…`. */
export function repoLinks(repo: string): Links {
  return { board: (query = {}) => withQuery('/', { repo, ...query }), entry: (entryId) => hubEntryUrl(repo, entryId), search: '/search' };
}
