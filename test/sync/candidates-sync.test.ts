/**
 * A clone carries its candidates (issue #20): `brain sync` between diverged clones replays the
 * local candidate revisions the remote lacks — a pending proposal, an approval with the entry
 * it wrote — so nothing proposed or decided on one clone is lost, and both clones converge.
 * A candidate decided on both sides keeps both decisions in its history.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Candidate } from '../../src/model/candidate.js';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git } from '../helpers/git.js';
import { ok, remoteWithClones, sync, treeOf } from './sync-helpers.js';

afterAll(cleanupTempDirs);

const propose = (dir: string, title: string, env = { BRAIN_AUTHOR: 'ada' }) => ok(brain(dir, ['propose', 'risk', '--title', title, '--json'], { env }), 'propose').json().candidate as Candidate;
const candidates = (dir: string) => ok(brain(dir, ['candidates', '--all', '--json']), 'candidates').json() as Candidate[];

describe('brain sync with candidates', () => {
  it('replays local proposals and approvals onto the remote; both clones converge and verify', () => {
    const [a, b] = remoteWithClones(2).clones as [string, string];
    const onA = propose(a, 'Quokka tokens leak');
    ok(brain(a, ['add', 'decision', '--title', 'Entry written on a']));
    sync(a);
    const onB = propose(b, 'Disk fills up on b');
    const approvedOnB = propose(b, 'Cache grows on b');
    ok(brain(b, ['approve', approvedOnB.candidate_id], { env: { BRAIN_AUTHOR: 'bob' } }), 'approve');
    const synced = ok(brain(b, ['sync', '--json'])).json();
    expect(synced.action).toBe('replayed');
    // Counted apart: b's approval wrote one entry revision; its two proposals three candidate revisions.
    expect(synced).toMatchObject({ pushed: 1, received: 1, candidate_revisions: { pushed: 3, received: 1 } });
    expect(ok(brain(a, ['sync', '--json'])).json()).toMatchObject({ action: 'fast_forward', received: 1, candidate_revisions: { pushed: 0, received: 3 } });
    expect(treeOf(a)).toBe(treeOf(b));
    const all = candidates(a);
    expect(all.map((c) => [c.proposal.title, c.status]).sort()).toEqual([['Cache grows on b', 'approved'], ['Disk fills up on b', 'pending'], ['Quokka tokens leak', 'pending']]);
    expect(all.find((c) => c.candidate_id === onA.candidate_id)?.revision).toBe(1);
    expect(all.find((c) => c.candidate_id === onB.candidate_id)?.revision).toBe(1);
    const approved = all.find((c) => c.candidate_id === approvedOnB.candidate_id)!;
    const entry = ok(brain(a, ['show', approved.decision!.entry_id!, '--json'])).json();
    expect(entry.approval).toEqual({ candidate_id: approved.candidate_id, proposed_by: { author: 'ada' }, approved_by: { author: 'bob' } });
    expect(ok(brain(a, ['verify', '--json'])).code).toBe(0);
    git(a, ['fsck', '--strict']);
  });

  it('says what an approval pushed: one revision and one candidate revision, not "2 revisions"', () => {
    const [a] = remoteWithClones(1).clones as [string];
    const c = propose(a, 'Queue backs up');
    expect(ok(brain(a, ['sync'])).stdout).toMatch(/^pushed to origin\/brain: 0 revisions and 1 candidate revision pushed, 0 revisions received /);
    ok(brain(a, ['approve', c.candidate_id], { env: { BRAIN_AUTHOR: 'bob' } }), 'approve');
    expect(ok(brain(a, ['sync'])).stdout).toMatch(/^pushed to origin\/brain: 1 revision and 1 candidate revision pushed, 0 revisions received /);
  });

  it('keeps both decisions of a candidate decided on both clones', () => {
    const [a, b] = remoteWithClones(2).clones as [string, string];
    const c = propose(a, 'Decided twice');
    ok(brain(a, ['sync']));
    ok(brain(b, ['sync']));
    ok(brain(a, ['reject', c.candidate_id, '--reason', 'no'], { env: { BRAIN_AUTHOR: 'bob' } }));
    ok(brain(a, ['sync']));
    ok(brain(b, ['approve', c.candidate_id, '--as', 'new'], { env: { BRAIN_AUTHOR: 'cy' } }));
    const replayed = ok(brain(b, ['sync', '--json'])).json();
    expect(replayed.changed_on_both_sides.map((e: { entry_id: string; review: string }) => [e.entry_id, e.review])).toEqual([[c.candidate_id, `brain candidates ${c.candidate_id}`]]);
    ok(brain(a, ['sync']));
    const [current] = candidates(a).filter((x) => x.candidate_id === c.candidate_id);
    expect(current).toMatchObject({ revision: 3, status: 'approved' });
    const files = git(a, ['ls-tree', '-r', '--name-only', 'brain', 'candidates/']).split('\n').filter((p) => p.includes(c.candidate_id) && p.endsWith('.json'));
    expect(files).toHaveLength(3);
    expect(ok(brain(a, ['verify', '--json'])).code).toBe(0);
  });
});
