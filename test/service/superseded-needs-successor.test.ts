/**
 * `superseded` names a successor (DESIGN §2; docs/decisions/0049): a write by a person or an
 * agent that marks a decision or plan superseded while no entry supersedes it is refused
 * (`illegal_status`, nothing written) with a hint to use `supersede`; a successor that already
 * names it (`supersedes_entry_id`, a plan's `supersedes_plan_entry_id`) lets the revision through.
 * In-process service (the CLI, MCP and REST writes all go through it), real git and SQLite.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

describe('a superseded revision needs a successor', () => {
  it('refuses revise and append into superseded without one; accepts it when a successor names the entry', async () => {
    const dir = initRepo();
    const b = await openTestBrain(dir, { projectId: 'demo' });
    try {
      await b.init();
      const old = (await b.writes.append({ kind: 'decision', fields: { title: 'Use REST' } })).entry;
      const tip = git(dir, ['rev-parse', 'brain']);
      await expect(b.writes.revise({ entryId: old.entry_id, fields: { status: 'superseded' } })).rejects.toMatchObject({
        code: 'illegal_status',
        hint: expect.stringContaining(`brain supersede ${old.entry_id} --by <successor>`),
        data: { entry_id: old.entry_id },
      });
      await expect(b.writes.append({ kind: 'decision', fields: { title: 'Born superseded', status: 'superseded' } })).rejects.toMatchObject({ code: 'illegal_status' });
      expect(git(dir, ['rev-parse', 'brain'])).toBe(tip);
      // A risk cannot be superseded at all: validation's own error, not this rule's.
      await expect(b.writes.append({ kind: 'risk', fields: { title: 'r', status: 'superseded' } })).rejects.toMatchObject({ message: expect.stringContaining('legal:') });

      const next = (await b.writes.append({ kind: 'decision', fields: { title: 'Use GraphQL', supersedes_entry_id: old.entry_id } })).entry;
      expect((await b.writes.revise({ entryId: old.entry_id, fields: { status: 'superseded', related_entry_ids: [next.entry_id] } })).entry.status).toBe('superseded');
      // Revising an entry already superseded is not concerned.
      expect((await b.writes.revise({ entryId: old.entry_id, fields: { rationale: 'history' } })).entry.revision).toBe(3);

      const plan1 = (await b.writes.append({ kind: 'plan_revision', fields: { title: 'Plan 1' } })).entry;
      await b.writes.append({ kind: 'plan_revision', fields: { title: 'Plan 2', payload: { supersedes_plan_entry_id: plan1.entry_id } } });
      expect((await b.writes.revise({ entryId: plan1.entry_id, fields: { status: 'superseded' } })).entry.status).toBe('superseded');
    } finally {
      b.close();
    }
  });

  it('refuses to move an entry a successor names out of superseded (decision 0060): no one-way link', async () => {
    const dir = initRepo();
    const b = await openTestBrain(dir, { projectId: 'demo' });
    try {
      await b.init();
      const old = (await b.writes.append({ kind: 'decision', fields: { title: 'Use REST' } })).entry;
      const next = (await b.writes.append({ kind: 'decision', fields: { title: 'Use GraphQL' } })).entry;
      await b.writes.supersede({ entryId: old.entry_id, byEntryId: next.entry_id });
      const tip = git(dir, ['rev-parse', 'brain']);
      for (const status of ['accepted', 'deprecated']) {
        await expect(b.writes.revise({ entryId: old.entry_id, fields: { status } })).rejects.toMatchObject({
          code: 'illegal_status',
          message: expect.stringContaining(`superseded by ${next.entry_id}`),
          hint: expect.stringContaining(`brain supersede ${next.entry_id} --by <new id>`),
        });
      }
      expect(git(dir, ['rev-parse', 'brain'])).toBe(tip);
      // Other fields of a superseded entry still change.
      expect((await b.writes.revise({ entryId: old.entry_id, fields: { rationale: 'Kept for history.' } })).entry.status).toBe('superseded');
    } finally {
      b.close();
    }
  });
});
