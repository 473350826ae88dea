/**
 * Issue #8 part 2: latency of each dashboard page served by the daemon, on the same synthetic
 * brain as run.js (BENCH_SCALE=2 gives the 20 000 entries the issue names), each beside the
 * REST call that reads the same data. Every request is a full render (no If-None-Match, and
 * `Cache-Control: no-cache` past the daemon's rendered-page cache); further rows show a 304
 * revalidation and a repeat served from that cache, and the graph right after a commit (its
 * project-wide part read again: docs/decisions/0081). Nothing is asserted. The two pictures of
 * issue #22 (the graph, the timeline with its chart) also get a row in the targets table when
 * `targets` is given: full render p95 ≤ {@link PICTURE_TARGET_MS} (docs/decisions/0044).
 */
import { openBrain } from '../dist/service.js';
import { get, startDaemon, stop } from './daemon.js';
import { median, now, p95, sample } from './timing.js';

const ok = async (port, path, headers = { 'cache-control': 'no-cache' }) => {
  const r = await get(port, path, headers);
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 300)}`);
  return r;
};
const nextLink = (body) => /href="([^"]+)" rel="next"/.exec(body)?.[1]?.replace(/&amp;/g, '&') ?? null;

/** The pictures' target: p95 of a full render of the graph page or the timeline page, in ms. */
export const PICTURE_TARGET_MS = 400;

/** Adds one row per page to `results` (median and p95 of `runs` requests), and the pictures' targets to `targets` (optional; `entries`: the brain's size, for the row's name). */
export async function dashboardBench({ repo, projectId, results, runs = 30, targets = null, entries = null }) {
  const d = await startDaemon(repo);
  const p = `/projects/${projectId}`;
  const api = `/api/projects/${projectId}/brain`;
  const firstList = JSON.parse((await ok(d.port, `${api}?kind=decision&limit=1`)).body).data[0];
  const id = firstList.entry_id;
  await ok(d.port, `${api}/search?q=cache`); // loads the search index, as a first visitor would
  const boardKind = await ok(d.port, `${p}?kind=decision`);
  const timeline = await ok(d.port, `${p}/timeline`);
  const coldStart = now();
  const graph = await ok(d.port, `${p}/graph`); // the first: no group layout remembered yet (graph-layout.ts)
  const coldGraphMs = now() - coldStart;
  const olderChart = /href="([^"]+)">Older decisions/.exec(timeline.body)?.[1]?.replace(/&amp;/g, '&') ?? null;
  const pages = [
    ['board, all kinds (6 sections × 8)', p, `${api}?limit=48`],
    ['board, kind=decision (50 rows)', `${p}?kind=decision`, `${api}?kind=decision&limit=50`],
    ['board, kind=decision, page 2', nextLink(boardKind.body), `${api}?kind=decision&limit=50`],
    ['board, tag + status filter', `${p}?kind=risk&status=active&tag=performance`, `${api}?kind=risk&status=active&tag=performance&limit=50`],
    ['board, path glob filter', `${p}?path=${encodeURIComponent('src/**')}`, `${api}?path=${encodeURIComponent('src/**')}&limit=48`], // the REST list of the same filter
    ['entry page (history with commits + diffs)', `${p}/entries/${id}`, `${api}/${id}/history`],
    ['search "cache invalidation"', `${p}/search?q=cache+invalidation`, `${api}/search?q=cache+invalidation&limit=50`],
    ['brief', `${p}/brief`, `${api}/context`],
    ['timeline (chart of 200 decisions and plans, 50 events with commits)', `${p}/timeline`, `${api}?limit=50`],
    ['timeline, page 2', nextLink(timeline.body), `${api}?limit=50`],
    ['timeline chart, older window', olderChart, `${api}?kind=decision&limit=200`],
    ['graph (SVG of up to 200 nodes and its table)', `${p}/graph`, `${api}?kind=dependency&limit=500`],
    ['graph, page 2', nextLink(graph.body), `${api}?kind=dependency&limit=500`],
    ['graph, supersedes only', `${p}/graph?relation=supersedes&resolved=1`, `${api}?kind=decision&limit=200`],
  ];
  const picture = new Map([[`${p}/timeline`, 'timeline page (chart + events)'], [`${p}/graph`, 'graph page (SVG + table)']]);
  for (const [label, path, restPath] of pages) {
    if (!path) continue;
    const page = await sample(() => ok(d.port, path), { runs, warmup: 2 });
    const rest = await sample(() => ok(d.port, restPath), { runs, warmup: 2 });
    if (targets && picture.has(path)) {
      targets.add({ operation: `dashboard ${picture.get(path)}${entries ? ` at ${entries} entries` : ''}, full render (p95)`, ours: p95(page), floor: p95(rest), floorName: `REST ${restPath.replace(api, '…/brain').slice(0, 40)}`, unit: 'ms', target: `p95 ≤ ${PICTURE_TARGET_MS} ms`, met: (o) => o <= PICTURE_TARGET_MS });
    }
    results.add({ name: `dashboard ${label}, median`, value: median(page), unit: 'ms', baseline: median(rest), baselineName: `REST ${restPath.replace(api, '…/brain').slice(0, 40)}` });
    results.add({ name: `dashboard ${label}, p95`, value: p95(page), unit: 'ms', baseline: p95(rest), baselineName: 'same REST call' });
  }
  results.add({ name: 'dashboard graph, first render (no layout remembered), once', value: coldGraphMs, unit: 'ms', baseline: median(await sample(() => ok(d.port, `${p}/graph`), { runs: 5, warmup: 0 })), baselineName: 'later renders (median)' });
  // The graph's project-wide part is kept per projected commit (docs/decisions/0081): right after a commit by another
  // process it is read again — the cost the rows above no longer show.
  const writer = await openBrain({ repoDir: repo, author: 'bench-writer' });
  const moved = [];
  for (let i = 0; i < 10; i++) {
    const { entry } = await writer.writes.append({ kind: 'open_question', fields: { title: `graph moved ${i}` } });
    while ((await get(d.port, `${api}/${entry.entry_id}`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 2));
    const t0 = now();
    await ok(d.port, `${p}/graph`);
    moved.push(now() - t0);
  }
  await writer.close();
  moved.sort((a, b) => a - b);
  const unmoved = await sample(() => ok(d.port, `${p}/graph`), { runs: 10, warmup: 0 });
  results.add({ name: 'dashboard graph right after a commit (project-wide part read again), median', value: median(moved), unit: 'ms', baseline: median(unmoved), baselineName: 'the same page, nothing new' });
  results.add({ name: 'dashboard graph right after a commit, p95', value: p95(moved), unit: 'ms', baseline: p95(unmoved), baselineName: 'the same page, nothing new' });
  const etag = (await ok(d.port, p)).headers.etag;
  const revalidate = await sample(async () => {
    const r = await get(d.port, p, { 'if-none-match': etag });
    if (r.status !== 304) throw new Error(`revalidation answered ${r.status}`);
  }, { runs, warmup: 2 });
  const full = await sample(() => ok(d.port, p), { runs, warmup: 0 });
  results.add({ name: 'dashboard board revalidation (304), median', value: median(revalidate), unit: 'ms', baseline: median(full), baselineName: 'full board render' });
  const brief = await sample(() => ok(d.port, `${p}/brief`), { runs, warmup: 0 });
  const briefCached = await sample(() => ok(d.port, `${p}/brief`, {}), { runs, warmup: 1 });
  results.add({ name: 'dashboard brief from the rendered-page cache, median', value: median(briefCached), unit: 'ms', baseline: median(brief), baselineName: 'full brief render' });
  await stop(d.child);
}
