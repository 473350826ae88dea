/**
 * Cleaning up after a brain writer that was killed (issue #7 "Recovery without a person"):
 * the branch's ref lock it held and the temp files of its atomic writes. Only what is proven
 * to be the dead writer's is removed:
 *
 * - a ref lock is the dead writer's when its `write.lock` record names it and the file holds
 *   exactly the new oid the record names (a commit only that writer had built: no other
 *   process can be moving the branch to it) and was not created before the record; or it is
 *   still empty and was created within two seconds of the record (git writes the new oid into
 *   its lock at once); or — records of brains before decision 0048, which confirmed the lock's
 *   inode in a second record — it is the one that writer created (same inode);
 * - a temp file (`.<name>.tmp-<pid>-<hex>`, git-fs.ts and write-lock.ts) is the dead writer's
 *   when `<pid>` is a process of this host that no longer runs.
 *
 * Callers hold the writer lock (no other brain writer runs), or are `brain doctor --fix`.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { isProcessAlive } from './process-alive.js';

/** A writer's record of the ref lock it takes, made before the lock file is created. */
export interface RefLockIntent {
  path: string;
  /** ISO 8601, when the record was made. */
  since: string;
  /** The oid the writer writes into the lock (decision 0048: the proof the lock is its own). */
  oid?: string;
  /** Set by brains before decision 0048, once the file existed; still honoured. */
  ino?: number;
  dev?: number;
}

const TEMP_NAME = /\.tmp-(\d+)-[0-9a-z]+$/;
/**
 * A pack or index pack-publish.ts had not published yet: `tmp_pack_<pid>_<hex>.pack` and
 * `tmp_idx_<pid>_<hex>` (brains before that index name wrote `tmp_pack_<pid>_<hex>.idx`).
 */
const PACK_TEMP_NAME = /^tmp_(?:pack_(\d+)_[0-9a-f]+\.(?:pack|idx)|idx_(\d+)_[0-9a-f]+)$/;

/** True when `refLock` (a file) is provably the one `intent` describes. */
export function isDeadWritersRefLock(intent: RefLockIntent): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(intent.path);
  } catch {
    return false;
  }
  const sinceMs = Date.parse(intent.since);
  // Same inode, and written while that writer lived (an inode recycled later by another lock is not it).
  if (intent.ino !== undefined) return stat.ino === intent.ino && stat.dev === intent.dev && stat.mtimeMs <= sinceMs + 10_000;
  // Holding the writer's new oid, and not created before the record (2 s: coarse file-system clocks).
  if (intent.oid !== undefined && stat.size === 41 && stat.mtimeMs >= sinceMs - 2_000) return fs.readFileSync(intent.path, 'latin1') === `${intent.oid}\n`;
  // Still empty (killed between creating and writing it), created within two seconds of the record.
  return stat.size === 0 && Math.abs(stat.mtimeMs - sinceMs) <= 2_000;
}

/** Temp files in `dir` left by processes that no longer run. */
function deadTemps(dir: string, patterns: readonly RegExp[] = [TEMP_NAME]): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = patterns.map((pattern) => pattern.exec(name)).find((m) => m !== null);
    if (!match) return [];
    const owner = Number(match[1] ?? match[2]);
    if (owner === process.pid || isProcessAlive(owner)) return [];
    return [join(dir, name)];
  });
}

/**
 * Every temp file of a dead process under `.git/objects/??/` and `.git/objects/pack/` (unless
 * `objects: false`; there also unpublished `tmp_pack_<pid>_*` packs and `tmp_idx_<pid>_*` indexes) and `.git/brain/`. Reads 256 small directories: for recovery and `brain doctor`, not every write.
 */
export function findDeadTempFiles(args: { commonDir: string; brainDir: string; objects?: boolean }): string[] {
  const objects = join(args.commonDir, 'objects');
  let fans: string[] = [];
  try {
    if (args.objects !== false) fans = fs.readdirSync(objects).filter((name) => /^[0-9a-f]{2}$/.test(name));
  } catch {
    /* no objects yet */
  }
  const packs = args.objects !== false ? deadTemps(join(objects, 'pack'), [TEMP_NAME, PACK_TEMP_NAME]) : [];
  return [...fans.flatMap((fan) => deadTemps(join(objects, fan))), ...packs, ...deadTemps(args.brainDir)];
}

/**
 * Removes what dead writers (the records a taken-over write.lock inherited) left behind: each
 * one's provable ref lock, and every temp file of a dead process (not only theirs: a chain of
 * killed writers may have lost older records).
 */
export function recoverFromDeadWriters(args: { commonDir: string; brainDir: string; dead: readonly { pid: number; ref_lock?: RefLockIntent }[] }): void {
  for (const writer of args.dead) {
    if (writer.ref_lock && isDeadWritersRefLock(writer.ref_lock)) fs.rmSync(writer.ref_lock.path, { force: true });
  }
  for (const path of findDeadTempFiles({ commonDir: args.commonDir, brainDir: args.brainDir })) fs.rmSync(path, { force: true });
}
