import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { spawn } from 'node:child_process';
import { cleanupTempDirs, git, gitEnv, initRepo, testHome } from '../helpers/git.js';
import { BRAIN_BIN, brain } from '../helpers/brain.js';
import { alive, startMcp, structured, textOf } from './mcp-client.js';

const READ_TOOLS = ['brain_context', 'brain_status', 'brain_projects', 'brain_get', 'brain_list', 'brain_search', 'brain_history'];
const WRITE_TOOLS = ['brain_append', 'brain_revise', 'brain_resolve', 'brain_supersede', 'brain_clear_blocker'];
/** Candidates (issue #20): brain_candidates reads; brain_propose needs propose; brain_approve and brain_reject (listed only with approve) are in test/mcp/candidate-access.test.ts. */
const CANDIDATE_READ = ['brain_candidates'];

let dir: string;
const tip = () => git(dir, ['rev-parse', 'brain']);

beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
});
afterAll(cleanupTempDirs);

describe('brain mcp: tools/list', () => {
  it('lists every tool with a valid name, a description for newcomers, an object inputSchema and outputSchema, and annotations', async () => {
    const s = await startMcp(dir);
    try {
      expect(s.client.getServerVersion()?.name).toBe('project-brain');
      const instructions = s.client.getInstructions() ?? '';
      for (const kind of ['decision', 'open_question', 'blocker', 'risk', 'dependency', 'plan_revision']) expect(instructions).toContain(kind);
      expect(instructions).toContain('<brain-state>');
      const { tools } = await s.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([...READ_TOOLS, 'brain_propose', ...CANDIDATE_READ, ...WRITE_TOOLS]);
      for (const tool of tools) {
        expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        expect(tool.description?.length ?? 0, tool.name).toBeGreaterThan(150);
        expect(tool.inputSchema.type).toBe('object');
        expect((tool.inputSchema as { additionalProperties?: unknown }).additionalProperties).toBe(false);
        expect(tool.annotations?.readOnlyHint, tool.name).toBe([...READ_TOOLS, ...CANDIDATE_READ].includes(tool.name));
        expect(tool.annotations?.destructiveHint ?? false).toBe(false);
        // outputSchema: an object, the success shape or the coded error of a refusal.
        expect(tool.outputSchema?.type, tool.name).toBe('object');
        const branches = (tool.outputSchema as { anyOf?: { required?: string[]; additionalProperties?: unknown }[] }).anyOf ?? [];
        expect(branches, tool.name).toHaveLength(2);
        expect(branches[0]?.required?.length ?? 0, tool.name).toBeGreaterThan(0);
        expect(branches[1]).toMatchObject({ required: ['error'], additionalProperties: false });
      }
      const append = tools.find((t) => t.name === 'brain_append');
      const props = append?.inputSchema.properties as Record<string, { enum?: string[] }>;
      // entry_kind, the name every output uses, is the canonical input; kind stays as an alias.
      expect(append?.inputSchema.required).toEqual(['entry_kind', 'title']);
      expect(props['entry_kind']?.enum).toEqual(['decision', 'open_question', 'blocker', 'risk', 'dependency', 'plan_revision']);
      expect(props['kind']?.enum).toEqual(props['entry_kind']?.enum);
      expect(append?.description).toContain('entry_kind');
      for (const name of ['brain_list', 'brain_search']) {
        const tool = tools.find((t) => t.name === name);
        expect(Object.keys(tool?.inputSchema.properties ?? {}), name).toEqual(expect.arrayContaining(['entry_kind', 'kind']));
        expect(tool?.description, name).toContain('entry_kind');
      }
      expect(JSON.stringify(tools.map((t) => t.description))).not.toMatch(/"kind":/);
      expect(instructions).toContain('entry_kind');
      expect(append?.description).toContain('risk (ids rsk-…)');
      expect(append?.description).toContain('statuses: active, mitigated, retired');
      const revise = tools.find((t) => t.name === 'brain_revise');
      expect(revise?.inputSchema.required).toEqual(['entry_id']);
      expect(Object.keys(revise?.inputSchema.properties ?? {})).toContain('expected_revision');
      expect(revise?.description).toContain('revision_conflict');
    } finally {
      await s.close();
    }
  });

  it('--read-only hides every tool that writes; calling one fails and writes nothing', async () => {
    const before = tip();
    const s = await startMcp(dir, ['--read-only']);
    try {
      expect(s.client.getInstructions()).toContain('read-only');
      const { tools } = await s.client.listTools();
      expect(tools.map((t) => t.name)).toEqual([...READ_TOOLS, ...CANDIDATE_READ]);
      for (const name of [...WRITE_TOOLS, 'brain_propose', 'brain_approve', 'brain_reject']) {
        const err = await s.callError(name, { kind: 'decision', title: 'sneaky', entry_id: 'dec-000000000000', resolution: 'r', by_entry_id: 'dec-000000000001' });
        expect(err.code).toBe(ErrorCode.InvalidParams);
        expect(err.message).toContain(`Tool ${name} not found`);
      }
      expect(structured(await s.call('brain_status')).entries).toBe(0);
    } finally {
      await s.close();
    }
    expect(tip()).toBe(before);
  });

  it('logs to stderr only and exits when the client closes stdin', async () => {
    const s = await startMcp(dir);
    const pid = s.pid;
    expect(textOf(await s.call('brain_status'))).toContain('project demo on branch brain');
    await s.close();
    expect(pid).not.toBeNull();
    expect(alive(pid as number)).toBe(false);
    expect(s.stderr()).toContain('brain mcp: serving project demo');
    expect(s.stderr()).toContain('shutting down (stdin closed)');
  });

  it('shuts down cleanly on SIGTERM: the brain is closed, exit code 0, nothing on stdout', async () => {
    const child = spawn(process.execPath, [BRAIN_BIN, 'mcp'], { cwd: dir, env: { ...gitEnv(testHome()), BRAIN_AUTHOR: 'test-agent' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const serving = new Promise<void>((resolve) => child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), stderr.includes('serving') && resolve())));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await serving;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('shutting down (SIGTERM)');
    expect(stdout).toBe('');
  });

  it('serves a repository without a brain, answering not_initialized with a hint', async () => {
    const bare = initRepo();
    const s = await startMcp(bare);
    try {
      const r = await s.call('brain_list');
      expect(r.isError).toBe(true);
      expect((r.structuredContent as any).error.code).toBe('not_initialized');
      expect(textOf(r)).toContain('hint:');
    } finally {
      await s.close();
    }
    expect(s.stderr()).toContain('warning:');
  });
});
