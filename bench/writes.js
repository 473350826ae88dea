/**
 * Bench section 5, one write in-process as the CLI does it (`brain revise`: resolve the id,
 * commit under the lock, refresh the projection), each beside git's plumbing writing the
 * very same commit (bench/plumbing.js).
 */
import { plumbingRewrite } from './plumbing.js';
import { median, now } from './timing.js';

/** Runs the write rows; returns `{ ours, floor }` medians in ms. */
export async function writeSection(ctx, runs = 10) {
  ctx.section('single-revision writes (service, in-process)');
  const writer = await ctx.open();
  await writer.refresh();
  const ours = [];
  const floor = [];
  for (let i = 0; i <= runs; i++) {
    const id = ctx.entryIds[(ctx.revisePick++ * 7919) % ctx.entryIds.length];
    const t0 = now();
    await writer.writes.revise({ entryId: id, fields: { rationale: `Service revise ${ctx.revisePick}.` } });
    const ms = now() - t0;
    ctx.extraRevisions++;
    const plumbing = plumbingRewrite({ dir: ctx.repoDir, commit: writer.store.tip() });
    if (i === 0) continue; // warm-up
    ours.push(ms);
    floor.push(plumbing);
  }
  await writer.close();
  [ours, floor].forEach((s) => s.sort((a, b) => a - b));
  ctx.results.add({ name: `brain.writes.revise (commit + refresh), median of ${runs}`, value: median(ours), unit: 'ms', baseline: median(floor), baselineName: 'git plumbing, same commit' });
  return { ours: median(ours), floor: median(floor) };
}
