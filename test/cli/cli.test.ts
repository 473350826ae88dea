import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';

afterAll(cleanupTempDirs);

let dir: string;
const tip = () => git(dir, ['rev-parse', 'brain']);

beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
});

describe('brain CLI contract', () => {
  it('add prints the entry; --json is a single JSON document; fields and payload are stored', () => {
    const r = brain(dir, [
      'add', 'decision', '--title', 'Use SQLite for the cache', '--rationale', 'local, fast, disposable',
      '--tag', 'storage', '--tag', 'cache', '--confidence', '0.8', '--related-task', 'T-1', '--path', 'src/cache',
      '--cite', 'https://sqlite.org', '--cite', 'task:T-1', '--cite', 'src/cache/schema.ts#L3',
      '--payload', '{"alternatives":["LevelDB","JSON files"],"decision_outcome":"SQLite in WAL mode"}', '--json',
    ]);
    expect(r.code).toBe(0);
    const e = r.json();
    expect(e).toMatchObject({
      entry_kind: 'decision', status: 'accepted', revision: 1, project_id: 'demo', author: 'test-agent',
      tags: ['storage', 'cache'], confidence: 0.8, related_task_ids: ['T-1'], paths: ['src/cache'],
      payload: { alternatives: ['LevelDB', 'JSON files'], decision_outcome: 'SQLite in WAL mode' },
    });
    expect(e.entry_id).toMatch(/^dec-[0-9a-z]{12}$/);
    expect(e.recorded_at).toMatch(/Z$/);
    expect(e.citations).toEqual([
      { source_ref: 'https://sqlite.org', source_kind: 'external_url' },
      { source_ref: 'T-1', source_kind: 'task' },
      { source_ref: 'src/cache/schema.ts', source_kind: 'file', locator: 'L3' },
    ]);
    const human = brain(dir, ['show', e.entry_id.slice(0, 7)]);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('title:       Use SQLite for the cache');
    expect(human.stdout).toContain('local, fast, disposable');
  });

  it('exit 2 with a coded JSON error on validation and usage errors, and nothing is written', () => {
    const before = tip();
    const cases: [string[], string][] = [
      [['add', 'risk', '--title', 'x', '--status', 'resolved'], 'illegal_status'],
      [['add', 'epic', '--title', 'x'], 'invalid_argument'],
      [['add', 'decision', '--title', 'x'.repeat(201)], 'invalid_entry'],
      [['add', 'decision', '--title', '   '], 'invalid_entry'],
      [['add', 'decision', '--title', 't', '--rationale', 'r'.repeat(20_001)], 'invalid_entry'],
      [['add', 'decision'], 'invalid_argument'],
      [['add', 'decision', '--title', 't', '--payload', '{oops'], 'invalid_argument'],
      [['add', 'decision', '--title', 't', '--confidence', 'high'], 'invalid_argument'],
      [['add', 'blocker', '--title', 't', '--payload', '{"severity":"apocalyptic"}'], 'invalid_entry'],
      [['list', '--limit', '0'], 'invalid_argument'],
      [['list', '--kind', 'epic'], 'invalid_argument'],
      [['frobnicate'], 'usage'],
      [['add'], 'usage'],
      [['list', '--frobnicate'], 'usage'],
      [['show'], 'usage'],
    ];
    for (const [args, code] of cases) {
      const r = brain(dir, [...args, '--json']);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1); // only the JSON error, no commander text
      const error = r.errorJson().error;
      expect(error.code, args.join(' ')).toBe(code);
      expect(error.message.length).toBeGreaterThan(0);
    }
    const human = brain(dir, ['add', 'risk', '--title', 'x', '--status', 'resolved']);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain('a risk cannot be resolved; legal: active, mitigated, retired');
    expect(tip()).toBe(before);
  });

  it('human errors read `brain: <code>: <message>` and a hint naming the command, for commander parse errors too', () => {
    expect(brain(dir, ['list', '--frobnicate'])).toMatchObject({ code: 2, stderr: "brain: usage: unknown option '--frobnicate'\nhint: run `brain list --help` for usage\n" });
    expect(brain(dir, ['frob'])).toMatchObject({ code: 2, stderr: "brain: usage: unknown command 'frob'\nhint: run `brain --help` for usage\n" });
    expect(brain(dir, ['show', 'zzz-nope']).stderr).toMatch(/^brain: not_found: no entry zzz-nope in project demo\nhint: /);
    const id = brain(dir, ['add', 'decision', '--title', 'Self', '--json']).json().entry_id;
    const self = brain(dir, ['supersede', id, '--by', id]);
    expect(self).toMatchObject({ code: 2, stderr: 'brain: invalid_argument: an entry cannot supersede itself\nhint: run `brain supersede --help` for the accepted values\n' });
    expect(brain(dir, ['export', 'adr', '/dev/null', '--json']).errorJson().error.hint).toBe('run `brain export adr --help` for the accepted values');
  });

  it('exit 1 for not found and revision conflicts; CAS with --expected-revision', () => {
    const missing = brain(dir, ['show', 'dec-zzzzzzzzzzzz', '--json']);
    expect(missing.code).toBe(1);
    expect(missing.errorJson().error.code).toBe('not_found');
    const q = brain(dir, ['add', 'open_question', '--title', 'Which port?', '--json']).json();
    expect(brain(dir, ['revise', q.entry_id, '--rationale', 'daemon port', '--expected-revision', '1']).code).toBe(0);
    const before = tip();
    const conflict = brain(dir, ['revise', q.entry_id, '--rationale', 'stale', '--expected-revision', '1', '--json']);
    expect(conflict.code).toBe(1);
    expect(conflict.errorJson().error).toMatchObject({ code: 'revision_conflict' });
    expect(conflict.errorJson().error.message).toContain('at revision 2');
    expect(tip()).toBe(before);
    const resolved = brain(dir, ['resolve', q.entry_id, '--answer', '7420', '--json']).json();
    expect(resolved).toMatchObject({ status: 'resolved', revision: 3, payload: { answer: '7420' } });
    const history = brain(dir, ['history', q.entry_id, '--json']).json();
    expect(history.map((r: { revision: number; status: string }) => [r.revision, r.status])).toEqual([[1, 'open'], [2, 'open'], [3, 'resolved']]);
    expect(brain(dir, ['show', q.entry_id, '--revision', '1', '--json']).json()).toMatchObject({ revision: 1, rationale: '' });
    expect(brain(dir, ['show', q.entry_id, '--revision', '9', '--json']).code).toBe(1);
  });

  it('a revise that changes nothing writes no revision', () => {
    const r = brain(dir, ['add', 'risk', '--title', 'Disk fills up', '--json']).json();
    const before = tip();
    const same = brain(dir, ['revise', r.entry_id, '--title', 'Disk fills up']);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain('unchanged');
    expect(tip()).toBe(before);
  });

  it('lifecycle helpers: clear-blocker, supersede links both ways, illegal transitions refused', () => {
    const b = brain(dir, ['add', 'blocker', '--title', 'CI red', '--payload', '{"severity":"critical"}', '--json']).json();
    expect(brain(dir, ['clear-blocker', b.entry_id, '--resolution', 'pinned node', '--json']).json()).toMatchObject({ status: 'cleared', payload: { resolution: 'pinned node', severity: 'critical' } });
    const old = brain(dir, ['add', 'decision', '--title', 'Use JSONL', '--json']).json();
    const next = brain(dir, ['add', 'decision', '--title', 'Use per-revision JSON files', '--json']).json();
    expect(brain(dir, ['supersede', old.entry_id, '--by', next.entry_id]).code).toBe(0);
    expect(brain(dir, ['show', old.entry_id, '--json']).json()).toMatchObject({ status: 'superseded', related_entry_ids: [next.entry_id] });
    expect(brain(dir, ['show', next.entry_id, '--json']).json()).toMatchObject({ supersedes_entry_id: old.entry_id, related_entry_ids: [old.entry_id] });
    expect(git(dir, ['log', '-1', '--format=%s', 'brain'])).toContain(`brain: supersede ${old.entry_id} r2 by ${next.entry_id} r2`);
    // `show` names the successor by its title, also when the old entry relates to others too.
    const aside = brain(dir, ['add', 'decision', '--title', 'Keep ledgers per entry', '--json']).json();
    expect(brain(dir, ['revise', old.entry_id, '--related-entry', aside.entry_id, '--related-entry', next.entry_id]).code).toBe(0);
    const shown = brain(dir, ['show', old.entry_id]).stdout;
    expect(shown).toMatch(new RegExp(`[Ss]uperseded by "Use per-revision JSON files" \\(${next.entry_id}\\)`));
    expect(shown).not.toContain('successor among');
    expect(shown).toMatch(/ r3 of 3 revisions\n/);
    const r = brain(dir, ['add', 'risk', '--title', 'r', '--json']).json();
    const bad = brain(dir, ['resolve', r.entry_id, '--json']);
    expect(bad.code).toBe(2);
    expect(bad.errorJson().error.code).toBe('illegal_status');
  });

  it('list filters, search, context and status', () => {
    brain(dir, ['add', 'dependency', '--title', 'Needs git ≥ 2.30', '--payload', '{"depends_on":"git","dependency_kind":"requires"}', '--tag', 'infra', '--related-task', 'T-9']);
    const all = brain(dir, ['list', '--json']).json();
    expect(all.length).toBeGreaterThan(5);
    const recorded = all.map((e: { recorded_at: string }) => e.recorded_at);
    expect([...recorded].sort().reverse()).toEqual(recorded);
    expect(brain(dir, ['list', '--kind', 'dependency', '--json']).json().map((e: { title: string }) => e.title)).toEqual(['Needs git ≥ 2.30']);
    expect(brain(dir, ['list', '--tag', 'infra', '--json']).json()).toHaveLength(1);
    expect(brain(dir, ['list', '--related-task', 'T-9', '--json']).json()).toHaveLength(1);
    expect(brain(dir, ['list', '--status', 'superseded', '--json']).json()).toHaveLength(1);
    expect(brain(dir, ['list', '--author', 'nobody', '--json']).json()).toHaveLength(0);
    // The global --author before the command is the author of new revisions, not a filter.
    expect(brain(dir, ['--author', 'nobody', 'list', '--json']).json()).toHaveLength(all.length);
    expect(brain(dir, ['--author', 'nobody', 'list', '--author=test-agent', '--json']).json()).toHaveLength(all.length);
    expect(brain(dir, ['list', '--limit', '2', '--json']).json()).toHaveLength(2);
    expect(brain(dir, ['list', '--updated-since', '2999-01-01T00:00:00Z', '--json']).json()).toHaveLength(0);
    const hits = brain(dir, ['search', 'sqlite', '--json']).json();
    expect(hits[0].entry.title).toBe('Use SQLite for the cache');
    expect(hits[0].relevance_score).toBe(1);
    for (const h of hits) expect(h.relevance_score).toBeGreaterThan(0);
    expect(brain(dir, ['search', 'sqlite', '--kind', 'risk', '--json']).json()).toEqual([]);
    const context = brain(dir, ['context']);
    expect(context.code).toBe(0);
    expect(context.stdout).toContain('<brain-state>');
    expect(context.stdout).toContain('Use SQLite for the cache');
    const status = brain(dir, ['status', '--json']).json();
    expect(status).toMatchObject({ branch: 'brain', project_id: 'demo', tip: tip(), projected: tip(), problems: [] });
    expect(status.entries).toBe(all.length);
    expect(status.revisions).toBeGreaterThan(status.entries);
  });

  it('resolves unique id prefixes and reports ambiguous ones', () => {
    const e = brain(dir, ['list', '--kind', 'decision', '--limit', '1', '--json']).json()[0];
    expect(brain(dir, ['show', e.entry_id.slice(0, 8), '--json']).json().entry_id).toBe(e.entry_id);
    const amb = brain(dir, ['show', 'dec-', '--json']);
    expect(amb.code).toBe(2);
    expect(amb.errorJson().error.code).toBe('ambiguous_id');
  });

  it('--project scopes entries; --author, then BRAIN_AUTHOR, then git user.name set the author', () => {
    const other = brain(dir, ['--project', 'other', 'add', 'decision', '--title', 'Other project', '--json']).json();
    expect(other.project_id).toBe('other');
    expect(brain(dir, ['list', '--json']).json().some((e: { entry_id: string }) => e.entry_id === other.entry_id)).toBe(false);
    expect(brain(dir, ['--project', 'other', 'list', '--json']).json()).toHaveLength(1);
    expect(brain(dir, ['--author', 'ana', 'add', 'risk', '--title', 'a', '--json']).json().author).toBe('ana');
    git(dir, ['config', 'user.name', 'Git Name']);
    expect(brain(dir, ['add', 'risk', '--title', 'b', '--json'], { env: { BRAIN_AUTHOR: '' } }).json().author).toBe('Git Name');
    expect(brain(dir, ['--project', 'Bad Id', 'list', '--json']).code).toBe(2);
  });

  it('verify passes on a brain written by brain, with --cache', () => {
    const r = brain(dir, ['verify', '--cache', '--json']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ ok: true, cache: { ok: true } });
  });
});
