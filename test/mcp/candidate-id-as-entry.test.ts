/**
 * A candidate id where an entry id goes (newcomer round fourteen, docs/decisions/0103). An agent
 * back after days asks brain_get for the id its brain_propose answered (`cand-…`), and the person
 * it told runs `brain show cand-…`: every surface said `no entry cand-… in project demo`, hint
 * "list entries with brain list" — though a person had approved it as an entry. The refusal now
 * says it is a candidate and what became of it: the entry its approval wrote (brain_get / brain
 * show that id), or where a pending one is read. The SDK's real client over stdio against the
 * built `brain mcp`, the approval with the built CLI, in a real git repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs } from '../helpers/git.js';
import { brain as cli } from '../helpers/brain.js';
import { errorOf, proposeDecision, startProposer, type McpSession } from './mcp-client.js';

let dir: string;
let s: McpSession;

beforeAll(async () => {
  ({ dir, session: s } = await startProposer());
});
afterAll(async () => {
  await s.close();
  cleanupTempDirs();
});

const propose = (title: string): Promise<string> => proposeDecision(s, title);

describe('a candidate id asked for as an entry', () => {
  it('names the entry an approval wrote, or where a pending candidate is read, on MCP and the CLI', async () => {
    const approvedId = await propose('Use Ruff for linting');
    const pendingId = await propose('Drop MySQL 5.7 support');
    const approved = cli(dir, ['approve', approvedId, '--author', 'Rita Reviewer', '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    const entryId = approved.json<{ entries: { entry_id: string }[] }>().entries[0]!.entry_id;

    const got = errorOf(await s.call('brain_get', { entry_id: approvedId }));
    expect(got.code).toBe('not_found');
    expect(got.message).toContain(`${approvedId} is a candidate (approved: it wrote ${entryId})`);
    expect(got.hint).toContain(`brain_get {"entry_id": "${entryId}"}`);
    expect(got.data).toMatchObject({ candidate_id: approvedId, candidate_status: 'approved', written_entry_id: entryId });

    const history = errorOf(await s.call('brain_history', { entry_id: pendingId.slice(0, 10) }));
    expect(history.code).toBe('not_found');
    expect(history.message).toContain(`${pendingId} is a candidate (pending)`);
    expect(history.hint).toContain(`brain_candidates {"candidate_id": "${pendingId}"}`);

    const shown = cli(dir, ['show', approvedId]);
    expect(shown.code).toBe(1);
    expect(shown.stderr).toContain(`is a candidate (approved: it wrote ${entryId})`);
    expect(shown.stderr).toContain(`hint: read the entry: brain show ${entryId}`);
    const pending = cli(dir, ['--json', 'history', pendingId]);
    expect(pending.code).toBe(1);
    expect(pending.errorJson()).toMatchObject({ error: { code: 'not_found', hint: expect.stringContaining(`brain candidates ${pendingId}`) } });

    // An id that is neither still says "no entry" with the ordinary hint.
    const none = errorOf(await s.call('brain_get', { entry_id: 'cand-zzzzzzzzzzzz' }));
    expect(none.message).toBe('no entry cand-zzzzzzzzzzzz in project demo');
  });
});
