/**
 * Issue #8 part 2: latency of each dashboard page served by the daemon, on the same synthetic
 * brain as run.js (BENCH_SCALE=2 gives the 20 000 entries the issue names), each beside the
 * REST call that reads the same data. Every request is a full render (no If-None-Match, and
 * `Cache-Control: no-cache` past the daemon's rendered-page cache); further rows show a 304
 * revalidation and a repeat served from that cache. Nothing is asserted.
 */
import { get, startDaemon, stop } from './daemon.js';
import { median, p95, sample } from './timing.js';

const ok = async (port, path, headers = { 'cache-control': 'no-cache' }) => {
  const r = await get(port, path, headers);
  if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${r.body.slice(0, 300)}`);
  return r;
};
const nextLink = (body) => /href="([^"]+)" rel="next"/.exec(body)?.[1]?.replace(/&amp;/g, '&') ?? null;

/** Adds one row per page to `results` (median and p95 of `runs` requests). */
export async function dashboardBench({ repo, projectId, results, runs = 30 }) {
  const d = await startDaemon(repo);
  const p = `/projects/${projectId}`;
  const api = `/api/projects/${projectId}/brain`;
  const firstList = JSON.parse((await ok(d.port, `${api}?kind=decision&limit=1`)).body).data[0];
  const id = firstList.entry_id;
  await ok(d.port, `${api}/search?q=cache`); // loads the search index, as a first visitor would
  const boardKind = await ok(d.port, `${p}?kind=decision`);
  const timeline = await ok(d.port, `${p}/timeline`);
  const pages = [
    ['board, all kinds (6 sections × 8)', p, `${api}?limit=48`],
    ['board, kind=decision (50 rows)', `${p}?kind=decision`, `${api}?kind=decision&limit=50`],
    ['board, kind=decision, page 2', nextLink(boardKind.body), `${api}?kind=decision&limit=50`],
    ['board, tag + status filter', `${p}?kind=risk&status=active&tag=performance`, `${api}?kind=risk&status=active&tag=performance&limit=50`],
    ['board, path glob filter', `${p}?path=${encodeURIComponent('src/**')}`, `${api}?limit=48`],
    ['entry page (history with commits + diffs)', `${p}/entries/${id}`, `${api}/${id}/history`],
    ['search "cache invalidation"', `${p}/search?q=cache+invalidation`, `${api}/search?q=cache+invalidation&limit=50`],
    ['brief', `${p}/brief`, `${api}/context`],
    ['timeline (50 events with commits)', `${p}/timeline`, `${api}?limit=50`],
    ['timeline, page 2', nextLink(timeline.body), `${api}?limit=50`],
    ['dependencies', `${p}/dependencies`, `${api}?kind=dependency&limit=500`],
  ];
  for (const [label, path, restPath] of pages) {
    if (!path) continue;
    const page = await sample(() => ok(d.port, path), { runs, warmup: 2 });
    const rest = await sample(() => ok(d.port, restPath), { runs, warmup: 2 });
    results.add({ name: `dashboard ${label}, median`, value: median(page), unit: 'ms', baseline: median(rest), baselineName: `REST ${restPath.replace(api, '…/brain').slice(0, 40)}` });
    results.add({ name: `dashboard ${label}, p95`, value: p95(page), unit: 'ms', baseline: p95(rest), baselineName: 'same REST call' });
  }
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
