/**
 * Loaded into a CLI run with `NODE_OPTIONS=--import=<this file>` (test/projection/sqlite/cold-build.test.ts):
 * when the run spawns `git cat-file` while a cold build's file (`*.build-<pid>-<hex>`) of this
 * process exists in `$BRAIN_KILL_DIR` — the build has begun and reads its first blobs — the
 * process kills itself with SIGKILL, as a crash mid-build would: nothing runs after it.
 */
import { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';

const spawn = ChildProcess.prototype.spawn;
ChildProcess.prototype.spawn = function killingSpawn(options) {
  const dir = process.env.BRAIN_KILL_DIR;
  let names = [];
  try {
    names = dir ? readdirSync(dir) : [];
  } catch {
    /* not there yet */
  }
  if ((options?.args ?? []).includes('cat-file') && names.some((n) => n.includes(`.build-${process.pid}-`))) process.kill(process.pid, 'SIGKILL');
  return spawn.call(this, options);
};
