/**
 * Git's files on disk (DESIGN §3): atomic writes (temp file, fsync, rename — a crash never
 * leaves a torn loose object), reading and writing loose objects, and the `fs` handed to
 * isomorphic-git: synchronous node calls underneath (about 2× faster than node's promise fs),
 * with those atomic writes.
 */
import * as fs from 'node:fs';
import { dirname, join, basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { deflateSync, inflateSync } from 'node:zlib';
import type { PromiseFsClient } from 'isomorphic-git';

function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
}

/**
 * Writes `data` to `path` atomically: a sibling temp file, fsync, rename, then fsync of the
 * directory is skipped (rename is atomic; durability of the name follows the ref fsync).
 * Throws node errors (ENOENT when the directory is missing).
 */
export function writeFileAtomicSync(path: string, data: string | Uint8Array, mode = 0o644): void {
  const tmp = tempPathFor(path);
  const fd = fs.openSync(tmp, 'wx', mode);
  try {
    fs.writeSync(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fs.fsyncSync(fd);
  } catch (err) {
    abandon(fd, tmp);
    throw err;
  }
  publish(fd, tmp, path);
}

/** Drops a temp file whose write failed. */
function abandon(fd: number, tmp: string): void {
  fs.closeSync(fd);
  fs.rmSync(tmp, { force: true });
}

/** Closes a fully written and fsynced temp file and renames it into place (removing it on failure). */
function publish(fd: number, tmp: string, path: string): void {
  fs.closeSync(fd);
  try {
    fs.renameSync(tmp, path);
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/**
 * {@link writeFileAtomicSync} with the fsync on libuv's thread pool, so that several files
 * written at once have their fsyncs in flight together and the disk commits them in fewer
 * journal flushes (measured here: ~0.4–0.7 ms per object one by one). Same guarantee per
 * file: its data is fsynced before the rename makes the name visible. Rejects with node errors.
 */
async function writeFileAtomic(path: string, data: Uint8Array, mode = 0o644): Promise<void> {
  const tmp = tempPathFor(path);
  const fd = fs.openSync(tmp, 'wx', mode);
  try {
    fs.writeSync(fd, data);
    await new Promise<void>((resolve, reject) => fs.fsync(fd, (err) => (err ? reject(err) : resolve())));
  } catch (err) {
    abandon(fd, tmp);
    throw err;
  }
  publish(fd, tmp, path);
}

/**
 * Runs `task` over `items` with at most `width` in flight. After a failure no new task
 * starts; the ones in flight finish, then it rejects with the first error (so nothing is
 * still running when the caller goes on).
 */
async function forEachLimited<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length && errors.length === 0) {
      const item = items[next++] as T;
      await task(item).catch((err: unknown) => errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}

/** Loose-object writes in flight at once (their fsyncs run on libuv's thread pool). */
const WRITE_WIDTH = 16;

/**
 * Writes objects (oid → uncompressed `<type> <size>\0<content>`) as loose objects, skipping
 * those already present loose (like git and isomorphic-git, an object is never overwritten):
 * each deflated, written atomically and fsynced, several in flight at once. Resolves when
 * every one is durable. Errors: node errors.
 */
export async function writeLooseObjects(gitdir: string, objects: ReadonlyMap<string, Uint8Array>): Promise<void> {
  const todo: { path: string; data: Buffer }[] = [];
  const dirs = new Set<string>();
  for (const [oid, raw] of objects) {
    const dir = join(gitdir, 'objects', oid.slice(0, 2));
    const path = join(dir, oid.slice(2));
    if (fs.existsSync(path)) continue;
    dirs.add(dir);
    todo.push({ path, data: deflateSync(raw) });
  }
  for (const dir of dirs) fs.mkdirSync(dir, { recursive: true });
  await forEachLimited(todo, WRITE_WIDTH, ({ path, data }) => writeFileAtomic(path, data));
}

/**
 * Reads a loose object: its type and content, or null when it is not loose (maybe packed).
 * Errors: node errors, zlib errors, Error on a malformed header.
 */
export function readLooseObject(gitdir: string, oid: string): { type: string; content: Buffer } | null {
  let deflated: Buffer;
  try {
    deflated = fs.readFileSync(join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2)));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
  const raw = inflateSync(deflated);
  const space = raw.indexOf(0x20);
  const nul = raw.indexOf(0, space + 1);
  const content = raw.subarray(nul + 1);
  if (space <= 0 || nul < 0 || Number(raw.toString('latin1', space + 1, nul)) !== content.length) {
    throw new Error(`corrupt loose object ${oid} in ${gitdir}`);
  }
  return { type: raw.toString('latin1', 0, space), content };
}

/**
 * isomorphic-git probes every fs it is handed by calling `readFile()` without arguments, on
 * every API call; answering with one pre-built rejection instead of a fresh node error (with
 * its stack trace) saves ~40 µs a call.
 */
const PROBE_ERROR = Object.assign(new Error('readFile() needs a path'), { code: 'EINVAL' });

/** An isomorphic-git compatible fs (`{ promises }`) with atomic, sync-underneath calls. */
export function createGitFs(): PromiseFsClient {
  const promises = {
    async readFile(path: string, options?: { encoding?: BufferEncoding } | BufferEncoding) {
      if (path === undefined) throw PROBE_ERROR;
      return fs.readFileSync(path, options as BufferEncoding | undefined);
    },
    async writeFile(path: string, data: string | Uint8Array, options?: { mode?: number }) {
      writeFileAtomicSync(path, data, typeof options === 'object' && options?.mode ? options.mode : 0o644);
    },
    async unlink(path: string) {
      fs.unlinkSync(path);
    },
    async readdir(path: string) {
      return fs.readdirSync(path);
    },
    async mkdir(path: string) {
      fs.mkdirSync(path);
    },
    async rmdir(path: string) {
      fs.rmdirSync(path);
    },
    async stat(path: string) {
      return fs.statSync(path);
    },
    async lstat(path: string) {
      return fs.lstatSync(path);
    },
    async readlink(path: string) {
      return fs.readlinkSync(path);
    },
    async symlink(target: string, path: string) {
      fs.symlinkSync(target, path);
    },
    async chmod(path: string, mode: number) {
      fs.chmodSync(path, mode);
    },
  };
  return { promises };
}
