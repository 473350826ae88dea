/**
 * The REST reads, written once over the read contract (src/service/read-scope.ts; issue #22
 * "one REST router"): list, search, brief, one entry, its history, candidates, one candidate,
 * projects. Each surface mounts them at its own paths with its own reader and answer
 * ({@link ReadMount}): the daemon at `/api/projects/:project/brain…` over a clone (a strong
 * ETag per projected oid: rest.ts), the hub at `/api/entries…?repo=` over the token's scope
 * (`no-store`: src/hub/http/rest.ts). Where the reader spans repositories, routes take `repo`
 * and `project` (and `facets=repo` on the list) and every row carries `repo`; otherwise the
 * answers are the same. Unknown or repeated query parameters and bad values are 400s
 * (query-params.ts), checked before the reader is opened: a bad request learns nothing about
 * the scope (an unknown project or repository); only a `cursor`, the reader's own keyset, is
 * checked by the reader.
 *
 * | read | query | `data` |
 * |---|---|---|
 * | list | `kind status tag author related_task path updated_since limit cursor` | `Entry[]` newest first + `pagination: {limit, has_more, next_cursor, changed_since_first_page?}` (a clone's: what changed since the first page, decision 0099) |
 * | search | `q` (required) `kind limit` (≤ 100, default 20) | `{entry, relevance_score}[]` |
 * | brief | `budget path… related_task…` (`task…`: the spelling before issue #19) | `{markdown, tokens, included, omitted}` (+ `groups`) |
 * | get | `revision` | `{...Entry, revision_count, forked}` (a clone: any unique id prefix) |
 * | history | — | `{entry, sha256, path, commit: {oid, author, email, time} \| null}[]`, oldest first |
 * | candidates | `status` (`pending` default, `approved`, `rejected`, `all`) | `Candidate[]`, newest first |
 * | candidate | — | `Candidate` (any unique id prefix) |
 * | projects | — | `{project_id, entries, by_kind}[]` |
 */
import { Hono, type Context, type Env } from 'hono';
import { BrainError } from '../model/errors.js';
import { BOUNDS, parseOptionalInteger } from '../model/number-text.js';
import { candidateFilter } from '../service/candidate-page.js';
import type { ReadScope } from '../service/read-scope.js';
import { listLimit, queryParams, searchParams } from './query-params.js';

/** A response body (`{data, …}`) produced inside the surface's answer (the daemon computes its ETag around it). */
export type Produce = () => Promise<Record<string, unknown>>;

/** How a surface serves the reads. */
export interface ReadMount<E extends Env> {
  /** True over repositories (the hub): routes take `repo`, `project` and the list `facets`; rows carry `repo`. */
  spans: boolean;
  /** The reader of request `c` and how it answers (ETag or no-store). Errors: the surface's (an unknown project: `not_found`). */
  open(c: Context<E>): Promise<{ reader: ReadScope; answer: (produce: Produce) => Promise<Response> }>;
}

/** Where each read is mounted (Hono paths relative to the router); a read without a path is not served. `:repo` in a path is the row's repository. */
export type ReadPaths = Partial<Record<'list' | 'search' | 'brief' | 'get' | 'history' | 'candidates' | 'candidate' | 'projects', string>>;

const repoOf = (row: { repo?: string }) => (row.repo === undefined ? {} : { repo: row.repo });

/** A route's values checked (`invalid_argument` before the reader is opened), and the read they make. */
type Route<E extends Env> = (q: Record<string, string | undefined>, c: Context<E>) => (reader: ReadScope) => Promise<Record<string, unknown>>;

