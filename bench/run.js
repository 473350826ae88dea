/**
 * `npm run bench` (issue #2 "Done means"): builds a synthetic brain of 10 000 entries /
 * 50 000 revisions (× BENCH_SCALE) in a fresh temp repository and measures, each beside a
 * baseline measured in the same run (native git, raw SQLite):
 *
 *   1. bulk import through the real store (GitStore.transact + tx.put) vs `git fast-import`
 *      of the very same files and commits (the final trees are checked equal); then
 *      single-revision commits likewise. Import batches are 1 000 revisions per commit: what a
 *      migration tool would do — memory bounded per commit, resumable, history in
 *      chronological order (later revisions of an entry land in later commits, so the store
 *      reads entry state back from git) — while `brain import adr` of a directory is one commit;
 *   2. cold rebuild of the projection (loose objects right after the import; packed, on a
 *      fresh `git clone`; cat-file and isomorphic-git readers) vs `git ls-tree -r` +
 *      `git cat-file --batch` reading the same blobs;
 *   3. warm start (new Brain, first list) and the real CLI vs `git rev-parse` (from here on,
 *      everything runs in the packed clone);
 *   4. incremental catch-up after one commit by another writer vs `git diff-tree`;
 *   5. list latency vs raw SQL, search latency vs SQLite FTS5;
 *   6. the daemon (daemon.js) and each dashboard page (dashboard.js) vs the REST call reading the same data.
 *
 * Prints a table on stdout (progress on stderr) and writes bench/out/results.json.
 * Env: BENCH_SCALE (default 1), BENCH_BATCH (revisions per import commit, default 1000),
 * BENCH_ISO_BUDGET_S (max seconds for a full isomorphic-git rebuild, default 150),
 * BENCH_KEEP=1 (keep the temp directory). Timings are reported, never asserted.
 */
import { BENCH_ROOT } from './env.js';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import os from 'node:os';
import { spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { openBrain } from '../dist/service.js';
import { createIsoGitReader } from '../dist/git/iso-git-reader.js';
import { generateHistory, TAGS } from './synthetic.js';
import { git, nativeReadAll, runFastImport, writeFastImportStream } from './native.js';
import { Results, fmt, median, now, p95, sample, time, wallOf } from './timing.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const BRAIN_BIN = join(HERE, '..', 'bin', 'brain.js');
const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const BATCH = Number(process.env.BENCH_BATCH ?? '1000');
const ISO_BUDGET_S = Number(process.env.BENCH_ISO_BUDGET_S ?? '150');
const ENTRIES = Math.max(10, Math.round(10_000 * SCALE));
const REVISIONS = Math.max(ENTRIES, Math.round(50_000 * SCALE));
const PROJECT = 'bench';
const LATENCY_RUNS = 50;

const results = new Results();
process.on('exit', () => {
  // Deleting ~150 000 loose objects takes a minute on a disk mounted with `discard`: hand it
  // to a detached `rm` instead of making the benchmark wait for it.
  if (process.env.BENCH_KEEP !== '1') spawn('rm', ['-rf', BENCH_ROOT], { detached: true, stdio: 'ignore' }).unref();
  else process.stderr.write(`kept ${BENCH_ROOT}\n`);
});
const log = (msg) => process.stderr.write(`${msg}\n`);
const section = (msg) => log(`\n== ${msg}`);
const started = now();

let repoDir = join(BENCH_ROOT, 'repo');
mkdirSync(repoDir, { recursive: true });
git(repoDir, ['init', '-q']);
writeFileSync(join(repoDir, 'README.md'), '# bench project\n');
git(repoDir, ['add', 'README.md']);
git(repoDir, ['commit', '-q', '-m', 'initial']);
let gitDir = join(repoDir, '.git');
const open = (options = {}) => openBrain({ repoDir, projectId: PROJECT, author: 'bench', ...options });

log(`brain bench: ${ENTRIES} entries / ${REVISIONS} revisions (scale ${SCALE}), ${BATCH} revisions per import commit, in ${BENCH_ROOT}`);

// ---------------------------------------------------------------- 1. import
section('synthetic history');
const gen = await time(() => generateHistory({ entries: ENTRIES, revisions: REVISIONS, projectId: PROJECT }));
const { events, entryIds } = gen.value;
log(`  generated ${events.length} revision events in ${fmt(gen.ms)} ms`);

let brain = await open();
await brain.init();
const initCommit = brain.store.tip();
const identity = brain.identity('bench');
const initFiles = new Map(['brain.json', '.gitattributes', 'README.md'].map((f) => [f, git(repoDir, ['cat-file', 'blob', `${initCommit}:${f}`], { stripFinal: false }) + '\n']));

section('import through the store');
const commits = [{ message: 'brain: init', files: initFiles }];
let importMs = 0;
let batchNo = 0;
for (let i = 0; i < events.length; i += BATCH) {
  const chunk = events.slice(i, i + BATCH);
  batchNo++;
  const message = `brain: import batch ${batchNo} (${chunk.length} revisions)`;
  let files = null;
  const t0 = now();
  await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
    for (const event of chunk) await tx.put(event.entry);
    files = tx.files;
    return { message, value: null };
  });
  importMs += now() - t0;
  commits.push({ message, files });
  if (batchNo % 10 === 0) log(`  ${i + chunk.length} revisions, ${fmt(((i + chunk.length) / importMs) * 1000)} revisions/s`);
}
const importCommits = batchNo;
let extraRevisions = 0; // revisions written after the import (single commits, catch-ups)
const tip = brain.store.tip();

