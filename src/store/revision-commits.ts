/**
 * Which commit added each revision file of an entry (for history views: commit oid, author,
 * time). Derived on demand from history, not projected (docs/decisions/0003): one
 * `git log --diff-filter=A` over the entry's directory with the system git, or isomorphic-git's
 * `log` filtered by path when no git binary is available.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { RepoLocation } from '../git/repo.js';
import { isGitAvailable } from '../git/object-reader.js';

const run = promisify(execFile);

/** The commit that added a revision file. `time` is ISO 8601 UTC. */
export interface RevisionCommit {
  oid: string;
  author: string;
  email: string;
  time: string;
}

/**
 * `file name → commit` for the files added under `dir` in the history of `tip`. A file added
 * on two merged branches maps to the older commit. Errors: `git_error` propagated from git.
 */
export async function revisionCommits(args: { repo: RepoLocation; tip: string; dir: string }): Promise<Map<string, RevisionCommit>> {
  const out = new Map<string, RevisionCommit>();
  if (await isGitAvailable()) {
    const { stdout } = await run(
      'git',
      ['--git-dir', args.repo.commonDir, 'log', '--reverse', '--diff-filter=A', '--no-renames', '--name-only', '--format=%x00%H%x09%an%x09%ae%x09%aI', args.tip, '--', args.dir],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_NO_REPLACE_OBJECTS: '1' } },
    );
    for (const block of stdout.split('\0').slice(1)) {
      const [header, ...files] = block.split('\n');
      const [oid, author, email, date] = (header ?? '').split('\t');
      if (!oid || !author || email === undefined || !date) continue;
      const commit = { oid, author, email, time: new Date(date).toISOString() };
      for (const path of files) {
        const name = path.trim().split('/').pop();
        if (name && !out.has(name)) out.set(name, commit);
      }
    }
    return out;
  }
  const git = (await import('isomorphic-git')).default;
  const { createGitFs } = await import('../git/git-fs.js');
  const fs = createGitFs();
  const commits = await git.log({ fs, gitdir: args.repo.commonDir, ref: args.tip, filepath: args.dir });
  for (const c of commits.reverse()) {
    const { tree } = await git.readTree({ fs, gitdir: args.repo.commonDir, oid: c.oid, filepath: args.dir }).catch(() => ({ tree: [] }));
    for (const entry of tree) {
      if (!out.has(entry.path)) out.set(entry.path, { oid: c.oid, author: c.commit.author.name, email: c.commit.author.email, time: new Date(c.commit.author.timestamp * 1000).toISOString() });
    }
  }
  return out;
}
