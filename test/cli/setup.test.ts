/**
 * `brain setup <client>` (issue #20 "One command sets an agent up"; docs/decisions/0041) through
 * the real CLI, for every client, in real git repositories: the first run writes each client's
 * files in its documented format (read back with the parser that format needs), the second run
 * changes no byte, what a person already had stays byte for byte, a file holding what brain did
 * not write is refused with nothing written anywhere, and `--dry-run` prints the diff and writes
 * nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../helpers/git.js';
import { PACKAGE_NAME, PACKAGE_VERSION } from '../../src/model/package-info.js';

afterAll(cleanupTempDirs);

/** Every file under `dir` but `.git`, by path relative to it, with its bytes. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const full = join(at, name);
      if (name === '.git') continue;
      if (statSync(full).isDirectory()) walk(full);
      else out[relative(dir, full).split('\\').join('/')] = readFileSync(full, 'latin1');
    }
  };
  walk(dir);
  return out;
}

function write(dir: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
const json = (dir: string, path: string) => JSON.parse(read(dir, path));

/** Runs `brain --json setup <args>` in `dir`; its JSON answer and exit code. */
function setup(dir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const run = brain(dir, ['--json', 'setup', ...args], { env });
  return { code: run.code, out: run.code === 0 ? run.json() : null, error: run.code === 0 ? null : run.errorJson().error };
}

/** The instructions block every client gets: read the brief, read before deciding, propose. */
function expectInstructions(text: string): void {
  const block = /<!-- brain:setup:begin [^\n]*-->\n([\s\S]*)\n<!-- brain:setup:end -->\n$/.exec(text)?.[1] ?? '';
  expect(block).toContain('`brain_context`');
  expect(block).toContain('`brain_search`');
  expect(block).toContain('`brain_propose`');
  expect(block).toContain('`brain_candidates`');
}

const hookHandler = { type: 'command', command: 'brain context --hook' };

describe('each client, in its own format and place', () => {
  it('without brain on PATH, the note says to install this package by its own name (never an unrelated registry package)', () => {
    const dir = initRepo();
    const bin = tempDir('brain-path-'); // git alone on PATH: brain itself runs from process.execPath
    symlinkSync(execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim(), join(bin, 'git'));
    const out = setup(dir, ['cursor'], { PATH: bin }).out;
    const note = (out.notes as string[]).find((n) => n.startsWith('No `brain` on PATH'));
    expect(note).toContain(`install the ${PACKAGE_NAME} package`);
    expect(note).toContain(`npm install --global ./${PACKAGE_NAME}-${PACKAGE_VERSION}.tgz`);
    expect(note).not.toContain('project-brain');
  });

  it('claude-code: .mcp.json mcpServers, CLAUDE.md, a SessionStart hook in .claude/settings.json', () => {
    const dir = initRepo();
    const first = setup(dir, ['claude-code']);
    expect(first.out.files.map((f: { path: string; action: string }) => [f.path, f.action])).toEqual([['.mcp.json', 'create'], ['CLAUDE.md', 'create'], ['.claude/settings.json', 'create']]);
    // code.claude.com "MCP": project scope .mcp.json, mcpServers.<name> with type/command/args.
    expect(json(dir, '.mcp.json')).toEqual({ mcpServers: { brain: { type: 'stdio', command: 'brain', args: ['mcp', '--agent', 'claude-code'] } } });
    // "Hooks reference": hooks.<Event>[] of {matcher, hooks: [{type: "command", command}]}; SessionStart sources.
    const settings = json(dir, '.claude/settings.json');
    expect(settings).toEqual({ hooks: { SessionStart: [{ matcher: 'startup|clear|compact', hooks: [hookHandler] }] } });
    for (const source of settings.hooks.SessionStart[0].matcher.split('|')) expect(['startup', 'resume', 'clear', 'compact']).toContain(source);
    expectInstructions(read(dir, 'CLAUDE.md'));
  });

  it('codex: [mcp_servers.brain] in .codex/config.toml, AGENTS.md, a SessionStart hook in .codex/hooks.json', () => {
    const dir = initRepo();
    expect(setup(dir, ['codex']).code).toBe(0);
    // developers.openai.com "Configuration reference": [mcp_servers.<name>] command, args.
    expect(parseToml(read(dir, '.codex/config.toml'))).toEqual({ mcp_servers: { brain: { command: 'brain', args: ['mcp', '--agent', 'codex'] } } });
    // "Hooks": the same event → matcher group → handlers shape; statusMessage optional.
    expect(json(dir, '.codex/hooks.json')).toEqual({ hooks: { SessionStart: [{ matcher: 'startup|clear|compact', hooks: [{ ...hookHandler, statusMessage: 'Reading the Project Brain brief' }] }] } });
    expectInstructions(read(dir, 'AGENTS.md'));
  });

  it('cursor: .cursor/mcp.json mcpServers and an always-applied rule .cursor/rules/brain.mdc; no hook', () => {
    const dir = initRepo();
    const first = setup(dir, ['cursor']);
    expect(first.out.files.map((f: { path: string }) => f.path)).toEqual(['.cursor/mcp.json', '.cursor/rules/brain.mdc']);
    // cursor.com "MCP": mcpServers.<name> with command and args.
    expect(json(dir, '.cursor/mcp.json')).toEqual({ mcpServers: { brain: { command: 'brain', args: ['mcp', '--agent', 'cursor'] } } });
    // cursor.com "Rules": YAML front matter with description and alwaysApply (a boolean).
    const rule = read(dir, '.cursor/rules/brain.mdc');
    const front = /^---\n([\s\S]*?)\n---\n/.exec(rule)?.[1] ?? '';
    expect(parseYaml(front)).toEqual({ description: expect.any(String), alwaysApply: true });
    expectInstructions(rule);
  });

  it('vscode: .vscode/mcp.json servers with type stdio, .github/copilot-instructions.md, .github/hooks/brain.json', () => {
    const dir = initRepo();
    expect(setup(dir, ['vscode']).code).toBe(0);
    // code.visualstudio.com "MCP configuration reference": top-level servers; stdio needs type and command.
    expect(json(dir, '.vscode/mcp.json')).toEqual({ servers: { brain: { type: 'stdio', command: 'brain', args: ['mcp', '--agent', 'vscode'] } } });
    // Copilot CLI hook format (version 1, sessionStart, bash/powershell), which VS Code reads and converts.
    expect(json(dir, '.github/hooks/brain.json')).toEqual({ version: 1, hooks: { sessionStart: [{ type: 'command', bash: 'brain context --hook', powershell: 'brain context --hook' }] } });
    expectInstructions(read(dir, '.github/copilot-instructions.md'));
  });
});