/** The reads of `mount` at `paths` (see the module doc). */
export function createReadRoutes<E extends Env>(mount: ReadMount<E>, paths: ReadPaths): Hono<E> {
  const routes = new Hono<E>();
  const narrowing = mount.spans ? ['repo', 'project'] : [];
  const serve = (path: string | undefined, allowed: readonly string[], repeatable: readonly string[], route: Route<E>) => {
    if (path === undefined) return;
    routes.get(path, async (c) => {
      const read = route(queryParams(c, allowed, repeatable), c);
      const { reader, answer } = await mount.open(c);
      return answer(() => read(reader));
    });
  };

  serve(paths.list, [...narrowing, 'kind', 'status', 'tag', 'author', 'related_task', 'path', 'updated_since', 'limit', 'cursor', ...(mount.spans ? ['facets'] : [])], [], (q) => {
    if (q.facets !== undefined && q.facets !== 'repo') throw new BrainError('invalid_argument', `unknown facet "${q.facets.slice(0, 40)}"`, { hint: 'facets=repo counts every match per repository' });
    const limit = listLimit(q.limit);
    return async (reader) => {
      // A given filter is passed even when empty (`tag=`): the readers refuse what can never match (issue #17).
      const page = await reader.list({
        repo: q.repo, project: q.project, kind: q.kind, status: q.status, tag: q.tag, author: q.author, relatedTask: q.related_task, path: q.path, updatedSince: q.updated_since,
        limit, cursor: q.cursor, facet: q.facets === 'repo',
      });
      const pagination = { limit, has_more: page.next_cursor !== null, next_cursor: page.next_cursor, ...(page.changed ? { changed_since_first_page: page.changed } : {}) };
      return { data: page.rows.map((r) => ({ ...repoOf(r), ...r.entry })), pagination, ...(page.facet ? { facets: { repo: page.facet } } : {}) };
    };
  });

  serve(paths.search, ['q', ...narrowing, 'kind', 'limit'], [], (q) => {
    const { query, limit } = searchParams(q, `GET ${mount.spans ? '/api/search' : '…/brain/search'}?q=sqlite+cache`);
    return async (reader) => {
      const hits = await reader.search({ query, repo: q.repo, project: q.project, kind: q.kind, limit });
      return { data: hits.map((h) => ({ ...repoOf(h), entry: h.entry, relevance_score: h.relevance_score })) };
    };
  });

  serve(paths.brief, [...narrowing, 'budget', 'path', 'related_task', 'task'], ['path', 'related_task', 'task'], (q, c) => {
    const budget = parseOptionalInteger('budget', q.budget, BOUNDS.budget);
    const taskIds = [...(c.req.queries('related_task') ?? []), ...(c.req.queries('task') ?? [])];
    const paths = c.req.queries('path') ?? [];
    return async (reader) => ({ data: await reader.brief({ repo: q.repo, project: q.project, budget, paths, taskIds }) });
  });

  serve(paths.history, [], [], (_q, c) => async (reader) => {
    const revisions = await reader.history({ repo: c.req.param('repo'), entryId: c.req.param('entry_id') ?? '' });
    return { data: revisions.map((r) => ({ ...repoOf(r), entry: r.entry, sha256: r.sha256, path: r.path, commit: r.commit })) };
  });

  serve(paths.candidates, [...narrowing, 'status'], [], (q) => {
    const status = candidateFilter(q.status);
    return async (reader) => ({ data: (await reader.candidates({ repo: q.repo, project: q.project, status })).map((r) => ({ ...repoOf(r), ...r.candidate })) });
  });

  serve(paths.candidate, mount.spans ? ['project'] : [], [], (q, c) => async (reader) => {
    const rows = await reader.candidates({ repo: c.req.param('repo'), project: q.project, candidateId: c.req.param('candidate_id') ?? '' });
    return { data: rows.map((r) => ({ ...repoOf(r), ...r.candidate }))[0] };
  });

  serve(paths.get, ['revision'], [], (q, c) => {
    const revision = parseOptionalInteger('revision', q.revision, BOUNDS.revision);
    return async (reader) => {
      const row = await reader.get({ repo: c.req.param('repo'), entryId: c.req.param('entry_id') ?? '', revision });
      return { data: { ...repoOf(row), ...row.entry, revision_count: row.revision_count, forked: row.forked } };
    };
  });

  serve(paths.projects, mount.spans ? ['repo'] : [], [], (q) => async (reader) => ({ data: (await reader.projects({ repo: q.repo })).projects }));

  return routes;
}
