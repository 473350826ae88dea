/**
 * The git history of the Markdown files of an ADR directory (issue #9 "Dates and people",
 * issue #18 "--history follows the file"): each file followed back like `git log --follow` —
 * through renames and folder moves anywhere in the repository, and through a delete followed by
 * a restore (the same path, or the same file name elsewhere, coming back) — so its first commit
 * is the one that created its content, not the move or the restore. Read with the system `git`
 * (`git log --raw -M -- ':(icase)*.md' ':(icase)*.rst' …` over the whole repository, oldest first, merges' own diffs not
 * listed). Returns null when the directory is not inside a git work tree or git is missing: the
 * caller falls back to the ADR's own date and the import time.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { BrainError } from '../../model/errors.js';
import { CatFileBatch } from '../../git/cat-file-batch.js';
import { adrText } from './read-adr-dir.js';
import { skipReason } from './list-adr-files.js';
import { SIDECAR_NAMES } from './sidecar-metadata.js';
import { ADR_EXTENSIONS } from '../../model/record-file-name.js';

/**
 * The pathspecs of the files the importer reads (model/record-file-name.ts `ADR_EXTENSIONS`, any case); and a record folder's metadata file (`kep.yaml`, sidecar-metadata.ts),
 * so `--history` reads it as it was at each commit (decision 0082).
 */
const ADR_PATHSPECS = [...ADR_EXTENSIONS.map((ext) => `:(icase)*.${ext}`), ...SIDECAR_NAMES.map((name) => `:(glob)**/${name}`)];

const run = promisify(execFile);


/** A metadata file's name (`kep.yaml`): one per record folder, never followed from one folder to another by its name. */
const isSidecar = (name: string): boolean => (SIDECAR_NAMES as readonly string[]).includes(name);

/** A commit as the history reports it. */
export interface FileCommit {
  oid: string;
  /** Author name as recorded by the commit. */
  author: string;
  /** Author date as an ISO instant in UTC (`…Z`). */
  date: string;
}

/** One step of one file: its blob after the commit (null when the commit deleted it). */
export interface FileChange {
  /** The file's path relative to the imported directory as it is now (its entry's path). */
  path: string;
  /** Its path in the repository at that commit. */
  repo_path: string;
  /** Its blob after the commit, or null when the commit deleted it. */
  blob: string | null;
}

/** A commit that changed, moved, deleted or restored files that are in the directory now. */
export interface HistoryCommit extends FileCommit {
  changes: FileChange[];
}

/** What {@link readGitFileHistory} returns. */
export interface GitFileHistory {
  /** Commits oldest first (`git log --reverse` order) touching the directory's current files. */
  commits: HistoryCommit[];
  /** The commit that created a file's content (by its path relative to the directory now); null if untracked. */
  first(path: string): FileCommit | null;
  /** The last commit that changed or moved a file; null if untracked. */
  last(path: string): FileCommit | null;
  /**
   * The text of a blob (UTF-8), or null when the repository does not hold it. `name` says
   * which file at which commit it is, for the `invalid_argument` error when the bytes are not
   * UTF-8 (decision 0020); the blob id when omitted.
   */
  readBlob(oid: string, name?: string): Promise<string | null>;
  /**
   * A shallow clone (`git clone --depth`, CI checkouts): where its history is cut — the oldest
   * commit it holds (its date) — or null for a whole history. Git cannot say who created a file
   * or when beyond that commit (it lists every file there as added), so {@link first} and
   * {@link last} are null for a file whose history reaches it (decision 0099).
   */
  shallow: { since: string } | null;
  /** True when `path`'s history reaches the shallow clone's cut (its origin is not in this clone). */
  beyondDepth(path: string): boolean;
  /** Stops the blob reader. */
  close(): Promise<void>;
}

async function git(dir: string, args: string[]): Promise<string | null> {
  try {
    const { stdout } = await run('git', ['-C', dir, ...args], { maxBuffer: 1024 * 1024 * 1024, encoding: 'utf8' });
    return stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (typeof (err as { code?: unknown }).code === 'number') return null;
    throw new BrainError('io_error', `git failed in ${dir}`, { cause: err });
  }
}

interface Lineage {
  id: number;
  path: string;
  live: boolean;
  events: Array<{ commit: number; repo_path: string; blob: string | null }>;
}

const ZERO = /^0+$/;

/**
 * Follows every ADR-named file (`ADR_EXTENSIONS`) of the log: a rename moves its lineage; a delete ends it for now; an
 * add or change of a path whose lineage was deleted revives it (a restore), and so does an add
 * of the same file name elsewhere when that name is not an index page (a folder deleted and
 * restored under another path); anything else starts a new lineage.
 */
