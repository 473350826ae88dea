/**
 * `brain setup` tells agents which MCP tools to call (src/setup/instructions.ts); every tool it
 * names must be one the `brain` server offers to that agent — the default agent (read,
 * propose) for the full snippet, a read-only server for the `--read-only` one — through the
 * SDK's real Client, in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { openTestBrain } from '../helpers/brain.js';
import { createMcpServer, type McpAccess } from '../../src/mcp/server.js';
import { AGENT_DEFAULT_CAPABILITIES } from '../../src/model/capabilities.js';
import { instructionsBody } from '../../src/setup/instructions.js';
import type { Brain } from '../../src/service.js';

let brain: Brain;

beforeAll(async () => {
  brain = await openTestBrain(initRepo());
  await brain.init();
});
afterAll(async () => {
  await brain.close();
  cleanupTempDirs();
});

/** The tools a client with `access` is offered. */
async function offered(access: McpAccess): Promise<string[]> {
  const server = createMcpServer({ brain, access });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'setup-check', version: '0.0.0' });
  await client.connect(clientSide);
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
    await server.close();
  }
}

/** The `brain_*` tool names a snippet mentions, distinct. */
const named = (text: string) => [...new Set(text.match(/\bbrain_[a-z_]+\b/g) ?? [])];

describe('brain setup instructions', () => {
  it('name only tools the server offers to the agent they are written for', async () => {
    const full = named(instructionsBody(false));
    expect(full).toEqual(expect.arrayContaining(['brain_context', 'brain_propose', 'brain_candidates']));
    expect(await offered({ capabilities: AGENT_DEFAULT_CAPABILITIES, readOnly: false })).toEqual(expect.arrayContaining(full));
    const readOnly = named(instructionsBody(true));
    expect(readOnly).toContain('brain_context');
    expect(readOnly).not.toContain('brain_propose');
    expect(await offered({ capabilities: ['read'], readOnly: true })).toEqual(expect.arrayContaining(readOnly));
  });
});
