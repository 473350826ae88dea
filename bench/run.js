/**
 * `npm run bench` (issues #2 and #10): builds a synthetic brain of 10 000 entries / 50 000
 * revisions (× BENCH_SCALE) in a fresh temp repository and measures, each beside a floor
 * measured in the same run (native git, raw SQLite, bare node):
 *
 *   1. writing: bulk import through the store vs `git fast-import`, single commits (import.js),
 *      with the growth curve's points on the way (curve.js: 10k … 500k revisions);
 *   2. cold rebuild of the projection, loose and packed (rebuild.js);
 *   3. warm start and one-shot CLI commands, no daemon (cli.js);
 *   4. catch-up, list and search in-process (queries.js), one write vs git plumbing (writes.js);
 *   5. the daemon: list / search / context latency and memory (daemon-targets.js),
 *      write-to-visible and MCP (daemon.js), every dashboard page (dashboard.js);
 *   6. a teammate's fresh clone: first search, and the cache's size beside the pack;
 *   7. the real ADR corpora of fixtures/adr (issue #18): lines kept, dates, statuses and links
 *      matched, round-trip writes, `--history` against `git log --follow` (adr-corpora.js).
 *      `npm run bench -- adr` runs this section alone.
 *   (`npm run bench -- import` runs section 1 alone: its rows and each import segment's rate
 *   beside its floor.)
 *   8. secrets (secrets.js, issue #20): credentials written, false refusals, the scan's cost.
 *   9. search questions: recall@3 and MRR of plain questions over the ADR corpora, on SQLite and
 *      PostgreSQL (search-questions.js; alone: `npm run bench -- questions`).
 *  10. the candidate reviewer against the reviewer set (reviewer-set.js, issue #20; alone:
 *      `npm run bench -- reviewer`).
 *
 * Prints the issue #10 targets table (ours, floor, ratio, target, met) and the detailed
 * table on stdout (progress on stderr), and writes bench/out/results.json.
 * Env: BENCH_SCALE (default 1), BENCH_BATCH (revisions per import commit, default 1000),
 * BENCH_ISO_BUDGET_S (max seconds for a full isomorphic-git rebuild, default 150),
 * BENCH_KEEP=1 (keep the temp directory). Timings are reported, never asserted.
 */
import { BENCH_ROOT } from './env.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import os from 'node:os';
import { openBrain } from '../dist/service.js';
import { git } from './native.js';
import { Results, fmt, now } from './timing.js';
import { Targets } from './targets.js';
import { importSection } from './import.js';
import { rebuildSection } from './rebuild.js';
import { cliSection } from './cli.js';
import { querySection } from './queries.js';
import { writeSection } from './writes.js';
import { secretsSection } from './secrets.js';
import { daemonBench } from './daemon.js';
import { daemonListLatency, daemonQueryTargets, SEARCH_COMMON, SEARCH_RARE, SEARCH_UNCOMMON } from './daemon-targets.js';
import { dashboardBench } from './dashboard.js';
import { freshCloneSection } from './fresh-clone.js';
import { addTargetRows } from './target-rows.js';
import { curveTable } from './curve.js';
import { questionsTable, searchQuestionsSection } from './search-questions.js';
import { reviewerTable, runReviewerSet } from './reviewer-set.js';

const SCALE = Number(process.env.BENCH_SCALE ?? '1');
const log = (msg) => process.stderr.write(`${msg}\n`);
const ENTRIES = Math.max(10, Math.round(10_000 * SCALE));

if (process.argv.includes('secrets')) {
  // `npm run bench -- secrets` (issue #20): the credential scan on its own.
  const ctx = { root: BENCH_ROOT, log, section: (msg) => log(`\n== ${msg}`), results: new Results(), targets: new Targets() };
  await secretsSection(ctx);
  process.stdout.write(`\n${ctx.targets.table()}\n\n${ctx.results.table()}\n`);
  process.exit(0);
}

if (process.argv.includes('hub')) {
  // `npm run bench -- hub` (issue #11): the hub across many repositories, on its own.
  const { hubBench } = await import('./hub.js');
  await hubBench({ root: BENCH_ROOT, scale: SCALE, log, section: (msg) => log(`\n== ${msg}`) });
  process.exit(0);
}

if (process.argv.includes('questions')) {
  // `npm run bench -- questions` (issue #18): search quality over the ADR corpora, on its own.
  const rows = await searchQuestionsSection({ root: BENCH_ROOT, log, section: (msg) => log(`\n== ${msg}`) });
  process.stdout.write(`\nSearch questions (recall@3, MRR; bench/questions)\n\n${questionsTable(rows)}\n`);
  process.exit(0);
}

