/**
 * Bench section 1, writing: the synthetic history imported through the real store
 * (`GitStore.transact` + `tx.put`, BENCH_BATCH revisions per commit — what a migration tool
 * does: memory bounded per commit, history in chronological order, later revisions of an
 * entry in later commits, so the store reads entry state back from git) vs `git fast-import`
 * of the very same files and commits (final trees checked equal); then single-revision
 * commits likewise. At 10% of the import the daemon's list latency is measured once, for the
 * "flat from 10k to 100k" target.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateHistory } from './synthetic.js';
import { git, runFastImport, writeFastImportStream } from './native.js';
import { daemonListLatency } from './daemon-targets.js';
import { fmt, now, time } from './timing.js';

/** Runs the import rows; sets `ctx.entryIds`, `ctx.identity`; returns `{ importMs, fastImportMs, listAtCheckpoint }`. */
export async function importSection(ctx) {
  const { results, log, section, PROJECT, BATCH, ENTRIES, REVISIONS } = ctx;
  section('synthetic history');
  const gen = await time(() => generateHistory({ entries: ENTRIES, revisions: REVISIONS, projectId: PROJECT }));
  const { events, entryIds } = gen.value;
  ctx.entryIds = entryIds;
  log(`  generated ${events.length} revision events in ${fmt(gen.ms)} ms`);

  await ctx.brain.init();
  const initCommit = ctx.brain.store.tip();
  const identity = ctx.brain.identity();
  ctx.identity = identity;
  const initFiles = new Map(['brain.json', '.gitattributes', 'README.md'].map((f) => [f, git(ctx.repoDir, ['cat-file', 'blob', `${initCommit}:${f}`], { stripFinal: false }) + '\n']));

  section('import through the store');
  const commits = [{ message: 'brain: init', files: initFiles }];
  const checkpointAt = Math.max(BATCH, Math.round(REVISIONS / 10 / BATCH) * BATCH);
  let listAtCheckpoint = null;
  let importMs = 0;
  let batchNo = 0;
  for (let i = 0; i < events.length; i += BATCH) {
    const chunk = events.slice(i, i + BATCH);
    batchNo++;
    const message = `brain: import batch ${batchNo} (${chunk.length} revisions)`;
    let files = null;
    const t0 = now();
    await ctx.brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      for (const event of chunk) await tx.put(event.entry);
      files = tx.files;
      return { message, value: null };
    });
    importMs += now() - t0;
    commits.push({ message, files });
    if (batchNo % 10 === 0) log(`  ${i + chunk.length} revisions, ${fmt(((i + chunk.length) / importMs) * 1000)} revisions/s`);
    if (i + chunk.length === checkpointAt && i + chunk.length < events.length) {
      log(`  checkpoint at ${checkpointAt} revisions: daemon list latency`);
      listAtCheckpoint = { revisions: checkpointAt, ...(await daemonListLatency({ repo: ctx.repoDir, projectId: PROJECT, cachePath: ctx.cachePath(), runs: ctx.RUNS })) };
      rmSync(join(ctx.gitDir, 'brain'), { recursive: true, force: true });
    }
  }
  ctx.importCommits = batchNo;

  section('git fast-import baseline');
  const fiDir = join(ctx.root, 'fast-import.git');
  git(ctx.root, ['init', '-q', '--bare', fiDir]);
  const streamPath = join(ctx.root, 'import.stream');
  const streamBytes = writeFastImportStream({ path: streamPath, branch: 'brain', commits });
  const fastImportMs = runFastImport({ gitDir: fiDir, streamPath });
  rmSync(streamPath);
  const sameTree = git(fiDir, ['rev-parse', 'brain^{tree}']) === git(ctx.repoDir, ['rev-parse', 'brain^{tree}']);
  log(`  stream ${fmt(streamBytes / 1e6)} MB; same final tree as the store: ${sameTree}`);
  if (!sameTree) throw new Error('fast-import baseline built a different tree: the comparison would be meaningless');
  commits.length = 0; // release the captured file contents
  results.add({
    name: `import: ${REVISIONS} revisions in ${batchNo} commits (${BATCH}/commit)`, value: (REVISIONS / importMs) * 1000, unit: 'revisions/s',
    baseline: (REVISIONS / fastImportMs) * 1000, baselineName: 'git fast-import, same blobs', kind: 'rate',
  });
  results.add({ name: 'import: total time', value: importMs / 1000, unit: 's', baseline: fastImportMs / 1000, baselineName: 'git fast-import' });

  section('single-revision commits');
  const SINGLE = Math.max(20, Math.round(200 * ctx.SCALE));
  const singles = [];
  const singleStart = now();
  for (let i = 0; i < SINGLE; i++) {
    const id = entryIds[(i * 104729) % entryIds.length];
    let files = null;
    await ctx.brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      const current = await tx.current(id);
      const { revision, ...rest } = current;
      await tx.put({ ...rest, rationale: `${current.rationale.slice(0, 1400)} Single ${i}.`, recorded_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
      files = tx.files;
      return { message: `brain: revise ${id}`, value: null };
    });
    singles.push({ message: `brain: revise ${id}`, files });
  }
  const singleMs = now() - singleStart;
  ctx.extraRevisions += SINGLE;
  // Baseline: the same commits by fast-import on top of the identical tree in the baseline repo.
  const singleStream = join(ctx.root, 'single.stream');
  writeFastImportStream({ path: singleStream, branch: 'brain', commits: singles, baseRef: 'refs/heads/brain^0' });
  const fiSingleMs = runFastImport({ gitDir: fiDir, streamPath: singleStream });
  if (git(fiDir, ['rev-parse', 'brain^{tree}']) !== git(ctx.repoDir, ['rev-parse', 'brain^{tree}'])) throw new Error('single-commit baseline built a different tree');
  results.add({ name: `single-revision commits (${SINGLE}, via transact)`, value: (SINGLE / singleMs) * 1000, unit: 'commits/s', baseline: (SINGLE / fiSingleMs) * 1000, baselineName: 'git fast-import, same commits', kind: 'rate' });
  return { importMs, fastImportMs, listAtCheckpoint };
}
