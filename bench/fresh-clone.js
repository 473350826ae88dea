/**
 * Bench section 6, a teammate's first minutes: `git clone` of the brain's repository, then the
 * first one-shot `brain search` (which builds the projection from the packed clone), and the
 * size of what brain keeps in `.git/brain/` beside the size of the clone's pack.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { git, nativeReadAll } from './native.js';
import { wallOf } from './timing.js';
import { BRAIN_BIN, ONE_SHOT } from './cli.js';

/** Bytes under `dir`, recursively (apparent sizes, like `du -sb`). */
export function dirBytes(dir) {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const s = statSync(path);
    total += s.isDirectory() ? dirBytes(path) : s.size;
  }
  return total;
}

/**
 * Returns `{ firstSearchMs, nativeMs, cacheBytes, packBytes, files }` for a fresh clone of
 * `ctx.repoDir`; `nativeMs` is the floor of the first read (issue 21): `git ls-tree -r` +
 * `git cat-file --batch` of the same clone's branch, measured right after it.
 */
export async function freshCloneSection(ctx) {
  ctx.section('fresh clone: first search, cache size');
  const dir = join(ctx.root, 'fresh-clone');
  git(ctx.root, ['clone', '-q', '--no-local', ctx.repoDir, dir]);
  const first = wallOf(process.execPath, [BRAIN_BIN, ...ONE_SHOT.search], { cwd: dir });
  if (JSON.parse(first.stdout).length === 0) throw new Error('first search in a fresh clone found nothing');
  const native = await nativeReadAll({ gitDir: join(dir, '.git'), commit: git(dir, ['rev-parse', 'refs/heads/brain']), prefix: 'projects' });
  const brainDir = join(dir, '.git', 'brain');
  const files = Object.fromEntries(readdirSync(brainDir).map((f) => [f, statSync(join(brainDir, f)).size]));
  const counts = Object.fromEntries(git(dir, ['count-objects', '-v']).split('\n').map((l) => l.split(': ')));
  const packBytes = Number(counts['size-pack']) * 1024;
  const cacheBytes = dirBytes(brainDir);
  ctx.results.add({ name: 'fresh clone: first brain search (builds the projection), wall', value: first.ms, unit: 'ms', baseline: native.ms, baselineName: 'ls-tree -r + cat-file --batch, same clone' });
  ctx.results.add({ name: `fresh clone: .git/brain/ (${Object.entries(files).map(([f, b]) => `${f} ${(b / 1e6).toFixed(1)} MB`).join(', ')})`, value: cacheBytes / 1e6, unit: 'MB', baseline: packBytes / 1e6, baselineName: "the clone's pack (size-pack)" });
  return { firstSearchMs: first.ms, nativeMs: native.ms, cacheBytes, packBytes, files };
}