if (process.argv.includes('adr')) {
  const { adrCorporaSection } = await import('./adr-corpora.js');
  await adrCorporaSection({ root: BENCH_ROOT, log, section: (msg) => log(`\n== ${msg}`) });
  process.exit(0);
}

if (process.argv.includes('reviewer')) {
  // `npm run bench -- reviewer` (issue #20): the candidate reviewer against the reviewer set, on its own.
  log('\n== reviewer set');
  process.stdout.write(`\nCandidate reviewer (issue #20), fixtures/reviewer-set/\n\n${reviewerTable(await runReviewerSet({ root: BENCH_ROOT, log }))}\n`);
  process.exit(0);
}

const ctx = {
  root: BENCH_ROOT,
  SCALE,
  ENTRIES,
  REVISIONS: Math.max(ENTRIES, Math.round(50_000 * SCALE)),
  BATCH: Number(process.env.BENCH_BATCH ?? '1000'),
  PROJECT: 'bench',
  RUNS: 50,
  results: new Results(),
  targets: new Targets(),
  log,
  section: (msg) => log(`\n== ${msg}`),
  repoDir: join(BENCH_ROOT, 'repo'),
  gitDir: join(BENCH_ROOT, 'repo', '.git'),
  extraRevisions: 0, // revisions written after the import (single commits, catch-ups, writes)
  revisePick: 0,
  open(options = {}) {
    return openBrain({ repoDir: ctx.repoDir, projectId: ctx.PROJECT, author: 'bench', ...options });
  },
  cachePath: () => join(ctx.gitDir, 'brain', 'cache.sqlite'),
};
const started = now();
mkdirSync(ctx.repoDir, { recursive: true });
git(ctx.repoDir, ['init', '-q']);
writeFileSync(join(ctx.repoDir, 'README.md'), '# bench project\n');
git(ctx.repoDir, ['add', 'README.md']);
git(ctx.repoDir, ['commit', '-q', '-m', 'initial']);
ctx.brain = await ctx.open();
log(`brain bench: ${ctx.ENTRIES} entries / ${ctx.REVISIONS} revisions (scale ${SCALE}), ${ctx.BATCH} revisions per import commit, in ${BENCH_ROOT}`);

const m = {};
m.import = await importSection(ctx);
if (process.argv.includes('import')) {
  // `npm run bench -- import`: the writing section alone (its rows and the import's segments beside their floors).
  await ctx.brain.close();
  const segments = ctx.curve.map((p) => `| ${p.revisions} | ${fmt(p.importRate)} | ${fmt(p.floorRate)} | ${fmt(p.floorRate / p.importRate)} |`);
  segments.push(`| ${ctx.REVISIONS} (last segment) | ${fmt(ctx.curveLast.importRate)} | ${fmt(ctx.curveLast.floorRate)} | ${fmt(ctx.curveLast.floorRate / ctx.curveLast.importRate)} |`);
  process.stdout.write(`\nImport section alone — ${ctx.ENTRIES} entries / ${ctx.REVISIONS} revisions (BENCH_SCALE=${SCALE}), total ${fmt((now() - started) / 1000)} s\n\n`);
  process.stdout.write(`| segment ends at, revisions | ours, rev/s | git fast-import, rev/s | ratio |\n|---|---|---|---|\n${segments.join('\n')}\n\n${ctx.results.table()}\n`);
  process.exit(0);
}
m.rebuild = await rebuildSection(ctx);
m.cli = await cliSection(ctx);
await querySection(ctx);
m.write = await writeSection(ctx);
m.secrets = await secretsSection(ctx);
await ctx.brain.close();

