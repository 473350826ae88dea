/**
 * Reading git objects (DESIGN §3: reading many blobs). One interface, two implementations
 * that pass one conformance suite (test/git/object-reader.test.ts):
 *
 * - `cat-file` — a long-lived `git cat-file --batch` child plus `git ls-tree -r`; ~30–90×
 *   faster than isomorphic-git on packed repos (a fresh clone is packed). The default when a
 *   `git` binary is on PATH.
 * - `isomorphic-git` — pure JS, for machines without git.
 *
 * All oids are full lowercase hex; anything else is BrainError `invalid_argument`.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { RepoLocation } from './repo.js';
import { createCatFileReader } from './cat-file-reader.js';

/** One entry of a tree object. `mode` is 6 octal digits (`100644`, `100755`, `120000`, `040000`, `160000`). */
export interface TreeItem {
  name: string;
  mode: string;
  oid: string;
  /** `commit` is a submodule link (mode 160000); symlinks are blobs. */
  type: 'blob' | 'tree' | 'commit';
}

/** An author or committer line. `timestamp` in seconds since the epoch. */
export interface PersonInfo {
  name: string;
  email: string;
  timestamp: number;
  /** Minutes *west* of UTC, like JS `getTimezoneOffset` and isomorphic-git: `+0100` → -60. */
  timezoneOffset: number;
}

/** A parsed commit object. */
export interface CommitInfo {
  oid: string;
  tree: string;
  parents: string[];
  /** As isomorphic-git reports it: CRs dropped, no leading blank lines, exactly one trailing `\n`. */
  message: string;
  author: PersonInfo;
  committer: PersonInfo;
}

/**
 * Reads objects of one repository. Errors of every method: BrainError `invalid_argument`
 * (not a full oid), `not_found` (object missing), `git_error` (object of another type,
 * malformed object, git failure, reader closed).
 */
export interface ObjectReader {
  readonly kind: 'cat-file' | 'isomorphic-git';
  /** The content of a blob. */
  readBlob(oid: string): Promise<Buffer>;
  /**
   * The contents of many blobs, in `oids` order, answered together (a bulk read: the cat-file
   * reader makes one promise for the lot, docs/decisions/0071). Errors: the first of
   * {@link readBlob}'s for any of them.
   */
  readBlobs(oids: readonly string[]): Promise<Buffer[]>;
  /** The items of a tree object (not a commit), in git's order (see `compareTreeItems`). */
  readTree(oid: string): Promise<TreeItem[]>;
  /** A parsed commit object. */
  readCommit(oid: string): Promise<CommitInfo>;
  /** Whether the object exists (any type). Never `not_found`. */
  hasObject(oid: string): Promise<boolean>;
  /**
   * Every blob under the tree `treeOid` (recursively; submodule links skipped) with its full
   * POSIX path from that tree, in git's order (UTF-8 byte order of paths). With `prefix`
   * (a directory path like `projects/p1`, slashes at either end ignored) only blobs under
   * that directory, still with full paths; `[]` when the directory does not exist.
   */
  listFiles(treeOid: string, prefix?: string): Promise<{ path: string; oid: string }[]>;
  /** Releases the reader (ends child processes). Later calls fail with `git_error`. Idempotent. */
  close(): Promise<void>;
}

/** Options for {@link createObjectReader}. */
export interface ObjectReaderOptions {
  repo: RepoLocation;
  /** A preference, not a demand: `cat-file` falls back to isomorphic-git when no `git` is on PATH. */
  prefer?: 'cat-file' | 'isomorphic-git';
}

let gitAvailable: Promise<boolean> | undefined;

/** Whether `file` is an executable regular file (what a PATH lookup runs). */
function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Whether a `git` executable is on PATH, looked up as a spawn does (each PATH directory in
 * order, an empty one the current directory; on Windows with PATHEXT's extensions). Checked
 * once per process, without spawning a process: every command that reads objects used to start
 * `git --version` for this alone. A `git` that is found but fails answers every call with
 * `git_error` (the readers' own errors).
 */
export function isGitAvailable(): Promise<boolean> {
  if (gitAvailable === undefined) {
    const exts = process.platform === 'win32' ? (process.env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean) : [''];
    // As execvp: an empty element is the current directory; no PATH at all, the system default.
    const dirs = (process.env.PATH ?? '/usr/bin:/bin').split(delimiter).map((dir) => dir || '.');
    gitAvailable = Promise.resolve(dirs.some((dir) => exts.some((ext) => isExecutable(join(dir, `git${ext}`)))));
  }
  return gitAvailable;
}

/**
 * Opens an object reader on `repo.commonDir`: `cat-file` when `git` is available (unless
 * `prefer: 'isomorphic-git'`), else isomorphic-git. Check `reader.kind` for the choice.
 * Nothing is spawned until the first read. Call `close()` when done.
 */
export async function createObjectReader(options: ObjectReaderOptions): Promise<ObjectReader> {
  if (options.prefer !== 'isomorphic-git' && (await isGitAvailable())) {
    return createCatFileReader({ repo: options.repo });
  }
  // Loaded on demand: isomorphic-git costs ~100 ms of start-up that cat-file users never need.
  const { createIsoGitReader } = await import('./iso-git-reader.js');
  return createIsoGitReader({ repo: options.repo });
}

/**
 * A reader that calls `open` on its first read and delegates every read to what it returns
 * (issue #10: a fresh one-shot read spawns no git child — not even `git --version` — when the
 * projection already equals the tip and no object has to be read). `kind` is the opened
 * reader's, and `prefer`'s default choice (`cat-file` unless `isomorphic-git`) until then.
 * `close()` closes the opened reader, if any.
 */
export function deferObjectReader(open: () => Promise<ObjectReader>, prefer?: ObjectReaderOptions['prefer']): ObjectReader {
  let opened: ObjectReader | null = null;
  let opening: Promise<ObjectReader> | null = null;
  const get = () =>
    (opening ??= open().then((reader) => {
      opened = reader;
      return reader;
    }));
  return {
    get kind() {
      return opened?.kind ?? (prefer === 'isomorphic-git' ? 'isomorphic-git' : 'cat-file');
    },
    readBlob: async (oid) => (await get()).readBlob(oid),
    readBlobs: async (oids) => (await get()).readBlobs(oids),
    readTree: async (oid) => (await get()).readTree(oid),
    readCommit: async (oid) => (await get()).readCommit(oid),
    hasObject: async (oid) => (await get()).hasObject(oid),
    listFiles: async (treeOid, prefix) => (await get()).listFiles(treeOid, prefix),
    close: async () => {
      if (opening) await (await opening).close();
    },
  };
}
