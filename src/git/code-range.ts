/**
 * What a range of *code* commits changed, for `brain review --code BASE..HEAD` (issue #8 part 3):
 * the files (`git diff --name-status -M <merge-base> <head>`, i.e. `git diff BASE...HEAD` with
 * rename detection; renamed files give both names, deleted files count), the commit messages,
 * a commit's date and the checked-out branch's name. Read-only, with the system git
 * (rev-parse.ts `runGit`: English messages, no replace refs, repository overrides dropped).
 */
import { failure, runGit } from './rev-parse.js';
import type { RepoLocation } from './repo.js';

/** One changed file. `status`: git's letter (A added, M modified, D deleted, R renamed, T type change, C copied). */
export interface ChangedFile {
  path: string;
  status: 'A' | 'M' | 'D' | 'R' | 'T' | 'C' | 'U' | 'X';
  /** The old name of a renamed or copied file. */
  old_path?: string;
}

/**
 * The files changed from `from` to `to` (commits), sorted by path. With `-M` a rename is one
 * entry with `old_path`; `-z` keeps any file name intact. Errors: `git_error`.
 */
export async function changedFiles(args: { repo: RepoLocation; from: string; to: string }): Promise<ChangedFile[]> {
  const run = await runGit(args.repo, ['-c', 'core.quotePath=false', 'diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', '--end-of-options', args.from, args.to, '--']);
  if (run.code !== 0) throw failure('git diff --name-status', run);
  const fields = run.stdout.split('\0');
  const files: ChangedFile[] = [];
  for (let i = 0; i + 1 < fields.length; ) {
    const letter = (fields[i++] ?? '').charAt(0) as ChangedFile['status'];
    if (letter === 'R' || letter === 'C') {
      const oldPath = fields[i++] ?? '';
      files.push({ path: fields[i++] ?? '', status: letter, old_path: oldPath });
    } else files.push({ path: fields[i++] ?? '', status: letter });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The full messages of the commits in `head` and not in `base` (`git log head ^base`), newest first. Errors: `git_error`. */
export async function commitMessages(args: { repo: RepoLocation; base: string; head: string }): Promise<string[]> {
  const run = await runGit(args.repo, ['log', '--format=%B%x00', '--end-of-options', args.head, `^${args.base}`, '--']);
  if (run.code !== 0) throw failure('git log', run);
  return run.stdout.split('\0').map((m) => m.trim()).filter((m) => m !== '');
}

/** The committer date of `oid` as ISO 8601 UTC to the second (`2026-11-23T10:00:00Z`). Errors: `git_error`. */
export async function commitDate(args: { repo: RepoLocation; oid: string }): Promise<string> {
  const run = await runGit(args.repo, ['show', '-s', '--format=%ct', '--end-of-options', args.oid, '--']);
  const seconds = Number(run.stdout.trim());
  if (run.code !== 0 || !Number.isInteger(seconds)) throw failure('git show --format=%ct', run);
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The short name of the checked-out branch (`git symbolic-ref --short HEAD`), or null when HEAD is detached. */
export async function currentBranchName(args: { repo: RepoLocation }): Promise<string | null> {
  const run = await runGit(args.repo, ['symbolic-ref', '--short', '-q', 'HEAD']);
  const name = run.stdout.trim();
  return run.code === 0 && name !== '' ? name : null;
}
