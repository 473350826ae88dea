/**
 * The human lines of a held write in `brain sync` (decisions 0063 and 0067): a guarded write
 * names the revision it expected; a revision held only because it belongs to a held guarded
 * write (a supersede's successor) names no guard of its own and says why it was held.
 */
import { describe, expect, it } from 'vitest';
import { renderSync } from '../../src/cli/sync-command.js';
import type { HeldConflict, SyncReport } from '../../src/service/sync.js';

const held = (h: Partial<HeldConflict>): HeldConflict => ({ code: 'revision_conflict', entry_id: 'dec-aaaa1111', title: 'Cache', yours: [2], expected_revision: 2, theirs: 3, candidate_id: 'cand-bbbb2222', hint: 'approve it', ...h });
const report = (list: HeldConflict[]): SyncReport => ({ remote: 'origin', branch: 'brain', action: 'replayed', before: 'a'.repeat(40), tip: 'b'.repeat(40), pushed: 0, received: 1, candidate_revisions: { pushed: 0, received: 0 }, changed_on_both_sides: [], unreplayable: [], held: list, attempts: 1 });

describe('renderSync, held writes', () => {
  it('a guarded write says what it expected and where the remote is', () => {
    expect(renderSync(report([held({})]))).toContain('dec-aaaa1111: your r2 expected r2, but the remote is at r3: not replayed, kept as candidate cand-bbbb2222');
  });

  it('a revision held with a guarded write says it belongs to one, not that it expected an older revision', () => {
    const text = renderSync(report([held({ entry_id: 'dec-cccc3333', yours: [1], expected_revision: null, theirs: 1 })]));
    expect(text).toContain('dec-cccc3333: your r1 belongs to a guarded write that was held back (here the remote is at r1): not replayed, kept as candidate cand-bbbb2222');
    expect(text).not.toContain('older revision');
  });
});
