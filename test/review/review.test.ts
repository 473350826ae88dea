/**
 * `brain review BASE..HEAD` (issue #4): a brain built with the real CLI, a base commit, then
 * every kind of change on top (a new decision, a proposed decision accepted, a question
 * answered, a blocker cleared, a new blocker, a new question, a risk mitigated, a new risk, a
 * plan superseded by a new one, a multi-line rationale revised, citations added) plus a
 * hand-committed malformed file and a fork. The Markdown is pinned in
 * __snapshots__/review.md after normalizing random ids, hashes and oids (reviewed by eye once).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../src/model/entry.js';
import { parseLedger } from '../../src/store/ledger.js';
import type { Review } from '../../src/review/review.js';
import { brain, type BrainRun } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { dirOf, handCommit, makeEntry, readBranchFile, revisionFiles } from '../helpers/plain-git.js';

afterAll(cleanupTempDirs);

let dir: string;
let base: string;
const ids: Record<string, string> = {};

function ok(run: BrainRun): BrainRun {
  expect(run.code, run.stderr).toBe(0);
  return run;
}
const add = (kind: string, title: string, ...args: string[]) => ok(brain(dir, ['add', kind, '--title', title, ...args, '--json'])).json<Entry>().entry_id;

/** Stable placeholders for what differs between runs: entry ids (by first appearance), commit oids, file hashes. */
function normalize(text: string): string {
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  const name = (key: string, kind: string) => {
    let value = names.get(key);
    if (value === undefined) {
      const n = (counts.get(kind) ?? 0) + 1;
      counts.set(kind, n);
      value = `<${kind}-${n}>`;
      names.set(key, value);
    }
    return value;
  };
  return text
    .replace(/\b(dec|que|blk|rsk|dep|pln)-[0-9a-z]{12}\b/g, (id, kind: string) => name(id, kind))
    .replace(/\b([0-9a-f]{12})(?:[0-9a-f]{28})?\b/g, (_oid, first: string) => name(first, 'commit'))
    .replace(/\br(\d{4})-[0-9a-f]{8}\.json\b/g, 'r$1-<sha8>.json')
    .replace(/ \(line \d+ column \d+\)/g, ''); // newer V8 adds this to JSON.parse messages
}

beforeAll(() => {
  dir = initRepo();
  ok(brain(dir, ['init', '--project', 'demo']));
  ids.cache = add('decision', 'Use SQLite for the cache', '--rationale', 'Local, fast and disposable.\nRebuilt from git on boot.\nWAL mode for concurrent readers.\n', '--cite', 'https://sqlite.org/wal.html');
  ids.search = add('decision', 'Adopt MiniSearch for full-text search', '--status', 'proposed', '--rationale', 'Fuzzy matching out of the box.');
  ids.port = add('open_question', 'Which port does the daemon listen on?');
  ids.ci = add('blocker', 'CI runners lack git 2.40', '--payload', '{"severity":"high"}');
  ids.growth = add('risk', 'Cache grows without bound', '--payload', '{"likelihood":"medium","impact":"high"}');
  ids.iso = add('dependency', 'isomorphic-git for machines without git', '--payload', '{"depends_on":"isomorphic-git","dependency_kind":"requires"}');
  ids.plan1 = add('plan_revision', 'Plan: ship the CLI first', '--payload', '{"summary":"CLI, then the daemon, then the dashboard."}');
  base = git(dir, ['rev-parse', 'brain']);

  add('decision', 'Require Node 20.19 or later', '--rationale', 'require(esm) and a current V8.', '--tag', 'runtime', '--payload', '{"decision_outcome":"engines.node >= 20.19"}');
  ok(brain(dir, ['revise', ids.search, '--status', 'accepted', '--payload', '{"decision_outcome":"MiniSearch, persisted per tip"}']));
  ok(brain(dir, ['resolve', ids.port, '--answer', 'Port 7420 by default;\n--port overrides it.']));
  ok(brain(dir, ['clear-blocker', ids.ci, '--resolution', 'Runners upgraded to git 2.43.']));
  add('blocker', 'Waiting on the security review of the daemon', '--payload', '{"severity":"critical"}');
  add('open_question', 'Should the dashboard offer a dark theme?', '--rationale', 'Asked twice in user interviews.');
  ok(brain(dir, ['revise', ids.growth, '--status', 'mitigated', '--payload', '{"mitigation":"Revisions past 50 000 are pruned from the cache, never from git."}']));
  add('risk', 'Hand-edited files on the docs branch', '--payload', '{"likelihood":"low","impact":"medium"}');
  ids.plan2 = add('plan_revision', 'Plan: daemon and CLI together', '--payload', '{"summary":"The CLI asks the daemon when one runs."}');
  ok(brain(dir, ['supersede', ids.plan1, '--by', ids.plan2]));
  ok(brain(dir, ['revise', ids.cache, '--rationale', 'Local, fast and disposable.\nRebuilt from git on boot, never exported back.\nWAL mode for concurrent readers.\nA busy timeout of 5 s for writers.\n']));
  ok(brain(dir, ['revise', ids.iso, '--cite', 'https://isomorphic-git.org/docs/en/walk', '--cite', 'src/store/iso-git-reader.ts#L12']));

  // Behind brain's back: a malformed revision file, and a second r2 of the dependency (a fork).
  handCommit(dir, { 'projects/demo/decision/zz/dec-zzzzzzzzzzzz/r0001-00000000.json': '{"title": "half a file' }, 'hand-made: malformed');
  const ledgerPath = `${dirOf({ project_id: 'demo', entry_kind: 'dependency', entry_id: ids.iso })}/ledger.jsonl`;
  const r1 = parseLedger(readBranchFile(dir, ledgerPath)?.toString('utf8') ?? '')[0];
  const other = makeEntry({
    kind: 'dependency', projectId: 'demo', entryId: ids.iso, revision: 2, recordedAt: '2024-05-01T12:00:00.000Z',
    title: 'isomorphic-git, from another clone', fields: { payload: { depends_on: 'isomorphic-git', dependency_kind: 'requires' } },
  });
  handCommit(dir, revisionFiles(dir, other, { parentSha256: r1?.sha256 ?? null }), 'hand-made: fork');
});

