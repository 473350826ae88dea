/**
 * Who may do what over MCP stdio (issue #20; docs/decisions/0042), through the SDK's real
 * client against `brain mcp`: by default an agent reads and proposes — brain_propose and
 * brain_candidates are listed, brain_approve/brain_reject are not, and every entry write is
 * refused `forbidden`; `--capabilities read,approve` lists and runs approve/reject, never on a
 * candidate the same agent proposed; `--read-only` offers none of it. Every result satisfies
 * its outputSchema (the client validates them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain as cli } from '../helpers/brain.js';
import { errorOf, startMcp, structured, textOf } from './mcp-client.js';

let dir: string;
const tip = () => git(dir, ['rev-parse', 'brain']);
const names = async (s: Awaited<ReturnType<typeof startMcp>>) => (await s.client.listTools()).tools.map((t) => t.name);

beforeAll(() => {
  dir = initRepo();
  expect(cli(dir, ['init', '--project', 'demo']).code).toBe(0);
  expect(cli(dir, ['add', 'decision', '--title', 'Use SQLite for the cache', '--rationale', 'embedded, no server']).code).toBe(0);
});
afterAll(cleanupTempDirs);

describe('brain mcp capabilities', () => {
  it('by default proposes and reads candidates; entry writes and approvals are refused, nothing written', async () => {
    const s = await startMcp(dir, ['--agent', 'claude-code', '--capabilities', 'read,propose']);
    try {
      const listed = await names(s);
      expect(listed).toEqual(expect.arrayContaining(['brain_propose', 'brain_candidates']));
      for (const hidden of ['brain_append', 'brain_revise', 'brain_approve', 'brain_reject']) expect(listed).not.toContain(hidden);
      expect(s.client.getInstructions()).toContain('brain_propose');
      const before = tip();
      for (const [tool, args, capability] of [
        ['brain_append', { entry_kind: 'risk', title: 'Direct write' }, 'write'],
        ['brain_revise', { entry_id: 'dec-', title: 'x' }, 'write'],
        ['brain_approve', { candidate_id: 'cand-0' }, 'approve'],
        ['brain_reject', { candidate_id: 'cand-0', reason: 'x' }, 'approve'],
      ] as const) {
        expect(errorOf(await s.call(tool, args)), tool).toMatchObject({ code: 'forbidden', data: { capability, capabilities: ['read', 'propose'] } });
      }
      expect(tip()).toBe(before);
      const proposal = await s.call('brain_propose', { entry_kind: 'decision', title: 'Use SQLite for the local cache', rationale: 'embedded, no server at all' });
      const proposed = structured(proposal);
      // The suggestion is about the candidate, the entry by id outside <brain-state>, its title inside.
      const target = proposed.candidate.review.target_entry_id;
      expect(textOf(proposal)).toContain(`pending decision — duplicate; suggests reject: duplicate of ${target}\n`);
      expect(textOf(proposal)).toContain(`concerns ${target} "Use SQLite for the cache"`);
      expect(proposed.candidate).toMatchObject({ status: 'pending', agent: 'claude-code', proposed_by: { author: 'test-agent', agent: 'claude-code' }, review: { relation: 'duplicate', suggested_action: 'reject' } });
      expect(proposed.entries).toEqual([]);
      const pending = structured(await s.call('brain_candidates', {}));
      expect(pending.count).toBe(1);
      expect(pending.candidates[0].review).toMatchObject({ relation: 'duplicate', compared_count: 1 });
      expect(pending.candidates[0].review.compared).toBeUndefined();
      const one = structured(await s.call('brain_candidates', { candidate_id: proposed.candidate.candidate_id.slice(0, 9) }));
      expect(one.candidates[0].review.compared).toHaveLength(1);
    } finally {
      await s.close();
    }
  });

  it('--capabilities with approve approves and rejects — but never what the same agent proposed', async () => {
    const proposer = await startMcp(dir, ['--agent', 'claude-code', '--capabilities', 'read,propose']);
    const first = structured(await proposer.call('brain_propose', { entry_kind: 'risk', title: 'Tokens leak into logs', tags: ['security'] })).candidate.candidate_id;
    const second = structured(await proposer.call('brain_propose', { entry_kind: 'open_question', title: 'Who rotates the keys?' })).candidate.candidate_id;
    await proposer.close();
    const lead = await startMcp(dir, ['--agent', 'lead-bot', '--capabilities', 'read,propose,approve']);
    try {
      expect(await names(lead)).toEqual(expect.arrayContaining(['brain_approve', 'brain_reject']));
      expect(lead.client.getInstructions()).toContain('never one you proposed');
      const approved = structured(await lead.call('brain_approve', { candidate_id: first }));
      expect(approved.candidate).toMatchObject({ status: 'approved', agent: 'lead-bot', decision: { action: 'accept', decided_by: { author: 'test-agent', agent: 'lead-bot' } } });
      expect(approved.entries[0]).toMatchObject({ title: 'Tokens leak into logs', agent: 'lead-bot', approval: { candidate_id: first, proposed_by: { agent: 'claude-code' }, approved_by: { agent: 'lead-bot' } } });
      const rejected = structured(await lead.call('brain_reject', { candidate_id: second, reason: 'answered in the runbook' }));
      expect(rejected.candidate).toMatchObject({ status: 'rejected', decision: { action: 'reject', reason: 'answered in the runbook' } });
      const own = structured(await lead.call('brain_propose', { entry_kind: 'risk', title: 'Lead bot risk' })).candidate.candidate_id;
      const before = tip();
      expect(errorOf(await lead.call('brain_approve', { candidate_id: own }))).toMatchObject({ code: 'forbidden', data: { reason: 'self_approval', identity: { type: 'agent', name: 'lead-bot' } } });
      expect(tip()).toBe(before);
      expect(errorOf(await lead.call('brain_approve', { candidate_id: first }))).toMatchObject({ code: 'conflict' });
      const bad = errorOf(await lead.call('brain_approve', { candidate_id: own, action: 'merge' }));
      expect(bad).toMatchObject({ code: 'invalid_argument', message: expect.stringContaining('entry_id') });
    } finally {
      await lead.close();
    }
  });

  it('--read-only offers no candidate write; --capabilities with an unknown name is exit 2', async () => {
    const s = await startMcp(dir, ['--read-only']);
    try {
      const listed = await names(s);
      expect(listed).toContain('brain_candidates');
      for (const name of ['brain_propose', 'brain_approve', 'brain_reject']) {
        expect(listed).not.toContain(name);
        expect((await s.callError(name, { candidate_id: 'cand-0', reason: 'x', entry_kind: 'risk', title: 'x' })).message).toContain(`Tool ${name} not found`);
      }
    } finally {
      await s.close();
    }
    const bad = cli(dir, ['mcp', '--capabilities', 'read,telepathy']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown capability "telepathy"');
  });
});
