/**
 * A fork says how a person closes it (docs/decisions/0092). In the newcomer run two clones
 * revised one decision offline and one merged the other's branch with plain `git merge`:
 * `brain status` printed `forked: dec-…` and nothing else, and `brain doctor` said "nothing left
 * to fix". Real clones of a real bare remote, the merge made in a worktree as a person would.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, tempDir } from '../helpers/git.js';
import { ok, remoteWithClones } from './sync-helpers.js';

let a: string;
let b: string;
let id: string;

beforeAll(() => {
  [a, b] = remoteWithClones(2).clones as [string, string];
  id = ok(brain(a, ['add', 'decision', '--title', 'Use uv for dev environments', '--json'])).json<{ entry_id: string }>().entry_id;
  ok(brain(a, ['sync']));
  ok(brain(b, ['sync']));
  ok(brain(a, ['revise', id, '--rationale', 'uv everywhere, CI too']));
  ok(brain(a, ['sync']));
  ok(brain(b, ['revise', id, '--rationale', 'uv, but pip stays supported']));
  git(b, ['fetch', '-q', 'origin']);
  const wt = join(tempDir('brain-wt-'), 'wt');
  git(b, ['worktree', 'add', '-q', wt, 'brain']);
  git(wt, ['merge', '-q', '--no-edit', 'origin/brain']);
  git(b, ['worktree', 'remove', '--force', wt]);
});
afterAll(() => cleanupTempDirs());

describe('a forked entry', () => {
  it('status points to doctor, and doctor names the fork with the commands that close it', () => {
    expect(ok(brain(b, ['status'])).stdout).toContain(`forked:     ${id} — two revisions share a number (a merge outside brain sync); \`brain doctor\` says how to close it`);
    const doctor = brain(b, ['doctor', '--json']);
    expect(doctor.code).toBe(1);
    const findings = doctor.json<{ findings: { check: string; ok: boolean; message: string; fix?: string }[] }>().findings;
    expect(findings.find((f) => f.check === 'fork')).toMatchObject({ ok: false, message: expect.stringContaining(`${id}: two revisions share one number`), fix: expect.stringContaining(`brain history ${id}`) });
    // The next revision closes it; doctor then has nothing to say about it.
    ok(brain(b, ['revise', id, '--rationale', 'uv everywhere, CI too; pip stays supported']));
    expect(brain(b, ['doctor', '--json']).json<{ findings: { check: string }[] }>().findings.some((f) => f.check === 'fork')).toBe(false);
  });
});
