/**
 * Bench section 2, cold rebuild of the projection: on loose objects right after the import,
 * then on a fresh `git clone` (packed, what a teammate has), with the cat-file and the
 * isomorphic-git readers, vs `git ls-tree -r` + `git cat-file --batch` reading the same blobs.
 * After it, `ctx.repoDir` is the clone: everything later runs there.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createIsoGitReader } from '../dist/git/iso-git-reader.js';
import { git, nativeReadAll } from './native.js';
import { fmt, now, time } from './timing.js';

const ISO_BUDGET_S = Number(process.env.BENCH_ISO_BUDGET_S ?? '150');

function objectCount(ctx) {
  const c = Object.fromEntries(git(ctx.repoDir, ['count-objects', '-v']).split('\n').map((l) => l.split(': ')));
  return `${c.count} loose, ${c['in-pack']} packed`;
}

async function coldRebuild(ctx, label, readerKind) {
  await ctx.brain.close();
  rmSync(join(ctx.gitDir, 'brain'), { recursive: true, force: true });
  ctx.brain = await ctx.open(readerKind ? { reader: readerKind } : {});
  const { ms, value } = await time(() => ctx.brain.refresh());
  const revisions = ctx.REVISIONS + ctx.extraRevisions;
  if (value.mode !== 'full' || value.stats.revisions !== revisions) {
    throw new Error(`${label}: expected a full rebuild of ${revisions} revisions, got ${JSON.stringify(value)}`);
  }
  return { ms, files: value.stats.files };
}

async function coldRebuildRows(ctx, where) {
  ctx.section(`cold rebuild (${where}: ${objectCount(ctx)})`);
  const ours = await coldRebuild(ctx, where);
  const native = await nativeReadAll({ gitDir: ctx.gitDir, commit: ctx.brain.store.tip(), prefix: 'projects' });
  const revs = ctx.REVISIONS + ctx.extraRevisions;
  ctx.results.add({
    name: `cold rebuild, ${where}, cat-file reader`, value: (revs / ours.ms) * 1000, unit: 'revisions/s',
    baseline: (revs / native.ms) * 1000, baselineName: 'ls-tree -r + cat-file --batch', kind: 'rate',
    note: `${ours.files} blobs, ${fmt(ours.ms / 1000)} s vs ${fmt(native.ms / 1000)} s`,
  });
  return { ours, native };
}

async function isoRebuildRows(ctx, where, nativeMs) {
  const revs = ctx.REVISIONS + ctx.extraRevisions;
  // Estimate from a sample of blob reads first; run the full rebuild only if it fits the budget.
  const reader = createIsoGitReader({ repo: ctx.brain.repo });
  const listing = await reader.listFiles((await reader.readCommit(ctx.brain.store.tip())).tree, 'projects');
  const sampleSize = Math.min(listing.length, 2000);
  const step = Math.max(1, Math.floor(listing.length / sampleSize));
  const picks = listing.filter((_, i) => i % step === 0).slice(0, sampleSize);
  const t0 = now();
  for (let i = 0; i < picks.length; i += 200) await Promise.all(picks.slice(i, i + 200).map((f) => reader.readBlob(f.oid)));
  const sampleMs = now() - t0;
  await reader.close();
  const estimateS = ((sampleMs / picks.length) * listing.length) / 1000;
  ctx.log(`  isomorphic-git: ${picks.length} sampled blobs at ${fmt((picks.length / sampleMs) * 1000)} blobs/s → full rebuild ≈ ${fmt(estimateS)} s`);
  if (estimateS <= ISO_BUDGET_S) {
    const iso = await coldRebuild(ctx, `${where} isomorphic-git`, 'isomorphic-git');
    ctx.results.add({
      name: `cold rebuild, ${where}, isomorphic-git reader`, value: (revs / iso.ms) * 1000, unit: 'revisions/s',
      baseline: (revs / nativeMs) * 1000, baselineName: 'ls-tree -r + cat-file --batch', kind: 'rate', note: `${fmt(iso.ms / 1000)} s`,
    });
  } else {
    ctx.results.add({
      name: `isomorphic-git reader, ${where}: blob reads`, value: (picks.length / sampleMs) * 1000, unit: 'blobs/s',
      baseline: (listing.length / nativeMs) * 1000, baselineName: 'ls-tree -r + cat-file --batch', kind: 'rate',
      note: `SUBSET: ${picks.length} of ${listing.length} blobs; full rebuild extrapolated ≈ ${fmt(estimateS)} s, over the ${ISO_BUDGET_S} s budget, not run`,
    });
  }
  await ctx.brain.close();
  ctx.brain = await ctx.open(); // the projection left behind is the same whichever reader built it
}

/** Runs the rebuild rows; returns the packed clone's `{ ours: { ms }, native: { ms } }`. */
export async function rebuildSection(ctx) {
  const loose = await coldRebuildRows(ctx, 'loose objects');
  await isoRebuildRows(ctx, 'loose objects', loose.native.ms);
  // A fresh clone is packed (DESIGN §3): one pack made by pack-objects (deltas, default
  // window/depth). Its brain branch comes with the clone (issue #8): no local branch by hand.
  ctx.section('git clone (packed)');
  await ctx.brain.close();
  const cloneDir = join(ctx.root, 'clone');
  const clone = await time(() => git(ctx.root, ['clone', '-q', '--no-local', ctx.repoDir, cloneDir]));
  ctx.repoDir = cloneDir;
  ctx.gitDir = join(cloneDir, '.git');
  ctx.brain = await ctx.open();
  ctx.log(`  git clone --no-local: ${fmt(clone.ms / 1000)} s → ${objectCount(ctx)}`);
  const packed = await coldRebuildRows(ctx, 'packed (fresh clone)');
  await isoRebuildRows(ctx, 'packed (fresh clone)', packed.native.ms);
  return packed;
}
