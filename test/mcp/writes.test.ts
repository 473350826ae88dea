import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { errorOf, startMcp, structured, textOf, type McpSession } from './mcp-client.js';

let dir: string;
let s: McpSession;
const tip = () => git(dir, ['rev-parse', 'brain']);
const cliList = (): any[] => brain(dir, ['list', '--json']).json();
const append = async (args: Record<string, unknown>) => structured(await s.call('brain_append', args)).entry;

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  s = await startMcp(dir);
});
afterAll(async () => {
  await s.close();
  cleanupTempDirs();
});

describe('brain mcp: write tools', () => {
  it('append records every kind (one commit each) and the CLI reads them back', async () => {
    const before = tip();
    const r = await s.call('brain_append', {
      entry_kind: 'decision', title: 'Use SQLite for the cache', rationale: 'local, fast, disposable', tags: ['storage'], confidence: 0.8,
      paths: ['src/cache'], citations: [{ source_ref: 'https://sqlite.org', source_kind: 'external_url' }],
      payload: { decision_outcome: 'SQLite in WAL mode', alternatives: ['LevelDB'] },
    });
    const out = structured(r);
    expect(out).toMatchObject({ written: true, also: [] });
    expect(out.commit).toBe(tip());
    expect(git(dir, ['rev-parse', `${out.commit}^`])).toBe(before);
    expect(out.entry).toMatchObject({ entry_kind: 'decision', status: 'accepted', revision: 1, author: 'test-agent', project_id: 'demo', confidence: 0.8, payload: { decision_outcome: 'SQLite in WAL mode', alternatives: ['LevelDB'] } });
    expect(textOf(r)).toContain(`recorded: ${out.entry.entry_id} r1 decision accepted`);
    const others = [
      await append({ entry_kind: 'open_question', title: 'Which port does the daemon use?' }),
      await append({ entry_kind: 'blocker', title: 'CI has no git binary', payload: { severity: 'high' } }),
      await append({ entry_kind: 'risk', title: 'Cache grows without bound', payload: { likelihood: 'low', impact: 'high' } }),
      await append({ entry_kind: 'dependency', title: 'Needs better-sqlite3 prebuilds', payload: { depends_on: 'better-sqlite3', dependency_kind: 'requires' } }),
      await append({ entry_kind: 'plan_revision', title: 'Ship the CLI first', payload: { summary: 'CLI, then daemon' } }),
    ];
    expect(others.map((e) => `${e.entry_kind}:${e.status}`)).toEqual(['open_question:open', 'blocker:blocked', 'risk:active', 'dependency:open', 'plan_revision:active']);
    const listed = new Map(cliList().map((e) => [e.entry_id, e]));
    for (const e of [out.entry, ...others]) expect(listed.get(e.entry_id)).toEqual(e);
  });

  it('revise (with CAS), resolve, clear_blocker and supersede append revisions visible through get, list, history and the CLI', async () => {
    const dec = await append({ entry_kind: 'decision', title: 'Port 7420 for the daemon', rationale: 'first guess' });
    const revised = structured(await s.call('brain_revise', { entry_id: dec.entry_id.slice(0, 8), expected_revision: 1, rationale: 'free on every dev machine we checked', tags: ['daemon'] }));
    expect(revised.entry).toMatchObject({ entry_id: dec.entry_id, revision: 2, rationale: 'free on every dev machine we checked', tags: ['daemon'], title: dec.title });
    const history = structured(await s.call('brain_history', { entry_id: dec.entry_id }));
    expect(history.revisions.map((r: any) => [r.revision, r.changed])).toEqual([[1, ['created']], [2, ['rationale', 'tags']]]);
    expect(structured(await s.call('brain_get', { entry_id: dec.entry_id, revision: 1 })).entry.rationale).toBe('first guess');

    const q = await append({ entry_kind: 'open_question', title: 'IPv6 too?' });
    const answered = structured(await s.call('brain_resolve', { entry_id: q.entry_id, resolution: 'yes, bind ::1 as well' }));
    expect(answered.entry).toMatchObject({ status: 'resolved', revision: 2, payload: { answer: 'yes, bind ::1 as well' } });

    const blk = await append({ entry_kind: 'blocker', title: 'Port taken on CI' });
    const cleared = structured(await s.call('brain_clear_blocker', { entry_id: blk.entry_id, resolution: 'use port 0 in tests', expected_revision: 1 }));
    expect(cleared.entry).toMatchObject({ status: 'cleared', payload: { severity: 'medium', resolution: 'use port 0 in tests' } });

    const next = await append({ entry_kind: 'decision', title: 'Port from daemon.json, default 7420' });
    const sup = structured(await s.call('brain_supersede', { entry_id: dec.entry_id, by_entry_id: next.entry_id, expected_revision: 2 }));
    expect(sup.entry).toMatchObject({ entry_id: dec.entry_id, status: 'superseded', revision: 3, related_entry_ids: [next.entry_id] });
    expect(sup.also).toHaveLength(1);
    expect(sup.also[0]).toMatchObject({ entry_id: next.entry_id, supersedes_entry_id: dec.entry_id, revision: 2 });

    const superseded = structured(await s.call('brain_list', { entry_kind: 'decision', status: 'superseded' }));
    expect(superseded.entries.map((e: any) => e.entry_id)).toEqual([dec.entry_id]);
    const cli = new Map(cliList().map((e) => [e.entry_id, e]));
    expect(cli.get(dec.entry_id)).toMatchObject({ revision: 3, status: 'superseded' });
    expect(cli.get(q.entry_id)).toMatchObject({ status: 'resolved', payload: { answer: 'yes, bind ::1 as well' } });
    expect(cli.get(blk.entry_id)).toMatchObject({ status: 'cleared' });
    expect(brain(dir, ['history', dec.entry_id, '--json']).json()).toHaveLength(3);
  });

  it('a revision identical to the current one writes nothing', async () => {
    const risk = await append({ entry_kind: 'risk', title: 'Disk fills up' });
    const before = tip();
    const out = structured(await s.call('brain_revise', { entry_id: risk.entry_id, title: 'Disk fills up' }));
    expect(out).toMatchObject({ written: false, commit: null, entry: { revision: 1 } });
    expect(tip()).toBe(before);
  });

  it('a project or repo argument, which a clone\'s tools do not take, is invalid_argument with a hint saying how to reach another project', async () => {
    for (const args of [{ query: 'x', project: 'other' }, { query: 'x', repo: 'r' }]) {
      const err = errorOf(await s.call('brain_search', args));
      expect(err.code).toBe('invalid_argument');
      expect(err.hint).toContain('this server reads and writes one project');
      expect(err.hint).toContain('brain mcp --project <project_id>');
    }
    expect(errorOf(await s.call('brain_search', { query: 'x', colour: 'red' })).hint).toBe('see the tool inputSchema (tools/list)');
  });

  it('compare-and-swap: a stale expected_revision is a revision_conflict naming the current revision; nothing is written', async () => {
    const dep = await append({ entry_kind: 'dependency', title: 'Needs git ≥ 2.30', payload: { depends_on: 'git' } });
    await s.call('brain_revise', { entry_id: dep.entry_id, rationale: 'for --no-filters', expected_revision: 1 });
    const before = tip();
    for (const [tool, args] of [
      ['brain_revise', { rationale: 'stale write' }],
      ['brain_resolve', {}],
    ] as const) {
      const r = await s.call(tool, { entry_id: dep.entry_id, expected_revision: 1, ...args });
      expect(r.isError).toBe(true);
      const error = (r.structuredContent as any).error;
      expect(error).toMatchObject({ code: 'revision_conflict', data: { entry_id: dep.entry_id, expected_revision: 1, current_revision: 2 } });
      expect(error.message).toContain('is at revision 2');
      expect(error.hint).toContain('"expected_revision": 2');
      expect(textOf(r)).toMatch(/^revision_conflict: .*revision 2/);
    }
    expect(tip()).toBe(before);
    expect(brain(dir, ['show', dep.entry_id, '--json']).json()).toMatchObject({ revision: 2, rationale: 'for --no-filters' });
  });

  it('arguments that do not match the input schema are an isError result invalid_argument with the zod message (MCP 2025-11-25, SEP-1303: the model reads it and corrects the call); nothing is written', async () => {
    const q = await append({ entry_kind: 'open_question', title: 'Ask later' });
    const before = tip();
    const cases: [string, Record<string, unknown>, string][] = [
      ['brain_append', { entry_kind: 'decision' }, 'title: Invalid input: expected string, received undefined'],
      ['brain_append', { title: 'no kind' }, 'entry_kind: required: one of decision, open_question'],
      ['brain_append', { entry_kind: 'epic', title: 'x' }, 'entry_kind: Invalid option'],
      ['brain_append', { kind: 'epic', title: 'x' }, 'kind: Invalid option'],
      ['brain_append', { entry_kind: 'risk', kind: 'decision', title: 'x' }, 'kind: alias of entry_kind, but entry_kind is "risk" and kind "decision"'],
      ['brain_append', { entry_kind: 'decision', title: 'x'.repeat(201) }, 'title: Too big'],
      ['brain_append', { entry_kind: 'decision', title: 'x', colour: 'red' }, 'Unrecognized key: "colour"'],
      ['brain_append', { entry_kind: 'decision', title: 'x', confidence: 2 }, 'confidence: Too big'],
      ['brain_revise', { entry_id: q.entry_id, expected_revision: 0 }, 'expected_revision: Too small'],
      ['brain_supersede', { entry_id: q.entry_id }, 'by_entry_id'],
      ['brain_list', { limit: 0 }, 'limit: Too small'],
      ['brain_list', { entry_kind: 'risk', kind: 'blocker' }, 'kind: alias of entry_kind'],
      ['brain_search', { query: 'x', entry_kind: 'risk', kind: 'blocker' }, 'kind: alias of entry_kind'],
      ['brain_get', {}, 'entry_id'],
    ];
    for (const [tool, args, message] of cases) {
      const result = await s.call(tool, args);
      const err = errorOf(result);
      expect(err.code, `${tool} ${JSON.stringify(args)}`).toBe('invalid_argument');
      expect(err.message, `${tool} ${JSON.stringify(args)}`).toContain(message);
      expect(textOf(result)).toMatch(/^invalid_argument: Invalid arguments for brain_/);
    }
    // A text over its bound says which field, the bound, and where long text goes instead.
    const long = errorOf(await s.call('brain_propose', { entry_kind: 'decision', title: 'Long', rationale: 'x'.repeat(100_000) }));
    expect(long.code).toBe('invalid_argument');
    expect(long.hint).toMatch(/^rationale holds at most 20000 characters: .*cite it/);
    expect(tip()).toBe(before);
  });

  it('entry_kind and its alias kind record the same kind; both with the same value is fine', async () => {
    const byCanonical = await append({ entry_kind: 'risk', title: 'Named by entry_kind' });
    const byAlias = await append({ kind: 'risk', title: 'Named by kind' });
    const byBoth = await append({ entry_kind: 'risk', kind: 'risk', title: 'Named by both' });
    expect([byCanonical, byAlias, byBoth].map((e) => e.entry_kind)).toEqual(['risk', 'risk', 'risk']);
    const listed = (args: Record<string, unknown>) => s.call('brain_list', { ...args, limit: 500 }).then((r) => structured(r).entries.map((e: any) => e.entry_id).sort());
    const risks = await listed({ entry_kind: 'risk' });
    expect(risks).toEqual(expect.arrayContaining([byCanonical.entry_id, byAlias.entry_id, byBoth.entry_id]));
    expect(await listed({ kind: 'risk' })).toEqual(risks);
    expect(textOf(await s.call('brain_list', { kind: 'risk' }))).toMatch(/^\d+ entries \(entry_kind=risk\)/);
    const hits = structured(await s.call('brain_search', { query: 'named', kind: 'risk' })).hits.map((h: any) => h.entry_id).sort();
    expect(hits).toEqual([byCanonical.entry_id, byAlias.entry_id, byBoth.entry_id].sort());
  });

  it('calls the service refuses are isError results with the code, message, hint and data; nothing is written', async () => {
    const q = await append({ entry_kind: 'open_question', title: 'Refuse me later' });
    const risk = await append({ entry_kind: 'risk', title: 'Flaky network' });
    const before = tip();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['brain_append', { entry_kind: 'risk', title: 'x', status: 'resolved' }, 'illegal_status', 'a risk cannot be resolved; legal: active, mitigated, retired'],
      ['brain_append', { entry_kind: 'decision', title: '   ' }, 'invalid_entry', 'title: must not be blank'],
      ['brain_append', { entry_kind: 'dependency', title: 'needs a thing' }, 'invalid_entry', 'payload.depends_on'],
      ['brain_append', { entry_kind: 'blocker', title: 'x', payload: { answer: 'no' } }, 'invalid_entry', 'payload'],
      ['brain_revise', { entry_id: q.entry_id, status: 'accepted' }, 'illegal_status', 'an open question cannot be accepted'],
      ['brain_resolve', { entry_id: risk.entry_id }, 'illegal_status', 'a risk cannot be resolved'],
      ['brain_resolve', { entry_id: q.entry_id, answer: 'a', resolution: 'b' }, 'invalid_argument', 'give answer or resolution, not both'],
      ['brain_clear_blocker', { entry_id: q.entry_id, resolution: 'x' }, 'illegal_status', 'an open question cannot be cleared'],
      ['brain_list', { cursor: 'nonsense' }, 'invalid_argument', 'cursor is not a next_cursor'],
      ['brain_get', { entry_id: 'que-' }, 'ambiguous_id', 'matches several entries'],
    ];
    for (const [tool, args, code, message] of cases) {
      const label = `${tool} ${JSON.stringify(args)}`;
      const r = await s.call(tool, args);
      const error = errorOf(r);
      expect(error.code, label).toBe(code);
      expect(error.message, label).toContain(message);
      expect(error.hint, label).toEqual(expect.any(String));
      expect(textOf(r), label).toBe(`${error.code}: ${error.message}\nhint: ${error.hint}`);
    }
    expect(tip()).toBe(before);
  });

  it('unknown ids are a not_found tool error with a hint', async () => {
    const before = tip();
    for (const [tool, args] of [['brain_get', {}], ['brain_revise', { title: 'x' }], ['brain_history', {}]] as const) {
      const r = await s.call(tool, { entry_id: 'dec-zzzzzzzzzzzz', ...args });
      expect(r.isError, tool).toBe(true);
      expect((r.structuredContent as any).error).toMatchObject({ code: 'not_found', hint: expect.stringContaining('brain_list') });
    }
    const past = await s.call('brain_get', { entry_id: (await append({ entry_kind: 'risk', title: 'One revision only' })).entry_id, revision: 9 });
    expect((past.structuredContent as any).error).toMatchObject({ code: 'not_found', hint: expect.stringContaining('brain_history') });
    expect(git(dir, ['rev-list', '--count', `${before}..brain`])).toBe('1');
  });
});
