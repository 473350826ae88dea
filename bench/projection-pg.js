/**
 * The PostgreSQL projection vs the SQLite one on the same repository (issue #11 "Postgres vs
 * SQLite on the same single-repository queries"): a synthetic history (bench/synthetic.js)
 * imported through the store, then a full rebuild on each backend and the latencies (p50, p95
 * over BENCH_RUNS runs) of lists, counts and searches, printed with PG/SQLite ratios.
 *
 * Run: `npm run build && node bench/projection-pg.js`. Env: BENCH_REVISIONS (default 20000),
 * BENCH_ENTRIES (default revisions / 4), BENCH_RUNS (default 30), BENCH_PG_URL (a database to
 * use; default: a temporary server, src/projection/postgres/local-server.ts `startPostgres`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { startPostgres } from '../dist/projection/postgres/local-server.js';
import { createPostgresProjection } from '../dist/projection/postgres/postgres-projection.js';
import { countCurrent, listCurrent } from '../dist/projection/sqlite/queries.js';
import { searchEntries } from '../dist/projection/sqlite/search.js';
import { generateHistory } from './synthetic.js';
import { git } from './native.js';
import { fmt, median, sample, time } from './timing.js';

const REVISIONS = Number(process.env.BENCH_REVISIONS ?? 20_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? Math.round(REVISIONS / 4));
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PROJECT = 'bench';

const row = (name, pgMs, sqliteMs) => console.log(`${name.padEnd(44)} pg ${fmt(pgMs).padStart(9)} ms   sqlite ${fmt(sqliteMs).padStart(9)} ms   ratio ${fmt(pgMs / sqliteMs)}`);

async function main() {
  const repoDir = mkdtempSync(join(process.env.TMPDIR ?? tmpdir(), 'bench-pg-repo-'));
  git(repoDir, ['init', '-q']);
  const brain = await openBrain({ repoDir, author: 'bench', projectId: PROJECT });
  await brain.init();
  const { events } = generateHistory({ entries: ENTRIES, revisions: REVISIONS, projectId: PROJECT });
  const identity = brain.identity();
  for (let i = 0; i < events.length; i += 1000) {
    await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
      for (const e of events.slice(i, i + 1000)) await tx.put(e.entry);
      return { message: `import ${i}`, value: null };
    });
  }
  console.log(`${events.length} revisions of ${ENTRIES} entries imported`);
  const server = process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop: async () => undefined } : await startPostgres();
  const pgp = await createPostgresProjection({ url: server.url, schema: 'bench' });
  try {
    const reader = await brain.reader();
    const tip = brain.store.tip();
    const sqliteRebuild = await time(() => brain.refresh({ full: true }));
    const pgRebuild = await time(() => pgp.refresh({ repo: 'bench', reader, tip, full: true }));
    row(`full rebuild, ${REVISIONS} revisions`, pgRebuild.ms, sqliteRebuild.ms);
    const db = brain.db();
    const paths = ['src', 'src/store', 'src/service.ts', 'src/**/*.ts', 'infra/**', '**/*.md'].map((path) => ({ path }));
    const lists = [{}, { kind: 'decision' }, { status: 'open' }, { tag: 'cache' }, ...paths, { path: 'src', kind: 'risk' }];
    for (const f of lists) {
      const p = await sample(() => pgp.list({ repos: ['bench'], projectId: PROJECT, limit: 50, ...f }), { runs: RUNS });
      const s = await sample(async () => listCurrent(db, { projectId: PROJECT, limit: 50, ...f }), { runs: RUNS });
      row(`list ${JSON.stringify(f)} limit 50, p50`, median(p), median(s));
    }
    // Counting every match (the hub's `facets=repo`, /api/repos entry counts).
    for (const f of [{}, { tag: 'cache' }, { path: 'src' }, { path: 'src/**/*.ts', kind: 'decision' }]) {
      const p = await sample(() => pgp.count({ repos: ['bench'], projectId: PROJECT, ...f }), { runs: RUNS });
      const s = await sample(async () => countCurrent(db, { projectId: PROJECT, ...f }), { runs: RUNS });
      row(`count ${JSON.stringify(f)}, p50`, median(p), median(s));
    }
    // The same repository projected a second time under another name: a path filter across two repositories.
    await pgp.refresh({ repo: 'bench-copy', reader, tip, full: true });
    for (const f of paths) {
      const p = await sample(() => pgp.list({ repos: ['bench', 'bench-copy'], limit: 50, ...f }), { runs: RUNS });
      const s = await sample(async () => listCurrent(db, { projectId: PROJECT, limit: 50, ...f }), { runs: RUNS });
      row(`2 repos: list ${JSON.stringify(f)} limit 50, p50`, median(p), median(s));
    }
    for (const query of ['sqlite', 'cache invalidation', 'retry backoff jitter', 'kubernets', 'migrat', 'how do we invalidate the cache', 'which retry policy do we use']) {
      const p = await sample(() => pgp.search({ repos: ['bench'], projectId: PROJECT, query }), { runs: RUNS });
      const s = await sample(async () => searchEntries(db, { projectId: PROJECT, query }), { runs: RUNS });
      row(`search "${query}", p50`, median(p), median(s));
    }
  } finally {
    await pgp.close();
    await brain.close();
    await server.stop();
    rmSync(repoDir, { recursive: true, force: true });
  }
}

await main();
