/**
 * Commit subjects brain writes show a title's bidi controls as visible escapes
 * (src/model/commit-title.ts, docs/decisions/0060): `git log brain` printed a raw U+202E, so a
 * title read backwards to every teammate while list, show and the dashboard showed `\u202e`.
 * The revision file keeps the exact title. In-process writes, a real sync, real `git log`.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initBareRepo, initRepo, tempDir } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';
import { syncBrain } from '../../src/service/sync.js';

afterAll(cleanupTempDirs);

const TITLE = 'Ship \u202eexe.txt\u202c to the \u2066mirror\u2069';
const SHOWN = 'Ship \\u202eexe.txt\\u202c to the \\u2066mirror\\u2069';
const RAW_BIDI = /[\u202a-\u202e\u2066-\u2069]/;

describe('a title with bidi controls in commit messages', () => {
  it('add, propose and a sync replay write it with visible escapes; the entry keeps it exactly', async () => {
    const origin = initBareRepo();
    const alice = initRepo();
    git(alice, ['remote', 'add', 'origin', origin]);
    const bob = tempDir();
    const a = await openTestBrain(alice);
    try {
      await a.init();
      const added = await a.writes.append({ kind: 'decision', fields: { title: TITLE } });
      expect(added.entry.title).toBe(TITLE);
      expect(git(alice, ['log', '-1', '--format=%s', 'brain'])).toBe(`brain: add ${added.entry.entry_id} r1 — ${SHOWN}`);
      const proposed = await a.candidates.propose({ kind: 'risk', fields: { title: TITLE } });
      expect(git(alice, ['log', '-1', '--format=%s', 'brain'])).toBe(`brain: propose ${proposed.candidate.candidate_id} r1 — ${SHOWN}`);
      await syncBrain(a);

      git(tempDir(), ['clone', '-q', origin, bob]);
      const b = await openTestBrain(bob);
      try {
        await b.refresh();
        await b.writes.revise({ entryId: added.entry.entry_id, fields: { rationale: 'bob' } });
        await a.writes.revise({ entryId: added.entry.entry_id, fields: { tags: ['alice'] } });
        await syncBrain(a);
        expect((await syncBrain(b)).action).toBe('replayed');
        expect(git(bob, ['log', '-1', '--format=%B', 'brain'])).toContain(`${added.entry.entry_id} r3 (was r2) — ${SHOWN}`);
        expect((await b.get({ entryId: added.entry.entry_id })).entry.title).toBe(TITLE);
      } finally {
        await b.close();
      }
      expect(git(alice, ['log', '--format=%B', 'origin/brain'])).not.toMatch(RAW_BIDI);
    } finally {
      await a.close();
    }
  });
});
