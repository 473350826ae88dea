/**
 * Whether a branch is checked out in a work tree of the repository — the main one or a linked
 * one (`git worktree add ../brain-config brain`). Git refuses to move such a branch from
 * elsewhere (`git branch -f`, `git fetch` into it: "refusing to fetch into branch … checked out
 * at …"): that checkout's index and files would stay at the old commit, and its next commit
 * would delete or undo every revision written meanwhile. Brain follows git (docs/decisions/0060).
 *
 * Read from the files git keeps, no git child (it runs before every ref update): the main work
 * tree's `HEAD` unless the repository is bare (`core.bare = true`), and each
 * `worktrees/<name>/HEAD` whose work tree still exists (a removed one is only prunable).
 */
import * as fs from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BrainError } from '../model/errors.js';

function readText(path: string): string | null {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** True when `[core] bare = true` in the repository's config (git's own test for "no main work tree"). */
function isBare(commonDir: string): boolean {
  const config = readText(join(commonDir, 'config')) ?? '';
  let inCore = false;
  for (const raw of config.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('[')) inCore = /^\[core\]/i.test(line);
    else if (inCore && /^bare\s*=\s*true\s*$/i.test(line)) return true;
  }
  return false;
}

const pointsAt = (headFile: string, ref: string): boolean => readText(headFile)?.trim() === `ref: ${ref}`;

/**
 * The work tree where `branch` is checked out, or null. `commonDir`: where refs live (the main
 * `.git`). The main work tree is named as the directory holding `commonDir` (its usual layout).
 * Never throws: unreadable files count as "not checked out there".
 */
export function worktreeHoldingBranch(commonDir: string, branch: string): string | null {
  const ref = `refs/heads/${branch}`;
  if (!isBare(commonDir) && pointsAt(join(commonDir, 'HEAD'), ref)) return dirname(resolve(commonDir));
  let names: string[];
  try {
    names = fs.readdirSync(join(commonDir, 'worktrees'));
  } catch {
    return null;
  }
  for (const name of names.sort()) {
    const meta = join(commonDir, 'worktrees', name);
    if (!pointsAt(join(meta, 'HEAD'), ref)) continue;
    const dotGit = readText(join(meta, 'gitdir'))?.trim();
    if (dotGit && fs.existsSync(dotGit)) return dirname(dotGit);
  }
  return null;
}

/**
 * Throws `conflict` when `branch` is checked out in a work tree (see the module comment), naming
 * it, with how to free the branch. Called before every update of the docs branch.
 */
export function assertBranchNotCheckedOut(commonDir: string, branch: string): void {
  const where = worktreeHoldingBranch(commonDir, branch);
  if (where === null) return;
  const main = where === dirname(resolve(commonDir));
  const free = main ? `\`git switch\` to another branch there` : `\`git worktree remove ${where}\` (or \`git switch\` to another branch there)`;
  throw new BrainError('conflict', `branch ${branch} is checked out at ${where}: brain does not move a checked-out branch, as git does not (that checkout would go stale and its next commit would undo the revisions written meanwhile)`, {
    hint: `commit what you changed there, then free the branch: ${free}; nothing was written`,
    data: { branch, worktree: where },
  });
}
