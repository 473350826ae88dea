/**
 * An entry none of whose revisions is valid (its only file edited by hand: malformed JSON, an
 * illegal status) is left out of every read; naming it (`brain show`, `revise`, the service's
 * lookup) said "no entry … list entries with `brain list`" — where it is not. It now names the
 * bad files, their problem codes and how to get the entry back (unreadable-entry.ts,
 * docs/decisions/0060). In-process on a real repository.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../../helpers/git.js';
import { openTestBrain } from '../../helpers/brain.js';
import { handCommit, revisionPath } from '../../helpers/plain-git.js';
import { runDoctor } from '../../../src/service/doctor.js';
import { BrainError } from '../../../src/model/errors.js';
import type { Entry } from '../../../src/model/entry.js';

afterAll(cleanupTempDirs);

async function lookupError(lookup: Promise<unknown>): Promise<BrainError> {
  const err = await lookup.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BrainError);
  return err as BrainError;
}

describe('an entry whose every revision is invalid', () => {
  it('is named with its bad files and the way back, not "no entry"; other misses keep the plain not_found', async () => {
    const dir = initRepo();
    const b = await openTestBrain(dir);
    try {
      await b.init();
      const broken = (await b.writes.append({ kind: 'decision', fields: { title: 'Broken by hand' } })).entry as Entry;
      const illegal = (await b.writes.append({ kind: 'decision', fields: { title: 'Status edited by hand' } })).entry as Entry;
      const brokenPath = revisionPath(broken);
      const illegalPath = revisionPath(illegal);
      handCommit(dir, { [brokenPath]: '{"title": broken\n', [illegalPath]: JSON.stringify({ ...illegal, status: 'approved' }, null, 2) });
      await b.refresh();

      const bad = await lookupError(b.get({ entryId: broken.entry_id.slice(0, 8) }));
      expect(bad.code).toBe('not_found');
      expect(bad.message).toBe(`${broken.entry_id} in project ${broken.project_id} has no valid revision: ${brokenPath} (invalid_json) failed to parse or validate`);
      expect(bad.hint).toContain('`brain verify` names the commit');
      expect(bad.hint).toContain('git -C ../fix revert <commit>');
      expect(bad.data).toMatchObject({ entry_id: broken.entry_id, problems: [{ path: brokenPath, code: 'invalid_json' }] });
      // The parser quotes the file's bytes; a problem message stays one line of status, doctor and verify.
      expect((bad.data.problems as { message: string }[])[0]?.message).toBe('not valid JSON: Unexpected token \'b\', "{"title": broken\\n" is not valid JSON');

      const status = await lookupError(b.writes.revise({ entryId: illegal.entry_id, fields: { status: 'accepted' } }));
      expect(status.message).toContain(`${illegalPath} (illegal_status)`);

      const advice = (await runDoctor(b)).findings.filter((f) => f.check === 'invalid_json' || f.check === 'illegal_status').map((f) => f.fix);
      expect(advice).toHaveLength(2);
      for (const fix of advice) expect(fix).toContain('git -C ../fix revert <commit>'); // was "fix entries with brain revise", which cannot

      const unknown = await lookupError(b.get({ entryId: 'dec-zzzzzzzz' }));
      expect(unknown.message).toBe(`no entry dec-zzzzzzzz in project ${broken.project_id}`);
    } finally {
      await b.close();
    }
  });
});
