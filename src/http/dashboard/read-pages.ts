/**
 * The dashboard pages written once over the read contract (issue #22 "one house",
 * docs/decisions/0046): the entry page (a past revision with `revision`), the brief, the
 * search page and the Candidates pages (the board: board-page.ts), each produced from a {@link PageSource} — the daemon's over one clone
 * (routes.ts, per project), the hub's over the session token's scope
 * (src/hub/dashboard/routes.ts, per repository where a page is of one entry). Each surface
 * mounts them at its own paths with its own caching and headers; only the links and a
 * surface's extra form fields (the hub's repository select) differ.
 */
import { BOUNDS, parseOptionalInteger } from '../../model/number-text.js';
import type { PictureReader } from '../../projection/picture-reader.js';
import { buildEntryView } from '../../service/entry-view.js';
import type { ReadScope } from '../../service/read-scope.js';
import type { CandidateList } from '../../service/candidate-page.js';
import { renderBrief } from './brief-page.js';
import { renderCandidatePage } from './candidate-page.js';
import type { CandidateLinks } from './candidate-parts.js';
import { renderCandidates } from './candidates-page.js';
import { renderEntry } from './entry-page.js';
import { h, type Html } from './html.js';
import type { PageName } from './layout.js';
import type { LinkBase } from './parts.js';
import { referenceLinks } from './picture-pages.js';
import { renderSearch, SEARCH_LIMIT } from './search-page.js';

/** Where a page reads and links. */
export interface PageSource {
  /** The request's reader (a clone's, or the hub's within the session's token). */
  reader: ReadScope;
  /** Runs `fn` with the picture reads of `project` (of `repo` on the hub; a clone reads its own project). */
  pictures: <T>(at: { repo?: string | undefined; project: string }, fn: (reader: PictureReader) => Promise<T>) => Promise<T>;
  /** Where the links of `repo`'s entries go (a clone: its project id; the hub: that repository's pages, `/search` for none). */
  links: (repo: string | undefined) => LinkBase;
}

/** A page's parts, as the layout (layout.ts `renderPage`) takes them. */
export interface PageParts {
  title: string;
  body: Html;
  active: PageName;
  query?: string;
}

/**
 * The entry page of `entryId` in `repo` (the hub's), at `revision` (query text) when given.
 * Errors: `invalid_argument` (revision not a positive integer), the reader's (`not_found`, …).
 */
export async function entryPage(src: PageSource, q: { repo?: string | undefined; entryId: string; revision?: string | undefined }): Promise<PageParts> {
  const revision = parseOptionalInteger('revision', q.revision, BOUNDS.revision);
  const view = await buildEntryView(src.reader, (project, fn) => src.pictures({ repo: q.repo, project }, fn), { repo: q.repo, entryId: q.entryId, revision });
  const base = src.links(q.repo);
  const entry = view.current.entry;
  const references = await referenceLinks((fn) => src.pictures({ repo: q.repo, project: entry.project_id }, fn), entry, base);
  return { ...renderEntry({ project: base, view, references, ...(q.repo !== undefined ? { repo: q.repo } : {}) }), active: 'entry' };
}

/** The brief page (`budget` as query text); `form`: its action and the surface's extra fields. Errors: `invalid_argument` (budget), the reader's. */
export async function briefPage(src: PageSource, q: { repo?: string | undefined; project?: string | undefined; budget?: string | undefined }, form: { action: string; fields?: Html }): Promise<PageParts> {
  const budget = parseOptionalInteger('budget', q.budget, BOUNDS.budget);
  const brief = await src.reader.brief({ repo: q.repo, project: q.project, ...(budget ? { budget } : {}) });
  return { ...renderBrief({ brief, action: form.action, ...(form.fields ? { fields: form.fields } : {}), ...(budget ? { budget } : {}) }), active: 'brief' };
}

/** The search page (`q` the words; none yet: the form alone); `fields`: the surface's extra form fields. Errors: the reader's (`invalid_argument` for a bad kind, …). */
export async function searchPage(src: PageSource, q: { q?: string | undefined; kind?: string | undefined; repo?: string | undefined }, fields?: Html): Promise<PageParts> {
  const query = q.q?.trim() ?? '';
  const hits = query === '' ? null : await src.reader.search({ query, repo: q.repo, limit: SEARCH_LIMIT, ...(q.kind ? { kind: q.kind } : {}) });
  const corrections = hits === null ? [] : await src.reader.searchCorrections(query, hits, { repo: q.repo });
  const spans = src.reader.spans_repositories;
  return {
    ...renderSearch({ project: src.links(q.repo), query, hits, corrections, ...(spans ? { linksOf: src.links } : {}), ...(fields ? { fields } : {}), ...(q.kind ? { kind: q.kind } : {}) }),
    active: 'search',
    query,
  };
}

/**
 * The Candidates page (`status`, `cursor` as query text) of `project` (of `repo` on the hub);
 * `form`: a surface's fields above it from what the page shows and the projects it could show
 * (the hub's project field). Errors: the reader's (`invalid_argument`, `not_found`).
 */
export async function candidatesPage(src: PageSource, q: { repo?: string | undefined; project?: string | undefined; status?: string | undefined; cursor?: string | undefined }, links: CandidateLinks, form?: (at: { list: CandidateList; projects: string[] }) => Html | ''): Promise<PageParts> {
  const at = await src.reader.candidatePage(q);
  const rendered = renderCandidates({ links, list: at.list, paged: q.cursor !== undefined });
  return { title: rendered.title, body: h`${form?.(at) ?? ''}${rendered.body}`, active: 'candidates' };
}

/** One candidate's page (any unique id prefix) with its history. Errors: the reader's (`not_found`, `ambiguous_id`). */
export async function candidatePage(src: PageSource, q: { repo?: string | undefined; project?: string | undefined; candidateId: string }, links: CandidateLinks): Promise<PageParts> {
  return { ...renderCandidatePage({ links, view: await src.reader.candidateView(q) }), active: 'candidates' };
}
