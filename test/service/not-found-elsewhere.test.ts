/**
 * Ids are unique per brain (docs/decisions/0029): an id looked up in the wrong project is not
 * simply "not found" — the error's hint names the project that holds it and the command to
 * reach it (`data.in_project`). In-process, real git and SQLite.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

describe('an id held by another project', () => {
  it('not_found names the project holding the id (full id or unique prefix), and only then', async () => {
    const dir = initRepo();
    const a = await openTestBrain(dir, { projectId: 'alpha' });
    const b = await openTestBrain(dir, { projectId: 'beta' });
    try {
      await a.init();
      const { entry } = await b.writes.append({ kind: 'decision', fields: { title: 'Beta decision' } });
      const id = entry.entry_id;
      for (const asked of [id, id.slice(0, 8)]) {
        await expect(a.history({ entryId: asked })).rejects.toMatchObject({
          code: 'not_found',
          message: `no entry ${asked} in project alpha`,
          hint: `it is in project beta: brain --project beta show ${id}`,
          data: { in_project: 'beta', full_entry_id: id },
        });
      }
      await expect(a.writes.revise({ entryId: id, fields: { title: 'x' } })).rejects.toMatchObject({ code: 'not_found', data: { in_project: 'beta' } });
      const missing = await a.history({ entryId: 'dec-zzzz' }).catch((e: unknown) => e);
      expect(missing).toMatchObject({ code: 'not_found', hint: expect.stringContaining('brain list') });
      expect((missing as { data: object }).data).not.toHaveProperty('in_project');
    } finally {
      a.close();
      b.close();
    }
  });
});
