/**
 * `npm run bench -- hub` (issue #11 "Scale, measured"): 100 source repositories × 1 000
 * revisions and one of 100 000 (× BENCH_SCALE), registered with a hub on a real local
 * PostgreSQL server (scratch: fsync off), served over HTTP; measured through the hub's REST API
 * with a read token, each beside a floor measured in the same run:
 *
 *   - initial projection of every repository (vs the SQLite projection of the large one);
 *   - catch-up after one push: a write in a source repository, the signed webhook, the hub's
 *     fetch + incremental apply, until the entry is served (vs a plain `git fetch` of it);
 *   - list across all repositories with filters, p50 (vs the same backend call in process);
 *   - search across all repositories, p50 (likewise);
 *   - PostgreSQL vs SQLite on the same single-repository queries (the large repository);
 *   - the dashboard's graph and timeline pages of the large repository (issue #22), p95,
 *     beside the same pictures built in process over its SQLite projection.
 *
 * Prints the targets table and all measurements; writes bench/out/hub-results.json. Never asserted.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres } from '../dist/projection/postgres/local-server.js';
import { createSqliteProjection } from '../dist/projection/sqlite/sqlite-projection.js';
import { createObjectReader } from '../dist/git/object-reader.js';
import { findRepo } from '../dist/git/repo.js';
import { openHub, addRepo } from '../dist/hub/hub.js';
import { serveHub } from '../dist/hub/hub-server.js';
import { createToken } from '../dist/hub/tokens.js';
import { openBrain } from '../dist/service.js';
import { makeOrganisation } from './hub-repos.js';
import { git } from './native.js';
import { Results, fmt, median, now, p95, sample, time } from './timing.js';
import { Targets } from './targets.js';
import { PICTURE_TARGET_MS } from './dashboard.js';
import { buildEntryGraph } from '../dist/service/entry-graph.js';
import { buildTimelineChart } from '../dist/service/timeline-chart.js';

/** Runs the hub benchmark under `root`; prints its tables. */
export async function hubBench({ root, scale, log, section }) {
  const results = new Results();
  const targets = new Targets();
  const COUNT = Math.max(2, Math.round(100 * scale));
  const LARGE = Math.max(1000, Math.round(100_000 * scale));
  const started = now();

  section(`source repositories: ${COUNT} × 1000 revisions + 1 × ${LARGE}`);
  const made = await time(() => makeOrganisation({ root: join(root, 'sources'), count: COUNT, revisions: 1000, largeRevisions: LARGE, log }));
  const repos = made.value;
  log(`  made in ${fmt(made.ms / 1000)} s`);

  section('hub on a local PostgreSQL');
  const server = await startPostgres();
  const hub = await openHub({ db: await server.createDatabase('hub'), dir: join(root, 'hub') });
  let served = null;
  try {
    const initial = await time(async () => {
      for (const r of repos) {
        const { sync } = await addRepo(hub, { source: r.dir, name: r.name });
        if (!sync.ok) throw new Error(`initial sync of ${r.name} failed: ${JSON.stringify(sync)}`);
      }
    });
    const totalRevisions = COUNT * 1000 + LARGE;
    const large = repos[repos.length - 1];
    const largeSqlite = await projectIntoSqlite(root, large);
    results.add({ name: `hub: initial projection of ${COUNT + 1} repositories (${totalRevisions} revisions)`, value: initial.ms / 1000, unit: 's', note: 'fetch + full rebuild each' });
    const largePg = await time(async () => {
      const reader = await mirrorReader(hub, large.name);
      await hub.backend.refresh({ repo: large.name, reader: reader.reader, tip: reader.tip, full: true });
      await reader.reader.close();
    });
    results.add({ name: `full rebuild of the ${LARGE}-revision repository, PostgreSQL`, value: largePg.ms / 1000, unit: 's', baseline: largeSqlite.ms / 1000, baselineName: 'SQLite projection, same tree' });

    const secret = 'bench-webhook-secret';
    served = await serveHub(hub, { port: 0, intervalS: 0, webhookSecret: secret }); // every repository was just synced: the webhook alone, no schedule pass beside it
    const { secret: token } = await createToken(hub.pool, { name: 'bench', scope: { repos: null, projects: null, capabilities: ['read'] } });
    const get = async (path) => {
      const res = await fetch(`${served.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.json();
      if (res.status !== 200 && res.status !== 404) throw new Error(`${path}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      return { status: res.status, body };
    };

    section('catch-up after one push (webhook → fetch → apply → served)');
    const catchUps = [];
    const fetches = [];
    for (let i = 0; i < 15; i++) {
      const r = repos[(i * 7) % COUNT];
      const probe = join(root, `fetch-probe-${i}.git`);
      git(root, ['init', '-q', '--bare', probe]);
      git(probe, ['fetch', '-q', r.dir, '+refs/heads/brain:refs/heads/brain']);
      const brain = await openBrain({ repoDir: r.dir, projectId: r.projectId, author: 'pusher' });
      const { entry } = await brain.writes.append({ kind: 'blocker', fields: { title: `Push ${i}: the staging database is read-only`, rationale: 'Seen after the failover.' } });
      await brain.close();
      const body = JSON.stringify({ repo: r.name });
      const t0 = now();
      const hook = await fetch(`${served.url}/hooks/git`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` }, body });
      if (hook.status !== 202) throw new Error(`webhook answered ${hook.status}`);
      for (;;) {
        if ((await get(`/api/entries/${r.name}/${entry.entry_id}`)).status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 10)); // the poller shares the hub's event loop and database: poll gently
      }
      catchUps.push(now() - t0);
      // The floor: native git fetching that one new commit into a mirror of its own.
      const t1 = now();
      git(probe, ['fetch', '-q', r.dir, '+refs/heads/brain:refs/heads/brain']);
      fetches.push(now() - t1);
    }
    catchUps.sort((a, b) => a - b);
    fetches.sort((a, b) => a - b);
    results.add({ name: 'hub catch-up after one push, p50', value: median(catchUps), unit: 'ms', baseline: median(fetches), baselineName: 'git fetch of the new commit' });
    results.add({ name: 'hub catch-up after one push, max', value: catchUps[catchUps.length - 1], unit: 'ms' });
    targets.add({ operation: 'hub catch-up after one push (worst of 15)', ours: catchUps[catchUps.length - 1], floor: median(fetches), floorName: 'git fetch of the new commit', unit: 'ms', target: '≤ 1 s', met: (ours) => ours <= 1000 });

    section('list across all repositories');
    const filters = [
      ['none', ''], ['kind', 'kind=decision'], ['kind+status', 'kind=blocker&status=blocked'], ['status', 'status=open'],
      ['author', 'author=alice'], ['tag', 'tag=performance'], ['updated_since', 'updated_since=2025-01-01'],
      ['path', 'path=src/'], ['repo', `repo=${repos[3].name}`],
    ];
    let worst = { p50: 0 };
    for (const [label, query] of filters) {
      const samples = await sample(() => get(`/api/entries?limit=50&${query}`), { runs: 40 });
      const direct = await sample(() => hub.backend.list({ repos: repos.map((r) => r.name), limit: 50, ...directFilter(query) }), { runs: 40 });
      const row = { label, p50: median(samples), direct: median(direct) };
      results.add({ name: `hub list, all repositories, ${label}, p50`, value: row.p50, unit: 'ms', baseline: row.direct, baselineName: 'backend.list in process' });
      if (row.p50 > worst.p50) worst = row;
    }
    targets.add({ operation: `hub list across all repositories, worst p50 of ${filters.length} filters (${worst.label})`, ours: worst.p50, floor: worst.direct, floorName: 'backend.list in process', unit: 'ms', target: 'p50 ≤ 20 ms', met: (ours) => ours <= 20 });

    section('search across all repositories');
    const queries = ['cache invalidation', 'postgres', 'retry policy jitter', 'kafka consumers', 'rate limiter', 'databse migrations'];
    const searchSamples = [];
    const directSamples = [];
    for (const q of queries) {
      searchSamples.push(...(await sample(() => get(`/api/search?q=${encodeURIComponent(q)}&limit=20`), { runs: 15 })));
      directSamples.push(...(await sample(() => hub.backend.search({ repos: repos.map((r) => r.name), query: q, limit: 20 }), { runs: 15 })));
    }
    searchSamples.sort((a, b) => a - b);
    directSamples.sort((a, b) => a - b);
    results.add({ name: 'hub search, all repositories, top 20, p50', value: median(searchSamples), unit: 'ms', baseline: median(directSamples), baselineName: 'backend.search in process' });
    results.add({ name: 'hub search, all repositories, top 20, p95', value: p95(searchSamples), unit: 'ms' });
    targets.add({ operation: 'hub search across all repositories (p50)', ours: median(searchSamples), floor: median(directSamples), floorName: 'backend.search in process', unit: 'ms', target: 'p50 ≤ 30 ms', met: (ours) => ours <= 30 });

    section(`PostgreSQL vs SQLite, the ${LARGE}-revision repository alone`);
    const one = { repos: [large.name], projectId: large.projectId };
    const single = [['list, first page', { ...one, limit: 50 }], ['list kind+status', { ...one, kind: 'decision', status: 'accepted', limit: 50 }], ['list path', { ...one, path: 'src/', limit: 50 }], ['list updated_since', { ...one, updatedSince: '2025-01-01T00:00:00.000Z', limit: 50 }]];
    for (const [label, q] of single) {
      const pg = await sample(() => hub.backend.list(q), { runs: 40 });
      const lite = await sample(() => largeSqlite.backend.list(q), { runs: 40 });
      results.add({ name: `single repository ${label}, p50, PostgreSQL`, value: median(pg), unit: 'ms', baseline: median(lite), baselineName: 'SQLite projection, same query' });
    }
    for (const query of ['cache invalidation', 'postgres']) {
      const pg = await sample(() => hub.backend.search({ ...one, query, limit: 20 }), { runs: 30 });
      const lite = await sample(() => largeSqlite.backend.search({ ...one, query, limit: 20 }), { runs: 30 });
      results.add({ name: `single repository search "${query}", p50, PostgreSQL`, value: median(pg), unit: 'ms', baseline: median(lite), baselineName: 'SQLite projection, same query' });
    }

    section(`the dashboard's pictures of the ${LARGE}-revision repository`);
    const signIn = await fetch(`${served.url}/session`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ token }), headers: { origin: served.url } });
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
    const page = async (path) => {
      const res = await fetch(`${served.url}${path}`, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return res.text();
    };
    const lite = largeSqlite.backend.pictures({ repo: large.name, projectId: large.projectId });
    for (const [label, path, build] of [
      ['graph page (SVG of up to 200 nodes and its table)', `/repos/${large.name}/graph`, () => buildEntryGraph(lite, { page: 0 })],
      ['timeline page (chart of 200 decisions and plans, 50 changes listed)', `/repos/${large.name}/timeline`, async () => { await buildTimelineChart(lite, {}); await lite.changes({ limit: 51 }); }],
    ]) {
      const ours = p95(await sample(() => page(path), { runs: 20 }));
      const floor = p95(await sample(build, { runs: 20 }));
      results.add({ name: `hub ${label}, p95`, value: ours, unit: 'ms', baseline: floor, baselineName: 'its reads and layout in process, SQLite' });
      targets.add({ operation: `hub ${label}, p95`, ours, floor, floorName: 'reads and layout in process, SQLite', unit: 'ms', target: `≤ ${PICTURE_TARGET_MS} ms`, met: (v) => v <= PICTURE_TARGET_MS });
    }
    await largeSqlite.backend.close();
  } finally {
    await served?.stop();
    await hub.close();
    await server.stop();
  }

  const out = (s) => process.stdout.write(s);
  const outDir = join(new URL('.', import.meta.url).pathname, 'out');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'hub-results.json'), `${JSON.stringify({ date: new Date().toISOString(), scale, repositories: COUNT + 1, targets: targets.rows, results: results.rows }, null, 2)}\n`);
  out(`\nProject Brain hub benchmark — ${COUNT} repositories × 1000 revisions + 1 × ${LARGE} (BENCH_SCALE=${scale}). Total ${fmt((now() - started) / 1000)} s.\n`);
  out(`ratio = our cost / floor cost.\n\nTargets (issue #11)\n\n${targets.table()}\n\nAll measurements\n\n${results.table()}\n`);
}

