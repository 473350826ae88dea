/**
 * Who is writing: the entry `author` and the git identity of the commits. Author comes from
 * the explicit option, else `BRAIN_AUTHOR`, else git `user.name` (issue #2), else
 * `GIT_AUTHOR_NAME`. The commit email from `GIT_AUTHOR_EMAIL`, else git `user.email`, else
 * `brain@localhost`.
 */
import { execFileSync } from 'node:child_process';
import { BrainError } from '../model/errors.js';
import type { Identity } from './commit-writer.js';

function gitConfig(cwd: string, key: string): string | null {
  try {
    const value = execFileSync('git', ['config', '--get', key], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

const nonEmpty = (v: string | undefined | null): string | null => (v && v.trim() !== '' ? v.trim() : null);

/**
 * The author for new revisions. Errors: `invalid_argument` when none can be found.
 */
export function resolveAuthor(args: { explicit?: string | undefined; cwd: string }): string {
  const author =
    nonEmpty(args.explicit) ?? nonEmpty(process.env.BRAIN_AUTHOR) ?? gitConfig(args.cwd, 'user.name') ?? nonEmpty(process.env.GIT_AUTHOR_NAME);
  if (!author) {
    throw new BrainError('invalid_argument', 'no author: pass --author, set BRAIN_AUTHOR, or set git user.name', {
      hint: 'git config user.name "Your Name"',
    });
  }
  return author;
}

/** The git identity for commits made on behalf of `author`. */
export function commitIdentity(args: { author: string; cwd: string }): Identity {
  const email = nonEmpty(process.env.GIT_AUTHOR_EMAIL) ?? gitConfig(args.cwd, 'user.email') ?? 'brain@localhost';
  return { name: args.author, email };
}
