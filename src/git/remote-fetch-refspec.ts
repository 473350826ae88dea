/**
 * Which configured remotes `git fetch` leaves the docs branch out of: their `remote.<name>.fetch`
 * refspecs map no `refs/heads/<branch>` — a `git clone --single-branch` or `--depth` clone (CI
 * checkouts) fetches only the branch it checked out. In such a clone no `refs/remotes/<remote>/
 * <branch>` appears after the clone or a `git pull`, so the remote's brain is not visible locally
 * until `brain sync` fetches it by name (docs/decisions/0099). Read-only: `git config`.
 */
import type { RepoLocation } from './repo.js';
import { runGit } from './rev-parse.js';

/** A refspec source (`refs/heads/*`, `refs/heads/main`, `main`) matching `ref`, `*` matching any text once. */
function sourceMatches(source: string, ref: string): boolean {
  const full = source.startsWith('refs/') ? source : `refs/heads/${source}`;
  const star = full.indexOf('*');
  if (star < 0) return full === ref;
  const head = full.slice(0, star);
  const tail = full.slice(star + 1);
  return ref.length >= head.length + tail.length && ref.startsWith(head) && ref.endsWith(tail);
}

/** True when the fetch refspecs (`+src:dst`, `^src` excluding) bring `refs/heads/<branch>` into some ref. */
export function refspecsFetch(refspecs: string[], branch: string): boolean {
  const ref = `refs/heads/${branch}`;
  let fetched = false;
  for (const spec of refspecs) {
    if (spec.startsWith('^')) {
      if (sourceMatches(spec.slice(1), ref)) return false;
      continue;
    }
    const [source = '', destination = ''] = spec.replace(/^\+/, '').split(':');
    if (destination !== '' && sourceMatches(source, ref)) fetched = true;
  }
  return fetched;
}

/**
 * The configured remotes (those with a `url`) whose fetch refspecs leave `refs/heads/<branch>`
 * out, sorted; empty when git cannot be asked. Errors: `git_error` when git cannot be run.
 */
export async function remotesLeavingOut(args: { repo: RepoLocation; branch: string }): Promise<string[]> {
  const run = await runGit(args.repo, ['config', '--get-regexp', '^remote\\..+\\.(url|fetch)$']);
  if (run.code !== 0) return [];
  const remotes = new Map<string, string[]>();
  for (const line of run.stdout.split('\n')) {
    const m = /^remote\.(.+)\.(url|fetch) (.*)$/.exec(line);
    if (!m) continue;
    const [, name = '', key, value = ''] = m;
    const specs = remotes.get(name) ?? [];
    if (key === 'fetch') specs.push(value.trim());
    remotes.set(name, specs);
  }
  return [...remotes].filter(([, specs]) => !refspecsFetch(specs, args.branch)).map(([name]) => name).sort();
}
