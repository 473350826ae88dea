/**
 * The build files a cold build leaves when its process dies mid-way (cold-build.ts,
 * docs/decisions/0075): found by name beside the cache and deleted once their process is gone.
 */
import { lstatSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** `<cache name>.build-<pid>-<hex>`, and SQLite's own files beside it (`-journal`, `-wal`, `-shm`). */
export const BUILD_NAME = /^(.+)\.build-(\d+)-[0-9a-f]+(-journal|-wal|-shm)?$/;

/** Whether process `pid` is alive on this machine (EPERM: alive, another user's). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Deletes, in `dir`, the build files (`*.build-<pid>-<hex>` and their SQLite side files) of
 * processes no longer alive: what a cold build killed mid-way leaves. Only regular files; a
 * build of this process or of a live one is left alone. A pid reused since is taken as alive
 * (its file stays until that process is gone too): never a live build removed.
 */
export function removeStaleBuilds(dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = BUILD_NAME.exec(name);
    if (!m) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || isAlive(pid)) continue;
    const file = join(dir, name);
    if (lstatSync(file, { throwIfNoEntry: false })?.isFile()) rmSync(file, { force: true });
  }
}
