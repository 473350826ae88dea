/**
 * Dev helper, not part of `npm run bench`: the write path alone — the bulk import of run.js,
 * then SINGLES single-revision commits — for A/B runs and profiling, e.g.
 *   BENCH_SCALE=0.1 SINGLES=100 node --cpu-prof bench/profile-import.js
 * Prints the final tree oid: two versions of the writer must print the same one.
 */
import { BENCH_ROOT } from './env.js';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { generateHistory } from './synthetic.js';
import { git } from './native.js';
const SCALE = Number(process.env.BENCH_SCALE ?? '0.1');
const BATCH = Number(process.env.BENCH_BATCH ?? '1000');
const repoDir = join(BENCH_ROOT, 'repo');
mkdirSync(repoDir, { recursive: true });
git(repoDir, ['init', '-q']);
const { events, entryIds } = generateHistory({ entries: Math.round(10000 * SCALE), revisions: Math.round(50000 * SCALE), projectId: 'bench' });
const brain = await openBrain({ repoDir, projectId: 'bench', author: 'bench' });
await brain.init();
const identity = brain.identity('bench');
let t0 = performance.now();
for (let i = 0; i < events.length; i += BATCH) {
  await brain.store.transact({ projectId: 'bench', identity }, async (tx) => {
    for (const e of events.slice(i, i + BATCH)) await tx.put(e.entry);
    return { message: 'batch', value: null };
  });
}
const ms = performance.now() - t0;
console.log(`import ${events.length} revisions: ${(ms / 1000).toFixed(2)} s, ${(events.length / ms * 1000).toFixed(0)} rev/s`);
const N = Number(process.env.SINGLES ?? '100');
t0 = performance.now();
for (let i = 0; i < N; i++) {
  const id = entryIds[(i * 104729) % entryIds.length];
  await brain.store.transact({ projectId: 'bench', identity }, async (tx) => {
    const { revision, ...rest } = await tx.current(id);
    await tx.put({ ...rest, rationale: rest.rationale.slice(0, 1000) + ` s${i}` });
    return { message: 'single', value: null };
  });
}
const sms = performance.now() - t0;
console.log(`single commits: ${N} in ${(sms / 1000).toFixed(2)} s, ${(N / sms * 1000).toFixed(0)} commits/s`);
console.log('tree', git(repoDir, ['rev-parse', 'brain^{tree}']));
await brain.close();
rmSync(BENCH_ROOT, { recursive: true, force: true });
