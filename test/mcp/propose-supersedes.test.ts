/**
 * An agent that may only propose can propose replacing a decision (docs/decisions/0078). In the
 * newcomer run, brain_propose with `supersedes_entry_id` — the model's name, which the
 * reviewer and the approval already honour — was a JSON-RPC -32602 "Unrecognized key", so an
 * agent with the default capabilities (read, propose) had no way to say what its proposal
 * replaces. Through the SDK's real client over stdio, approved by a person with the built CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain as cli } from '../helpers/brain.js';
import { errorOf, startMcp, structured, type McpSession } from './mcp-client.js';

let dir: string;
let s: McpSession;
let old: string;
let question: string;
const tip = () => git(dir, ['rev-parse', 'brain']);

beforeAll(async () => {
  dir = initRepo();
  expect(cli(dir, ['init', '--project', 'demo']).code).toBe(0);
  old = cli(dir, ['add', 'decision', '--title', 'Escape all entry text in the dashboard', '--rationale', 'no markup from other clones', '--json']).json().entry_id;
  question = cli(dir, ['add', 'open_question', '--title', 'Which sanitizer?', '--json']).json().entry_id;
  s = await startMcp(dir, ['--agent', 'claude-code', '--capabilities', 'read,propose']);
});
afterAll(async () => {
  await s.close();
  cleanupTempDirs();
});

describe('brain_propose supersedes_entry_id', () => {
  it('names the decision a proposal replaces (a prefix works); the reviewer suggests superseding it; a person approves the pair', async () => {
    const r = await s.call('brain_propose', {
      entry_kind: 'decision',
      title: 'Render entry Markdown through an allowlist sanitizer',
      rationale: 'Escaping everything loses the links people write.',
      supersedes_entry_id: old.slice(0, 8),
    });
    expect(r.isError, JSON.stringify(r.structuredContent)).toBeFalsy();
    const candidate = structured(r).candidate;
    expect(candidate.proposal.supersedes_entry_id).toBe(old);
    expect(candidate.review).toMatchObject({ relation: 'full_replacement', suggested_action: 'supersede', target_entry_id: old });
    const approved = cli(dir, ['approve', candidate.candidate_id, '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    const before = cli(dir, ['show', old, '--json']).json();
    expect(before.status).toBe('superseded');
    const successor = before.related_entry_ids.find((id: string) => id !== old);
    expect(cli(dir, ['show', successor, '--json']).json()).toMatchObject({ supersedes_entry_id: old, status: 'accepted', approval: { candidate_id: candidate.candidate_id } });
  });

  it('the CLI proposes the same with --supersedes', () => {
    const next = cli(dir, ['list', '--kind', 'decision', '--status', 'accepted', '--json']).json()[0].entry_id as string;
    const r = cli(dir, ['propose', 'decision', '--title', 'Render Markdown with a stricter allowlist', '--supersedes', next, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().candidate.review).toMatchObject({ relation: 'full_replacement', target_entry_id: next });
  });

  it('refuses what cannot be superseded or does not exist, as an isError result, nothing written', async () => {
    const before = tip();
    expect(errorOf(await s.call('brain_propose', { entry_kind: 'decision', title: 'x', supersedes_entry_id: question }))).toMatchObject({ code: 'illegal_status' });
    expect(errorOf(await s.call('brain_propose', { entry_kind: 'decision', title: 'x', supersedes_entry_id: 'dec-zzzzzzzzzzzz' }))).toMatchObject({ code: 'not_found' });
    expect(tip()).toBe(before);
  });
});
