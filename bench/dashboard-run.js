/**
 * `node bench/dashboard-run.js` (after `npm run build`): the dashboard rows of the benchmark
 * alone, on a fresh synthetic brain of 20 000 entries / 100 000 revisions (BENCH_SCALE=2, the
 * size issue #8 names; override with BENCH_SCALE), imported through the store in batches of
 * 1 000 revisions per commit like run.js. Prints the table; writes nothing else (BENCH_KEEP=1
 * keeps the temp repository). Nothing is asserted.
 */
import { BENCH_ROOT } from './env.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { dashboardBench } from './dashboard.js';
import { git } from './native.js';
import { generateHistory } from './synthetic.js';
import { Targets } from './targets.js';
import { Results } from './timing.js';

const SCALE = Number(process.env.BENCH_SCALE ?? '2');
const ENTRIES = Math.round(10_000 * SCALE);
const PROJECT = 'bench';

const repo = join(BENCH_ROOT, 'repo');
mkdirSync(repo, { recursive: true });
git(repo, ['init', '-q']);
writeFileSync(join(repo, 'README.md'), '# bench\n');
git(repo, ['add', 'README.md']);
git(repo, ['commit', '-q', '-m', 'initial']);
const brain = await openBrain({ repoDir: repo, projectId: PROJECT, author: 'bench' });
await brain.init();
const { events } = generateHistory({ entries: ENTRIES, revisions: ENTRIES * 5, projectId: PROJECT });
process.stderr.write(`importing ${events.length} revisions of ${ENTRIES} entries into ${repo}\n`);
for (let i = 0; i < events.length; i += 1000) {
  await brain.store.transact({ projectId: PROJECT, identity: brain.identity('bench') }, async (tx) => {
    for (const event of events.slice(i, i + 1000)) await tx.put(event.entry);
    return { message: `brain: import batch ${i / 1000 + 1}`, value: null };
  });
}
await brain.refresh();
await brain.close();
const results = new Results();
const targets = new Targets();
await dashboardBench({ repo, projectId: PROJECT, results, runs: 30, targets, entries: ENTRIES });
process.stdout.write(`\nDashboard pages at ${ENTRIES} entries / ${events.length} revisions\n\n${results.table()}\n\n${targets.table()}\n`);
