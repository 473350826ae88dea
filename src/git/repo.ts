/**
 * Finding the git repository a command works on. Supports a normal work tree (`.git` dir),
 * linked worktrees and submodules (`.git` file with `gitdir:`; refs and objects live in the
 * common dir named by `commondir`), and bare repositories.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { BrainError } from '../model/errors.js';

/** A located repository. */
export interface RepoLocation {
  /** The work tree root, or null for a bare repository. */
  workDir: string | null;
  /** The git dir of this checkout (`.git`, or `.git/worktrees/<name>`). */
  gitdir: string;
  /** Where refs, objects and `packed-refs` live (same as `gitdir` except in linked worktrees). */
  commonDir: string;
}

function isGitDir(dir: string): boolean {
  return existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'objects')) && existsSync(join(dir, 'refs'));
}

/**
 * A checkout's git dir: a repository's own (`HEAD`, `objects`, `refs`), or a linked worktree's
 * (`.git/worktrees/<name>`: its `HEAD` and a `commondir` naming where objects and refs live —
 * git keeps no `objects` or `refs` of its own there, decision 0099).
 */
function isCheckoutGitDir(gitdir: string): boolean {
  if (isGitDir(gitdir)) return true;
  if (!existsSync(join(gitdir, 'HEAD')) || !existsSync(join(gitdir, 'commondir'))) return false;
  const common = commonDirOf(gitdir);
  return existsSync(join(common, 'objects')) && existsSync(join(common, 'refs'));
}

function commonDirOf(gitdir: string): string {
  const file = join(gitdir, 'commondir');
  if (!existsSync(file)) return gitdir;
  const rel = readFileSync(file, 'utf8').trim();
  return isAbsolute(rel) ? rel : resolve(gitdir, rel);
}

function fromDotGit(workDir: string): RepoLocation | null {
  const dotGit = join(workDir, '.git');
  if (!existsSync(dotGit)) return null;
  let gitdir = dotGit;
  if (statSync(dotGit).isFile()) {
    const match = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'));
    if (!match?.[1]) return null;
    gitdir = resolve(workDir, match[1].trim());
  }
  if (!isCheckoutGitDir(gitdir)) return null;
  return { workDir, gitdir, commonDir: commonDirOf(gitdir) };
}

/**
 * Finds the repository containing `start` (walking up), like `git rev-parse --git-dir`.
 * Errors: `not_a_repository` when there is none.
 */
export function findRepo(start: string): RepoLocation {
  let dir = resolve(start);
  if (!existsSync(dir)) {
    throw new BrainError('not_a_repository', `${dir} does not exist`, { hint: 'pass --repo DIR of a git repository' });
  }
  for (;;) {
    const found = fromDotGit(dir);
    if (found) return found;
    if (isGitDir(dir)) return { workDir: null, gitdir: dir, commonDir: commonDirOf(dir) };
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  throw new BrainError('not_a_repository', `not a git repository (or any parent): ${resolve(start)}`, {
    hint: 'run inside a git repository, pass --repo DIR, or create one with `git init`',
  });
}

/** `<commonDir>/brain`: per-clone, never committed (cache, locks). */
export function brainDir(repo: RepoLocation): string {
  return join(repo.commonDir, 'brain');
}