function followFiles(log: string): { commits: FileCommit[]; lineages: Lineage[] } {
  const commits: FileCommit[] = [];
  const lineages: Lineage[] = [];
  const live = new Map<string, Lineage>();
  const deletedByPath = new Map<string, Lineage>();
  const deletedByName = new Map<string, Lineage>();
  const revive = (path: string): Lineage | undefined => {
    const name = posix.basename(path);
    const gone = deletedByPath.get(path) ?? (skipReason(name) === null && !isSidecar(name) ? deletedByName.get(name) : undefined);
    if (gone === undefined || gone.live) return undefined;
    deletedByPath.delete(gone.path);
    deletedByName.delete(posix.basename(gone.path));
    return gone;
  };
  const start = (path: string): Lineage => {
    const l: Lineage = { id: lineages.length, path, live: true, events: [] };
    lineages.push(l);
    return l;
  };
  for (const chunk of log.split('\x1e').slice(1)) {
    const [head = '', ...lines] = chunk.split('\n');
    const [oid = '', author = '', date = ''] = head.split('\x1f');
    const at = commits.length;
    commits.push({ oid, author: author.trim() || 'unknown', date: new Date(date).toISOString() });
    for (const line of lines) {
      const tab = line.indexOf('\t');
      if (!line.startsWith(':') || tab < 0) continue;
      const [, , , blob = '', code = ''] = line.slice(0, tab).split(' ');
      const [from = '', to] = line.slice(tab + 1).split('\t');
      const newBlob = ZERO.test(blob) ? null : blob;
      if (code.startsWith('R') && to !== undefined) {
        const l = live.get(from) ?? revive(from) ?? start(from);
        live.delete(from);
        l.path = to;
        l.live = true;
        live.set(to, l);
        l.events.push({ commit: at, repo_path: to, blob: newBlob });
      } else if (code === 'D') {
        const l = live.get(from);
        if (l === undefined) continue;
        live.delete(from);
        l.live = false;
        deletedByPath.set(from, l);
        deletedByName.set(posix.basename(from), l);
        l.events.push({ commit: at, repo_path: from, blob: null });
      } else {
        const path = code.startsWith('C') && to !== undefined ? to : from;
        const l = live.get(path) ?? revive(path) ?? start(path);
        l.path = path;
        l.live = true;
        live.set(path, l);
        l.events.push({ commit: at, repo_path: path, blob: newBlob });
      }
    }
  }
  return { commits, lineages };
}

/**
 * Where `dir` is, from one `git rev-parse`: its work tree's top, the common git directory
 * (absolute) and whether the clone is shallow; null when `dir` is not inside a work tree (a
 * bare repository, a `.git` directory, no repository at all) or git is missing.
 */
async function workTreeOf(dir: string): Promise<{ top: string; gitDir: string; shallow: boolean } | null> {
  const out = await git(dir, ['rev-parse', '--is-inside-work-tree', '--is-shallow-repository', '--show-toplevel', '--path-format=absolute', '--git-common-dir']);
  const [inside, shallow, top, gitDir] = (out ?? '').split('\n').map((line) => line.trim());
  return inside === 'true' && top && gitDir ? { top, gitDir, shallow: shallow === 'true' } : null;
}

/**
 * The commits where a shallow clone's history is cut (`<git-common-dir>/shallow`: one oid a line,
 * commits whose parents this clone does not hold); empty for a whole history.
 */
function shallowCut(gitDir: string): Set<string> {
  try {
    return new Set(readFileSync(join(gitDir, 'shallow'), 'utf8').split('\n').map((l) => l.trim()).filter((l) => /^[0-9a-f]{40,64}$/.test(l)));
  } catch {
    return new Set();
  }
}

/**
 * Reads the history of the files the importer reads (`ADR_EXTENSIONS`) now under `dir` (paths relative to `dir`). `null` when
 * `dir` is not in a git work tree (or git is not installed). Errors: `io_error` when git cannot
 * run. Call `close()` when done.
 */
export async function readGitFileHistory(options: { dir: string }): Promise<GitFileHistory | null> {
  const where = await workTreeOf(options.dir);
  if (where === null) return null;
  const { top, gitDir } = where;
  const prefix = relative(resolve(top), resolve(options.dir)).split(sep).join('/');
  const log = await git(top, ['-c', 'core.quotePath=off', 'log', '--reverse', '-M', '--raw', '--no-abbrev', '--format=%x1e%H%x1f%aN%x1f%aI', '--', ...ADR_PATHSPECS]);
  if (log === null) return null;
  const { commits, lineages } = followFiles(log);
  const cut = where.shallow ? shallowCut(gitDir) : new Set<string>();
  const inDir = (path: string): string | null => (prefix === '' ? path : path.startsWith(`${prefix}/`) ? path.slice(prefix.length + 1) : null);
  const byPath = new Map<string, Lineage>();
  for (const l of lineages) {
    const path = l.live ? inDir(l.path) : null;
    if (path !== null) byPath.set(path, l);
  }
  const changes = new Map<number, FileChange[]>();
  for (const [path, l] of byPath) {
    for (const e of l.events) changes.set(e.commit, [...(changes.get(e.commit) ?? []), { path, repo_path: e.repo_path, blob: e.blob }]);
  }
  const history = [...changes.keys()].sort((a, b) => a - b).map((i) => ({ ...(commits[i] as FileCommit), changes: changes.get(i) ?? [] }));
  // A commit at the shallow cut lists every file as added: neither a file's creation nor its change.
  const atCut = (i: number | undefined): boolean => i !== undefined && cut.has(commits[i]?.oid ?? '');
  const stamp = (i: number | undefined): FileCommit | null => {
    const c = i === undefined || atCut(i) ? undefined : commits[i];
    return c === undefined ? null : { oid: c.oid, author: c.author, date: c.date };
  };
  const cutDates = commits.filter((c) => cut.has(c.oid)).map((c) => c.date).sort();
  let reader: CatFileBatch | null = null;
  return {
    commits: history,
    first: (path) => stamp(byPath.get(path)?.events[0]?.commit),
    last: (path) => stamp(byPath.get(path)?.events.at(-1)?.commit),
    shallow: cut.size === 0 ? null : { since: cutDates[0] ?? commits[0]?.date ?? '' },
    beyondDepth: (path) => atCut(byPath.get(path)?.events[0]?.commit),
    readBlob: async (oid, name) => {
      reader ??= new CatFileBatch({ gitDir });
      const object = await reader.read(oid);
      return object?.content ? adrText(object.content, `ADR file ${name ?? `blob ${oid.slice(0, 12)}`}`) : null;
    },
    close: async () => {
      await reader?.close();
    },
  };
}
