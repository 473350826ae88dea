/**
 * Bench section 4, in-process: incremental catch-up after one commit by another writer vs
 * `git diff-tree`, list latency vs raw SQL on the same cache file, search latency vs FTS5
 * over the same documents in memory.
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { ftsBaseline, LIST_FILTERS, SEARCH_QUERIES } from './daemon-targets.js';
import { median, p95, sample, time, wallOf } from './timing.js';

/** One commit by another Brain (`other`) revising an existing entry; returns its oid. */
export async function externalCommit(ctx, other) {
  const id = ctx.entryIds[(ctx.revisePick++ * 7919) % ctx.entryIds.length];
  const result = await other.store.transact({ projectId: ctx.PROJECT, identity: ctx.identity }, async (tx) => {
    const current = await tx.current(id);
    const { revision, ...rest } = current;
    await tx.put({ ...rest, rationale: `${current.rationale.slice(0, 1400)} Catch-up note ${ctx.revisePick}.`, recorded_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
    return { message: `brain: revise ${id}`, value: null };
  });
  ctx.extraRevisions++;
  return result.commit;
}

/** Runs the catch-up, list and search rows (in-process). */
export async function querySection(ctx) {
  const { results, section, PROJECT, RUNS } = ctx;
  section('incremental catch-up');
  await ctx.brain.refresh();
  const other = await ctx.open();
  const catchUp = [];
  const diffTree = [];
  for (let i = 0; i < 6; i++) {
    const from = ctx.brain.store.tip();
    const to = await externalCommit(ctx, other);
    const { ms, value } = await time(() => ctx.brain.refresh());
    if (value.mode !== 'incremental' || value.stats.revisions !== 1) throw new Error(`catch-up: ${JSON.stringify(value)}`);
    const native = wallOf('git', ['diff-tree', '-r', '--raw', from, to, '--', 'projects'], { cwd: ctx.repoDir });
    if (i === 0) continue;
    catchUp.push(ms);
    diffTree.push(native.ms);
  }
  await other.close();
  catchUp.sort((a, b) => a - b);
  diffTree.sort((a, b) => a - b);
  results.add({ name: 'incremental catch-up: 1 new commit, refresh (median of 5)', value: median(catchUp), unit: 'ms', baseline: median(diffTree), baselineName: 'git diff-tree -r, wall' });

  section('list latency (in-process, first page of 20)');
  const cachePath = join(ctx.gitDir, 'brain', 'cache.sqlite');
  const raw = new Database(cachePath, { readonly: true });
  const toFilter = (query) => Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [{ related_task: 'relatedTask', updated_since: 'updatedSince' }[k] ?? k, v]));
  for (const f of LIST_FILTERS) {
    let rows = 0;
    const ours = await sample(async () => (rows = (await ctx.brain.list({ ...toFilter(f.query), limit: 20 })).length), { runs: RUNS });
    const stmt = raw.prepare(`SELECT c.json FROM current c WHERE c.project_id = ? AND ${f.sql} ORDER BY c.recorded_at DESC, c.entry_id LIMIT 20`);
    let rawRows = 0;
    const base = await sample(() => (rawRows = stmt.all(PROJECT).length), { runs: RUNS });
    if (rows !== rawRows) throw new Error(`list ${f.label}: ${rows} rows vs raw SQL ${rawRows}`);
    results.add({ name: `list ${f.label} (first ${rows}), median`, value: median(ours), unit: 'ms', baseline: median(base), baselineName: 'raw SQL, same filter' });
    results.add({ name: `list ${f.label}, p95`, value: p95(ours), unit: 'ms', baseline: p95(base), baselineName: 'raw SQL, same filter' });
  }
  raw.close();

  section('search latency (in-process)');
  const fts = ftsBaseline(cachePath, PROJECT);
  for (const q of SEARCH_QUERIES) {
    let hits = 0;
    const ours = await sample(async () => (hits = (await ctx.brain.search({ query: q })).length), { runs: RUNS });
    let ftsHits = 0;
    const base = await sample(() => (ftsHits = fts.search(q).length), { runs: RUNS });
    results.add({ name: `search "${q}" (${hits} hits; FTS5 ${ftsHits}), median`, value: median(ours), unit: 'ms', baseline: median(base), baselineName: 'FTS5 prefix AND (else OR), top 20' });
  }
  results.add({ name: `search floor: FTS5 build over ${fts.documents} current entries`, value: fts.buildMs, unit: 'ms' });
  fts.close();
}
