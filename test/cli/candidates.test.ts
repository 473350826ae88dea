/**
 * The candidate commands end to end through the built CLI (issue #20): `brain propose` (the
 * options of `add`), `brain candidates` (pending by default, `--all`, `--status`, one in full,
 * `--json`), `brain approve` (the suggestion by default, `--as new`, `--merge`, `--supersede`)
 * and `brain reject --reason`; exit codes (2 for usage and validation — nothing written —, 1
 * for a refusal such as approving your own proposal); candidates never in `list`, `search` or
 * `context`; hostile text neutralized on the terminal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Candidate } from '../../src/model/candidate.js';
import { brain, type BrainRun } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';

afterAll(cleanupTempDirs);

let dir: string;
let decision: string;
const tip = () => git(dir, ['rev-parse', 'brain']);
const as = (author: string) => ({ env: { BRAIN_AUTHOR: author } });
function ok(run: BrainRun, what = 'brain'): BrainRun {
  expect(run.code, `${what}: ${run.stderr}`).toBe(0);
  return run;
}

beforeAll(() => {
  dir = initRepo();
  ok(brain(dir, ['init', '--project', 'demo']));
  decision = ok(brain(dir, ['--json', 'add', 'decision', '--title', 'Use SQLite for the cache', '--rationale', 'SQLite is embedded and needs no server.', '--tag', 'storage'])).json().entry_id;
});

describe('brain propose / candidates / approve / reject', () => {
  it('proposes with the options of add, lists pending candidates with relation and suggestion, shows one in full', () => {
    const run = ok(brain(dir, ['--json', 'propose', 'risk', '--title', 'Cache file grows without bound', '--rationale', 'Nothing prunes old revisions.', '--tag', 'storage', '--path', 'src/cache', '--payload', '{"likelihood":"high"}'], as('ada')));
    const c = run.json().candidate as Candidate;
    expect(c).toMatchObject({ status: 'pending', author: 'ada', proposal: { entry_kind: 'risk', tags: ['storage'], paths: ['src/cache'], payload: { likelihood: 'high' } } });
    expect(c.agent).toBeUndefined();
    const table = ok(brain(dir, ['candidates'])).stdout;
    expect(table).toMatch(/^ID\s+STATUS\s+KIND\s+RELATION\s+SUGGESTS\s+BY\s+TITLE/);
    expect(table).toContain(c.candidate_id);
    expect(table).toContain('Cache file grows without bound');
    const full = ok(brain(dir, ['candidates', c.candidate_id.slice(0, 9)])).stdout;
    expect(full).toContain(`relation:    ${c.review.relation}`);
    expect(full).toContain('proposed by: ada');
    expect(full).toContain('Nothing prunes old revisions.');
    expect(ok(brain(dir, ['--json', 'candidates'])).json().map((x: Candidate) => x.candidate_id)).toEqual([c.candidate_id]);
  });

  it('keeps candidates out of list, search and context', () => {
    ok(brain(dir, ['propose', 'decision', '--title', 'Adopt zanzibar tuples', '--rationale', 'zanzibar everywhere'], as('ada')));
    expect(ok(brain(dir, ['--json', 'list'])).json().map((e: any) => e.entry_id)).toEqual([decision]);
    expect(ok(brain(dir, ['--json', 'search', 'zanzibar'])).json()).toEqual([]);
    expect(ok(brain(dir, ['context'])).stdout).not.toContain('zanzibar');
  });

  it('approves as suggested, as new, by merging or superseding; each approval one commit', () => {
    const novel = ok(brain(dir, ['--json', 'propose', 'open_question', '--title', 'Who rotates the signing keys?'], as('ada'))).json().candidate as Candidate;
    const before = tip();
    const approved = ok(brain(dir, ['--json', 'approve', novel.candidate_id], as('bob'))).json();
    expect(git(dir, ['rev-list', '--count', `${before}..brain`])).toBe('1');
    expect(approved.candidate).toMatchObject({ status: 'approved', decision: { action: 'accept', decided_by: { author: 'bob' } } });
    expect(approved.entries[0]).toMatchObject({ title: 'Who rotates the signing keys?', author: 'bob', approval: { proposed_by: { author: 'ada' }, approved_by: { author: 'bob' } } });
    const shown = ok(brain(dir, ['show', approved.entries[0].entry_id])).stdout;
    expect(shown).toContain(`approval:    ${novel.candidate_id}, proposed by ada, approved by bob`);

    const update = ok(brain(dir, ['--json', 'propose', 'decision', '--title', 'Use SQLite for the cache', '--rationale', 'SQLite is embedded and needs no server. WAL mode lets the daemon read while the CLI writes.'], as('ada'))).json().candidate as Candidate;
    expect(update.review).toMatchObject({ relation: 'additive_update', suggested_action: 'merge', target_entry_id: decision });
    const merged = ok(brain(dir, ['--json', 'approve', update.candidate_id], as('bob'))).json();
    expect(merged.entries.map((e: any) => [e.entry_id, e.revision])).toEqual([[decision, 2]]);

    const replacement = ok(brain(dir, ['--json', 'propose', 'decision', '--title', 'Use PostgreSQL instead of SQLite for the cache', '--rationale', 'We no longer use SQLite: several daemons share one cache.'], as('ada'))).json().candidate as Candidate;
    const superseded = ok(brain(dir, ['--json', 'approve', replacement.candidate_id, '--supersede', decision.slice(0, 8)], as('bob'))).json();
    expect(superseded.entries.map((e: any) => [e.entry_id === decision ? 'old' : 'new', e.status])).toEqual([['new', 'accepted'], ['old', 'superseded']]);
    const asNew = ok(brain(dir, ['--json', 'propose', 'risk', '--title', 'Backups are untested'], as('ada'))).json().candidate as Candidate;
    expect(ok(brain(dir, ['--json', 'approve', asNew.candidate_id, '--as', 'new'], as('bob'))).json().candidate.decision.action).toBe('accept');
    git(dir, ['fsck', '--strict']);
    ok(brain(dir, ['verify']));
  });

  it('refuses with nothing written: bad usage and validation exit 2, approving your own proposal or a decided one exit 1', () => {
    const own = ok(brain(dir, ['--json', 'propose', 'blocker', '--title', 'Staging is down'], as('ada'))).json().candidate as Candidate;
    const before = tip();
    const refusals: [string[], number, string][] = [
      [['propose', 'risk'], 2, 'invalid_argument'],
      [['propose', 'epic', '--title', 'x'], 2, 'invalid_argument'],
      [['propose', 'risk', '--title', 'x', '--status', 'resolved'], 2, 'illegal_status'],
      [['approve', own.candidate_id, '--as', 'old'], 2, 'invalid_argument'],
      [['approve', own.candidate_id, '--as', 'new', '--merge', decision], 2, 'invalid_argument'],
      [['reject', own.candidate_id, '--reason', ' '], 2, 'invalid_argument'],
      [['candidates', '--status', 'maybe'], 2, 'invalid_argument'],
      [['approve', 'cand-zzzzzzzzzzzz'], 1, 'not_found'],
      [['approve', own.candidate_id], 1, 'forbidden'],
    ];
    for (const [args, code, error] of refusals) {
      const run = brain(dir, ['--json', ...args], as('ada'));
      expect(run.code, args.join(' ')).toBe(code);
      expect(run.errorJson().error.code, args.join(' ')).toBe(error);
    }
    expect(brain(dir, ['approve', own.candidate_id], as('Ada')).stderr).toContain('no identity may approve a candidate it proposed');
    expect(tip()).toBe(before);
    ok(brain(dir, ['reject', own.candidate_id, '--reason', 'it came back up'], as('bob')));
    const again = brain(dir, ['--json', 'approve', own.candidate_id], as('bob'));
    expect([again.code, again.errorJson().error.code]).toEqual([1, 'conflict']);
    expect(ok(brain(dir, ['--json', 'candidates', '--status', 'rejected'])).json().map((c: Candidate) => c.decision?.reason)).toEqual(['it came back up']);
    expect(ok(brain(dir, ['--json', 'candidates', '--all'])).json().length).toBeGreaterThan(5);
  });

  it('refuses control characters (exit 2) and shows hostile proposal text inert on the terminal', () => {
    expect(brain(dir, ['propose', 'risk', '--title', 'Evil \u001b]0;pwned\u0007 title'], as('ada')).code).toBe(2);
    ok(brain(dir, ['propose', 'risk', '--title', 'Evil \u202e title', '--rationale', 'read \u2066backwards\u2069'], as('ada')));
    const list = ok(brain(dir, ['candidates'])).stdout;
    const pending = ok(brain(dir, ['--json', 'candidates'])).json() as Candidate[];
    const evil = pending.find((c) => c.proposal.title.startsWith('Evil'))!;
    const full = ok(brain(dir, ['candidates', evil.candidate_id])).stdout;
    for (const out of [list, full]) {
      expect(out).not.toMatch(/[\u202e\u2066\u2069]/);
      expect(out).toContain('\\u202e');
    }
    expect(evil.proposal.title).toBe('Evil \u202e title'); // --json keeps the value exact
  });
});
