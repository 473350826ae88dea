/**
 * Cleaning up after a brain writer that was killed (issue #7 "Recovery without a person"):
 * the branch's ref lock it held and the temp files of its atomic writes. Only what is proven
 * to be the dead writer's is removed:
 *
 * - a ref lock is the dead writer's when its `write.lock` record names it and the file is the
 *   one it created (same inode), or — killed between recording and confirming — it is still
 *   empty and was created within two seconds of the record (git writes the new oid into its
 *   lock at once);
 * - a temp file (`.<name>.tmp-<pid>-<hex>`, git-fs.ts and write-lock.ts) is the dead writer's
 *   when `<pid>` is a process of this host that no longer runs.
 *
 * Callers hold the writer lock (no other brain writer runs), or are `brain doctor --fix`.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './process-alive.js';

/** A writer's record of the ref lock it takes (`ino`/`dev` once the file exists). */
export interface RefLockIntent {
  path: string;
  /** ISO 8601, when the record was made. */
  since: string;
  ino?: number;
  dev?: number;
}

/** What a clean-up removed. */
export interface CleanupReport {
  ref_lock: string | null;
  temp_files: string[];
}

const TEMP_NAME = /\.tmp-(\d+)-[0-9a-z]+$/;

/** True when `refLock` (a file) is provably the one `intent` describes. */
export function isDeadWritersRefLock(intent: RefLockIntent): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(intent.path);
  } catch {
    return false;
  }
  if (intent.ino !== undefined) return stat.ino === intent.ino && stat.dev === intent.dev;
  return stat.size === 0 && Math.abs(stat.mtimeMs - Date.parse(intent.since)) <= 2_000;
}

/** Temp files in `dir` left by processes that no longer run (or by `pid` only). */
function deadTemps(dir: string, pid?: number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = TEMP_NAME.exec(name);
    if (!match) return [];
    const owner = Number(match[1]);
    if (pid !== undefined ? owner !== pid || isProcessAlive(owner) : owner === process.pid || isProcessAlive(owner)) return [];
    return [join(dir, name)];
  });
}

/**
 * Every temp file of a dead process under `.git/objects/??/` (unless `objects: false`) and
 * `.git/brain/` (or only those of `pid`). Reads 256 small directories: for recovery and `brain doctor`, not every write.
 */
export function findDeadTempFiles(args: { commonDir: string; brainDir: string; pid?: number; objects?: boolean }): string[] {
  const objects = join(args.commonDir, 'objects');
  let fans: string[] = [];
  try {
    if (args.objects !== false) fans = fs.readdirSync(objects).filter((name) => /^[0-9a-f]{2}$/.test(name));
  } catch {
    /* no objects yet */
  }
  return [...fans.flatMap((fan) => deadTemps(join(objects, fan), args.pid)), ...deadTemps(args.brainDir, args.pid)];
}

/** Removes what `dead` (a broken write.lock's record) left behind; says what it removed. */
export function recoverFromDeadWriter(args: { commonDir: string; brainDir: string; dead: { pid: number; ref_lock?: RefLockIntent } }): CleanupReport {
  let refLock: string | null = null;
  if (args.dead.ref_lock && isDeadWritersRefLock(args.dead.ref_lock)) {
    fs.rmSync(args.dead.ref_lock.path, { force: true });
    refLock = args.dead.ref_lock.path;
  }
  const temps = findDeadTempFiles({ commonDir: args.commonDir, brainDir: args.brainDir, pid: args.dead.pid });
  for (const path of temps) fs.rmSync(path, { force: true });
  return { ref_lock: refLock, temp_files: temps };
}
