/**
 * Issue #17 "every write says who made it", over stdio (`brain mcp`; docs/decisions/0032): a
 * write records the agent — `--agent`, else `BRAIN_AGENT`, else the client's own name from the
 * initialize handshake made an agent name — beside the person it is written for (`--author`,
 * BRAIN_AUTHOR, git user.name), and its commit carries the `Brain-Agent:` trailer.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { BRAIN_BIN, brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, gitEnv, initRepo, testHome } from '../helpers/git.js';

let dir: string;
let written = 0;

function env(extra: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...gitEnv(testHome()), BRAIN_AUTHOR: 'Ada Person', ...extra })) if (v !== undefined) out[k] = v;
  return out;
}

/** Appends one risk through `brain mcp [args]` as client `clientName`; returns the entry written. */
async function appendAs(clientName: string, args: string[], extra: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [BRAIN_BIN, 'mcp', '--capabilities', 'read,propose,write', ...args], cwd: dir, env: env(extra), stderr: 'pipe' });
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(transport);
  try {
    await client.listTools();
    const result = (await client.callTool({ name: 'brain_append', arguments: { entry_kind: 'risk', title: `Risk number ${++written}` } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    return (result.structuredContent as { entry: Record<string, unknown> }).entry;
  } finally {
    await client.close();
  }
}

const trailer = () => git(dir, ['log', '-1', '--format=%(trailers:key=Brain-Agent,valueonly)', 'brain']).trim();

beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
});
afterAll(cleanupTempDirs);

describe('stdio MCP writes name their agent', () => {
  it("defaults to the client's name from the handshake, made an agent name", async () => {
    expect(await appendAs('claude-code', [])).toMatchObject({ author: 'Ada Person', agent: 'claude-code' });
    expect(trailer()).toBe('claude-code');
    // A self-description is hostile input: only a slug survives, never a forged trailer.
    expect(await appendAs('Visual Studio Code\nBrain-Agent: root', [])).toMatchObject({ agent: 'visual-studio-code-brain-agent-root' });
    expect(git(dir, ['log', '-1', '--format=%B', 'brain'])).toMatch(/\n\nBrain-Agent: visual-studio-code-brain-agent-root\n?$/);
    expect(await appendAs('***', [])).toMatchObject({ agent: 'mcp-client' });
    git(dir, ['fsck', '--strict']);
  });

  it('--agent wins over BRAIN_AGENT, which wins over the client name', async () => {
    expect(await appendAs('cursor-vscode', [], { BRAIN_AGENT: 'codex' })).toMatchObject({ agent: 'codex' });
    expect(await appendAs('cursor-vscode', ['--agent', 'claude-code'], { BRAIN_AGENT: 'codex' })).toMatchObject({ agent: 'claude-code', author: 'Ada Person' });
    expect(trailer()).toBe('claude-code');
  });

  it('a bad --agent or BRAIN_AGENT is exit 2 before serving', () => {
    const tip = git(dir, ['rev-parse', 'brain']);
    for (const [args, extra] of [[['mcp', '--agent', 'Claude Code'], {}], [['mcp'], { BRAIN_AGENT: 'x\ny' }]] as const) {
      const r = spawnSync(process.execPath, [BRAIN_BIN, '--json', ...args], { cwd: dir, env: env(extra), input: '', encoding: 'utf8' });
      expect(r.status, JSON.stringify(args)).toBe(2);
      expect(JSON.parse(r.stderr.trim().split('\n').pop() as string).error.code).toBe('invalid_argument');
    }
    expect(git(dir, ['rev-parse', 'brain'])).toBe(tip);
  });

  it('a CLI write after an agent write is the person again: the agent is never inherited', () => {
    const id = brain(dir, ['--json', 'list', '--kind', 'risk']).json()[0].entry_id as string;
    const revised = brain(dir, ['--json', 'revise', id, '--rationale', 'By hand.']);
    expect(revised.code).toBe(0);
    const entry = brain(dir, ['--json', 'show', id]).json();
    expect(entry.agent).toBeUndefined();
    expect(git(dir, ['log', '-1', '--format=%B', 'brain'])).not.toContain('Brain-Agent');
  });
});
