/**
 * `brain verify --range BASE..HEAD` (issue #4): the CI check of a pull request against the docs
 * branch — history checks cover only the commits in the range, the tree at HEAD is checked
 * whole, and a tampering commit inside the range is named.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { handCommit, readBranchFile } from '../helpers/plain-git.js';

afterAll(cleanupTempDirs);

function setup() {
  const dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  const id = brain(dir, ['add', 'decision', '--title', 'Use SQLite', '--json']).json().entry_id;
  const path = git(dir, ['ls-tree', '-r', '--name-only', 'brain']).split('\n').find((p) => p.includes(id) && p.endsWith('.json')) as string;
  return { dir, id, path, base: git(dir, ['rev-parse', 'brain']) };
}

describe('brain verify --range', () => {
  it('passes on a range of brain-written commits and names a tampering commit inside the range', () => {
    const { dir, id, path, base } = setup();
    brain(dir, ['revise', id, '--rationale', 'fast']);
    brain(dir, ['add', 'risk', '--title', 'Disk fills']);
    const good = brain(dir, ['verify', '--range', `${base}..brain`, '--json']);
    expect(good.code, good.stderr).toBe(0);
    expect(good.json().branch.checked.commits).toBe(2);

    const edited = readBranchFile(dir, path)!.toString('utf8').replace('Use SQLite', 'Use Postgres');
    const tamper = handCommit(dir, { [path]: edited }, 'sneaky edit');
    const bad = brain(dir, ['verify', '--range', `${base}..brain`, '--json']);
    expect(bad.code).toBe(1);
    const failures = bad.json().branch.failures as { code: string; path: string; commit?: string }[];
    expect(failures).toContainEqual(expect.objectContaining({ code: 'revision_modified', path, commit: tamper }));
    expect(failures).toContainEqual(expect.objectContaining({ code: 'hash_mismatch', path }));
  });

  it('checks only the commits in the range, but the whole tree at HEAD', () => {
    const { dir, path } = setup();
    const edited = readBranchFile(dir, path)!.toString('utf8').replace('Use SQLite', 'Use Postgres');
    const tamper = handCommit(dir, { [path]: edited }, 'old tampering');
    brain(dir, ['add', 'risk', '--title', 'after']);
    const range = brain(dir, ['verify', '--range', `${tamper}..brain`, '--json']);
    expect(range.code).toBe(1);
    const codes = (range.json().branch.failures as { code: string; commit?: string }[]).map((f) => f.code);
    expect(codes).not.toContain('revision_modified'); // the tampering commit is outside the range
    expect(codes).toContain('hash_mismatch'); // the tree at HEAD still holds the edited file
    const whole = brain(dir, ['verify', '--json']).json().branch.failures as { code: string; commit?: string }[];
    expect(whole).toContainEqual(expect.objectContaining({ code: 'revision_modified', commit: tamper }));
  });

  it('accepts a single BASE (BASE..docs tip) and refuses a bad range with exit 2', () => {
    const { dir, base } = setup();
    brain(dir, ['add', 'risk', '--title', 'r']);
    const single = brain(dir, ['verify', '--range', base, '--json']);
    expect(single.code).toBe(0);
    expect(single.json().branch.checked.commits).toBe(1);
    for (const range of ['no-such-rev..brain', 'a..b..c', '..brain']) {
      const r = brain(dir, ['verify', '--range', range, '--json']);
      expect(r.code, range).toBe(2);
      expect(r.errorJson().error.code).toBe('invalid_argument');
    }
  });
});
