/**
 * The file edits of `brain setup` (docs/decisions/0041), on text: brain's entry, hook group or
 * block is added or updated, every byte outside it is kept, and what brain did not write is
 * refused with `conflict`. The files are read back with the parsers the clients' formats need
 * (jsonc-parser for JSON with comments, smol-toml for TOML).
 */
import { describe, expect, it } from 'vitest';
import { parse as parseJsonc } from 'jsonc-parser';
import { parse as parseToml } from 'smol-toml';
import { isBrainError } from '../../src/model/errors.js';
import { jsonEntry, jsonHookGroup, ownJsonFile, ownTextFile, textBlock } from '../../src/setup/file-edits.js';
import { HASH_COMMENT, HTML_COMMENT } from '../../src/setup/marked-block.js';
import { tomlEntry } from '../../src/setup/toml-entry.js';

const server = { type: 'stdio', command: 'brain', args: ['mcp', '--agent', 'vscode'] };
const readOnlyServer = { ...server, args: [...server.args, '--read-only'] };
const entry = jsonEntry(['servers', 'brain'], server, [readOnlyServer]);

/** The `conflict` an edit throws, or fails. */
function refusal(run: () => unknown): { message: string; hint: string } {
  try {
    run();
  } catch (err) {
    if (isBrainError(err, 'conflict')) return err;
    throw err;
  }
  throw new Error('expected a conflict');
}

describe('jsonEntry', () => {
  it('creates the file, and leaves an equal entry byte for byte', () => {
    const created = entry(null, 'mcp.json');
    expect(JSON.parse(created)).toEqual({ servers: { brain: server } });
    expect(created.endsWith('}\n')).toBe(true);
    expect(entry(created, 'mcp.json')).toBe(created);
  });

  it("adds beside other servers keeping their bytes, comments, tabs and CRLF", () => {
    const before = '{\r\n\t// my servers\r\n\t"servers": {\r\n\t\t"other": {"command": "x",},\r\n\t},\r\n\t"inputs": []\r\n}\r\n';
    const after = entry(before, 'mcp.json');
    expect(after.startsWith('{\r\n\t// my servers\r\n\t"servers": {\r\n\t\t"other": {"command": "x",},')).toBe(true);
    expect(after.endsWith('\t"inputs": []\r\n}\r\n')).toBe(true);
    expect(after).not.toMatch(/[^\r]\n/);
    expect(parseJsonc(after, [], { allowTrailingComma: true })).toEqual({ servers: { other: { command: 'x' }, brain: server }, inputs: [] });
    expect(entry(after, 'mcp.json')).toBe(after);
  });

  it("replaces brain's entry written with other options, and refuses anyone else's", () => {
    const readOnly = jsonEntry(['servers', 'brain'], readOnlyServer, [server])(null, 'mcp.json');
    expect(JSON.parse(entry(readOnly, 'mcp.json')).servers.brain).toEqual(server);
    const mine = JSON.stringify({ servers: { brain: { ...server, env: { X: '1' } } } });
    expect(refusal(() => entry(mine, 'mcp.json')).message).toBe('mcp.json already has "servers.brain", which brain setup did not write');
  });

  it('refuses a file it cannot parse or whose shape is not an object where brain writes', () => {
    expect(refusal(() => entry('{"servers": ', 'mcp.json')).message).toMatch(/^mcp\.json is not valid JSON/);
    expect(refusal(() => entry('[]', 'mcp.json')).message).toMatch(/its top level is not an object/);
    expect(refusal(() => entry('{"servers": []}', 'mcp.json')).message).toMatch(/"servers" is not an object/);
  });
});

describe('jsonHookGroup', () => {
  const group = { matcher: 'startup', hooks: [{ type: 'command', command: 'brain context --hook' }] };
  const ours = (item: unknown) => JSON.stringify(item).includes('brain context');
  const edit = jsonHookGroup(['hooks', 'SessionStart'], group, ours);

  it('appends after the hooks already there and is unchanged the second time', () => {
    const before = '{\n  "permissions": {"allow": ["Bash(ls)"]},\n  "hooks": {\n    "SessionStart": [\n      {"hooks": [{"type": "command", "command": "echo hi"}]}\n    ]\n  }\n}\n';
    const after = edit(before, 'settings.json');
    expect(after.startsWith('{\n  "permissions": {"allow": ["Bash(ls)"]},\n  "hooks": {\n    "SessionStart": [\n      {"hooks": [{"type": "command", "command": "echo hi"}]},')).toBe(true);
    expect(JSON.parse(after).hooks.SessionStart).toEqual([{ hooks: [{ type: 'command', command: 'echo hi' }] }, group]);
    expect(edit(after, 'settings.json')).toBe(after);
    const withoutHooks = '{\n  "model": "opus"\n}\n';
    const added = edit(withoutHooks, 'settings.json');
    expect(added.startsWith('{\n  "model": "opus",\n  "hooks": {\n    "SessionStart": [\n')).toBe(true);
    expect(JSON.parse(added)).toEqual({ model: 'opus', hooks: { SessionStart: [group] } });
  });

  it('refuses a brain context hook it did not write, and a SessionStart that is not an array', () => {
    const theirs = JSON.stringify({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'brain context --budget 900' }] }] } });
    expect(refusal(() => edit(theirs, 'settings.json')).message).toMatch(/already has a hooks\.SessionStart hook that runs `brain context`/);
    expect(refusal(() => edit('{"hooks": {"SessionStart": {}}}', 'settings.json')).message).toMatch(/"hooks\.SessionStart" is not an array/);
  });
});

