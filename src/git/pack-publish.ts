/**
 * Publishing a pack crash-safely, in the order git itself uses (pack-writer.ts for new objects,
 * pack-merge.ts for merged small packs): the pack and its index are written under
 * `tmp_pack_<pid>_<hex>.pack` and `tmp_idx_<pid>_<hex>` in `objects/pack` and fsynced — the
 * index, like git's own (`tmp_idx_` and six random characters), without the `.idx` suffix: git
 * opens every `*.idx` of that directory, so a half-written one under such a name made every git
 * command there (`git fsck --strict`, `git log`) fail with "index file … is too small" while a
 * write ran or after a writer was killed mid-index; then the pack is renamed to
 * `pack-<sha>.pack` and the index to `pack-<sha>.idx` LAST, and (bulk writes and merges) the
 * directory fsynced; a single write's names become durable with the ref's fsync. Git and
 * isomorphic-git only use a pack that has its index, so a crash at any point leaves either
 * nothing visible or a complete pack; `tmp_pack_*` / `tmp_idx_*` files of a dead process are removed by the
 * next writer (stale-writer.ts) or by `git gc`.
 */
import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

function fsyncFd(fd: number): Promise<void> {
  return new Promise<void>((resolve, reject) => fs.fsync(fd, (err) => (err ? reject(err) : resolve())));
}

/** Creates `path` (read-only, failing if it exists) holding `data`; resolves once it is fsynced (on libuv's pool). Errors: node errors. */
export function writeDurable(path: string, data: Uint8Array): Promise<void> {
  const fd = fs.openSync(path, 'wx', 0o444);
  try {
    fs.writeSync(fd, data);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  return fsyncFd(fd).finally(() => fs.closeSync(fd));
}

/** Fsyncs an existing file (an index another program wrote). Errors: node errors. */
export function fsyncFile(path: string): Promise<void> {
  const fd = fs.openSync(path, 'r');
  return fsyncFd(fd).finally(() => fs.closeSync(fd));
}

/**
 * Publishes the pack `pack-<checksum>` in `dir` (`<gitdir>/objects/pack`, which must exist):
 * `write(tempPack, tempIdx)` must leave both temp files complete and fsynced (`tempPack` ends in
 * `.pack`; `tempIdx` has no `.idx` suffix, module comment); then they are
 * renamed into place, pack first, and the directory fsynced unless `syncDir` is false. A single
 * write passes false (decision 0048): like its loose objects before, and like git's own pack
 * writes, the names become durable with the ref's fsync that follows (one journal commit
 * fewer per write). Resolves with the pack's name. Errors: whatever `write` throws, node
 * errors (the temp files are removed; nothing is published).
 */
export async function publishPack(dir: string, checksum: string, write: (tempPack: string, tempIdx: string) => Promise<void>, { syncDir = true } = {}): Promise<string> {
  const tag = `${process.pid}_${randomBytes(6).toString('hex')}`;
  const [tempPack, tempIdx] = [join(dir, `tmp_pack_${tag}.pack`), join(dir, `tmp_idx_${tag}`)];
  const name = `pack-${checksum}`;
  try {
    await write(tempPack, tempIdx);
    fs.renameSync(tempPack, join(dir, `${name}.pack`));
    fs.renameSync(tempIdx, join(dir, `${name}.idx`));
  } catch (err) {
    fs.rmSync(tempIdx, { force: true });
    fs.rmSync(tempPack, { force: true });
    throw err;
  }
  if (!syncDir) return name;
  const dirFd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
  return name;
}
