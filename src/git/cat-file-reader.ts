/**
 * The `git cat-file` object reader (DESIGN §3: reading many blobs): objects through a
 * long-lived, pipelined `git cat-file --batch` child, shared with the commit writer's tree reads
 * in this process (cat-file-batch.ts, `leaseCatFileBatch`); existence through a second,
 * `--batch-check` child; whole-tree listings through one `git ls-tree -r -z` call.
 * Children are spawned on first use and respawned after a crash (see cat-file-batch.ts).
 */
import { spawn } from 'node:child_process';
import { BrainError } from '../model/errors.js';
import { CatFileBatch, gitChildEnv, leaseCatFileBatch } from './cat-file-batch.js';
import type { BatchObject } from './cat-file-parser.js';
import { assertOid, parseCommit, parseTree } from './git-object-format.js';
import type { CommitInfo, ObjectReader, TreeItem } from './object-reader.js';
import type { RepoLocation } from './repo.js';
import { joinPath, subtreeAt } from './tree-path.js';

/** The cat-file reader; `pid` is the running `--batch` child's pid or null (diagnostics, tests). */
export interface CatFileReader extends ObjectReader {
  readonly kind: 'cat-file';
  readonly pid: number | null;
}

/** Options for {@link createCatFileReader}. */
export interface CatFileReaderOptions {
  repo: RepoLocation;
}

/**
 * Opens a reader on `repo.commonDir` using the `git` binary on PATH. Errors as documented
 * on {@link ObjectReader}; a dead child rejects the reads in flight with `git_error`.
 */
export function createCatFileReader(options: CatFileReaderOptions): CatFileReader {
  const gitDir = options.repo.commonDir;
  const batch = leaseCatFileBatch(gitDir);
  const check = new CatFileBatch({ gitDir, check: true });

  function contentOf(oid: string, object: BatchObject | null, type: 'blob' | 'tree' | 'commit'): Buffer {
    if (object === null) throw new BrainError('not_found', `object ${oid} not found`, { data: { oid } });
    if (object.type !== type || object.content === null) {
      throw new BrainError('git_error', `object ${oid} is a ${object.type}, not a ${type}`, { data: { oid, expected: type, actual: object.type } });
    }
    return object.content;
  }

  async function readTyped(oid: string, type: 'blob' | 'tree' | 'commit'): Promise<Buffer> {
    assertOid(oid);
    return contentOf(oid, await batch.read(oid), type);
  }

  const readTree = async (oid: string): Promise<TreeItem[]> => parseTree(await readTyped(oid, 'tree'), oid.length / 2);

  return {
    kind: 'cat-file',
    get pid() {
      return batch.pid;
    },
    readBlob: (oid) => readTyped(oid, 'blob'),
    async readBlobs(oids) {
      for (const oid of oids) assertOid(oid);
      const objects = await batch.readMany(oids);
      return objects.map((object, i) => contentOf(oids[i]!, object, 'blob'));
    },
    readTree,
    async readCommit(oid): Promise<CommitInfo> {
      return parseCommit(oid, await readTyped(oid, 'commit'));
    },
    async hasObject(oid) {
      assertOid(oid);
      return (await check.read(oid)) !== null;
    },
    async listFiles(treeOid, prefix) {
      const subtree = await subtreeAt({ readTree, treeOid, prefix });
      if (subtree === null) return [];
      const files = await lsTree(gitDir, subtree.oid);
      return subtree.path === '' ? files : files.map((f) => ({ path: joinPath(subtree.path, f.path), oid: f.oid }));
    },
    async close() {
      await Promise.all([batch.release(), check.close()]);
    },
  };
}

/** Every blob under a tree via `git ls-tree -r -z --full-tree <oid>` (records `<mode> <type> <oid>\t<path>\0`). */
function lsTree(gitDir: string, treeOid: string): Promise<{ path: string; oid: string }[]> {
  return new Promise((resolve, reject) => {
    const proc = spawn('git', ['--git-dir', gitDir, 'ls-tree', '-r', '-z', '--full-tree', treeOid], { cwd: gitDir, env: gitChildEnv() });
    const out: Buffer[] = [];
    let stderr = '';
    proc.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    proc.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    proc.on('error', (err) => reject(new BrainError('git_error', `cannot run git ls-tree: ${err.message}`, { cause: err })));
    proc.on('close', (code, signal) => {
      if (code !== 0) {
        reject(new BrainError('git_error', `git ls-tree ${treeOid} failed (${signal ?? `code ${code}`}): ${stderr.trim()}`, { data: { oid: treeOid, gitDir } }));
        return;
      }
      const buf = Buffer.concat(out);
      const files: { path: string; oid: string }[] = [];
      for (let pos = 0; pos < buf.length; ) {
        const nul = buf.indexOf(0, pos);
        const end = nul === -1 ? buf.length : nul;
        const tab = buf.indexOf(9, pos);
        const [, type, oid] = buf.toString('latin1', pos, tab).split(' ');
        if (type === 'blob' && oid !== undefined) files.push({ path: buf.toString('utf8', tab + 1, end), oid });
        pos = end + 1;
      }
      resolve(files);
    });
  });
}
