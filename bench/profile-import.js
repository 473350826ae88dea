/**
 * Dev helper, not part of `npm run bench`: the write path alone — the bulk import of run.js,
 * then SINGLES single-revision commits — for A/B runs and profiling, e.g.
 *   BENCH_SCALE=0.1 SINGLES=100 node --cpu-prof bench/profile-import.js
 * Prints the final tree oid: two versions of the writer must print the same one.
 * FAST_IMPORT=1 also times `git fast-import` of the same files and commits (final tree checked).
 */
import { BENCH_ROOT } from './env.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { generateHistory } from './synthetic.js';
import { git, runFastImport, writeFastImportStream } from './native.js';
const SCALE = Number(process.env.BENCH_SCALE ?? '0.1');
const BATCH = Number(process.env.BENCH_BATCH ?? '1000');
const repoDir = join(BENCH_ROOT, 'repo');
mkdirSync(repoDir, { recursive: true });
git(repoDir, ['init', '-q']);
const { events, entryIds } = generateHistory({ entries: Math.round(10000 * SCALE), revisions: Math.round(50000 * SCALE), projectId: 'bench' });
const brain = await openBrain({ repoDir, projectId: 'bench', author: 'bench' });
await brain.init();
const identity = brain.identity('bench');
const FAST_IMPORT = process.env.FAST_IMPORT === '1';
const initTip = brain.store.tip();
const commits = FAST_IMPORT
  ? [{ message: 'init', files: new Map(['brain.json', '.gitattributes', 'README.md'].map((f) => [f, git(repoDir, ['cat-file', 'blob', `${initTip}:${f}`], { stripFinal: false }) + '\n'])) }]
  : [];
let t0 = performance.now();
for (let i = 0; i < events.length; i += BATCH) {
  let files = null;
  await brain.store.transact({ projectId: 'bench', identity }, async (tx) => {
    for (const e of events.slice(i, i + BATCH)) await tx.put(e.entry);
    files = tx.files;
    return { message: 'batch', value: null };
  });
  if (FAST_IMPORT) commits.push({ message: 'batch', files });
}
const ms = performance.now() - t0;
console.log(`import ${events.length} revisions: ${(ms / 1000).toFixed(2)} s, ${(events.length / ms * 1000).toFixed(0)} rev/s`);
if (FAST_IMPORT) {
  const fiDir = join(BENCH_ROOT, 'fast-import.git');
  git(BENCH_ROOT, ['init', '-q', '--bare', fiDir]);
  const streamPath = join(BENCH_ROOT, 'import.stream');
  writeFastImportStream({ path: streamPath, branch: 'brain', commits });
  const fiMs = runFastImport({ gitDir: fiDir, streamPath });
  const same = git(fiDir, ['rev-parse', 'brain^{tree}']) === git(repoDir, ['rev-parse', 'brain^{tree}']);
  console.log(`git fast-import: ${(fiMs / 1000).toFixed(2)} s; ratio ${(ms / fiMs).toFixed(2)}x; same tree: ${same}`);
  commits.length = 0;
}
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
