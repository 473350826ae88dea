/**
 * `--expected-revision` survives `brain sync` (DESIGN §6 compare-and-swap, §8; decision 0063):
 * Alice revises with `--expected-revision 2` offline while Bob's r3 of the same entry reaches
 * the remote. Alice's sync must not replay her write as r4 over Bob's: it is held back, kept as a
 * pending candidate (pushed, so the team sees it), reported as `revision_conflict` with a hint,
 * exit 1 — and `brain approve` by a teammate applies it. Unguarded writes replay as before.
 * Real bare remote, real clones, the built CLI.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/model/entry.js';
import { brain, openTestBrain } from '../helpers/brain.js';
import { cleanupTempDirs, git } from '../helpers/git.js';
import { ok, remoteWithClones } from './sync-helpers.js';

afterAll(cleanupTempDirs);

function setup(): { alice: string; bob: string; id: string } {
  const { clones } = remoteWithClones(2);
  const [alice, bob] = clones as [string, string];
  const id = ok(brain(alice, ['add', 'decision', '--title', 'Cache in SQLite', '--rationale', 'one file', '--json'])).json<Entry>().entry_id;
  ok(brain(alice, ['revise', id, '--rationale', 'one file, WAL']));
  ok(brain(alice, ['sync']));
  ok(brain(bob, ['sync']));
  return { alice, bob, id };
}

describe('brain sync honours --expected-revision', () => {
  it('holds a guarded write whose entry moved upstream as a candidate, reports revision_conflict, exit 1', () => {
    const { alice, bob, id } = setup();
    ok(brain(bob, ['revise', id, '--title', 'Cache in SQLite (WAL mode)']));
    ok(brain(bob, ['sync']));
    ok(brain(alice, ['revise', id, '--expected-revision', '2', '--rationale', 'one file; measured 2 ms']));
    expect(git(alice, ['log', '-1', '--format=%(trailers:key=Brain-Expected-Revision,valueonly)', 'brain'])).toBe(`${id} r2`);

    const run = brain(alice, ['sync', '--json']);
    expect(run.code, run.stderr).toBe(1);
    const report = run.json();
    expect(report.held).toHaveLength(1);
    const held = report.held[0];
    expect(held).toMatchObject({ code: 'revision_conflict', entry_id: id, yours: [3], expected_revision: 2, theirs: 3 });
    expect(held.hint).toContain(`brain approve ${held.candidate_id}`);
    expect(report.changed_on_both_sides).toEqual([]);

    // Not replayed: the entry is Bob's r3, nothing renumbered to r4.
    const shown = ok(brain(alice, ['show', id, '--json'])).json<Entry>();
    expect(shown.revision).toBe(3);
    expect(shown.rationale).toBe('one file, WAL');
    // Kept: a pending candidate proposing Alice's change, on the remote too.
    ok(brain(bob, ['sync']));
    const cand = ok(brain(bob, ['candidates', held.candidate_id, '--json'])).json<any>();
    expect(cand.status).toBe('pending');
    expect(cand.proposal).toMatchObject({ title: 'Cache in SQLite (WAL mode)', rationale: 'one file; measured 2 ms' }); // title unchanged by Alice: Bob's
    expect(cand.proposal.tags).toBeUndefined(); // only what Alice changed
    expect(cand.review.target_entry_id).toBe(id);

    // Bob applies it: Alice's rationale lands as r4 on top of Bob's title.
    ok(brain(bob, ['--author', 'Bob', 'approve', held.candidate_id]));
    const after = ok(brain(bob, ['show', id, '--json'])).json<Entry>();
    expect(after).toMatchObject({ revision: 4, title: 'Cache in SQLite (WAL mode)', rationale: 'one file; measured 2 ms' });

    // Alice catches up; the branch verifies.
    ok(brain(alice, ['sync']));
    expect(brain(alice, ['verify']).code).toBe(0);
  });

  it('human output names the conflict, the candidate and the hint; a second sync holds nothing again', () => {
    const { alice, bob, id } = setup();
    ok(brain(bob, ['revise', id, '--tag', 'storage']));
    ok(brain(bob, ['sync']));
    ok(brain(alice, ['revise', id, '--expected-revision', '2', '--title', 'Cache in SQLite, one file']));
    const run = brain(alice, ['sync']);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/: 0 revisions pushed \(and 1 held write as a pending candidate\), 1 revision received/);
    expect(git(alice, ['log', '-1', '--format=%s', 'brain'])).toBe('brain: sync — replay 0 revisions, hold 1 guarded write as a candidate onto origin/brain');
    expect(run.stdout).toMatch(/revision_conflict: 1 guarded write held back/);
    expect(run.stdout).toMatch(new RegExp(`${id}: your r3 expected r2, but the remote is at r3: not replayed, kept as candidate cand-`));
    expect(run.stdout).toMatch(/hint: compare \(brain show/);
    const again = brain(alice, ['sync', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json()).toMatchObject({ action: 'up_to_date', held: [] });
  });

  it('a guarded supersede (MCP brain_supersede takes expected_revision; the service here) is held whole: both halves become candidates, and approving the successor first applies it', async () => {
    const { alice, bob, id } = setup();
    const next = ok(brain(alice, ['add', 'decision', '--title', 'Cache in Redis', '--json'])).json<Entry>().entry_id;
    ok(brain(alice, ['sync']));
    ok(brain(bob, ['sync']));
    ok(brain(bob, ['revise', id, '--tag', 'storage']));
    ok(brain(bob, ['sync']));
    const service = await openTestBrain(alice);
    try {
      await service.writes.supersede({ entryId: id, byEntryId: next, expectedRevision: 2 });
    } finally {
      await service.close();
    }
    const run = brain(alice, ['sync', '--json']);
    expect(run.code, run.stderr).toBe(1);
    const held = run.json().held as { entry_id: string; expected_revision: number | null; candidate_id: string; hint: string }[];
    expect(held.map((h) => [h.entry_id, h.expected_revision]).sort()).toEqual([[id, 2], [next, null]].sort());
    // Neither half landed: no one-way link.
    expect(ok(brain(alice, ['show', id, '--json'])).json<Entry>()).toMatchObject({ revision: 3, status: 'accepted' });
    expect(ok(brain(alice, ['show', next, '--json'])).json<Entry>()).toMatchObject({ revision: 1, supersedes_entry_id: null });
    const candOf = (entry: string) => held.find((h) => h.entry_id === entry)!.candidate_id;
    // Both hints say the order (decision 0067); the other order is refused, naming the one to approve first.
    for (const h of held) expect(h.hint).toContain(`approve ${candOf(next)} (${next}) first, then ${candOf(id)} (${id})`);
    for (const h of held) expect(h.hint).toContain(`or redo the whole write: brain supersede ${id} --by ${next} --expected-revision 3`);
    const early = brain(alice, ['--author', 'Bob', 'approve', candOf(id), '--json']);
    expect(early.code).toBe(2);
    expect(early.errorJson().error).toMatchObject({ code: 'illegal_status', hint: expect.stringContaining(`approve ${candOf(next)} first`), data: { approve_first: [candOf(next)] } });
    ok(brain(alice, ['--author', 'Bob', 'approve', candOf(next)]));
    ok(brain(alice, ['--author', 'Bob', 'approve', candOf(id)]));
    expect(ok(brain(alice, ['show', id, '--json'])).json<Entry>()).toMatchObject({ revision: 4, status: 'superseded', tags: ['storage'] });
    expect(ok(brain(alice, ['show', next, '--json'])).json<Entry>()).toMatchObject({ revision: 2, supersedes_entry_id: id });
  });

  it('an unguarded write on a moved entry still replays (as r4), and a guarded one on an unmoved entry pushes as is', () => {
    const { alice, bob, id } = setup();
    ok(brain(bob, ['revise', id, '--tag', 'storage']));
    ok(brain(bob, ['sync']));
    ok(brain(alice, ['revise', id, '--rationale', 'unguarded']));
    const other = ok(brain(alice, ['add', 'risk', '--title', 'Disk full', '--json'])).json<Entry>().entry_id;
    ok(brain(alice, ['revise', other, '--expected-revision', '1', '--tag', 'ops']));
    const run = brain(alice, ['sync', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.json().held).toEqual([]);
    expect(ok(brain(alice, ['show', id, '--json'])).json<Entry>()).toMatchObject({ revision: 4, rationale: 'unguarded', tags: ['storage'] });
    expect(ok(brain(alice, ['show', other, '--json'])).json<Entry>()).toMatchObject({ revision: 2, tags: ['ops'] });
  });
});
