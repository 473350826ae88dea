/**
 * What `brain setup <client>` writes for each agent client, each in the client's own format and
 * place as its documentation describes it (docs/decisions/0041 names the pages):
 *
 * | client | MCP server | instructions | session-start hook |
 * | --- | --- | --- | --- |
 * | claude-code | `.mcp.json` `mcpServers.brain` | `CLAUDE.md` block | `.claude/settings.json` `hooks.SessionStart` |
 * | codex | `.codex/config.toml` `[mcp_servers.brain]` (`--user`: `$CODEX_HOME/config.toml`) | `AGENTS.md` block | `.codex/hooks.json` `hooks.SessionStart` |
 * | cursor | `.cursor/mcp.json` `mcpServers.brain` | `.cursor/rules/brain.mdc` | none |
 * | vscode | `.vscode/mcp.json` `servers.brain` | `.github/copilot-instructions.md` block | `.github/hooks/brain.json` |
 *
 * The server runs `brain mcp --agent <client>` (writes say which agent made them for the person:
 * docs/decisions/0032); the hook runs {@link HOOK_COMMAND}.
 */
import { join } from 'node:path';
import type { ClientName } from './client-names.js';
import { jsonEntry, jsonHookGroup, ownJsonFile, ownTextFile, textBlock, type FileEdit } from './file-edits.js';
import { instructionsBody } from './instructions.js';
import { HTML_COMMENT } from './marked-block.js';
import { HOOK_COMMAND, runsBrainContext } from './session-start-hook.js';
import { tomlEntry } from './toml-entry.js';

/** What the person asked for. */
export interface SetupOptions {
  /** The work tree root: project files are written there. */
  root: string;
  /** The server offers only the read tools (`brain mcp --read-only`). */
  readOnly: boolean;
  /** Install the session-start hook where the client has one. */
  hook: boolean;
  /** codex: the MCP server goes to `<codexHome>/config.toml` instead of the project's. */
  user: boolean;
  /** `$CODEX_HOME`, else `~/.codex`. */
  codexHome: string;
}

/** One file setup manages: where, what brain keeps there (for people), and how it changes. */
export interface SetupTarget {
  path: string;
  what: string;
  edit: FileEdit;
}

/** The files of one client and what the person should know after writing them. */
export interface ClientSetup {
  targets: SetupTarget[];
  notes: string[];
}

/** `brain mcp --agent <client>` as the argument list clients launch. */
function serverArgs(client: ClientName, readOnly: boolean): string[] {
  return ['mcp', '--agent', client, ...(readOnly ? ['--read-only'] : [])];
}

/** An MCP server member: this option's value, and the other option's value as also brain's. */
function serverEntry(path: string[], client: ClientName, readOnly: boolean, shape: (args: string[]) => object): FileEdit {
  return jsonEntry(path, shape(serverArgs(client, readOnly)), [shape(serverArgs(client, !readOnly))]);
}

/** A hook group in the Claude Code / Codex shape: event → {matcher, hooks: [handler]}. */
function hookGroup(handler: Record<string, string>): FileEdit {
  // Not on `resume`: the resumed conversation still holds the brief it began with.
  const group = { matcher: 'startup|clear|compact', hooks: [{ type: 'command', command: HOOK_COMMAND, ...handler }] };
  const ours = (item: unknown) => Array.isArray((item as { hooks?: unknown })?.hooks) && (item as { hooks: Array<{ command?: unknown }> }).hooks.some((h) => runsBrainContext(h?.command));
  return jsonHookGroup(['hooks', 'SessionStart'], group, ours);
}

const SERVER = 'MCP server "brain"';
const INSTRUCTIONS = 'instructions (read the brief, propose)';
const HOOK = `SessionStart hook (${HOOK_COMMAND})`;

