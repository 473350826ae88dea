/**
 * A default the user did not choose is shown when it is applied (issue #19): `brain add risk`
 * without likelihood and impact records `medium`×`medium` and says so on stderr (a JSON
 * `warnings` line with `--json`; stdout keeps the entry alone); likewise a blocker's severity
 * and a dependency's kind; MCP `brain_append` returns them as `defaults_applied`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { startMcp } from '../mcp/mcp-client.js';

let repo: string;
beforeAll(() => {
  repo = initRepo();
  expect(brain(repo, ['init']).code).toBe(0);
});
afterAll(cleanupTempDirs);

describe('defaults applied to a new entry are said', () => {
  it('brain add risk without a payload: warning names likelihood and impact = medium', () => {
    const r = brain(repo, ['add', 'risk', '--title', 'Cache grows unbounded']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('warning: not given, so set by default: payload.likelihood = "medium", payload.impact = "medium"');
    expect(r.stderr).toMatch(/hint: if that is not your judgement: brain revise rsk-\w+ --payload '\{"likelihood":"medium","impact":"medium"\}'/);
  });

  it('--json: stdout is the entry, stderr one JSON warnings line', () => {
    const r = brain(repo, ['--json', 'add', 'risk', '--title', 'Disk fills', '--payload', '{"impact":"high"}']);
    expect(r.code).toBe(0);
    const entry = r.json();
    expect(entry.payload).toEqual({ likelihood: 'medium', impact: 'high' });
    const warning = JSON.parse(r.stderr.trim().split('\n').pop() as string);
    expect(warning).toEqual({ warnings: [{ code: 'defaults_applied', message: expect.any(String), hint: expect.any(String), data: { entry_id: entry.entry_id, defaults_applied: [{ field: 'payload.likelihood', value: 'medium' }] } }] });
  });

  it('says nothing when the caller chose every value; a blocker severity and a dependency kind are said too', () => {
    expect(brain(repo, ['add', 'risk', '--title', 'Chosen', '--payload', '{"likelihood":"low","impact":"high"}']).stderr).toBe('');
    expect(brain(repo, ['add', 'open_question', '--title', 'Nothing to default']).stderr).toBe('');
    expect(brain(repo, ['add', 'blocker', '--title', 'CI red']).stderr).toContain('payload.severity = "medium"');
    expect(brain(repo, ['add', 'dependency', '--title', 'git', '--payload', '{"depends_on":"git"}']).stderr).toContain('payload.dependency_kind = "requires"');
  });

  it('MCP brain_append returns defaults_applied and says it in the text', async () => {
    const mcp = await startMcp(repo);
    try {
      const r = await mcp.call('brain_append', { entry_kind: 'risk', title: 'From an agent' });
      expect(r.isError).toBeFalsy();
      expect((r.structuredContent as { defaults_applied: unknown }).defaults_applied).toEqual([
        { field: 'payload.likelihood', value: 'medium' },
        { field: 'payload.impact', value: 'medium' },
      ]);
      expect(JSON.stringify(r.content)).toContain('Set by default (not given): payload.likelihood');
      const chosen = await mcp.call('brain_append', { entry_kind: 'risk', title: 'Chosen', payload: { likelihood: 'low', impact: 'low' } });
      expect((chosen.structuredContent as { defaults_applied: unknown }).defaults_applied).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});
