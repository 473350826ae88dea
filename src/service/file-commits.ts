/**
 * The commits that added a set of revision files, for the dashboard timeline (issue #8 part 2:
 * "with who, when, commit"). Like store/revision-commits.ts, derived on demand from history
 * (docs/decisions/0003), but for files of many entries at once: one `git log --diff-filter=A`
 * limited to exactly those files, read as it streams and stopped as soon as every file is
 * found — a page of recent revisions costs a walk over recent commits only. Without a git
 * binary, falls back to {@link revisionCommits} per entry directory.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { isGitAvailable } from '../git/object-reader.js';
import type { RepoLocation } from '../git/repo.js';
import { revisionCommits, type RevisionCommit } from '../store/revision-commits.js';

/**
 * `path → commit` for each of `paths` (paths on the docs branch) added in the history of
 * `tip`; paths not found are absent. A file added by two merged lines of history maps to the
 * newer of the two commits. Errors: none (a failing git yields what was read so far).
 */
export async function commitsAddingFiles(args: { repo: RepoLocation; tip: string; paths: readonly string[] }): Promise<Map<string, RevisionCommit>> {
  const wanted = new Set(args.paths);
  const out = new Map<string, RevisionCommit>();
  if (wanted.size === 0) return out;
  if (!(await isGitAvailable())) {
    for (const dir of new Set([...wanted].map((p) => p.slice(0, p.lastIndexOf('/'))))) {
      const byName = await revisionCommits({ repo: args.repo, tip: args.tip, dir });
      for (const [name, commit] of byName) if (wanted.has(`${dir}/${name}`)) out.set(`${dir}/${name}`, commit);
    }
    return out;
  }
  const child = spawn('git', ['--git-dir', args.repo.commonDir, 'log', '--diff-filter=A', '--no-renames', '--name-only', '--format=%x00%H%x09%an%x09%ae%x09%aI', args.tip, '--', ...wanted], {
    env: { ...process.env, GIT_NO_REPLACE_OBJECTS: '1', GIT_LITERAL_PATHSPECS: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()));
  child.on('error', () => undefined);
  let commit: RevisionCommit | null = null;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('\0')) {
      const [oid, author, email, date] = line.slice(1).split('\t');
      commit = oid && author && email !== undefined && date ? { oid, author, email, time: new Date(date).toISOString() } : null;
    } else if (commit && wanted.has(line.trim()) && !out.has(line.trim())) {
      out.set(line.trim(), commit);
      if (out.size === wanted.size) break;
    }
  }
  child.kill();
  await exited;
  return out;
}
