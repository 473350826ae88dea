/**
 * `git log brain` names who proposed what an approval writes (newcomer round fourteen,
 * docs/decisions/0103). An agent proposed through MCP for Alice; Rita approved with the CLI; the
 * one commit that wrote the entry said `brain: approve cand-… r2 → accept dec-… — <title>` by
 * Rita, with no word of the agent or of Alice — the agent showed only on the separate propose
 * commit, which `git log -- <the entry's folder>` never lists. The approval commit's subject now
 * ends `— proposed by claude-code for Alice`; author and trailers stay the approver's. The SDK's
 * real client over stdio and the built CLI, in a real git repository.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { startMcp, structured } from '../mcp/mcp-client.js';

afterAll(cleanupTempDirs);

describe('the approval commit', () => {
  it('names the agent and the person it proposed for; the approver stays its author', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    // The agent writes for test-agent (the MCP helper's BRAIN_AUTHOR).
    const s = await startMcp(dir, ['--agent', 'claude-code', '--capabilities', 'read,propose']);
    let candidateId: string;
    try {
      const r = await s.call('brain_propose', { entry_kind: 'decision', title: 'Use WAL mode for SQLite', rationale: 'concurrent readers' });
      expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
      candidateId = structured(r).candidate.candidate_id as string;
    } finally {
      await s.close();
    }
    const approved = brain(dir, ['--json', 'approve', candidateId, '--author', 'Rita Reviewer <rita@example.com>']);
    expect(approved.code, approved.stderr).toBe(0);
    const entryId = approved.json<{ entries: { entry_id: string }[] }>().entries[0]!.entry_id;

    const log = git(dir, ['log', 'brain', '--format=%an%x09%s%x09%(trailers:key=Brain-Agent,valueonly,separator=%x2C)', '--', `projects/demo/decision/${entryId.slice(4, 6)}/${entryId}`]).trim().split('\n');
    expect(log).toHaveLength(1);
    const [author, subject, trailer] = log[0]!.split('\t');
    expect(author).toBe('Rita Reviewer');
    expect(subject).toBe(`brain: approve ${candidateId} r2 → accept ${entryId} — Use WAL mode for SQLite — proposed by claude-code for test-agent`);
    expect(trailer ?? '').toBe('');
  });
});
