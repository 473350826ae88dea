/**
 * Dev helper, not part of `npm run bench`: the cold rebuild of a packed clone beside its floor
 * (issue 21, docs/decisions/0071). BRAIN_CLONE is a clone with a `brain` branch (made with
 * `git clone --no-local` from BRAIN_REPO when it does not exist yet, then the local branch).
 * Each of ROUNDS rounds measures, in turns, the floor — `git ls-tree -r` + `git cat-file
 * --batch` of the branch (bench/native.js) — and a cold rebuild (`.git/brain` removed, the
 * brain opened, `Brain.refresh`), and prints wall time, node's CPU (every thread: the apply
 * thread and the parse worker) and git's (the children this process waited for). With
 * PHASES=1 it also prints where the SQLite time of the rebuild went, per statement (the
 * statements wrapped with a timer: slower, read the shares, not the total). E.g.
 *   BRAIN_REPO=/tmp/brain-50k BRAIN_CLONE=/tmp/clone-50k ROUNDS=3 node bench/profile-rebuild.js
 *   BRAIN_CLONE=/tmp/clone-50k ROUNDS=1 node --cpu-prof --cpu-prof-dir=/tmp/prof bench/profile-rebuild.js
 * Point DIST at another build's dist/ (with node_modules beside it) to compare two versions.
 */
import './env.js';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { git, nativeReadAll } from './native.js';

const ROUNDS = Number(process.env.ROUNDS ?? '3');
const DIST = resolve(process.env.DIST ?? new URL('../dist', import.meta.url).pathname);
const clone = process.env.BRAIN_CLONE;
if (!clone) throw new Error('set BRAIN_CLONE to a packed clone with a brain branch (or to where to make one from BRAIN_REPO)');
if (!existsSync(join(clone, '.git'))) {
  if (!process.env.BRAIN_REPO) throw new Error(`${clone} is not a clone: set BRAIN_REPO to clone it from`);
  git(process.cwd(), ['clone', '-q', '--no-local', '--no-checkout', process.env.BRAIN_REPO, clone]);
  git(clone, ['branch', 'brain', 'origin/brain']);
}

/** CPU ms of this process's waited-for children (utime + stime of /proc/self/stat, Linux). */
function childrenCpuMs() {
  const text = readFileSync('/proc/self/stat', 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) * (1000 / 100);
}
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
const cpuMs = (u) => (u.user + u.system) / 1000;

const statementMs = new Map();
if (process.env.PHASES === '1') {
  const Database = createRequire(join(DIST, '..', 'package.json'))('better-sqlite3');
  const add = (key, ms) => statementMs.set(key, (statementMs.get(key) ?? 0) + ms);
  const timed = (key, fn) => function (...args) {
    const t = performance.now();
    try { return fn.apply(this, args); } finally { add(key, performance.now() - t); }
  };
  const name = (sql) => sql.trim().replace(/\s+/g, ' ').slice(0, 60);
  const exec = Database.prototype.exec;
  Database.prototype.exec = function (sql) { return timed(`exec ${name(sql)}`, exec).call(this, sql); };
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function (sql) {
    const statement = prepare.call(this, sql);
    statement.run = timed(`run ${name(sql)}`, statement.run);
    return statement;
  };
}

const { openBrain } = await import(pathToFileURL(join(DIST, 'service.js')).href);
const tip = git(clone, ['rev-parse', 'refs/heads/brain']);
console.log(`clone ${clone}, tip ${tip.slice(0, 12)}, dist ${DIST}`);
for (let round = 1; round <= ROUNDS; round++) {
  const g0 = childrenCpuMs();
  const floor = await nativeReadAll({ gitDir: join(clone, '.git'), commit: tip, prefix: 'projects' });
  const floorGit = childrenCpuMs() - g0;
  rmSync(join(clone, '.git', 'brain'), { recursive: true, force: true });
  statementMs.clear();
  const c0 = process.cpuUsage();
  const g1 = childrenCpuMs();
  const t0 = performance.now();
  const brain = await openBrain({ repoDir: clone, projectId: 'bench', author: 'bench' });
  const result = await brain.refresh();
  const wall = performance.now() - t0;
  const nodeCpu = cpuMs(process.cpuUsage(c0));
  await brain.close();
  const gitCpu = childrenCpuMs() - g1;
  if (result.mode !== 'full') throw new Error(`expected a full rebuild, got ${result.mode}`);
  console.log(`round ${round} (load ${load()}): ${result.stats.revisions} revisions, ${result.stats.files} files | rebuild ${wall.toFixed(0)} ms wall, CPU node ${nodeCpu.toFixed(0)} + git ${gitCpu.toFixed(0)} ms | floor ${floor.ms.toFixed(0)} ms wall, CPU git ${floorGit.toFixed(0)} ms | ${(wall / floor.ms).toFixed(2)}× wall, ${((nodeCpu + gitCpu) / floorGit).toFixed(2)}× CPU`);
  if (statementMs.size > 0) {
    for (const [key, ms] of [...statementMs].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${key}`);
  }
}
