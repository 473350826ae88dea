/**
 * An agent that writes through the CLI from a shell says so (issue #17 "every write says who
 * made it"; docs/decisions/0060 "Agents through the CLI"): the global `--agent`, else
 * `BRAIN_AGENT`, is recorded as an MCP write by that agent records it — the revision's `agent`
 * beside the person's `author`, the person's commit with a `Brain-Agent:` trailer — and a name
 * that is not an agent name is exit 2 with nothing written. The commands run in-process on a
 * program with main's global options (agent-option.ts); one spawned run covers BRAIN_AGENT.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { agentFlag, agentOption } from '../../src/cli/agent-option.js';
import { registerWriteCommands } from '../../src/cli/write-commands.js';
import { registerCandidateCommands } from '../../src/cli/candidate-commands.js';
import { registerAdminCommands } from '../../src/cli/admin-commands.js';
import { exitCodeFor } from '../../src/cli/exit-codes.js';
import { isBrainError } from '../../src/model/errors.js';

afterAll(cleanupTempDirs);

const PERSON = 'Ada Person <ada@example.com>';
/** Who runs the commands (test/helpers/git.ts): the committer of every write, --author naming the author only. */
const RUNNER = 'Brain Test <test@brain.invalid>';

/** A program with main.ts's global options and the write commands. */
function program(): Command {
  const p = new Command('brain')
    .option('--repo <dir>')
    .option('--branch <name>', 'the docs branch', 'brain')
    .option('--author <name>')
    .option('--agent <name>', 'the agent', agentFlag)
    .option('--json')
    .exitOverride();
  registerWriteCommands(p);
  registerCandidateCommands(p);
  registerAdminCommands(p);
  return p;
}