describe('idempotent, and it keeps what people wrote', () => {
  it.each(['claude-code', 'codex', 'cursor', 'vscode'])('%s: a second run changes no byte and says unchanged', (client) => {
    const dir = initRepo();
    expect(setup(dir, [client]).code).toBe(0);
    const after = snapshot(dir);
    const second = setup(dir, [client]);
    expect(second.code).toBe(0);
    expect(second.out.files.every((f: { action: string }) => f.action === 'unchanged')).toBe(true);
    expect(snapshot(dir)).toEqual(after);
    const human = brain(dir, ['setup', client]);
    expect(human.stdout.split('\n').filter((line) => /^(created|updated)/.test(line))).toEqual([]);
  });

  it('adds to existing files in place: other servers, hooks, settings and text keep their bytes', () => {
    const dir = initRepo();
    const mine = {
      '.mcp.json': '{\n    "mcpServers": {\n        "github": {"command": "gh-mcp"}\n    }\n}\n',
      'CLAUDE.md': '# House rules\n\nRun the tests.\n',
      '.claude/settings.json': '{\n  "permissions": {"allow": ["Bash(npm test)"]},\n  "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hello"}]}]}\n}\n',
    };
    write(dir, mine);
    expect(setup(dir, ['claude-code']).out.files.map((f: { action: string }) => f.action)).toEqual(['update', 'update', 'update']);
    expect(read(dir, '.mcp.json').startsWith('{\n    "mcpServers": {\n        "github": {"command": "gh-mcp"},\n        "brain": {\n            "type": "stdio"')).toBe(true);
    expect(json(dir, '.mcp.json').mcpServers.github).toEqual({ command: 'gh-mcp' });
    expect(read(dir, 'CLAUDE.md').startsWith(mine['CLAUDE.md'])).toBe(true);
    const settings = read(dir, '.claude/settings.json');
    expect(settings.startsWith('{\n  "permissions": {"allow": ["Bash(npm test)"]},\n  "hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "echo hello"}]},')).toBe(true);
    expect(JSON.parse(settings).hooks.SessionStart).toHaveLength(2);
    const once = snapshot(dir);
    expect(setup(dir, ['claude-code']).code).toBe(0);
    expect(snapshot(dir)).toEqual(once);
  });

  it("--read-only and back updates brain's own entries; --no-hook leaves the hook out", () => {
    const dir = initRepo();
    expect(setup(dir, ['vscode', '--read-only', '--no-hook']).out.files.map((f: { path: string }) => f.path)).toEqual(['.vscode/mcp.json', '.github/copilot-instructions.md']);
    expect(json(dir, '.vscode/mcp.json').servers.brain.args).toEqual(['mcp', '--agent', 'vscode', '--read-only']);
    expect(read(dir, '.github/copilot-instructions.md')).not.toContain('brain_propose');
    const back = setup(dir, ['vscode', '--no-hook']);
    expect(back.out.files.map((f: { action: string }) => f.action)).toEqual(['update', 'update']);
    expect(json(dir, '.vscode/mcp.json').servers.brain.args).toEqual(['mcp', '--agent', 'vscode']);
    expect(read(dir, '.github/copilot-instructions.md')).toContain('brain_propose');
    expect(Object.keys(snapshot(dir))).not.toContain('.github/hooks/brain.json');
  });

  it('writes at the root of the work tree from a subdirectory', () => {
    const dir = initRepo();
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    expect(setup(join(dir, 'src', 'deep'), ['cursor']).code).toBe(0);
    expect(json(dir, '.cursor/mcp.json').mcpServers.brain.command).toBe('brain');
  });
});