describe('brain review BASE..HEAD', () => {
  it('renders every kind of change as Markdown (pinned after review by eye)', async () => {
    const run = ok(brain(dir, ['review', `${base}..brain`]));
    expect(run.stderr).toBe('');
    const markdown = normalize(run.stdout);
    if (process.env.BRAIN_PRINT_REVIEW) process.stdout.write(`\n${markdown}\n`);
    await expect(markdown).toMatchFileSnapshot('__snapshots__/review.md');
  });

  it('--json gives the range, commit count, every group and problems', () => {
    const review = ok(brain(dir, ['review', `${base}..brain`, '--json'])).json<Review>();
    expect(review.range).toEqual({ spec: `${base}..brain`, base, head: git(dir, ['rev-parse', 'brain']), merge_base: base });
    expect(review.commits).toBe(Number(git(dir, ['rev-list', '--count', `${base}..brain`])));
    expect(Object.keys(review.groups)).toEqual(['decided', 'newly_proposed', 'resolved', 'newly_open', 'newly_blocked', 'risks', 'plan', 'other']);
    const titles = Object.fromEntries(Object.entries(review.groups).map(([g, list]) => [g, list.map((c) => c.title)]));
    expect(titles).toEqual({
      decided: ['Adopt MiniSearch for full-text search', 'Require Node 20.19 or later'],
      newly_proposed: [],
      resolved: ['Cache grows without bound', 'CI runners lack git 2.40', 'Which port does the daemon listen on?'],
      newly_open: ['Should the dashboard offer a dark theme?'],
      newly_blocked: ['Waiting on the security review of the daemon'],
      risks: ['Hand-edited files on the docs branch'],
      plan: ['Plan: daemon and CLI together', 'Plan: ship the CLI first'],
      other: ['isomorphic-git for machines without git', 'Use SQLite for the cache'],
    });
    const search = review.groups.decided.find((c) => c.entry_id === ids.search);
    expect(search).toMatchObject({
      entry_kind: 'decision', from_revision: 1, to_revision: 2, from_status: 'proposed', to_status: 'accepted',
      changed_fields: ['status', 'payload.decision_outcome'], rationale_diff: null, new_citations: [], forked: false,
      value_changes: [{ field: 'payload.decision_outcome', from: '', to: 'MiniSearch, persisted per tip' }],
    });
    const port = review.groups.resolved.find((c) => c.entry_id === ids.port);
    expect(port).toMatchObject({ from_status: 'open', to_status: 'resolved', changed_fields: ['status', 'payload.answer'], value_changes: [{ field: 'payload.answer', from: null, to: 'Port 7420 by default;\n--port overrides it.' }] });
    const cache = review.groups.other.find((c) => c.entry_id === ids.cache);
    expect(cache?.changed_fields).toEqual(['rationale']);
    expect(cache?.rationale_diff).toBe(
      '@@ -1,3 +1,4 @@\n Local, fast and disposable.\n-Rebuilt from git on boot.\n+Rebuilt from git on boot, never exported back.\n WAL mode for concurrent readers.\n+A busy timeout of 5 s for writers.',
    );
    const iso = review.groups.other.find((c) => c.entry_id === ids.iso);
    expect(iso).toMatchObject({ from_revision: 1, to_revision: 2, forked: true, changed_fields: ['citations'] });
    expect(iso?.new_citations).toEqual([
      { source_ref: 'https://isomorphic-git.org/docs/en/walk', source_kind: 'external_url' },
      { source_ref: 'src/store/iso-git-reader.ts', source_kind: 'file', locator: 'L12' },
    ]);
    const fresh = review.groups.newly_open[0];
    expect(fresh).toMatchObject({ from_revision: null, to_revision: 1, from_status: null, to_status: 'open', rationale_diff: '@@ -0,0 +1,1 @@\n+Asked twice in user interviews.' });
    expect(review.problems.map((p) => [p.code, p.entry_id])).toEqual([
      ['forked', ids.iso],
      ['invalid_json', 'dec-zzzzzzzzzzzz'],
    ]);
    expect(review.problems[1]?.path).toBe('projects/demo/decision/zz/dec-zzzzzzzzzzzz/r0001-00000000.json');
  });

  it('a single BASE means BASE..<docs branch tip>; BASE...HEAD and BASE.. mean the same', () => {
    const full = ok(brain(dir, ['review', `${base}..brain`, '--json'])).json<Review>();
    for (const spec of [base, `${base}..`, `${base}...brain`, `brain~${full.commits}..brain`]) {
      const r = ok(brain(dir, ['review', spec, '--json'])).json<Review>();
      expect({ ...r, range: { ...r.range, spec: '' } }, spec).toEqual({ ...full, range: { ...full.range, spec: '' } });
    }
  });

  it('--project limits the review to one project', () => {
    const full = ok(brain(dir, ['review', `${base}..brain`, '--json'])).json<Review>();
    expect(ok(brain(dir, ['--project', 'demo', 'review', `${base}..brain`, '--json'])).json<Review>()).toEqual(full);
    const other = ok(brain(dir, ['--project', 'other', 'review', `${base}..brain`, '--json'])).json<Review>();
    expect(Object.values(other.groups).flat()).toEqual([]);
    expect(other.problems).toEqual([]);
    expect(other.commits).toBe(full.commits);
  });

  it('compares HEAD with the merge base: what landed on BASE meanwhile is not in the review', () => {
    git(dir, ['branch', 'pr', 'brain']);
    ok(brain(dir, ['--branch', 'pr', 'add', 'decision', '--title', 'Only on the pull request']));
    ok(brain(dir, ['add', 'decision', '--title', 'Landed on brain meanwhile']));
    const review = ok(brain(dir, ['review', 'brain..pr', '--json'])).json<Review>();
    expect(review.commits).toBe(1);
    expect(review.range.merge_base).toBe(git(dir, ['merge-base', 'brain', 'pr']));
    expect(review.groups.decided.map((c) => c.title)).toEqual(['Only on the pull request']);
    expect(Object.values(review.groups).flat()).toHaveLength(1);
    expect(review.problems).toEqual([]);
  });

  it('an empty range says there are no brain changes', () => {
    const human = ok(brain(dir, ['review', 'brain..brain']));
    expect(human.stdout).toContain('No brain changes in this range.');
    expect(human.stdout).toContain('0 commits');
    const json = ok(brain(dir, ['review', 'brain', '--json'])).json<Review>();
    expect(json.commits).toBe(0);
    expect(Object.values(json.groups).every((list) => list.length === 0)).toBe(true);
    expect(json.problems).toEqual([]);
  });

  it('bad ranges and unknown revisions are usage errors (exit 2), with nothing printed on stdout', () => {
    const cases: [string, RegExp][] = [
      ['a..b..c', /use one "\.\."/],
      ['..brain', /BASE is missing/],
      ['', /empty/],
      ['no-such-branch..brain', /unknown revision "no-such-branch"/],
      [`${base}..no-such-branch`, /unknown revision "no-such-branch"/],
      ['brain..main', /main is not a commit of a docs branch/],
      ['brain~999', /unknown revision/],
    ];
    for (const [spec, message] of cases) {
      const r = brain(dir, ['review', spec, '--json']);
      expect(r.code, spec).toBe(2);
      expect(r.stdout, spec).toBe('');
      const error = r.errorJson().error;
      expect(error.code, spec).toBe('invalid_argument');
      expect(error.message, spec).toMatch(message);
    }
    const human = brain(dir, ['review', 'nope..brain']);
    expect(human.code).toBe(2);
    expect(human.stderr).toContain('unknown revision "nope"');
  });
});