section('git fast-import baseline');
const fiDir = join(BENCH_ROOT, 'fast-import.git');
git(BENCH_ROOT, ['init', '-q', '--bare', fiDir]);
const streamPath = join(BENCH_ROOT, 'import.stream');
const streamBytes = writeFastImportStream({ path: streamPath, branch: 'brain', commits });
const fastImportMs = runFastImport({ gitDir: fiDir, streamPath });
rmSync(streamPath);
const sameTree = git(fiDir, ['rev-parse', 'brain^{tree}']) === git(repoDir, ['rev-parse', 'brain^{tree}']);
log(`  stream ${fmt(streamBytes / 1e6)} MB; same final tree as the store: ${sameTree}`);
if (!sameTree) throw new Error('fast-import baseline built a different tree: the comparison would be meaningless');
commits.length = 0; // release the captured file contents

results.add({
  name: `import: ${REVISIONS} revisions in ${importCommits} commits (${BATCH}/commit)`, value: (REVISIONS / importMs) * 1000, unit: 'revisions/s',
  baseline: (REVISIONS / fastImportMs) * 1000, baselineName: 'git fast-import, same blobs', kind: 'rate',
});
results.add({ name: 'import: total time', value: importMs / 1000, unit: 's', baseline: fastImportMs / 1000, baselineName: 'git fast-import' });

