/**
 * Remotes and clones for the sync tests: a real bare repository as the remote (a file path)
 * and real clones of it, driven through the built CLI (`brain(dir, args)`) or in-process.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Entry } from '../../src/model/entry.js';
import { brain, openTestBrain, type BrainRun } from '../helpers/brain.js';
import { git, initBareRepo, tempDir } from '../helpers/git.js';

export const PROJECT = 'demo';

// Brain and git fsync every object and ref they write; on a loaded disk that dominates these
// multi-clone tests (10× slower than tmpfs). Temp dirs (test/helpers/git.ts `tempDir`) and
// every child process follow TMPDIR, so put them on tmpfs when the machine has one.
if (existsSync('/dev/shm') && process.platform === 'linux') process.env.TMPDIR = '/dev/shm';

/** Expects exit 0 (showing stderr otherwise) and returns the run. */
export function ok(run: BrainRun, what = 'brain'): BrainRun {
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
  return run;
}

/** A fresh clone of `remote` (no local docs branch yet). */
export function cloneOf(remote: string, name: string): string {
  const dir = join(tempDir('brain-sync-'), name);
  git(tempDir(), ['clone', '-q', remote, dir]);
  return dir;
}

/**
 * A bare remote whose docs branch was created by a first clone (`brain init --project demo`,
 * then `brain sync`), and `n` clones that each ran `brain sync` once (so each has the branch).
 */
export function remoteWithClones(n: number): { remote: string; clones: string[] } {
  const remote = initBareRepo();
  const clones: string[] = [];
  for (let i = 0; i < n; i++) {
    const dir = cloneOf(remote, `clone${i}`);
    if (i === 0) ok(brain(dir, ['init', '--project', PROJECT]), 'init');
    ok(brain(dir, ['sync']), `first sync of clone ${i}`);
    clones.push(dir);
  }
  return { remote, clones };
}

/** `git rev-parse brain^{tree}` */
export function treeOf(dir: string, rev = 'brain'): string {
  return git(dir, ['rev-parse', `${rev}^{tree}`]);
}

/** `brain list --json` as parsed entries. */
export function listOf(dir: string): Entry[] {
  return ok(brain(dir, ['list', '--json']), 'list').json<Entry[]>();
}

/** Every title and rationale in any revision of any entry of the clone (read in-process). */
export async function historyTexts(dir: string): Promise<{ titles: Set<string>; rationales: Set<string> }> {
  const titles = new Set<string>();
  const rationales = new Set<string>();
  const b = await openTestBrain(dir);
  try {
    for (const row of await b.list()) {
      for (const rev of await b.history({ entryId: row.entry.entry_id })) {
        titles.add(rev.entry.title);
        rationales.add(rev.entry.rationale);
      }
    }
  } finally {
    await b.close();
  }
  return { titles, rationales };
}

/** Runs `brain sync --json` and returns the report. */
export function sync(dir: string, remote?: string): any {
  return ok(brain(dir, ['sync', ...(remote ? [remote] : []), '--json']), `sync in ${dir}`).json();
}
