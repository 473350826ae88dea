/**
 * The graph page, the timeline page (its picture and its list) and the links of references in
 * entry text ("ADR 6", an entry id) of both dashboards (issue #22 "one house"): the daemon's per-project pages
 * (routes.ts) and the hub's per-repository ones (src/hub/dashboard/routes.ts) check the same
 * query, read through the same {@link PictureSource} — a clone's SQLite projection or the
 * hub's PostgreSQL one, both the backend contract's picture reads
 * (src/projection/picture-reader.ts) — and render the same HTML; only where links point
 * ({@link PictureLinks}) differs.
 */
import type { Entry } from '../../model/entry.js';
import { BrainError } from '../../model/errors.js';
import { parseEntryKind, type EntryKind } from '../../model/kinds.js';
import { parseOptionalInteger } from '../../model/number-text.js';
import type { PictureReader } from '../../projection/picture-reader.js';
import { buildEntryGraph, type GraphQuery } from '../../service/entry-graph.js';
import { resolveReferences } from '../../service/entry-references.js';
import { GRAPH_RELATIONS, type GraphRelation } from '../../service/graph-edges.js';
import { encodeKeyset } from '../../service/keyset-cursor.js';
import { buildTimelineChart, CHART_KINDS } from '../../service/timeline-chart.js';
import { buildTimeline, type TimelineSource } from '../../service/timeline.js';
import { decodePageCursor } from '../query-params.js';
import { entryTexts } from './entry-page.js';
import { renderGraph, type GraphFilters } from './graph-page.js';
import type { Html } from './html.js';
import type { ReferenceLinker } from './markdown.js';
import { entryUrl, type LinkBase, type UrlQuery } from './parts.js';
import { timelineChartSection } from './timeline-chart.js';
import { renderTimeline } from './timeline-page.js';

/** Runs `fn` with the picture reads of the page's project (a clone: `withPictureReader`; the hub: `HubService.pictures`). */
export type PictureSource = <T>(fn: (reader: PictureReader) => Promise<T>) => Promise<T>;

/** Where a picture page links: entries (`base`) and this page with other query values (`url`; the caller keeps its own, e.g. `project`); `fields`: the caller's own form fields. */
export interface PictureLinks {
  base: LinkBase;
  url: (query: UrlQuery) => string;
  fields?: Html;
}

/**
 * The linker of the references in `entry`'s texts (entry-page.ts `entryTexts`) that resolve to
 * one other entry of its project (service/entry-references.ts), linking to `base`'s entry pages.
 */
export async function referenceLinks(source: PictureSource, entry: Entry, base: LinkBase): Promise<ReferenceLinker> {
  const resolved = await source((reader) => resolveReferences(reader, entryTexts(entry), entry.entry_id));
  return (key) => { const f = resolved.get(key); return f ? { href: entryUrl(base, f.entry_id), title: f.title } : null; };
}

/** The graph page's own query parameters. */
export const GRAPH_PARAMS = ['relation', 'resolved', 'entry', 'page'] as const;

/** A checked graph query. */
export interface GraphRequest {
  filters: GraphFilters;
  query: GraphQuery;
}

/** Checks the graph page's query values. Errors: `invalid_argument` (resolved not 1, unknown relation, page not a positive integer). */
export function graphRequest(q: Record<string, string | undefined>): GraphRequest {
  if (q.resolved !== undefined && q.resolved !== '1') throw new BrainError('invalid_argument', 'resolved must be 1 (or left out)');
  if (q.relation !== undefined && !(GRAPH_RELATIONS as readonly string[]).includes(q.relation)) throw new BrainError('invalid_argument', `unknown relation "${q.relation.slice(0, 40)}"; legal: ${GRAPH_RELATIONS.join(', ')}`, { hint: `use one of: ${GRAPH_RELATIONS.join(', ')}` });
  const page = (parseOptionalInteger('page', q.page, { min: 1, max: 1_000_000, example: 2 }) ?? 1) - 1;
  const entry = q.entry?.trim() || undefined;
  const relation = q.relation as GraphRelation | undefined;
  return {
    filters: { ...(relation ? { relation } : {}), ...(q.resolved ? { resolved: true } : {}), ...(entry ? { entry } : {}) },
    query: { ...(relation ? { relation } : {}), includeResolved: q.resolved === '1', ...(entry ? { focus: entry } : {}), page },
  };
}

