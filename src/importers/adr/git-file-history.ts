/**
 * The git history of the files of an ADR directory (issue #9 "Dates and people" and
 * "History"): which commits changed which file, with author and date, renames followed, read
 * with the system `git` (`git log --name-status -M`). Returns null when the directory is not
 * inside a git work tree or git is missing: the caller falls back to the ADR's own date and the
 * import time.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BrainError } from '../../model/errors.js';
import { adrText } from './read-adr-dir.js';

const run = promisify(execFile);

/** One commit that changed ADR files of the directory. */
export interface FileCommit {
  oid: string;
  /** Author name as recorded by the commit. */
  author: string;
  /** Author date as an ISO instant in UTC (`…Z`). */
  date: string;
  /** Paths (relative to the directory, POSIX, as of that commit) added or modified. */
  changed: string[];
  /** Paths deleted, or renamed away from (their content moved to `renamed[old]`). */
  deleted: string[];
  /** Old path → new path for renames in this commit. */
  renamed: Record<string, string>;
}

/** What {@link readGitFileHistory} returns. */
export interface GitFileHistory {
  /** Commits oldest first (author date order as `git log --reverse` gives). */
  commits: FileCommit[];
  /** Path as of the last commit → path under which the file was first committed. */
  originOf(path: string): string;
  /** The first commit of a file (by its current path), following renames; null if untracked. */
  first(path: string): FileCommit | null;
  /** The last commit that changed a file (by its current path); null if untracked. */
  last(path: string): FileCommit | null;
}

/** git's stdout, or null when git is missing or fails (exit status). Errors: `io_error`. */
async function gitBytes(dir: string, args: string[]): Promise<Buffer | null> {
  try {
    const { stdout } = await run('git', ['-C', dir, ...args], { maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' });
    return stdout;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    if (typeof (err as { code?: unknown }).code === 'number') return null;
    throw new BrainError('io_error', `git ${args.find((a) => !a.startsWith('-') && !a.includes('=')) ?? ''} failed in ${dir}`, { cause: err });
  }
}

const git = async (dir: string, args: string[]): Promise<string | null> => (await gitBytes(dir, args))?.toString('utf8') ?? null;

/**
 * Reads the history of the `*.md` files under `dir` (paths relative to `dir`). `null` when `dir`
 * is not in a git work tree (or git is not installed). Errors: `io_error` when git cannot run.
 */
export async function readGitFileHistory(options: { dir: string }): Promise<GitFileHistory | null> {
  const inside = await git(options.dir, ['rev-parse', '--is-inside-work-tree']);
  if (inside?.trim() !== 'true') return null;
  const log = await git(options.dir, ['-c', 'core.quotePath=off', 'log', '--reverse', '--no-merges', '-M', '--relative', '--name-status', '--format=%x1e%H%x1f%aN%x1f%aI', '--', '.']);
  if (log === null) return null;
  const commits: FileCommit[] = [];
  for (const chunk of log.split('\x1e').slice(1)) {
    const [head = '', ...lines] = chunk.split('\n');
    const [oid = '', author = '', date = ''] = head.split('\x1f');
    const commit: FileCommit = { oid, author: author.trim() || 'unknown', date: new Date(date).toISOString(), changed: [], deleted: [], renamed: {} };
    for (const line of lines) {
      const [code = '', a = '', b] = line.split('\t');
      if (!/\.md$/i.test(b ?? a)) continue;
      if (code.startsWith('R') && b !== undefined) {
        commit.renamed[a] = b;
        commit.deleted.push(a);
        commit.changed.push(b);
      } else if (code.startsWith('C') && b !== undefined) commit.changed.push(b);
      else if (code === 'D') commit.deleted.push(a);
      else if (a !== '') commit.changed.push(a);
    }
    if (commit.changed.length + commit.deleted.length > 0) commits.push(commit);
  }
  // Follow renames forward: every path's commits, keyed by the path the file has at the end.
  const byPath = new Map<string, FileCommit[]>();
  const origin = new Map<string, string>();
  for (const commit of commits) {
    for (const [from, to] of Object.entries(commit.renamed)) {
      byPath.set(to, [...(byPath.get(from) ?? [])]);
      origin.set(to, origin.get(from) ?? from);
      byPath.delete(from);
    }
    for (const path of commit.changed) byPath.set(path, [...(byPath.get(path) ?? []), commit]);
    for (const path of commit.deleted) if (!commit.changed.includes(path) && !(path in commit.renamed)) byPath.delete(path);
  }
  return {
    commits,
    originOf: (path) => origin.get(path) ?? path,
    first: (path) => byPath.get(path)?.[0] ?? null,
    last: (path) => byPath.get(path)?.at(-1) ?? null,
  };
}

/**
 * The text of `path` (relative to `dir`) at `oid`, or null when it does not exist there.
 * Errors: `io_error` when git cannot run, `invalid_argument` when the file is not UTF-8 there
 * (read-adr-dir.ts `adrText`).
 */
export async function readFileAt(options: { dir: string; oid: string; path: string }): Promise<string | null> {
  const bytes = await gitBytes(options.dir, ['show', `${options.oid}:./${options.path}`]);
  return bytes === null ? null : adrText(bytes, `ADR file ${options.path} at commit ${options.oid.slice(0, 12)}`);
}
