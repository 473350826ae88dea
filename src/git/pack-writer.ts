/**
 * Writes as packs (issue #10 "Bulk writes as packs"; issue 21 for single writes): the new
 * objects of one commit go into ONE packfile (git pack format v2: whole objects,
 * zlib-deflated, no deltas, SHA-1 trailer) instead of one loose file each. A bulk commit's
 * pack is indexed by `git index-pack --strict` when a git binary exists (which also checks
 * every object; `--fsck-objects` when the commit writer checked the links in-process,
 * pack-links.ts, decision 0084), else by isomorphic-git's `indexPack`; a small one (a single write, below
 * {@link PACK_THRESHOLD} objects) is indexed in-process (pack-index.ts: the same pack checks and
 * `.idx` bytes, no process spawned). A large pack is deflated on two threads
 * (deflate-worker.ts), the bytes the same as on one.
 *
 * Crash safety: pack-publish.ts (temp names, fsync, pack then index renamed into place);
 * the caller moves the ref only after this resolves.
 * Packs stay few: after a pack write, src/git/pack-roll-up.ts rolls small packs up (issue 21).
 */
import * as fs from 'node:fs';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { basename, join } from 'node:path';
import { BrainError } from '../model/errors.js';
import { gitChildEnv } from './cat-file-batch.js';
import { deflateEntry, deflateOnWorker } from './deflate-worker.js';
import { createGitFs, writeLooseObjects } from './git-fs.js';
import { isGitAvailable } from './object-reader.js';
import { checkPackLinks, type BuiltTree, type LinkType } from './pack-links.js';
import { rollUpPacks } from './pack-roll-up.js';
import { indexPackInProcess } from './pack-index.js';
import { fsyncFile, publishPack, writeDurable } from './pack-publish.js';

/**
 * What `git index-pack` checks besides re-hashing every object: `strict` (`--strict`: fsck of
 * every object and a lookup of every object it links to), or `objects` (`--fsck-objects`: the
 * fsck only, the links having been checked in-process: pack-links.ts, decision 0084).
 */
export type IndexCheck = 'strict' | 'objects';

/** Pack type numbers of the object types brain writes (gitformat-pack). */
const TYPE_NUMBER: Record<string, number> = { commit: 1, tree: 2, blob: 3 };

/** Who builds the `.idx`: the git binary (default when installed), isomorphic-git, or brain itself (pack-index.ts). */
export type PackIndexer = 'git' | 'isomorphic-git' | 'in-process';

/** The pack entry header: type and inflated size as git's variable-length integer. */
function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = [];
  let byte = (type << 4) | (size & 0x0f);
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes.push(byte | 0x80);
    byte = rest & 0x7f;
    rest = Math.floor(rest / 128);
  }
  bytes.push(byte);
  return Buffer.from(bytes);
}

interface PackEntry {
  type: number;
  content: Buffer;
}

/** Splits each `<type> <size>\0<content>` object into its pack type and content. Errors: Error on a malformed one. */
function packEntries(objects: ReadonlyMap<string, Uint8Array>): PackEntry[] {
  const entries: PackEntry[] = [];
  for (const [oid, raw] of objects) {
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    const nul = bytes.indexOf(0);
    const space = bytes.indexOf(0x20);
    const type = TYPE_NUMBER[bytes.toString('latin1', 0, space)];
    const content = bytes.subarray(nul + 1);
    if (space <= 0 || nul < space || type === undefined || Number(bytes.toString('latin1', space + 1, nul)) !== content.length) {
      throw new Error(`object ${oid} is not a well-formed commit, tree or blob`);
    }
    entries.push({ type, content });
  }
  return entries;
}

/** The pack's bytes from its entries and their deflated contents (same order), with the SHA-1 trailer. */
function assemblePack(entries: PackEntry[], deflated: Buffer[]): { bytes: Buffer; checksum: string } {
  const head = Buffer.alloc(12);
  head.write('PACK', 0, 'latin1');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(entries.length, 8);
  const chunks: Buffer[] = [head];
  entries.forEach((entry, i) => chunks.push(entryHeader(entry.type, entry.content.length), deflated[i] as Buffer));
  const body = Buffer.concat(chunks);
  const trailer = createHash('sha1').update(body).digest();
  return { bytes: Buffer.concat([body, trailer]), checksum: trailer.toString('hex') };
}

