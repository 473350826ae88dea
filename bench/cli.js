/**
 * Bench section 3, starting cold: a new in-process Brain's first list, and one-shot CLI
 * commands (`list`, `search`, `context`: a new node process each, no daemon running) beside
 * bare node startup, `git rev-parse` and a floor script that imports only the service.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { median, sample, wallOf } from './timing.js';

const HERE = new URL('.', import.meta.url).pathname;
export const BRAIN_BIN = join(HERE, '..', 'bin', 'brain.js');

/** The one-shot commands of the issue #10 targets, as a user types them. */
export const ONE_SHOT = {
  list: ['list', '--kind', 'decision', '--status', 'accepted', '--limit', '20', '--json'],
  search: ['search', 'cache invalidation', '--json'],
  context: ['context'],
};

/** Median wall ms of `brain <args>` in `cwd` over `runs` runs after one warm-up; checks it succeeds. */
export function cliWall(cwd, args, runs = 5) {
  const samples = [];
  for (let i = 0; i <= runs; i++) {
    const run = wallOf(process.execPath, [BRAIN_BIN, ...args], { cwd });
    if (run.stdout.trim() === '') throw new Error(`brain ${args.join(' ')} printed nothing`);
    if (i > 0) samples.push(run.ms);
  }
  return median(samples.sort((a, b) => a - b));
}

/** Median wall ms of `node -e 0` (the floor of any one-shot command). */
export function nodeStartMs(runs = 5) {
  const samples = [];
  for (let i = 0; i <= runs; i++) {
    const run = wallOf(process.execPath, ['-e', '0']);
    if (i > 0) samples.push(run.ms);
  }
  return median(samples.sort((a, b) => a - b));
}

/** Runs the warm-start and one-shot rows; returns `{ oneShot: {list, search, context}, node }` (ms). */
export async function cliSection(ctx) {
  const { results, section, ENTRIES } = ctx;
  section('warm start');
  await ctx.brain.close();
  const warm = await sample(async () => {
    const b = await ctx.open();
    if ((await b.list({ limit: 1 })).length !== 1) throw new Error('warm list returned nothing');
    await b.close();
  }, { runs: 5, warmup: 1 });
  const rawOpen = await sample(() => {
    const db = new Database(join(ctx.gitDir, 'brain', 'cache.sqlite'), { readonly: true });
    db.prepare('SELECT c.json FROM current c WHERE c.project_id = ? ORDER BY c.recorded_at DESC, c.entry_id LIMIT 1').all(ctx.PROJECT);
    db.close();
  }, { runs: 5, warmup: 1 });
  results.add({ name: 'warm start: new Brain → first list --limit 1 (median of 5)', value: median(warm), unit: 'ms', baseline: median(rawOpen), baselineName: 'open sqlite + same SQL' });

  section(`one-shot CLI (${ENTRIES} entries, no daemon)`);
  const node = nodeStartMs();
  const revParse = median((await sample(() => wallOf('git', ['rev-parse', 'brain'], { cwd: ctx.repoDir }), { runs: 5, warmup: 1 })));
  const floorScript = `import { openBrain } from ${JSON.stringify(pathToFileURL(join(HERE, '..', 'dist', 'service.js')).href)};
const brain = await openBrain({});
process.stdout.write(JSON.stringify((await brain.list({ limit: 1 })).map((r) => r.entry)));
await brain.close();`;
  const floor = median(await sample(() => wallOf(process.execPath, ['--input-type=module', '-e', floorScript], { cwd: ctx.repoDir }), { runs: 5, warmup: 1 }));
  const oneShot = {};
  for (const [name, args] of Object.entries(ONE_SHOT)) {
    oneShot[name] = cliWall(ctx.repoDir, args);
    results.add({ name: `CLI: brain ${args.join(' ')}, wall (median of 5)`, value: oneShot[name], unit: 'ms', baseline: node, baselineName: 'node -e 0, wall' });
  }
  results.add({ name: 'CLI: brain list (first page), beside git rev-parse', value: oneShot.list, unit: 'ms', baseline: revParse, baselineName: 'git rev-parse brain, wall' });
  results.add({ name: 'floor: node + import service.js + list --limit 1, wall', value: floor, unit: 'ms', baseline: node, baselineName: 'node -e 0, wall' });
  ctx.brain = await ctx.open();
  return { oneShot, node };
}
