/**
 * MCP write tools refuse a credential (docs/decisions/0040): an `isError` tool result with
 * `secret_detected`, the field and the rule, never the credential; nothing written. Through the
 * SDK's real client over stdio (`brain mcp`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { REAL_SHAPED } from '../../fixtures/secrets/real-shaped.js'; // plain ESM, shared with the benchmark
import { errorOf, startMcp, structured, textOf, type McpSession } from './mcp-client.js';

const shape = (name: string): string => (REAL_SHAPED as { name: string; text: string }[]).find((s) => s.name === name)?.text as string;

let dir: string;
let s: McpSession;
const tip = () => git(dir, ['rev-parse', 'brain']);

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  s = await startMcp(dir);
});
afterAll(async () => {
  await s.close();
  cleanupTempDirs();
});

describe('brain mcp: a credential in a write', () => {
  it('brain_append with a database URL in the payload is an isError result; nothing is written', async () => {
    const before = tip();
    const url = shape('PostgreSQL URL with a password');
    const r = await s.call('brain_append', { entry_kind: 'decision', title: 'Reporting database', payload: { decision_outcome: `Connect with ${url}`, alternatives: [] } });
    const error = errorOf(r);
    expect(error).toMatchObject({
      code: 'secret_detected',
      message: expect.stringMatching(/^entry dec-[0-9a-z]+ r1 holds a credential, nothing written: payload\.decision_outcome \(line 1, column 14\): PostgreSQLConnection, @secretlint\/secretlint-rule-database-connection-string$/),
      hint: expect.stringMatching(/^remove the credential/),
      data: { findings: [{ field: 'payload.decision_outcome', rule_id: '@secretlint/secretlint-rule-database-connection-string' }] },
    });
    expect(textOf(r)).toMatch(/^secret_detected: /);
    expect(JSON.stringify(r)).not.toContain(url.split(':')[2]?.split('@')[0]);
    expect(tip()).toBe(before);
    expect(brain(dir, ['list', '--json']).json()).toEqual([]);
  });

  it('brain_revise with a Stripe key in a tag leaves the entry at its revision', async () => {
    const entry = structured(await s.call('brain_append', { entry_kind: 'risk', title: 'Card data', payload: { likelihood: 'low', impact: 'high' } })).entry;
    const before = tip();
    const error = errorOf(await s.call('brain_revise', { entry_id: entry.entry_id, tags: ['payments', shape('Stripe live secret key')] }));
    expect(error).toMatchObject({ code: 'secret_detected', data: { findings: [{ field: 'tags[1]', rule_id: '@secretlint/secretlint-rule-stripe' }] } });
    expect(tip()).toBe(before);
    expect(structured(await s.call('brain_get', { entry_id: entry.entry_id })).entry).toMatchObject({ revision: 1, tags: [] });
  });
});
