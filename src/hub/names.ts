/**
 * Validating what a hub operator types (issue #11 `brain hub add`): repository names, docs
 * branch names and sources. Every value reaches `git` as one argv element after `--`, never a
 * shell; these checks also keep names safe as file names (`<hub dir>/mirrors/<name>.git`) and
 * as URL path segments (`/api/entries/:repo/:entry_id`).
 */
import { existsSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { BrainError } from '../model/errors.js';

const NAME = /^[A-Za-z0-9._-]{1,100}$/;

/** Throws `invalid_argument` unless `name` is 1–100 of `[A-Za-z0-9._-]`, not `.`/`..`, not starting with `-` or `.`. Returns it. */
export function checkRepoName(name: string): string {
  if (!NAME.test(name) || name.startsWith('-') || name.startsWith('.')) {
    throw new BrainError('invalid_argument', `invalid repository name "${name.slice(0, 120)}"`, {
      hint: 'a hub repository name is 1–100 characters of A-Z a-z 0-9 . _ - and starts with a letter, digit or _',
      data: { name: name.slice(0, 200) },
    });
  }
  return name;
}

/** Throws `invalid_argument` unless `branch` is a plain branch name (`[A-Za-z0-9._/-]`, no `..`, no leading `-`/`/`). Returns it. */
export function checkBranchName(branch: string): string {
  if (!/^[A-Za-z0-9._/-]{1,200}$/.test(branch) || branch.startsWith('-') || branch.startsWith('/') || branch.endsWith('/') || branch.includes('..') || branch.includes('//') || branch.endsWith('.lock')) {
    throw new BrainError('invalid_argument', `invalid docs branch name "${branch.slice(0, 120)}"`, { hint: 'the docs branch is usually `brain`' });
  }
  return branch;
}

/** A URL git understands (`scheme://…` or scp-like `user@host:path`), as opposed to a local path. */
export function isUrl(source: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(source) || /^[^/\s:]+@[^/\s:]+:/.test(source);
}

/**
 * The source as stored: a URL as given, a local path made absolute (against `cwd`).
 * Errors: `invalid_argument` for an empty source, one starting with `-` (git would read an
 * option), control characters, the `ext::`/`fd::` transports, a URL with a password in it,
 * or a local path that does not exist.
 */
export function normalizeSource(source: string, cwd: string): string {
  const bad = (why: string) => new BrainError('invalid_argument', `invalid repository source "${source.slice(0, 120)}": ${why}`, { hint: 'pass a local path or a git URL (https://…, ssh://…, git@host:org/repo.git)' });
  if (source.trim() === '') throw bad('empty');
  if (source.startsWith('-')) throw bad('it starts with "-"');
  if (/[\x00-\x1f\x7f]/.test(source)) throw bad('control characters');
  if (/^(ext|fd)::/i.test(source)) throw bad('the ext:: and fd:: transports run commands and are refused');
  // A password in the URL would be shown to every reader (GET /api/repos, fetch errors) and stored in the database.
  if (/^[a-z][a-z0-9+.-]*:\/\/[^/@]*:[^/@]*@/i.test(source)) throw new BrainError('invalid_argument', 'the repository URL carries a password or token', { hint: 'drop it from the URL and let git find it: a credential helper (git config credential.helper) or an SSH key for the user running the hub' });
  if (isUrl(source)) return source;
  const path = resolve(cwd, source);
  if (!existsSync(path)) throw bad(`no such directory ${path}`);
  return path;
}

/** The default name of a source: its last path segment without `.git` (`…/org/payments.git` → `payments`). */
export function defaultRepoName(source: string): string {
  const last = basename(source.replace(/[/\\]+$/, '').replace(/^.*:/, '')).replace(/\.git$/, '');
  return checkRepoName(last);
}