/** The query string of a list filter as the backend's query fields (the in-process floor). */
function directFilter(query) {
  const p = new URLSearchParams(query);
  const map = { kind: 'kind', status: 'status', author: 'author', tag: 'tag', path: 'path' };
  const q = {};
  for (const [k, v] of p) {
    if (k === 'updated_since') q.updatedSince = new Date(v).toISOString();
    else if (k === 'repo') q.repos = [v];
    else if (map[k]) q[map[k]] = v;
  }
  return q;
}

/** An object reader over a repository's hub mirror, and the mirror's branch tip. */
async function mirrorReader(hub, name) {
  const dir = join(hub.dir, 'mirrors', `${name}.git`);
  const tip = git(dir, ['rev-parse', 'refs/heads/brain']);
  return { reader: await createObjectReader({ repo: findRepo(dir) }), tip };
}

/** The large repository projected by the SQLite backend (timed: the floor of the PostgreSQL rebuild). */
async function projectIntoSqlite(root, large) {
  const backend = createSqliteProjection({ dir: join(root, 'sqlite-projection') });
  const brain = await openBrain({ repoDir: large.dir, projectId: large.projectId });
  const reader = await brain.reader();
  const tip = brain.store.tip();
  const t = await time(() => backend.refresh({ repo: large.name, reader, tip, full: true }));
  await brain.close();
  return { backend, ms: t.ms };
}
