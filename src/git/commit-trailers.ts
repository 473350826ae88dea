/**
 * The commits of a range with one trailer's values and the files each added (plumbing for
 * `brain sync`'s compare-and-swap rule, docs/decisions/0063): one `git log` with the system git,
 * `--diff-filter=A --no-renames --name-only` and `%(trailers:key=…,valueonly)`, run with the
 * repository's variables cleared (as remote-git.ts runs git) and `LC_ALL=C`.
 */
import { execFile } from 'node:child_process';
import { BrainError } from '../model/errors.js';
import type { RepoLocation } from './repo.js';
import { gitChildEnv } from './cat-file-batch.js';

/** One commit of the range: its oid, the values of the trailer (one per line given), the paths it added. */
export interface TrailerCommit {
  oid: string;
  values: string[];
  added: string[];
}

const KEY = /^[A-Za-z][A-Za-z0-9-]*$/;
const OID = /^[0-9a-f]{40}$/;

/**
 * The commits reachable from `tip` and not from `exclude` (null: all of `tip`'s history) whose
 * message has the trailer `key`, limited to `paths`; other commits are left out. `values` are the
 * trailer's values as git parses them (last paragraph only); `added` are repository paths.
 * Errors: `git_error` when git cannot run or fails (an unknown oid).
 */
export async function commitsWithTrailer(args: { repo: RepoLocation; tip: string; exclude: string | null; key: string; paths: string[] }): Promise<TrailerCommit[]> {
  if (!KEY.test(args.key) || !OID.test(args.tip) || (args.exclude !== null && !OID.test(args.exclude))) throw new Error('commitsWithTrailer: bad key or oid');
  const env: NodeJS.ProcessEnv = { ...gitChildEnv(), LC_ALL: 'C', LANGUAGE: 'C' };
  const range = args.exclude === null ? [args.tip] : [args.tip, `^${args.exclude}`];
  const format = `--format=%x00%H%x01%(trailers:key=${args.key},valueonly,separator=%x02)%x01`;
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile('git', [`--git-dir=${args.repo.commonDir}`, 'log', '--no-renames', '--diff-filter=A', '--name-only', format, ...range, '--', ...args.paths], { env, maxBuffer: 256 * 1024 * 1024 }, (err, out, stderr) => {
      if (err) reject(new BrainError('git_error', `git log failed: ${(stderr || err.message).trim().split('\n').pop() ?? ''}`, { cause: err }));
      else resolve(out);
    });
  });
  const out: TrailerCommit[] = [];
  // Each record is "\0<oid>\1<values>\1" then the added names, one a line. The paths asked
  // for are the brain's own (ASCII, no quoting by git); a quoted name would only fail to match.
  for (const record of stdout.split('\0').slice(1)) {
    const [oid, values, rest] = record.split('\x01');
    if (!oid || !OID.test(oid) || values === undefined || values.trim() === '') continue;
    const added = (rest ?? '').split('\n').map((p) => p.trim()).filter((p) => p !== '');
    out.push({ oid, values: values.split('\x02').map((v) => v.trim()).filter((v) => v !== ''), added });
  }
  return out;
}
