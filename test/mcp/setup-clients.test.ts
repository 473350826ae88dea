/**
 * What `brain setup` writes works when a client uses it (issue #20; docs/decisions/0041): for
 * each client the server entry is read back from the written config with that format's parser,
 * exactly the command and arguments it names are spawned — `brain` resolved on PATH, where a
 * shim stands in for an installed brain — and the MCP SDK's real stdio client lists the tools
 * and calls `brain_context`. Each session-start hook command is run the way a client runs it
 * (a shell, in the session's directory) and must answer the brief as the hook JSON the clients
 * document.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { parse as parseToml } from 'smol-toml';
import { BRAIN_BIN, brain } from '../helpers/brain.js';
import { cleanupTempDirs, gitEnv, initRepo, tempDir, testHome } from '../helpers/git.js';

let dir: string;
let env: Record<string, string>;

/** The server entry each client's config names, read with the parser of its format. */
const servers: Array<[string, () => { command: string; args: string[] }]> = [
  ['claude-code', () => JSON.parse(readFileSync(join(dir, '.mcp.json'), 'utf8')).mcpServers.brain],
  ['codex', () => (parseToml(readFileSync(join(dir, '.codex', 'config.toml'), 'utf8')) as { mcp_servers: { brain: { command: string; args: string[] } } }).mcp_servers.brain],
  ['cursor', () => JSON.parse(readFileSync(join(dir, '.cursor', 'mcp.json'), 'utf8')).mcpServers.brain],
  ['vscode', () => JSON.parse(readFileSync(join(dir, '.vscode', 'mcp.json'), 'utf8')).servers.brain],
];

/** The session-start hook command each client's file names. */
const hooks: Array<[string, () => string]> = [
  ['claude-code', () => JSON.parse(readFileSync(join(dir, '.claude', 'settings.json'), 'utf8')).hooks.SessionStart[0].hooks[0].command],
  ['codex', () => JSON.parse(readFileSync(join(dir, '.codex', 'hooks.json'), 'utf8')).hooks.SessionStart[0].hooks[0].command],
  ['vscode', () => JSON.parse(readFileSync(join(dir, '.github', 'hooks', 'brain.json'), 'utf8')).hooks.sessionStart[0].bash],
];

beforeAll(() => {
  dir = initRepo();
  const bin = tempDir('brain-path-');
  writeFileSync(join(bin, 'brain'), `#!/bin/sh\nexec '${process.execPath}' '${BRAIN_BIN}' "$@"\n`);
  chmodSync(join(bin, 'brain'), 0o755);
  env = {};
  for (const [k, v] of Object.entries({ ...gitEnv(testHome()), BRAIN_AUTHOR: 'Ada Person', BRAIN_NO_DAEMON: '1' })) if (v !== undefined) env[k] = v;
  env.PATH = `${bin}${delimiter}${process.env.PATH ?? ''}`;
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  expect(brain(dir, ['add', 'decision', '--title', 'Payments retry with exponential backoff', '--rationale', 'The provider rate-limits bursts.']).code).toBe(0);
  for (const client of ['claude-code', 'codex', 'cursor', 'vscode']) expect(brain(dir, ['setup', client]).code, client).toBe(0);
});
afterAll(cleanupTempDirs);

describe('the server entries, spawned as written, with a real MCP client', () => {
  it.each(servers)('%s: lists the tools and answers brain_context with the brief', async (client, entry) => {
    const { command, args } = entry();
    expect(command).toBe('brain');
    const transport = new StdioClientTransport({ command, args, cwd: dir, env, stderr: 'pipe' });
    const mcp = new Client({ name: `${client}-test`, version: '1.0.0' });
    await mcp.connect(transport);
    try {
      const names = (await mcp.listTools()).tools.map((tool) => tool.name);
      for (const name of ['brain_context', 'brain_search', 'brain_list', 'brain_get']) expect(names).toContain(name);
      const result = (await mcp.callTool({ name: 'brain_context', arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      const markdown = (result.structuredContent as { markdown: string }).markdown;
      expect(markdown).toContain('# Project brain: demo — re-entry brief');
      expect(markdown).toContain('Payments retry with exponential backoff');
      if (client === 'claude-code') {
        // --agent names the client: what it proposes is the agent's, for the person. The setup's
        // server proposes; it does not write entries (decision 0042: the default capabilities).
        const proposed = (await mcp.callTool({ name: 'brain_propose', arguments: { entry_kind: 'risk', title: 'Retries may double-charge' } })) as CallToolResult;
        expect(proposed.isError).toBeFalsy();
        expect((proposed.structuredContent as { candidate: { agent: string; author: string } }).candidate).toMatchObject({ agent: 'claude-code', author: 'Ada Person' });
        const written = (await mcp.callTool({ name: 'brain_append', arguments: { entry_kind: 'risk', title: 'Retries may double-charge' } })) as CallToolResult;
        expect(written.isError).toBe(true);
      }
    } finally {
      await mcp.close();
    }
  });
});

describe('the session-start hooks, run as the clients run them', () => {
  it.each(hooks)('%s: prints hookSpecificOutput.additionalContext holding the brief', (_client, command) => {
    const sub = join(dir, 'src', 'payments');
    mkdirSync(sub, { recursive: true });
    for (const cwd of [dir, sub]) {
      const stdout = execFileSync('sh', ['-c', command()], { cwd, env, encoding: 'utf8', input: '{"hook_event_name":"SessionStart","source":"startup"}' });
      const answer = JSON.parse(stdout);
      expect(Object.keys(answer)).toEqual(['hookSpecificOutput']);
      expect(answer.hookSpecificOutput.hookEventName).toBe('SessionStart');
      expect(answer.hookSpecificOutput.additionalContext).toBe(brain(dir, ['context', '--budget', '2000']).stdout);
      expect(answer.hookSpecificOutput.additionalContext).toContain('Payments retry with exponential backoff');
      // Claude Code keeps at most 10,000 characters of a hook's context.
      expect(answer.hookSpecificOutput.additionalContext.length).toBeLessThanOrEqual(8000);
    }
  });
});
