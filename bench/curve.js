/**
 * The growth curve of issue 21: the rows that should stay flat or keep their ratio to a floor,
 * measured at 10k, 50k, 100k, 200k and 500k revisions as the import passes them (those below
 * the full size; the full size is the run's own final figures), each beside its floor measured
 * at the same point of the same run:
 *
 * - import rate of the segment since the previous point vs `git fast-import` of the same
 *   commits on top of the same tree (bench/import.js runs the floor per segment);
 * - first read: a cold rebuild of the projection in-process vs `git ls-tree -r` + `git cat-file
 *   --batch` of the same branch (loose objects and the store's packs, as the import left them);
 * - daemon health, worst list first page, search top 20 and context (bench/daemon-targets.js).
 *
 * `BENCH_SCALE=10` passes every point; its budget is in docs/decisions/0048.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { daemonListLatency, daemonQueryTargets } from './daemon-targets.js';
import { nativeReadAll } from './native.js';
import { fmt, now } from './timing.js';

/** The curve's points, in revisions. */
export const CURVE_POINTS = [10_000, 50_000, 100_000, 200_000, 500_000];

/**
 * Measures one point at `revisions` (the import's state now): cold rebuild vs the native read,
 * then the daemon rows on the cache that rebuild left; removes `.git/brain` after, so the import
 * goes on without a projection to keep. Returns the point's figures (ms, seconds for reads).
 */
export async function measurePoint(ctx, revisions) {
  rmSync(join(ctx.gitDir, 'brain'), { recursive: true, force: true });
  const brain = await ctx.open();
  const t0 = now();
  const refreshed = await brain.refresh();
  const rebuildMs = now() - t0;
  if (refreshed.stats?.revisions !== revisions) throw new Error(`curve point ${revisions}: rebuilt ${refreshed.stats?.revisions} revisions`);
  const native = await nativeReadAll({ gitDir: ctx.gitDir, commit: brain.store.tip(), prefix: 'projects' });
  await brain.close();
  const daemonArgs = { repo: ctx.repoDir, projectId: ctx.PROJECT, cachePath: ctx.cachePath(), runs: ctx.RUNS };
  const list = await daemonListLatency(daemonArgs);
  const queries = await daemonQueryTargets(daemonArgs);
  rmSync(join(ctx.gitDir, 'brain'), { recursive: true, force: true });
  ctx.log(`  point ${revisions}: rebuild ${fmt(rebuildMs / 1000)} s (floor ${fmt(native.ms / 1000)} s), health ${fmt(queries.health)} ms, list ${fmt(list.worstP50)} ms`);
  return { revisions, rebuildS: rebuildMs / 1000, nativeS: native.ms / 1000, list, queries };
}

/**
 * The curve as a text table: one line per row, one column per point (the last column is the
 * full size, from the run's final figures `full`), each cell `ours / floor` where there is one.
 */
export function curveTable(points, full) {
  const cols = [...points, full];
  const cell = (o, f) => (f === undefined ? fmt(o) : `${fmt(o)} / ${fmt(f)}`);
  const rows = [
    ['import, rev/s (ours / fast-import)', (p) => cell(p.importRate, p.floorRate)],
    ['first read: cold rebuild, s (ours / ls-tree + cat-file)', (p) => cell(p.rebuildS, p.nativeS)],
    ['daemon GET /api/health p50, ms', (p) => cell(p.queries.health)],
    ['daemon list, worst first page p50, ms (ours / raw SQL)', (p) => cell(p.list.worstP50, Math.max(...p.list.perFilter.map((f) => f.raw)))],
    ['daemon search top 20 p50, ms (ours / FTS5 in memory)', (p) => cell(p.queries.search, p.queries.searchFloor)],
    ['daemon search p50, ms: common / uncommon / rare words (ours / FTS5 in memory)', (p) => [['searchCommon', 'searchCommonFloor'], ['searchUncommon', 'searchUncommonFloor'], ['searchRare', 'searchRareFloor']].map(([o, f]) => cell(p.queries[o], p.queries[f])).join(' · ')],
    ['daemon context p50, ms (ours / raw SQL)', (p) => cell(p.queries.context, p.queries.contextFloor)],
  ];
  const header = ['row', ...cols.map((p) => `${p.revisions} rev`)];
  const lines = rows.map(([name, f]) => [name, ...cols.map((p) => f(p))]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmtLine = (l) => `| ${l.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [fmtLine(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(fmtLine)].join('\n');
}