let out = '';
beforeEach(() => {
  out = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true); // defaults_applied warnings
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `brain --repo dir --author PERSON --json [args]` in-process; returns the JSON printed. */
async function run(dir: string, args: string[]): Promise<any> {
  out = '';
  await program().parseAsync(['--repo', dir, '--author', PERSON, '--json', ...args], { from: 'user' });
  return JSON.parse(out);
}

const tip = (dir: string) => git(dir, ['rev-parse', 'brain']);
const trailer = (dir: string, rev = 'brain') => git(dir, ['log', '-1', '--format=%(trailers:key=Brain-Agent,valueonly)', rev]).trim();
const identity = (dir: string, rev = 'brain') => git(dir, ['log', '-1', '--format=%an <%ae>|%cn <%ce>', rev]);

describe('CLI writes made by --agent', () => {
  it('record the agent for the person on every write, as an MCP write does', async () => {
    const dir = initRepo();
    await run(dir, ['init']);
    const q = await run(dir, ['--agent', 'claude-code', 'add', 'open_question', '--title', 'Which queue?']);
    expect(q).toMatchObject({ author: 'Ada Person', agent: 'claude-code' });
    const steps: [string[], number][] = [
      [['--agent', 'codex', 'revise', q.entry_id, '--title', 'Which queue, really?'], 2],
      [['--agent', 'codex', 'resolve', q.entry_id, '--answer', 'SQS'], 3],
    ];
    for (const [args, revision] of steps) {
      expect(await run(dir, args)).toMatchObject({ entry_id: q.entry_id, revision, author: 'Ada Person', agent: 'codex' });
      expect(trailer(dir)).toBe('codex');
      expect(identity(dir)).toBe(`${PERSON}|${RUNNER}`);
    }
    const a = await run(dir, ['add', 'decision', '--title', 'Use SQS']);
    expect(a.agent).toBeUndefined(); // the person themself: no agent, no trailer
    expect(trailer(dir)).toBe('');
    const b = await run(dir, ['add', 'decision', '--title', 'Use SQS with DLQ', '--agent', 'cursor']);
    expect(await run(dir, ['supersede', a.entry_id, '--by', b.entry_id, '--agent', 'claude-code'])).toMatchObject({ status: 'superseded', author: 'Ada Person', agent: 'claude-code' });
    expect(trailer(dir)).toBe('claude-code');
    const blocker = await run(dir, ['add', 'blocker', '--title', 'No staging account', '--agent', 'codex']);
    expect(await run(dir, ['--agent', 'codex', 'clear-blocker', blocker.entry_id, '--resolution', 'granted'])).toMatchObject({ status: 'cleared', agent: 'codex' });
    const proposed = await run(dir, ['--agent', 'codex', 'propose', 'risk', '--title', 'SQS costs grow with retries']);
    expect(proposed.candidate).toMatchObject({ author: 'Ada Person', agent: 'codex' });
    expect(trailer(dir)).toBe('codex');
    // The agent that proposed it may not approve it (decision 0042); the person may.
    const before = tip(dir);
    const own = await run(dir, ['--agent', 'codex', 'approve', proposed.candidate.candidate_id]).catch((e: unknown) => e);
    expect(isBrainError(own, 'forbidden')).toBe(true);
    expect(tip(dir)).toBe(before);
    expect((await run(dir, ['approve', proposed.candidate.candidate_id])).entries[0]).toMatchObject({ author: 'Ada Person' });
    git(dir, ['fsck', '--strict', '--no-dangling']);
  });

  it('an import run by an agent names it in the commit; jsonl lines keep their own authors', async () => {
    const dir = initRepo();
    await run(dir, ['init']);
    const entry = await run(dir, ['add', 'risk', '--title', 'Disk fills up']);
    const file = join(dir, 'entries.jsonl');
    writeFileSync(file, `${JSON.stringify({ ...entry, title: 'Disk fills up at night', author: 'Grace' })}\n`);
    expect(await run(dir, ['--agent', 'claude-code', 'import', 'jsonl', file])).toMatchObject({ revised: 1 });
    expect(trailer(dir)).toBe('claude-code');
    expect(identity(dir)).toBe(`${PERSON}|${RUNNER}`);
    const revisionFile = git(dir, ['show', '--name-only', '--format=', 'brain']).split('\n').find((f) => f.endsWith('.json')) as string;
    const imported = JSON.parse(git(dir, ['show', `brain:${revisionFile}`]));
    expect(imported).toMatchObject({ revision: 2, author: 'Grace' });
    expect(imported.agent).toBeUndefined();
    const adrs = join(dir, 'adr');
    mkdirSync(adrs);
    writeFileSync(join(adrs, '0001-use-postgres.md'), '# 1. Use PostgreSQL\n\n## Status\n\nAccepted\n\n## Context\n\nWe need a database.\n\n## Decision\n\nPostgreSQL.\n');
    expect(await run(dir, ['--agent', 'codex', 'import', 'adr', adrs])).toMatchObject({ imported: 1 });
    expect(trailer(dir)).toBe('codex');
    git(dir, ['fsck', '--strict', '--no-dangling']);
  });

  const hostile: [string, string][] = [
    ['a newline (a forged trailer)', 'codex\nBrain-Agent: root'],
    ['a bidi override', 'codex\u202egnp.exe'],
    ['300 characters', 'a'.repeat(300)],
    ['capitals and a space', 'Claude Code'],
    ['a terminal escape', 'codex\x1b[31m'],
  ];
  for (const [what, name] of hostile) {
    it(`refuses an agent name with ${what}: invalid_argument (exit 2), nothing written`, async () => {
      const dir = initRepo();
      await run(dir, ['init']);
      const before = tip(dir);
      const err = await run(dir, ['--agent', name, 'add', 'decision', '--title', 'x']).catch((e: unknown) => e);
      expect(isBrainError(err, 'invalid_argument')).toBe(true);
      expect(exitCodeFor(err)).toBe(2);
      expect(() => agentOption(undefined, { BRAIN_AGENT: name })).toThrow(/from BRAIN_AGENT/);
      expect(tip(dir)).toBe(before);
    });
  }

  it('takes --agent over BRAIN_AGENT; a blank BRAIN_AGENT is no agent', () => {
    expect(agentOption('claude-code', { BRAIN_AGENT: 'codex' })).toBe('claude-code');
    expect(agentOption(undefined, { BRAIN_AGENT: ' codex ' })).toBe('codex');
    expect(agentOption(undefined, { BRAIN_AGENT: '  ' })).toBeUndefined();
    expect(agentOption(undefined, {})).toBeUndefined();
  });
});

describe('BRAIN_AGENT through the real CLI', () => {
  it('records the agent of the environment, and refuses a bad one with exit 2 before writing', () => {
    const dir = initRepo();
    expect(brain(dir, ['init']).code).toBe(0);
    const added = brain(dir, ['add', 'decision', '--title', 'Use SQS', '--json'], { env: { BRAIN_AUTHOR: 'Ada Person', BRAIN_AGENT: 'codex' } });
    expect(added.code, added.stderr).toBe(0);
    expect(added.json()).toMatchObject({ author: 'Ada Person', agent: 'codex' });
    expect(git(dir, ['log', '-1', '--format=%B', 'brain'])).toMatch(/\n\nBrain-Agent: codex\n?$/);
    const before = tip(dir);
    const bad = brain(dir, ['add', 'decision', '--title', 'x', '--json'], { env: { BRAIN_AGENT: 'x\ny' } });
    expect(bad.code).toBe(2);
    expect(bad.errorJson().error).toMatchObject({ code: 'invalid_argument' });
    expect(tip(dir)).toBe(before);
    git(dir, ['fsck', '--strict', '--no-dangling']);
  });
});
