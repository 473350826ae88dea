/**
 * Dev helper, not part of `npm run bench`: search at scale (issue 21, docs/decisions/0059). Builds
 * the bench's synthetic brain (BENCH_SCALE × 10 000 entries / 50 000 revisions, imported through
 * the store) in BRAIN_REPO when that holds no brain yet, else reuses it; then runs the bench's
 * search queries (bench/daemon-targets.js: the mix, the common, uncommon and rare ones)
 * in-process, ROUNDS rounds, each beside the FTS5 floor (the same documents in memory), and
 * prints the medians and the number of matches, e.g.
 *   BENCH_SCALE=2 BRAIN_REPO=/tmp/brain-100k node --cpu-prof bench/profile-search.js
 * Prints each query's hit ids' hash too: two versions of the search must print the same ones.
 */
import './env.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { generateHistory } from './synthetic.js';
import { git } from './native.js';
import { ftsBaseline, SEARCH_COMMON, SEARCH_QUERIES, SEARCH_RARE, SEARCH_UNCOMMON } from './daemon-targets.js';
import { median } from './timing.js';

const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const ROUNDS = Number(process.env.ROUNDS ?? '21');
const repoDir = process.env.BRAIN_REPO;
if (!repoDir) throw new Error('set BRAIN_REPO to a directory (made and filled when it holds no brain)');
const fresh = !existsSync(join(repoDir, '.git'));
if (fresh) {
  mkdirSync(repoDir, { recursive: true });
  git(repoDir, ['init', '-q']);
}
const brain = await openBrain({ repoDir, projectId: 'bench', author: 'bench' });
if (fresh) {
  const { events } = generateHistory({ entries: Math.round(10_000 * SCALE), revisions: Math.round(50_000 * SCALE), projectId: 'bench' });
  await brain.init();
  const identity = brain.identity('bench');
  for (let i = 0; i < events.length; i += 1000) {
    const chunk = events.slice(i, i + 1000);
    await brain.store.transact({ projectId: 'bench', identity }, async (tx) => {
      await tx.prefetch(chunk.map((e) => e.entry.entry_id));
      for (const e of chunk) await tx.put(e.entry);
      return { message: 'batch', value: null };
    });
  }
  console.log(`imported ${events.length} revisions into ${repoDir}`);
}
await brain.refresh();
const fts = ftsBaseline(join(repoDir, '.git', 'brain', 'cache.sqlite'), 'bench');
const queries = process.env.QUERIES ? process.env.QUERIES.split(',') : [...new Set([...SEARCH_QUERIES, SEARCH_COMMON, SEARCH_UNCOMMON, SEARCH_RARE])];
console.log(`${fts.documents} current entries; medians of ${ROUNDS} rounds (ms)`);
for (const q of queries) {
  const ours = [];
  const floor = [];
  let hits = [];
  for (let r = 0; r < ROUNDS; r++) {
    let t0 = performance.now();
    hits = await brain.search({ query: q });
    ours.push(performance.now() - t0);
    t0 = performance.now();
    fts.search(q);
    floor.push(performance.now() - t0);
  }
  const matches = brain.db().prepare('SELECT count(*) FROM entry_search_fts WHERE entry_search_fts MATCH ?').pluck().get(q.split(/\s+/).map((w) => `"${w}"*`).join(' OR '));
  const digest = createHash('sha256').update(hits.map((h) => `${h.entry.entry_id} ${h.relevance_score}`).join('\n')).digest('hex').slice(0, 12);
  console.log(`${JSON.stringify(q).padEnd(26)} ours ${median(ours.sort((a, b) => a - b)).toFixed(2).padStart(7)}  floor ${median(floor.sort((a, b) => a - b)).toFixed(2).padStart(7)}  matches ${String(matches).padStart(6)}  hits ${hits.length} ${digest}`);
}
fts.close();
await brain.close();
