/**
 * A clone that fetches one branch only — `git clone --single-branch`, or `--depth 1`, which
 * implies it (CI checkouts) — has no `origin/brain` after the clone (decision 0099). In the
 * newcomer run such a clone was told "run `brain init` to start one"; `brain init` then started
 * an unrelated brain under the clone's directory name, and the next `brain sync` replayed the
 * teammate's decision into that stray project of the team's brain. After `brain sync`, which
 * fetches the branch by name, every push left `origin/brain` behind (git moves it only when a
 * fetch refspec maps the branch): `brain status` said the pushed revisions were "not pushed yet".
 * Real clones of a bare remote, the built CLI.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initBareRepo, initRepo, tempDir } from '../helpers/git.js';

afterAll(cleanupTempDirs);

let remote: string;

beforeAll(() => {
  const alice = initRepo();
  remote = initBareRepo();
  git(alice, ['remote', 'add', 'origin', remote]);
  git(alice, ['push', '-q', 'origin', 'main']);
  expect(brain(alice, ['init', '--project', 'shop']).code).toBe(0);
  expect(brain(alice, ['add', 'decision', '--title', 'Store orders in PostgreSQL']).code).toBe(0);
  expect(brain(alice, ['sync']).code).toBe(0);
});

function clone(args: string[]): string {
  const dir = join(tempDir(), 'carol');
  git(tempDir(), ['clone', '-q', ...args, `file://${remote}`, dir]);
  expect(git(dir, ['branch', '-a'])).not.toContain('brain');
  return dir;
}

describe('a --single-branch or --depth 1 clone of a repository with a brain', () => {
  for (const args of [['--single-branch'], ['--depth', '1']]) {
    it(`${args.join(' ')}: a read says to sync, not to init; init is refused and creates nothing`, () => {
      const dir = clone(args);
      const read = brain(dir, ['context', '--json']);
      expect(read.code).toBe(1);
      const { error } = read.errorJson();
      expect(error.code).toBe('not_initialized');
      expect(error.hint).toContain('brain sync origin');
      expect(error.hint).toContain('--single-branch or --depth');
      expect(error.hint).not.toMatch(/^run `brain init`/);

      const init = brain(dir, ['init', '--json']);
      expect(init.code, init.stdout).not.toBe(0);
      expect(init.errorJson().error).toMatchObject({ code: 'branch_exists', hint: 'brain sync origin' });
      expect(init.errorJson().error.message).toContain('this clone never fetched it');
      expect(git(dir, ['branch', '--list', 'brain'])).toBe('');

      const synced = brain(dir, ['sync']);
      expect(synced.code, synced.stderr).toBe(0);
      expect(brain(dir, ['list', '--json']).json<{ title: string }[]>().map((e) => e.title)).toEqual(['Store orders in PostgreSQL']);
    });
  }

  it('after its sync pushed, status says up to date with origin/brain, not "not pushed yet"', () => {
    const dir = clone(['--single-branch']);
    expect(brain(dir, ['sync']).code).toBe(0);
    expect(brain(dir, ['add', 'open_question', '--title', 'Do we need a CDN?']).code).toBe(0);
    const pushed = brain(dir, ['sync', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.json()).toMatchObject({ pushed: 1 });
    const tip = git(dir, ['rev-parse', 'brain']);
    expect(git(remote, ['rev-parse', 'brain'])).toBe(tip);
    expect(git(dir, ['rev-parse', 'refs/remotes/origin/brain'])).toBe(tip);
    const status = brain(dir, ['status', '--json']).json<{ upstream: { relation: string; ahead: number } }>();
    expect(status.upstream).toMatchObject({ relation: 'up_to_date', ahead: 0 });
    // git's own configuration is left as the user made it
    expect(git(dir, ['config', '--get-all', 'remote.origin.fetch'])).toBe('+refs/heads/main:refs/remotes/origin/main');
  });

  it("doctor says git fetch leaves the brain out here, and git's command that changes it; not once git fetches it", () => {
    const dir = clone(['--single-branch']);
    expect(brain(dir, ['sync']).code).toBe(0);
    type Doctor = { ok: boolean; findings: { check: string; ok: boolean; message: string }[] };
    const before = brain(dir, ['doctor', '--json']);
    expect(before.code, before.stdout).toBe(0);
    const finding = before.json<Doctor>().findings.find((f) => f.check === 'upstream_fetch');
    expect(finding).toMatchObject({ ok: true });
    expect(finding?.message).toContain('`brain sync origin`');
    expect(finding?.message).toContain('`git remote set-branches --add origin brain`');
    git(dir, ['remote', 'set-branches', '--add', 'origin', 'brain']);
    expect(brain(dir, ['doctor', '--json']).json<Doctor>().findings.map((f) => f.check)).not.toContain('upstream_fetch');
  });

  it('a remote that cannot be asked is taken as having no brain: init starts one, as before', () => {
    const dir = clone(['--single-branch']);
    git(dir, ['remote', 'set-url', 'origin', join(tempDir(), 'gone.git')]);
    const init = brain(dir, ['init', '--project', 'offline']);
    expect(init.code, init.stderr).toBe(0);
    expect(git(dir, ['branch', '--list', 'brain'])).toContain('brain');
  });
});