ctx.section('daemon');
const daemonArgs = { repo: ctx.repoDir, projectId: ctx.PROJECT, cachePath: ctx.cachePath(), runs: ctx.RUNS };
m.list = await daemonListLatency(daemonArgs);
for (const f of m.list.perFilter) ctx.results.add({ name: `daemon list ${f.label}, first page, median`, value: f.ours, unit: 'ms', baseline: f.raw, baselineName: 'raw SQL, same filter' });
m.daemon = await daemonQueryTargets(daemonArgs);
ctx.results.add({ name: 'daemon GET /api/health, median', value: m.daemon.health, unit: 'ms' });
ctx.results.add({ name: 'daemon search, top 20, median', value: m.daemon.search, unit: 'ms', baseline: m.daemon.searchFloor, baselineName: 'FTS5 in memory, same queries' });
ctx.results.add({ name: `daemon search "${SEARCH_COMMON}" (common word), top 20, median`, value: m.daemon.searchCommon, unit: 'ms', baseline: m.daemon.searchCommonFloor, baselineName: 'FTS5 in memory, same query' });
ctx.results.add({ name: `daemon search "${SEARCH_UNCOMMON}" (uncommon words), top 20, median`, value: m.daemon.searchUncommon, unit: 'ms', baseline: m.daemon.searchUncommonFloor, baselineName: 'FTS5 in memory, same query' });
ctx.results.add({ name: `daemon search "${SEARCH_RARE}" (rare words), top 20, median`, value: m.daemon.searchRare, unit: 'ms', baseline: m.daemon.searchRareFloor, baselineName: 'FTS5 in memory, same query' });
ctx.results.add({ name: 'daemon context, median', value: m.daemon.context, unit: 'ms', baseline: m.daemon.contextFloor, baselineName: `raw SQL: the ${m.daemon.contextIncluded} rows it shows` });
m.visible = await daemonBench({ repo: ctx.repoDir, projectId: ctx.PROJECT, results: ctx.results, openBrain, writes: 100, runs: ctx.RUNS });
await dashboardBench({ repo: ctx.repoDir, projectId: ctx.PROJECT, results: ctx.results, runs: 30, targets: ctx.targets, entries: ctx.ENTRIES });
m.fresh = await freshCloneSection(ctx);
addTargetRows(ctx.targets, m);
// The full size's column of the curve (bench/curve.js): the run's own final figures; its first read is the packed clone's.
const fullPoint = { revisions: ctx.REVISIONS + ctx.extraRevisions, ...ctx.curveLast, rebuildS: m.rebuild.ours.ms / 1000, nativeS: m.rebuild.native.ms / 1000, list: m.list, queries: m.daemon };
const { adrCorporaSection } = await import('./adr-corpora.js');
try {
  m.adr = await adrCorporaSection({ root: join(BENCH_ROOT, 'adr'), log, section: ctx.section });
} catch (err) {
  // A failing section is reported without losing the measurements of the others.
  log(`ADR corpora section failed: ${err.stack ?? err}`);
  process.exitCode = 1;
}
const questionRows = await searchQuestionsSection({ root: ctx.root, log, section: ctx.section, results: ctx.results });
ctx.section('reviewer set');
m.reviewer = await runReviewerSet({ root: join(BENCH_ROOT, 'reviewer'), log });

// ---------------------------------------------------------------- report
const totalS = (now() - started) / 1000;
const meta = {
  date: new Date().toISOString(),
  scale: SCALE,
  entries: ctx.ENTRIES,
  revisions: ctx.REVISIONS,
  import_batch: ctx.BATCH,
  import_commits: ctx.importCommits,
  node: process.version,
  git: git(ctx.repoDir, ['--version']),
  cpus: os.cpus().length,
  cpu_model: os.cpus()[0]?.model ?? null,
  platform: `${os.platform()} ${os.release()}`,
  total_seconds: totalS,
  ratio: 'our cost / floor cost (> 1 means slower than the floor)',
};
const outDir = join(new URL('.', import.meta.url).pathname, 'out');
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'results.json'), `${JSON.stringify({ meta, targets: ctx.targets.rows, curve: [...ctx.curve, fullPoint], results: ctx.results.rows, adr_corpora: m.adr, reviewer: m.reviewer.summary }, null, 2)}\n`);
const out = (s) => process.stdout.write(s);
out(`\nProject Brain benchmark — ${ctx.ENTRIES} entries / ${ctx.REVISIONS} revisions (BENCH_SCALE=${SCALE}), ${meta.cpus} CPUs, node ${process.version}, ${meta.git}\n`);
out(`ratio = our cost / floor cost (> 1: slower than the floor). Total ${fmt(totalS)} s.\n\n`);
out(`Targets (issue #10)\n\n${ctx.targets.table()}\n\nGrowth curve (issue 21; ours / floor at each size, same run)\n\n${curveTable(ctx.curve, fullPoint)}\n\nAll measurements\n\n${ctx.results.table()}\n\n`);
out(`Search questions (recall@3, MRR; bench/questions)\n\n${questionsTable(questionRows)}\n\n`);
out(`Candidate reviewer (issue #20), fixtures/reviewer-set/\n\n${reviewerTable(m.reviewer)}\n\nwritten: ${join(outDir, 'results.json')}\n`);
