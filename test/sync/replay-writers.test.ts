/**
 * A replay commit says who made each write it carries (docs/decisions/0092). In the newcomer
 * run, Alice's agent proposed two decisions and she approved one and rejected the other while
 * Bob had pushed meanwhile; her `brain sync` replayed the nine revisions as one commit authored
 * by Alice whose lines named only ids and titles: `git log` no longer said that claude-code
 * had written the proposals for her (their own commits had `Brain-Agent: claude-code`). Real
 * clones of a real bare remote, the built CLI, the system git.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git } from '../helpers/git.js';
import { ok, remoteWithClones } from './sync-helpers.js';

let alice: string;
let bob: string;

beforeAll(() => {
  [alice, bob] = remoteWithClones(2).clones as [string, string];
});
afterAll(() => cleanupTempDirs());

describe('the replay commit of a sync', () => {
  it("names each revision's writer and keeps the agents' Brain-Agent trailers", () => {
    const env = { BRAIN_AUTHOR: 'Alice' };
    ok(brain(alice, ['--agent', 'claude-code', 'add', 'decision', '--title', 'Use Ruff for linting'], { env }));
    ok(brain(alice, ['--agent', 'claude-code', 'propose', 'decision', '--title', 'Pin Python 3.13'], { env }));
    ok(brain(alice, ['add', 'open_question', '--title', 'Which Python for CI?'], { env }));
    ok(brain(bob, ['add', 'risk', '--title', 'CI minutes run out'], { env: { BRAIN_AUTHOR: 'Bob' } }));
    ok(brain(bob, ['sync']));
    const sync = ok(brain(alice, ['sync'], { env }));
    expect(sync.stdout).toContain('replayed your revisions');
    const body = git(alice, ['log', '-1', '--format=%B', 'brain']);
    expect(body).toMatch(/^dec-\S+ r1 — Use Ruff for linting — by claude-code for Alice$/m);
    expect(body).toMatch(/^cand-\S+ r1 — Pin Python 3\.13 — by claude-code for Alice$/m);
    expect(body).toMatch(/^que-\S+ r1 — Which Python for CI\? — by Alice$/m);
    expect(git(alice, ['log', '-1', '--format=%(trailers:key=Brain-Agent,valueonly)', 'brain'])).toBe('claude-code');
    expect(git(alice, ['fsck', '--strict', '--no-dangling'])).not.toMatch(/error|warning/i);
  });
});