describe('refusals and the dry run write nothing', () => {
  const foreign: Array<[string, Record<string, string>, RegExp]> = [
    ['claude-code', { '.mcp.json': '{"mcpServers": {"brain": {"command": "/opt/brain/bin/brain", "args": ["mcp"]}}}' }, /^\.mcp\.json already has "mcpServers\.brain", which brain setup did not write$/],
    ['claude-code', { '.claude/settings.json': '{"hooks": {"SessionStart": [{"hooks": [{"type": "command", "command": "brain context"}]}]}}' }, /hooks\.SessionStart hook that runs `brain context`/],
    ['codex', { '.codex/config.toml': '[mcp_servers.brain]\ncommand = "brain"\nargs = ["mcp"]\n' }, /already has \[mcp_servers\.brain\]/],
    ['cursor', { '.cursor/rules/brain.mdc': '---\nalwaysApply: false\n---\nOur own brain rule.\n' }, /^\.cursor\/rules\/brain\.mdc already has other content/],
    ['vscode', { '.github/hooks/brain.json': '{"hooks": {"SessionStart": [{"type": "command", "command": "./brain.sh"}]}}' }, /^\.github\/hooks\/brain\.json already has other content/],
    ['vscode', { '.vscode/mcp.json': '{"servers": {' }, /^\.vscode\/mcp\.json is not valid JSON/],
    ['codex', { 'AGENTS.md': '<!-- brain:setup:begin -->\nhalf a block\n' }, /^AGENTS\.md has 1 "brain:setup:begin" and 0 "brain:setup:end" lines/],
  ];

  it.each(foreign)('%s refuses %j (conflict, exit 1) and writes no file at all', (client, files, message) => {
    const dir = initRepo();
    write(dir, files);
    const before = snapshot(dir);
    const run = setup(dir, [client]);
    expect(run.code).toBe(1);
    expect(run.error).toMatchObject({ code: 'conflict', message: expect.stringMatching(message), hint: expect.stringMatching(/nothing was written/) });
    expect(snapshot(dir)).toEqual(before);
  });

  it('--dry-run prints a unified diff of every change and writes nothing', () => {
    const dir = initRepo();
    write(dir, { 'AGENTS.md': '# Agents\n' });
    const before = snapshot(dir);
    const human = brain(dir, ['setup', 'codex', '--dry-run']);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('--- /dev/null\n+++ b/.codex/config.toml\n');
    expect(human.stdout).toContain('--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -1,1 +1,');
    expect(human.stdout).toContain('+[mcp_servers.brain]\n');
    expect(human.stdout).toMatch(/^would create +\.codex\/hooks\.json/m);
    expect(human.stdout).toMatch(/dry run: nothing was written\n$/);
    const asJson = setup(dir, ['codex', '--dry-run']);
    expect(asJson.out.dry_run).toBe(true);
    expect(asJson.out.files.map((f: { action: string }) => f.action)).toEqual(['create', 'update', 'create']);
    expect(asJson.out.files[1].diff).toMatch(/^--- a\/AGENTS\.md\n\+\+\+ b\/AGENTS\.md\n/);
    expect(snapshot(dir)).toEqual(before);
  });

  it('usage errors are exit 2: an unknown client, --user for a client that reads only the project', () => {
    const dir = initRepo();
    const before = snapshot(dir);
    expect(setup(dir, ['copilot']).error).toMatchObject({ code: 'invalid_argument', hint: expect.stringContaining('claude-code, codex, cursor, vscode') });
    expect(setup(dir, ['copilot']).code).toBe(2);
    expect(setup(dir, ['cursor', '--user'])).toMatchObject({ code: 2, error: { code: 'invalid_argument' } });
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('codex --user', () => {
  it("puts the server in the user's Codex config (CODEX_HOME, else ~/.codex) and keeps the rest in the project", () => {
    const dir = initRepo();
    const home = tempDir('brain-user-home-');
    write(home, { '.codex/config.toml': 'model = "o3"\n' });
    const run = setup(dir, ['codex', '--user'], { HOME: home });
    expect(run.out.files.map((f: { path: string }) => f.path)).toEqual([join(home, '.codex', 'config.toml'), 'AGENTS.md', '.codex/hooks.json']);
    expect(parseToml(read(home, '.codex/config.toml'))).toEqual({ model: 'o3', mcp_servers: { brain: { command: 'brain', args: ['mcp', '--agent', 'codex'] } } });
    expect(Object.keys(snapshot(dir))).not.toContain('.codex/config.toml');

    const codexHome = tempDir('brain-codex-home-');
    expect(setup(dir, ['codex', '--user', '--no-hook'], { HOME: home, CODEX_HOME: codexHome }).code).toBe(0);
    expect(parseToml(read(codexHome, 'config.toml'))).toEqual({ mcp_servers: { brain: { command: 'brain', args: ['mcp', '--agent', 'codex'] } } });
  });
});
