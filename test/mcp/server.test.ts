/**
 * createMcpServer in-process (the daemon's way: one server per request over a Brain it keeps
 * open), through the SDK's real Client over a linked InMemoryTransport pair.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain as cli, openTestBrain } from '../helpers/brain.js';
import { createMcpServer, type McpAccess } from '../../src/mcp/server.js';
import type { Brain } from '../../src/service.js';
import { connectInProcess } from './mcp-client.js';

let dir: string;
let brain: Brain;
let decisionId: string;
const tip = () => git(dir, ['rev-parse', 'brain']);

const GUEST: McpAccess = { capabilities: null, readOnly: false };
const WRITER: McpAccess = { capabilities: ['read', 'propose', 'write'], readOnly: false };
const READ_ONLY: McpAccess = { capabilities: ['read'], readOnly: true };

const connect = (access: McpAccess) => connectInProcess(brain, access);
const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

beforeAll(async () => {
  dir = initRepo();
  expect(cli(dir, ['init', '--project', 'demo']).code).toBe(0);
  decisionId = cli(dir, ['add', 'decision', '--title', 'Keep it simple', '--json']).json().entry_id;
  brain = await openTestBrain(dir);
});
afterAll(async () => {
  await brain.close();
  cleanupTempDirs();
});

describe('createMcpServer', () => {
  it('the guest (no token) is shown the write tools, but every call fails with an authorization error and writes nothing', async () => {
    const before = tip();
    const { client, close } = await connect(GUEST);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('brain_append');
      expect(names).toContain('brain_propose');
      expect(names).not.toContain('brain_approve'); // approve tools are listed only with the approve capability
      expect(names).toHaveLength(14);
      expect(client.getInstructions()).toContain('Authorization: Bearer');
      const attempts: [string, Record<string, unknown>][] = [
        ['brain_append', { kind: 'decision', title: 'Sneak in' }],
        ['brain_append', { kind: 'epic' }],
        ['brain_revise', { entry_id: decisionId, title: 'Changed', expected_revision: 1 }],
        ['brain_resolve', { entry_id: decisionId }],
        ['brain_supersede', { entry_id: decisionId, by_entry_id: decisionId }],
        ['brain_clear_blocker', { entry_id: decisionId, resolution: 'x' }],
        ['brain_propose', { entry_kind: 'risk', title: 'Sneak in' }],
        ['brain_approve', { candidate_id: 'cand-0000' }],
      ];
      for (const [name, args] of attempts) {
        const r = await call(client, name, args);
        expect(r.isError, name).toBe(true);
        expect((r.structuredContent as any).error).toMatchObject({ code: 'unauthorized', hint: expect.stringContaining('Authorization: Bearer') });
        expect((r.content[0] as { text: string }).text).toMatch(/^unauthorized: /);
      }
      const read = await call(client, 'brain_get', { entry_id: decisionId });
      expect((read.structuredContent as any).entry).toMatchObject({ title: 'Keep it simple', revision: 1 });
    } finally {
      await close();
    }
    expect(tip()).toBe(before);
  });

  it("the write capability writes; closing the server leaves the caller's Brain open; read-only hides every other tool", async () => {
    const { client, close } = await connect(WRITER);
    const r = await call(client, 'brain_revise', { entry_id: decisionId, rationale: 'fewer moving parts', expected_revision: 1 });
    expect((r.structuredContent as any).entry).toMatchObject({ revision: 2, rationale: 'fewer moving parts' });
    await close();
    expect((await brain.get({ entryId: decisionId })).entry.revision).toBe(2);
    const hidden = await connect(READ_ONLY);
    try {
      const names = (await hidden.client.listTools()).tools.map((t) => t.name);
      expect(names).not.toContain('brain_revise');
      expect(names).not.toContain('brain_propose');
      expect(names).toContain('brain_candidates');
    } finally {
      await hidden.close();
    }
  });

  it('serves concurrent calls on one Brain (as the daemon does, one server per request)', async () => {
    const sessions = await Promise.all([connect(WRITER), connect(WRITER), connect(WRITER)]);
    try {
      const results = await Promise.all(sessions.map((s, i) => call(s.client, 'brain_append', { kind: 'risk', title: `Concurrent risk ${i}` })));
      expect(results.every((r) => !r.isError)).toBe(true);
      const listed = await call(sessions[0]!.client, 'brain_list', { kind: 'risk' });
      expect((listed.structuredContent as any).count).toBe(3);
    } finally {
      await Promise.all(sessions.map((s) => s.close()));
    }
  });
});

describe('a server per request (the daemon\'s way)', () => {
  it('shares one JSON Schema validator between servers instead of building one each (issue 21)', () => {
    const validatorOf = (access: McpAccess) => (createMcpServer({ brain, access }).server as unknown as { _jsonSchemaValidator: unknown })._jsonSchemaValidator;
    const first = validatorOf(WRITER);
    expect(first).toBeDefined();
    expect(validatorOf(GUEST)).toBe(first);
    expect(validatorOf(READ_ONLY)).toBe(first);
  });
});