/**
 * The bytes of a pack v2 holding `objects` (oid → uncompressed `<type> <size>\0<content>`,
 * as loose objects hash them), in the given order, and its SHA-1 trailer (hex), which names
 * the pack. Errors: Error on a malformed object or a type brain does not write.
 */
export function buildPack(objects: ReadonlyMap<string, Uint8Array>): { bytes: Buffer; checksum: string } {
  const entries = packEntries(objects);
  return assemblePack(entries, entries.map((e) => deflateEntry(e.content)));
}

/** From this many content bytes on, a pack is deflated on two threads (below, the hand-off costs more than it saves). */
export const PARALLEL_DEFLATE_BYTES = 256 * 1024;

/**
 * {@link buildPack}, byte for byte, with the last part of the objects deflated on the worker
 * thread (deflate-worker.ts) while this thread deflates the first part; if the worker fails,
 * this thread deflates its part too. Errors: as {@link buildPack}.
 */
export async function buildPackParallel(objects: ReadonlyMap<string, Uint8Array>): Promise<{ bytes: Buffer; checksum: string }> {
  const entries = packEntries(objects);
  const total = entries.reduce((sum, e) => sum + e.content.length, 0);
  if (total < PARALLEL_DEFLATE_BYTES) return assemblePack(entries, entries.map((e) => deflateEntry(e.content)));
  // The worker gets a bit less than half: its share is also copied in and out.
  let split = entries.length;
  for (let bytes = 0; split > 0 && bytes < total * 0.45; ) bytes += (entries[--split] as PackEntry).content.length;
  const tail = entries.slice(split).map((e) => e.content);
  const remote = deflateOnWorker(tail).catch(() => null);
  const head = entries.slice(0, split).map((e) => deflateEntry(e.content));
  const rest = (await remote) ?? tail.map((content) => deflateEntry(content));
  return assemblePack(entries, [...head, ...rest]);
}

function indexWithGit(gitdir: string, packPath: string, idxPath: string, check: IndexCheck): Promise<void> {
  // No reverse index (.rev): it would be one more file to rename, and it is optional.
  const args = ['-c', 'pack.writeReverseIndex=false', '--git-dir', gitdir, 'index-pack', check === 'strict' ? '--strict' : '--fsck-objects', '-o', idxPath, packPath];
  return new Promise((resolve, reject) => {
    execFile('git', args, { env: gitChildEnv(), maxBuffer: 1 << 20 }, (err, _stdout, stderr) => {
      if (!err) return resolve();
      reject(new BrainError('git_error', `git index-pack failed: ${String(stderr).trim() || err.message}`, { hint: 'the pack brain wrote was rejected; nothing was committed', cause: err }));
    });
  });
}

async function indexWithIsoGit(gitdir: string, packPath: string, idxPath: string): Promise<void> {
  const git = (await import('isomorphic-git')).default;
  // indexPack writes `<name>.idx` beside `<name>.pack` through our fs (atomic: temp + fsync + rename): complete once
  // visible, so git may read it; it then takes the unpublished index's name (pack-publish.ts).
  await git.indexPack({ fs: createGitFs(), dir: join(gitdir, 'objects', 'pack'), gitdir, filepath: basename(packPath) });
  fs.renameSync(packPath.replace(/\.pack$/, '.idx'), idxPath);
}

/**
 * Writes `objects` (oid → uncompressed `<type> <size>\0<content>`) as one pack with its index
 * in `<gitdir>/objects/pack`, crash-safe as the module comment says; resolves with the pack's
 * name (`pack-<sha1>`) once pack and index are durable, and (unless indexed in-process: a
 * single write, pack-publish.ts) the directory too. `check`: what `git index-pack` checks when
 * git indexes it (default `strict`; `objects` only when the caller checked the links). Errors:
 * BrainError `git_error` when index-pack (git's or pack-index.ts) rejects the pack,
 * isomorphic-git errors, node I/O errors (temp files are removed).
 */