/** The graph page's title and body. Errors: the reader's, `not_found`/`invalid_argument` of an unknown or ambiguous `entry`. */
export async function graphPage(source: PictureSource, request: GraphRequest, links: PictureLinks): Promise<{ title: string; body: Html }> {
  const graph = await source((reader) => buildEntryGraph(reader, request.query));
  return renderGraph({ base: links.base, graph, filters: request.filters, url: links.url, ...(links.fields ? { fields: links.fields } : {}) });
}

/** The timeline picture's query: its kind (all of {@link CHART_KINDS} when absent) and `before`, the cursor of an older window. */
export interface ChartRequest {
  kind?: EntryKind;
  before?: { date: string; entry_id: string };
}

/** Checks `kind` and `before` of a timeline page. Errors: `invalid_argument` (unknown kind, bad cursor). */
export function chartRequest(q: { kind?: string | undefined; before?: string | undefined }): ChartRequest {
  const kind = q.kind ? parseEntryKind(q.kind) : undefined;
  const before = q.before === undefined ? undefined : decodePageCursor(q.before);
  return { ...(kind ? { kind } : {}), ...(before ? { before: { date: before[0], entry_id: before[1] } } : {}) };
}

/**
 * The timeline picture's section (timeline-chart.ts) with links to older windows, or null when
 * `request.kind` is one the picture does not place. Errors: the reader's.
 */
export async function timelineChartPart(source: PictureSource, request: ChartRequest, links: PictureLinks): Promise<Html | null> {
  const { kind, before } = request;
  if (kind !== undefined && !(CHART_KINDS as readonly string[]).includes(kind)) return null;
  const chart = await source((reader) => buildTimelineChart(reader, { ...(kind ? { kind } : {}), ...(before ? { after: before } : {}) }));
  const older = chart.next ? links.url({ kind, before: encodeKeyset([chart.next.date, chart.next.entry_id]) }) : null;
  return timelineChartSection(links.base, chart, { older, newest: before ? links.url({ kind }) : null });
}

/** A checked timeline page query: the picture's ({@link ChartRequest}) and the list's page (`cursor`: after that change). */
export interface TimelineRequest {
  picture: ChartRequest;
  after?: { recorded_at: string; path: string };
}

/** Checks `kind`, `before` and `cursor` of a timeline page. Errors: `invalid_argument` (unknown kind, bad cursor). */
export function timelineRequest(q: { kind?: string | undefined; before?: string | undefined; cursor?: string | undefined }): TimelineRequest {
  const after = q.cursor === undefined ? undefined : decodePageCursor(q.cursor);
  return { picture: chartRequest(q), ...(after ? { after: { recorded_at: after[0], path: after[1] } } : {}) };
}

/** The timeline page: the picture (first page only), then the list of changes, read through `source`. Errors: the source's. */
export async function timelinePage(source: TimelineSource, request: TimelineRequest, links: PictureLinks): Promise<{ title: string; body: Html; active: 'timeline' }> {
  const { picture, after } = request;
  const timeline = await buildTimeline(source, { kind: picture.kind, after });
  const chart = after === undefined ? await timelineChartPart(source.pictures, picture, links) : null;
  return { ...renderTimeline({ timeline, paged: after !== undefined, links, ...(picture.kind ? { kind: picture.kind } : {}), ...(chart ? { chart } : {}) }), active: 'timeline' };
}