/** The files and notes of `client` for `options`. */
export function clientSetup(client: ClientName, options: SetupOptions): ClientSetup {
  const at = (...parts: string[]) => join(options.root, ...parts);
  const body = instructionsBody(options.readOnly);
  const hook = (target: SetupTarget) => (options.hook ? [target] : []);
  switch (client) {
    case 'claude-code':
      return {
        targets: [
          { path: at('.mcp.json'), what: SERVER, edit: serverEntry(['mcpServers', 'brain'], client, options.readOnly, (args) => ({ type: 'stdio', command: 'brain', args })) },
          { path: at('CLAUDE.md'), what: INSTRUCTIONS, edit: textBlock(body, HTML_COMMENT) },
          ...hook({ path: at('.claude', 'settings.json'), what: HOOK, edit: hookGroup({}) }),
        ],
        notes: ['Claude Code asks once to approve the servers of a project .mcp.json; /mcp lists them and /hooks the hook.'],
      };
    case 'codex':
      return {
        targets: [
          { path: options.user ? join(options.codexHome, 'config.toml') : at('.codex', 'config.toml'), what: SERVER, edit: tomlEntry(['mcp_servers', 'brain'], { command: 'brain', args: serverArgs(client, options.readOnly) }) },
          { path: at('AGENTS.md'), what: INSTRUCTIONS, edit: textBlock(body, HTML_COMMENT) },
          ...hook({ path: at('.codex', 'hooks.json'), what: HOOK, edit: hookGroup({ statusMessage: 'Reading the Project Brain brief' }) }),
        ],
        notes: [
          options.user
            ? 'Codex starts the brain server in every project; it serves the repository of the session directory.'
            : 'Codex reads .codex/config.toml only in a project you trust (or pass --user for ~/.codex/config.toml).',
          ...(options.hook ? ['Codex runs a new hook of a trusted project only after you review it with /hooks.'] : []),
        ],
      };
    case 'cursor':
      return {
        targets: [
          { path: at('.cursor', 'mcp.json'), what: SERVER, edit: serverEntry(['mcpServers', 'brain'], client, options.readOnly, (args) => ({ command: 'brain', args })) },
          { path: at('.cursor', 'rules', 'brain.mdc'), what: `rule, always applied: ${INSTRUCTIONS}`, edit: ownTextFile(CURSOR_RULE_HEAD, body, HTML_COMMENT) },
        ],
        notes: ["Check that brain is enabled in Cursor's MCP settings. Cursor gets no session-start hook: its rule tells the agent to call brain_context first."],
      };
    case 'vscode':
      return {
        targets: [
          { path: at('.vscode', 'mcp.json'), what: SERVER, edit: serverEntry(['servers', 'brain'], client, options.readOnly, (args) => ({ type: 'stdio', command: 'brain', args })) },
          { path: at('.github', 'copilot-instructions.md'), what: INSTRUCTIONS, edit: textBlock(body, HTML_COMMENT) },
          ...hook({ path: at('.github', 'hooks', 'brain.json'), what: HOOK, edit: ownJsonFile(VSCODE_HOOKS) }),
        ],
        notes: ['VS Code asks you to trust the brain server the first time it starts it; agent hooks are a VS Code preview feature.'],
      };
  }
}

/** The head of the Cursor rule: always applied (cursor.com "Rules": `alwaysApply`). */
const CURSOR_RULE_HEAD = '---\ndescription: Project Brain - read the brief first, then propose decisions, blockers, questions and risks\nalwaysApply: true\n---\n';

/**
 * `.github/hooks/brain.json` in the Copilot CLI hook format (`version: 1`, `sessionStart`, `bash` /
 * `powershell`), which VS Code documents that it reads and converts, and which GitHub Copilot CLI
 * and the Copilot cloud agent read from the same folder.
 */
const VSCODE_HOOKS = { version: 1, hooks: { sessionStart: [{ type: 'command', bash: HOOK_COMMAND, powershell: HOOK_COMMAND }] } };