export async function writePack(gitdir: string, objects: ReadonlyMap<string, Uint8Array>, indexer: PackIndexer, { check = 'strict' }: { check?: IndexCheck } = {}): Promise<string> {
  const dir = join(gitdir, 'objects', 'pack');
  fs.mkdirSync(dir, { recursive: true });
  const { bytes, checksum } = await buildPackParallel(objects);
  return publishPack(dir, checksum, async (tempPack, tempIdx) => {
    if (indexer === 'in-process') {
      const { idx, oids } = indexPackInProcess(bytes);
      if (oids.length !== objects.size || oids.some((oid) => !objects.has(oid))) throw new Error('the pack built does not hold the objects it was built from');
      await Promise.all([writeDurable(tempPack, bytes), writeDurable(tempIdx, idx)]); // both fsyncs in flight at once
      return;
    }
    await writeDurable(tempPack, bytes);
    if (indexer === 'git') await indexWithGit(gitdir, tempPack, tempIdx, check);
    else await indexWithIsoGit(gitdir, tempPack, tempIdx);
    await fsyncFile(tempIdx);
  }, { syncDir: indexer !== 'in-process' });
}

/**
 * From this many objects on, one commit's pack is indexed by `git index-pack --strict` (decision
 * 0022: its spawn is paid once for a bulk commit); below it (a single-revision commit writes
 * about 10 objects), in-process (pack-index.ts), where spawning git would cost more than the
 * whole write (decision 0048).
 */
export const PACK_THRESHOLD = 64;

/** Options of {@link writeObjects}. */
export interface WriteObjectsOptions {
  /** Who indexes the pack (default: git from {@link PACK_THRESHOLD} objects on, else in-process; isomorphic-git without git). */
  indexer?: PackIndexer;
  /**
   * The objects outside the batch its trees and commits may link to, by oid, with their type:
   * objects the caller read from the repository (the commit writer: the parent; the links its
   * trees keep from the trees they replace come with `builtTrees`). When given, every link of the
   * batch is checked in-process against the batch, these and `builtTrees`' bases (pack-links.ts)
   * before anything is written, and `git index-pack` runs with
   * `--fsck-objects` instead of `--strict` (decision 0084: `--strict`'s lookup of each link grew
   * with the brain). Without it, `--strict` as before.
   */
  knownLinks?: ReadonlyMap<string, LinkType>;
  /** How the commit writer built trees of the batch, by oid (pack-links.ts: checked instead of parsing their bytes). */
  builtTrees?: ReadonlyMap<string, BuiltTree>;
}

/**
 * Writes one commit's objects durably as one pack: indexed by git from {@link PACK_THRESHOLD}
 * objects on, else in-process; then {@link rollUpPacks} keeps the pack count bounded. Without a
 * git binary (no roll-up possible), a small commit's objects are written loose and a bulk one's
 * pack is indexed by isomorphic-git. Resolves when every object is durable. Errors: as
 * {@link writePack} and git-fs.ts's loose writes; with `knownLinks`, BrainError `git_error` for
 * a link to an object neither written nor known (nothing is written then).
 */
export async function writeObjects(gitdir: string, objects: ReadonlyMap<string, Uint8Array>, options: WriteObjectsOptions = {}): Promise<void> {
  if (options.knownLinks) checkPackLinks(objects, options.knownLinks, options.builtTrees);
  const git = await isGitAvailable();
  if (!git && options.indexer === undefined && objects.size < PACK_THRESHOLD) return writeLooseObjects(gitdir, objects);
  const indexer = options.indexer ?? (!git ? 'isomorphic-git' : objects.size < PACK_THRESHOLD ? 'in-process' : 'git');
  await writePack(gitdir, objects, indexer, { check: options.knownLinks ? 'objects' : 'strict' });
  if (git) await rollUpPacks(gitdir);
}
