/**
 * Agent names (issue #17 "every write says who made it"; docs/decisions/0032): the `agent`
 * field of a revision, the name of a daemon token, the `Brain-Agent:` trailer of a commit.
 * One rule for all three: a slug — lower-case ASCII letters, digits, `.`, `_`, `-`, starting
 * with a letter or digit, at most 64 characters — so a name goes into a commit message, a
 * terminal, HTML and a file name as is: it can hold no newline (no forged trailer or header),
 * no escape sequence, no markup. Pure, zod-free (read paths check names too).
 */
import { BrainError } from './errors.js';

/** The slug an agent name must match. */
export const AGENT_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** The agent a stdio MCP write is attributed to when neither `--agent`, `BRAIN_AGENT` nor a usable client name says. */
export const UNKNOWN_MCP_AGENT = 'mcp-client';

/**
 * Returns `name` when it is an agent name (see the module doc). Errors: `invalid_argument`
 * naming where the value came from (`source`, e.g. `--name`, `BRAIN_AGENT`).
 */
export function checkAgentName(name: string, source: string): string {
  if (AGENT_NAME_PATTERN.test(name)) return name;
  throw new BrainError('invalid_argument', `invalid agent name ${JSON.stringify(name.slice(0, 80))} (from ${source})`, {
    hint: 'an agent or token name is 1–64 characters of a-z 0-9 . _ - starting with a letter or digit, e.g. claude-code',
    data: { source },
  });
}

/**
 * The agent name of an MCP client that named itself `clientName` in the initialize handshake
 * (`clientInfo.name`, e.g. `claude-code`, `Visual Studio Code`): lower-cased, every run of
 * other characters made one `-`, trimmed to 64; null when nothing usable is left. The client's
 * self-description is hostile input: only the slug survives.
 */
export function agentNameOfClient(clientName: string | undefined): string | null {
  if (clientName === undefined) return null;
  const slug = clientName
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+/, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return AGENT_NAME_PATTERN.test(slug) ? slug : null;
}
