/**
 * The PostgreSQL projection vs the SQLite one on the same repository (issue #11 "Postgres vs
 * SQLite on the same single-repository queries"): a synthetic history (bench/synthetic.js)
 * imported through the store, then a full rebuild on each backend and the latencies (p50, p95
 * over BENCH_RUNS runs) of lists and searches, printed with PG/SQLite ratios.
 *
 * Run: `npm run build && node bench/projection-pg.js`. Env: BENCH_REVISIONS (default 20000),
 * BENCH_ENTRIES (default revisions / 4), BENCH_RUNS (default 30), BENCH_PG_URL (a database to
 * use; default: a temporary server from Debian's postgresql package, initdb into a temp dir).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBrain } from '../dist/service.js';
import { createPostgresProjection } from '../dist/projection/postgres/postgres-projection.js';
import { listCurrent } from '../dist/projection/sqlite/queries.js';
import { searchEntries } from '../dist/search/fts-search.js';
import { generateHistory } from './synthetic.js';
import { git } from './native.js';
import { fmt, median, sample, time } from './timing.js';

const REVISIONS = Number(process.env.BENCH_REVISIONS ?? 20_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? Math.round(REVISIONS / 4));
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PROJECT = 'bench';

/** A temporary PostgreSQL server (as test/helpers/postgres.ts); returns its URL and a stop function. */
function startServer() {
  const root = '/usr/lib/postgresql';
  const major = readdirSync(root).filter((d) => existsSync(join(root, d, 'bin', 'initdb'))).sort((a, b) => b - a)[0];
  const bin = join(root, major, 'bin');
  const dir = mkdtempSync(join(process.env.TMPDIR ?? tmpdir(), 'bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const run = (cmd, args) => execFileSync(asRoot ? 'runuser' : join(bin, cmd), asRoot ? ['-u', 'postgres', '--', join(bin, cmd), ...args] : args, { stdio: 'pipe', cwd: dir });
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  run('initdb', ['-D', join(dir, 'data'), '-U', 'brain', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  run('pg_ctl', ['-D', join(dir, 'data'), '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`, '-w', 'start']);
  return { url: `postgres://brain@127.0.0.1:${port}/postgres`, stop: () => (run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']), rmSync(dir, { recursive: true, force: true })) };
}

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
  const server = process.env.BENCH_PG_URL ? { url: process.env.BENCH_PG_URL, stop: () => undefined } : startServer();
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
    // The same repository projected a second time under another name: a path filter across two repositories.
    await pgp.refresh({ repo: 'bench-copy', reader, tip, full: true });
    for (const f of paths) {
      const p = await sample(() => pgp.list({ repos: ['bench', 'bench-copy'], limit: 50, ...f }), { runs: RUNS });
      const s = await sample(async () => listCurrent(db, { projectId: PROJECT, limit: 50, ...f }), { runs: RUNS });
      row(`2 repos: list ${JSON.stringify(f)} limit 50, p50`, median(p), median(s));
    }
    for (const query of ['sqlite', 'cache invalidation', 'retry backoff jitter', 'kubernets', 'migrat']) {
      const p = await sample(() => pgp.search({ repos: ['bench'], projectId: PROJECT, query }), { runs: RUNS });
      const s = await sample(async () => searchEntries(db, { projectId: PROJECT, query }), { runs: RUNS });
      row(`search "${query}", p50`, median(p), median(s));
    }
  } finally {
    await pgp.close();
    await brain.close();
    server.stop();
    rmSync(repoDir, { recursive: true, force: true });
  }
}

await main();