section('single-revision commits');
const SINGLE = Math.max(20, Math.round(200 * SCALE));
const singles = [];
const singleStart = now();
for (let i = 0; i < SINGLE; i++) {
  const id = entryIds[(i * 104729) % entryIds.length];
  let files = null;
  await brain.store.transact({ projectId: PROJECT, identity }, async (tx) => {
    const current = await tx.current(id);
    const { revision, ...rest } = current;
    await tx.put({ ...rest, rationale: `${current.rationale.slice(0, 1400)} Single ${i}.`, recorded_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
    files = tx.files;
    return { message: `brain: revise ${id}`, value: null };
  });
  singles.push({ message: `brain: revise ${id}`, files });
}
const singleMs = now() - singleStart;
extraRevisions += SINGLE;
// Baseline: the same commits by fast-import on top of the identical tree in the baseline repo.
// (The baseline repo's tip has the same tree as ours before these commits.)
const singleStream = join(BENCH_ROOT, 'single.stream');
writeFastImportStream({ path: singleStream, branch: 'brain', commits: singles, baseRef: 'refs/heads/brain^0' });
const fiSingleMs = runFastImport({ gitDir: fiDir, streamPath: singleStream });
if (git(fiDir, ['rev-parse', 'brain^{tree}']) !== git(repoDir, ['rev-parse', 'brain^{tree}'])) throw new Error('single-commit baseline built a different tree');
results.add({ name: `single-revision commits (${SINGLE}, via transact)`, value: (SINGLE / singleMs) * 1000, unit: 'commits/s', baseline: (SINGLE / fiSingleMs) * 1000, baselineName: 'git fast-import, same commits', kind: 'rate' });


// ---------------------------------------------------------------- 2. cold rebuild
const objectCount = () => {
  const c = Object.fromEntries(git(repoDir, ['count-objects', '-v']).split('\n').map((l) => l.split(': ')));
  return `${c.count} loose, ${c['in-pack']} packed`;
};

async function coldRebuild(label, readerKind) {
  await brain.close();
  rmSync(join(gitDir, 'brain'), { recursive: true, force: true });
  brain = await open(readerKind ? { reader: readerKind } : {});
  const { ms, value } = await time(() => brain.refresh());
  if (value.mode !== 'full' || value.stats.revisions !== REVISIONS + extraRevisions) {
    throw new Error(`${label}: expected a full rebuild of ${REVISIONS + extraRevisions} revisions, got ${JSON.stringify(value)}`);
  }
  return { ms, files: value.stats.files };
}
async function coldRebuildRows(where) {
  section(`cold rebuild (${where}: ${objectCount()})`);
  const ours = await coldRebuild(where);
  const native = await nativeReadAll({ gitDir, commit: brain.store.tip(), prefix: 'projects' });
  const revs = REVISIONS + extraRevisions;
  results.add({
    name: `cold rebuild, ${where}, cat-file reader`, value: (revs / ours.ms) * 1000, unit: 'revisions/s',
    baseline: (revs / native.ms) * 1000, baselineName: 'ls-tree -r + cat-file --batch', kind: 'rate',
    note: `${ours.files} blobs, ${fmt(ours.ms / 1000)} s vs ${fmt(native.ms / 1000)} s`,
  });
  return { ours, native };
}

async function isoRebuildRows(where, nativeMs) {
  const revs = REVISIONS + extraRevisions;
  // Estimate from a sample of blob reads first; run the full rebuild only if it fits the budget.
  const reader = createIsoGitReader({ repo: brain.repo });
  const listing = await reader.listFiles((await reader.readCommit(brain.store.tip())).tree, 'projects');
  const sampleSize = Math.min(listing.length, 2000);
  const step = Math.max(1, Math.floor(listing.length / sampleSize));
  const picks = listing.filter((_, i) => i % step === 0).slice(0, sampleSize);
  const t0 = now();
  for (let i = 0; i < picks.length; i += 200) await Promise.all(picks.slice(i, i + 200).map((f) => reader.readBlob(f.oid)));
  const sampleMs = now() - t0;
  await reader.close();
  const estimateS = ((sampleMs / picks.length) * listing.length) / 1000;
  log(`  isomorphic-git: ${picks.length} sampled blobs at ${fmt((picks.length / sampleMs) * 1000)} blobs/s → full rebuild ≈ ${fmt(estimateS)} s`);
  if (estimateS <= ISO_BUDGET_S) {
    const iso = await coldRebuild(`${where} isomorphic-git`, 'isomorphic-git');
    results.add({
      name: `cold rebuild, ${where}, isomorphic-git reader`, value: (revs / iso.ms) * 1000, unit: 'revisions/s',
      baseline: (revs / nativeMs) * 1000, baselineName: 'ls-tree -r + cat-file --batch', kind: 'rate', note: `${fmt(iso.ms / 1000)} s`,
    });
  } else {
    const rate = (picks.length / sampleMs) * 1000;
    const nativeRate = (listing.length / nativeMs) * 1000;
    results.add({
      name: `isomorphic-git reader, ${where}: blob reads`, value: rate, unit: 'blobs/s', baseline: nativeRate,
      baselineName: 'ls-tree -r + cat-file --batch', kind: 'rate',
      note: `SUBSET: ${picks.length} of ${listing.length} blobs; full rebuild extrapolated ≈ ${fmt(estimateS)} s, over the ${ISO_BUDGET_S} s budget, not run`,
    });
  }
  await brain.close();
  brain = await open(); // the projection left behind is the same whichever reader built it
}

const loose = await coldRebuildRows('loose objects');
await isoRebuildRows('loose objects', loose.native.ms);

// A fresh clone is packed (DESIGN §3). `git gc` here would spend minutes deleting 150 000 loose
// objects on this disk, so the packed measurements — and everything after — run on a clone,
// which is what a teammate has: one pack made by pack-objects (deltas, default window/depth).
section('git clone (packed)');
await brain.close();
const cloneDir = join(BENCH_ROOT, 'clone');
const clone = await time(() => {
  git(BENCH_ROOT, ['clone', '-q', '--no-local', repoDir, cloneDir]);
  git(cloneDir, ['branch', 'brain', 'origin/brain']);
});
repoDir = cloneDir;
gitDir = join(cloneDir, '.git');
brain = await open();
log(`  git clone --no-local: ${fmt(clone.ms / 1000)} s → ${objectCount()}`);
const packed = await coldRebuildRows('packed (fresh clone)');
await isoRebuildRows('packed (fresh clone)', packed.native.ms);

// ---------------------------------------------------------------- 3. warm start
section('warm start');
await brain.close();
const warm = await sample(async () => {
  const b = await open();
  const rows = await b.list({ limit: 1 });
  if (rows.length !== 1) throw new Error('warm list returned nothing');
  await b.close();
}, { runs: 5, warmup: 1 });
const warmAll = await sample(async () => {
  const b = await open();
  const rows = await b.list();
  if (rows.length !== ENTRIES) throw new Error(`warm list returned ${rows.length} rows`);
  await b.close();
}, { runs: 5, warmup: 1 });
const revParse = [];
const cli = [];
const floor = [];
const nodeStart = [];
const env = { ...process.env };
// The CLI's floor: a node process that imports only the service and lists (no CLI surfaces).
const floorScript = `import { openBrain } from ${JSON.stringify(pathToFileURL(join(HERE, '..', 'dist', 'service.js')).href)};
const brain = await openBrain({});
process.stdout.write(JSON.stringify((await brain.list({ limit: 1 })).map((r) => r.entry)));
await brain.close();`;
for (let i = 0; i < 6; i++) {
  const run = wallOf(process.execPath, [BRAIN_BIN, 'list', '--limit', '1', '--json'], { cwd: repoDir, env });
  if (JSON.parse(run.stdout).length !== 1) throw new Error(`brain list --limit 1 printed ${run.stdout.slice(0, 200)}`);
  const fl = wallOf(process.execPath, ['--input-type=module', '-e', floorScript], { cwd: repoDir, env });
  if (JSON.parse(fl.stdout)[0]?.entry_id !== JSON.parse(run.stdout)[0]?.entry_id) throw new Error(`floor script printed ${fl.stdout.slice(0, 200)}`);
  const rp = wallOf('git', ['rev-parse', 'brain'], { cwd: repoDir, env });
  const ns = wallOf(process.execPath, ['-e', '0'], { env });
  if (i === 0) continue; // warm-up (disk cache, first spawn)
  cli.push(run.ms);
  floor.push(fl.ms);
  revParse.push(rp.ms);
  nodeStart.push(ns.ms);
}
[warm, warmAll, cli, floor, revParse, nodeStart].forEach((s) => s.sort((a, b) => a - b));
const rawListOnce = () => {
  const db = new Database(brain.cachePath, { readonly: true });
  db.prepare('SELECT c.json FROM current c WHERE c.project_id = ? ORDER BY c.recorded_at DESC, c.entry_id LIMIT 1').all(PROJECT);
  db.close();
};
const rawOpen = await sample(rawListOnce, { runs: 5, warmup: 1 });
const rawOpenAll = await sample(() => {
  const db = new Database(brain.cachePath, { readonly: true });
  db.prepare('SELECT c.json, c.forked, c.revision_count, c.path FROM current c WHERE c.project_id = ? ORDER BY c.recorded_at DESC, c.entry_id').all(PROJECT);
  db.close();
}, { runs: 5, warmup: 1 });
results.add({ name: 'warm start: new Brain → first list --limit 1 (median of 5)', value: median(warm), unit: 'ms', baseline: median(rawOpen), baselineName: 'open sqlite + same SQL' });
results.add({ name: `warm start: new Brain → first full list (${ENTRIES} rows)`, value: median(warmAll), unit: 'ms', baseline: median(rawOpenAll), baselineName: 'open sqlite + same SQL, all rows' });
results.add({ name: 'CLI: brain list --limit 1 --json, wall (median of 5)', value: median(cli), unit: 'ms', baseline: median(revParse), baselineName: 'git rev-parse brain, wall' });
results.add({ name: 'CLI: same, beside bare node startup', value: median(cli), unit: 'ms', baseline: median(nodeStart), baselineName: 'node -e 0, wall' });
results.add({ name: 'CLI: same, beside its floor (node + service.js + list only)', value: median(cli), unit: 'ms', baseline: median(floor), baselineName: 'node -e "openBrain().list()", wall' });
results.add({ name: 'floor: node + import service.js + list --limit 1, wall', value: median(floor), unit: 'ms', baseline: median(nodeStart), baselineName: 'node -e 0, wall' });

// ---------------------------------------------------------------- 4. incremental catch-up
section('incremental catch-up');
brain = await open();
await brain.refresh();
const other = await open();
let revisePick = 0;
async function externalCommit() {
  const id = entryIds[(revisePick++ * 7919) % entryIds.length];
  const result = await other.store.transact({ projectId: PROJECT, identity }, async (tx) => {
    const current = await tx.current(id);
    const { revision, ...rest } = current;
    await tx.put({ ...rest, rationale: `${current.rationale.slice(0, 1400)} Catch-up note ${revisePick}.`, recorded_at: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') });
    return { message: `brain: revise ${id}`, value: null };
  });
  extraRevisions++;
  return result.commit;
}
const catchUp = [];
const diffTree = [];
for (let i = 0; i < 6; i++) {
  const from = brain.store.tip();
  const to = await externalCommit();
  const { ms, value } = await time(() => brain.refresh());
  if (value.mode !== 'incremental' || value.stats.revisions !== 1) throw new Error(`catch-up: ${JSON.stringify(value)}`);
  const native = wallOf('git', ['diff-tree', '-r', '--raw', from, to, '--', 'projects'], { cwd: repoDir });
  if (i === 0) continue;
  catchUp.push(ms);
  diffTree.push(native.ms);
}
catchUp.sort((a, b) => a - b);
diffTree.sort((a, b) => a - b);
results.add({ name: 'incremental catch-up: 1 new commit, refresh (median of 5)', value: median(catchUp), unit: 'ms', baseline: median(diffTree), baselineName: 'git diff-tree -r, wall' });
// With the search index loaded, a refresh also syncs the index and re-saves it.
await brain.search({ query: 'sqlite' });
const catchUpSearch = [];
for (let i = 0; i < 3; i++) {
  await externalCommit();
  const { ms, value } = await time(() => brain.refresh());
  if (value.mode !== 'incremental') throw new Error(`catch-up with search: ${JSON.stringify(value)}`);
  catchUpSearch.push(ms);
}
catchUpSearch.sort((a, b) => a - b);
results.add({ name: 'incremental catch-up with search index loaded (median of 3)', value: median(catchUpSearch), unit: 'ms', baseline: median(diffTree), baselineName: 'git diff-tree -r, wall', note: 'includes the index sync' });

// ---------------------------------------------------------------- 5. list and search latency
section('list latency');
const raw = new Database(brain.cachePath, { readonly: true });
const listCases = [
  { label: 'kind=decision status=accepted', filter: { kind: 'decision', status: 'accepted' }, sql: 'c.entry_kind = @kind AND c.status = @status', params: { kind: 'decision', status: 'accepted' } },
  { label: 'kind=open_question status=open', filter: { kind: 'open_question', status: 'open' }, sql: 'c.entry_kind = @kind AND c.status = @status', params: { kind: 'open_question', status: 'open' } },
  { label: `tag=${TAGS[4]}`, filter: { tag: TAGS[4] }, sql: 'EXISTS (SELECT 1 FROM entry_tags t WHERE t.entry_id = c.entry_id AND t.tag = @tag)', params: { tag: TAGS[4] } },
];
for (const c of listCases) {
  let rows = 0;
  const ours = await sample(async () => (rows = (await brain.list(c.filter)).length), { runs: LATENCY_RUNS });
  const stmt = raw.prepare(`SELECT c.json, c.forked, c.revision_count, c.path FROM current c WHERE c.project_id = @projectId AND ${c.sql} ORDER BY c.recorded_at DESC, c.entry_id`);
  let rawRows = 0;
  const base = await sample(() => (rawRows = stmt.all({ projectId: PROJECT, ...c.params }).length), { runs: LATENCY_RUNS });
  if (rows !== rawRows) throw new Error(`list ${c.label}: ${rows} rows vs raw SQL ${rawRows}`);
  results.add({ name: `list ${c.label} (${rows} rows), median`, value: median(ours), unit: 'ms', baseline: median(base), baselineName: 'raw SQL, same filter' });
  results.add({ name: `list ${c.label}, p95`, value: p95(ours), unit: 'ms', baseline: p95(base), baselineName: 'raw SQL, same filter' });
}

section('search latency');
const QUERIES = ['sqlite', 'cache invalidation', 'retry backoff jitter', 'kubernets', 'migrat', 'payment gateway timeout'];
await brain.close();
await other.close();
const searchPath = brain.cachePath.replace(/cache\.sqlite$/, 'search.json');
rmSync(searchPath, { force: true });
brain = await open();
await brain.refresh();
const firstBuild = await time(() => brain.search({ query: QUERIES[0] }));
await brain.close();
brain = await open();
await brain.refresh();
const firstLoad = await time(() => brain.search({ query: QUERIES[0] }));

// Baseline: SQLite FTS5 over the same current documents (DESIGN §4's measured alternative).
const fts = new Database(':memory:');
const docs = raw.prepare('SELECT entry_id, json FROM current WHERE project_id = ?').all(PROJECT);
const ftsBuild = await time(() => {
  fts.exec("CREATE VIRTUAL TABLE docs USING fts5(entry_id UNINDEXED, title, rationale, payload_text, tags, tokenize = 'porter unicode61')");
  const insert = fts.prepare('INSERT INTO docs VALUES (?, ?, ?, ?, ?)');
  fts.transaction(() => {
    for (const d of docs) {
      const e = JSON.parse(d.json);
      insert.run(d.entry_id, e.title, e.rationale, JSON.stringify(Object.values(e.payload)), e.tags.join(' '));
    }
  })();
});
results.add({ name: `search: first query, index built from ${docs.length} entries + saved`, value: firstBuild.ms, unit: 'ms', baseline: ftsBuild.ms, baselineName: 'FTS5 build, same docs' });
results.add({ name: 'search: first query of a new Brain, persisted index loaded', value: firstLoad.ms, unit: 'ms', baseline: ftsBuild.ms, baselineName: 'FTS5 build, same docs' });
// Same shape as the brain's search: all terms (prefix), and every term when that finds nothing.
const ftsQuery = fts.prepare('SELECT entry_id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs, 0, 3, 1, 1.5, 2) LIMIT 20');
const ftsSearch = (q) => {
  const terms = q.split(/\s+/).map((w) => `"${w}"*`);
  const hits = ftsQuery.all(terms.join(' AND '));
  return hits.length > 0 ? hits : ftsQuery.all(terms.join(' OR '));
};
for (const q of QUERIES) {
  let hits = 0;
  const ours = await sample(async () => (hits = (await brain.search({ query: q })).length), { runs: LATENCY_RUNS });
  let ftsHits = 0;
  const base = await sample(() => (ftsHits = ftsSearch(q).length), { runs: LATENCY_RUNS });
  results.add({ name: `search "${q}" (${hits} hits; FTS5 ${ftsHits}), median`, value: median(ours), unit: 'ms', baseline: median(base), baselineName: 'FTS5 prefix AND (else OR), top 20' });
  results.add({ name: `search "${q}", p95`, value: p95(ours), unit: 'ms', baseline: p95(base), baselineName: 'FTS5 prefix AND (else OR), top 20' });
}
fts.close();
raw.close();

// Service-level writes: resolve the id, commit, refresh the projection — what one write costs
// in-process, without and with the search index loaded (a daemon has it loaded).
await brain.close();
async function serviceWrites(withSearch) {
  const writer = await open();
  if (withSearch) await writer.search({ query: 'sqlite' });
  else await writer.refresh();
  const samples = await sample(async () => {
    const id = entryIds[(revisePick++ * 7919) % entryIds.length];
    await writer.writes.revise({ entryId: id, fields: { rationale: `Service revise ${revisePick}.` } });
    extraRevisions++;
  }, { runs: 10, warmup: 1 });
  await writer.close();
  return samples;
}
const plainWrites = await serviceWrites(false);
results.add({ name: 'brain.writes.revise (commit + refresh), median of 10', value: median(plainWrites), unit: 'ms', baseline: fiSingleMs / SINGLE, baselineName: 'fast-import ms/commit' });
const searchWrites = await serviceWrites(true);
results.add({ name: 'same, search index loaded (daemon-like), median of 10', value: median(searchWrites), unit: 'ms', baseline: fiSingleMs / SINGLE, baselineName: 'fast-import ms/commit' });

// Issue #3: the daemon, write-to-visible and MCP over Streamable HTTP, on the same brain.
const { daemonBench } = await import('./daemon.js');
await daemonBench({ repo: repoDir, projectId: PROJECT, results, openBrain, writes: 100, runs: LATENCY_RUNS });

// Issue #8: each dashboard page at this size (BENCH_SCALE=2: 20 000 entries).
const { dashboardBench } = await import('./dashboard.js');
await dashboardBench({ repo: repoDir, projectId: PROJECT, results, runs: 30 });

// ---------------------------------------------------------------- report
const totalS = (now() - started) / 1000;
const meta = {
  date: new Date().toISOString(),
  scale: SCALE,
  entries: ENTRIES,
  revisions: REVISIONS,
  import_batch: BATCH,
  import_commits: importCommits,
  node: process.version,
  git: git(repoDir, ['--version']),
  cpus: os.cpus().length,
  cpu_model: os.cpus()[0]?.model ?? null,
  platform: `${os.platform()} ${os.release()}`,
  total_seconds: totalS,
  ratio: 'our cost / baseline cost (> 1 means slower than the baseline)',
};
const outDir = join(HERE, 'out');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'results.json'), `${JSON.stringify({ meta, results: results.rows }, null, 2)}\n`);
process.stdout.write(`\nProject Brain benchmark — ${ENTRIES} entries / ${REVISIONS} revisions (BENCH_SCALE=${SCALE}), ${meta.cpus} CPUs, node ${process.version}, ${meta.git}\n`);
process.stdout.write(`ratio = our cost / baseline cost (> 1: slower than the baseline). Total ${fmt(totalS)} s.\n\n`);
process.stdout.write(`${results.table()}\n\nwritten: ${join(outDir, 'results.json')}\n`);
