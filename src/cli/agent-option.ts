/**
 * Who a CLI write says made it (issue #17 "every write says who made it"; docs/decisions/0032,
 * 0060 "Agents through the CLI"): an agent that runs `brain add` from a shell (Claude Code,
 * Codex, …) names itself with the global `--agent <name>`, else `BRAIN_AGENT` (blank: none).
 * Its writes are recorded as an MCP write by that agent for the person would be: the
 * revision's `agent` beside `author`, the person's commit with a `Brain-Agent:` trailer. They
 * stay direct writes (the person's own shell ran them), not candidates. One rule for `brain
 * mcp` and every write command: a name that is not an agent name (model/agent-name.ts) is
 * `invalid_argument` (exit 2) before anything is written.
 */
import type { Command } from 'commander';
import { checkAgentName } from '../model/agent-name.js';
import type { Brain } from '../service.js';
import type { BrainWrites } from '../service/writes.js';
import type { BrainCandidates } from '../service/candidates.js';

/** The global `--agent` option's parser: the name, checked. Errors: `invalid_argument` (exit 2). */
export function agentFlag(value: string): string {
  return checkAgentName(value, '--agent');
}

/**
 * The agent a command runs as: `flag` (`--agent`), else `BRAIN_AGENT` trimmed (unset or blank:
 * undefined, the person themself), checked. Errors: `invalid_argument` naming the source.
 */
export function agentOption(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (flag !== undefined) return checkAgentName(flag, '--agent');
  const value = env.BRAIN_AGENT;
  return value === undefined || value.trim() === '' ? undefined : checkAgentName(value.trim(), 'BRAIN_AGENT');
}

/** The agent of `command` (its global `--agent`, else `BRAIN_AGENT`); see {@link agentOption}. */
export function commandAgent(command: Command): string | undefined {
  return agentOption(command.optsWithGlobals<{ agent?: string }>().agent);
}

/** `brain.writes`, made by `agent` for the person when one is given. */
export function writesAs(brain: Brain, agent: string | undefined): BrainWrites {
  return agent === undefined ? brain.writes : brain.writes.byAgent(agent);
}

/** `brain.candidates`, made by `agent` for the person when one is given. */
export function candidatesAs(brain: Brain, agent: string | undefined): BrainCandidates {
  return agent === undefined ? brain.candidates : brain.candidates.byAgent(agent);
}