describe('ownJsonFile', () => {
  const value = { version: 1, hooks: { sessionStart: [{ type: 'command', bash: 'brain context --hook' }] } };
  it('creates, keeps an equal file as it is, refuses any other', () => {
    const created = ownJsonFile(value)(null, 'brain.json');
    expect(JSON.parse(created)).toEqual(value);
    const reformatted = JSON.stringify(value);
    expect(ownJsonFile(value)(reformatted, 'brain.json')).toBe(reformatted);
    expect(refusal(() => ownJsonFile(value)('{"version": 1}', 'brain.json')).message).toBe('brain.json already has other content, which brain setup did not write');
  });
});

describe('textBlock and ownTextFile', () => {
  const edit = textBlock('## Brain\nread it', HTML_COMMENT);

  it('appends after a blank line, then replaces only its own block', () => {
    const before = '# Our agents\n\nBe nice.';
    const first = edit(before, 'AGENTS.md');
    expect(first).toBe('# Our agents\n\nBe nice.\n\n<!-- brain:setup:begin (written by `brain setup`; running it again replaces this block) -->\n## Brain\nread it\n<!-- brain:setup:end -->\n');
    const later = `${first}\n## Testing\nRun npm test.\n`;
    const updated = textBlock('## Brain\nread it twice', HTML_COMMENT)(later, 'AGENTS.md');
    expect(updated).toBe(later.replace('read it\n', 'read it twice\n'));
    expect(edit(edit(before, 'AGENTS.md'), 'AGENTS.md')).toBe(first);
  });

  it('writes the block with the file’s CRLF', () => {
    expect(edit('a\r\n', 'CLAUDE.md')).toBe('a\r\n\r\n<!-- brain:setup:begin (written by `brain setup`; running it again replaces this block) -->\r\n## Brain\r\nread it\r\n<!-- brain:setup:end -->\r\n');
  });

  it('refuses markers it cannot pair', () => {
    for (const text of ['<!-- brain:setup:begin -->\nx\n', 'x\n<!-- brain:setup:end -->\n<!-- brain:setup:begin -->\n', '<!-- brain:setup:begin -->\n<!-- brain:setup:begin -->\n<!-- brain:setup:end -->\n']) {
      expect(refusal(() => edit(text, 'AGENTS.md')).message).toMatch(/^AGENTS\.md has \d "brain:setup:begin" and \d "brain:setup:end" lines/);
    }
  });

  it('an own text file: created with its head, its head kept, refused without brain’s block', () => {
    const own = ownTextFile('---\nalwaysApply: true\n---\n', 'body', HTML_COMMENT);
    const created = own(null, 'brain.mdc');
    expect(created.startsWith('---\nalwaysApply: true\n---\n\n<!-- brain:setup:begin')).toBe(true);
    const edited = created.replace('alwaysApply: true', 'alwaysApply: true\nglobs: src/**');
    expect(ownTextFile('---\nalwaysApply: true\n---\n', 'new body', HTML_COMMENT)(edited, 'brain.mdc')).toBe(edited.replace('\nbody\n', '\nnew body\n'));
    expect(refusal(() => own('my own rule\n', 'brain.mdc')).message).toBe('brain.mdc already has other content, which brain setup did not write');
  });
});

describe('tomlEntry', () => {
  const value = { command: 'brain', args: ['mcp', '--agent', 'codex'] };
  const edit = tomlEntry(['mcp_servers', 'brain'], value);

  it("adds [mcp_servers.brain] after the user's config, keeping it, and is idempotent", () => {
    const before = '# my codex\nmodel = "o3"\n\n[mcp_servers.docs]\ncommand = "docs-mcp"\n';
    const after = edit(before, 'config.toml');
    expect(after.startsWith(before)).toBe(true);
    expect(parseToml(after)).toEqual({ model: 'o3', mcp_servers: { docs: { command: 'docs-mcp' }, brain: value } });
    expect(edit(after, 'config.toml')).toBe(after);
    const readOnly = tomlEntry(['mcp_servers', 'brain'], { ...value, args: [...value.args, '--read-only'] })(after, 'config.toml');
    expect(readOnly.startsWith(before)).toBe(true);
    expect((parseToml(readOnly) as { mcp_servers: { brain: { args: string[] } } }).mcp_servers.brain.args).toContain('--read-only');
  });

  it('refuses a brain table it did not write, TOML that does not parse, and a file its table cannot join', () => {
    expect(refusal(() => edit('[mcp_servers.brain]\ncommand = "mine"\n', 'config.toml')).message).toBe('config.toml already has [mcp_servers.brain], which brain setup did not write');
    expect(refusal(() => edit('model = \n', 'config.toml')).message).toMatch(/^config\.toml is not valid TOML \(/);
    expect(refusal(() => edit('mcp_servers = { docs = { command = "x" } }\n', 'config.toml')).message).toMatch(/^brain's \[mcp_servers\.brain\] cannot be added to config\.toml \(/);
    const trailing = `${edit('', 'config.toml')}startup_timeout_sec = 5\n`;
    expect(refusal(() => edit(trailing, 'config.toml')).message).toMatch(/would not hold exactly brain's keys/);
  });

  it('uses # comments for its markers', () => {
    expect(edit(null, 'config.toml').split('\n')[0]).toBe(HASH_COMMENT.line('brain:setup:begin (written by `brain setup`; running it again replaces this block)'));
  });
});
