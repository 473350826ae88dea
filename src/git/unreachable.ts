/**
 * Objects a killed brain write left behind (docs/decisions/0063): an import or write that
 * published its pack (pack-publish.ts) or loose objects and was killed before the ref moved
 * leaves a commit no ref and no reflog reaches, with the trees and blobs only it uses. Harmless
 * — git never reads them, `git fsck` calls them unreachable — but they take disk space until
 * git prunes them (`git gc` after its two-week grace, `git gc --prune=now` at once, which also
 * prunes every other unreachable object of the repository). Found with git's own walk
 * (`git fsck --connectivity-only --unreachable`, reflogs counting as reachable), narrowed to
 * commits whose subject starts with `brain:` (every brain commit's does), and measured with
 * `git rev-list --objects` / `--disk-usage` of those commits minus what refs and reflogs reach.
 * Reads only; never deletes.
 */
import { execFile } from 'node:child_process';
import { gitChildEnv } from './cat-file-batch.js';

/** What {@link findUnreachableBrainObjects} found. */
export interface UnreachableBrainObjects {
  /** Unreachable commits written by brain (subject `brain: …`), by oid, sorted. */
  commits: string[];
  /** Objects only those commits reach (commits, trees, blobs; of the first 1 000 commits). */
  objects: number;
  /** Their size on disk, bytes (packed or loose, as git stores them). */
  bytes: number;
}

/** Unreachable brain commits measured, at most (the count of commits is exact). */
const MAX_ROOTS = 1000;

function git(commonDir: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', ['--git-dir', commonDir, ...args], { env: { ...gitChildEnv(), LC_ALL: 'C' }, maxBuffer: 512 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    if (input !== undefined) child.stdin?.end(input);
  });
}

/**
 * The unreachable brain commits of the repository at `commonDir` and what only they hold (see
 * the module comment); null when git cannot tell (no git binary, a corrupt repository: fsck
 * fails). Cost: one connectivity walk of the whole repository (`git fsck --connectivity-only`),
 * for `brain doctor`, never a read or write path.
 */
export async function findUnreachableBrainObjects(args: { commonDir: string }): Promise<UnreachableBrainObjects | null> {
  let listed: string;
  try {
    listed = await git(args.commonDir, ['fsck', '--connectivity-only', '--unreachable', '--no-progress']);
  } catch {
    return null;
  }
  const commits = [...listed.matchAll(/^unreachable commit ([0-9a-f]{40,64})$/gm)].map((m) => m[1] as string);
  if (commits.length === 0) return { commits: [], objects: 0, bytes: 0 };
  try {
    const subjects = await git(args.commonDir, ['log', '--no-walk=unsorted', '--stdin', '--format=%H %s'], `${commits.join('\n')}\n`);
    const brain = subjects.split('\n').flatMap((line) => (/^[0-9a-f]{40,64} brain: /.test(line) ? [line.slice(0, line.indexOf(' '))] : [])).sort();
    if (brain.length === 0) return { commits: [], objects: 0, bytes: 0 };
    // Pseudo-options in --stdin need git 2.42: the roots go on the command line (a few commits,
    // one per interrupted write; capped so the command line stays short).
    const roots = [...brain.slice(0, MAX_ROOTS), '--not', '--all', '--reflog'];
    const objects = (await git(args.commonDir, ['rev-list', '--objects', ...roots])).split('\n').filter((l) => l !== '').length;
    const bytes = Number((await git(args.commonDir, ['rev-list', '--objects', '--disk-usage', ...roots])).trim()) || 0;
    return { commits: brain, objects, bytes };
  } catch {
    return null;
  }
}
