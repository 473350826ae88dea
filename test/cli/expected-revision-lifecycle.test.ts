/**
 * `supersede` and `clear-blocker` take `--expected-revision` like `revise` and `resolve` (DESIGN §6
 * compare-and-swap; decision 0067): a stale guard is `revision_conflict`, exit 1, nothing
 * written; a guard that holds writes and marks the commit with `Brain-Expected-Revision`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

let dir: string;
const tip = () => git(dir, ['rev-parse', 'brain']);
const trailer = () => git(dir, ['log', '-1', '--format=%(trailers:key=Brain-Expected-Revision,valueonly)', 'brain']).trim();

beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
});

describe('--expected-revision on supersede and clear-blocker', () => {
  it('supersede: a stale guard is refused, a current one writes the linked pair', () => {
    const old = brain(dir, ['add', 'decision', '--title', 'Cache in JSON files', '--json']).json().entry_id as string;
    const next = brain(dir, ['add', 'decision', '--title', 'Cache in SQLite', '--json']).json().entry_id as string;
    expect(brain(dir, ['revise', old, '--rationale', 'simple']).code).toBe(0);
    const before = tip();
    const stale = brain(dir, ['supersede', old, '--by', next, '--expected-revision', '1', '--json']);
    expect(stale.code).toBe(1);
    expect(stale.errorJson().error).toMatchObject({ code: 'revision_conflict', data: { entry_id: old, expected_revision: 1, current_revision: 2 } });
    expect(tip()).toBe(before);
    const bad = brain(dir, ['supersede', old, '--by', next, '--expected-revision', 'two']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--expected-revision');
    const done = brain(dir, ['supersede', old, '--by', next, '--expected-revision', '2', '--json']);
    expect(done.code).toBe(0);
    expect(done.json()).toMatchObject({ entry_id: old, revision: 3, status: 'superseded' });
    expect(trailer()).toBe(`${old} r2`);
  });

  it('clear-blocker: a stale guard is refused, a current one clears', () => {
    const blk = brain(dir, ['add', 'blocker', '--title', 'CI is red', '--payload', '{"severity":"high"}', '--json']).json().entry_id as string;
    expect(brain(dir, ['revise', blk, '--rationale', 'flaky test']).code).toBe(0);
    const before = tip();
    const stale = brain(dir, ['clear-blocker', blk, '--resolution', 'pinned node 20', '--expected-revision', '1', '--json']);
    expect(stale.code).toBe(1);
    expect(stale.errorJson().error).toMatchObject({ code: 'revision_conflict', data: { expected_revision: 1, current_revision: 2 } });
    expect(tip()).toBe(before);
    const done = brain(dir, ['clear-blocker', blk, '--resolution', 'pinned node 20', '--expected-revision', '2', '--json']);
    expect(done.code).toBe(0);
    expect(done.json()).toMatchObject({ revision: 3, status: 'cleared', payload: { resolution: 'pinned node 20' } });
    expect(trailer()).toBe(`${blk} r2`);
  });

  it('help names the option', () => {
    expect(brain(dir, ['supersede', '--help']).stdout).toContain('--expected-revision <n>');
    expect(brain(dir, ['clear-blocker', '--help']).stdout).toContain('--expected-revision <n>');
  });
});
