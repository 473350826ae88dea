/**
 * The commit side of "every write says who made it" (issue #17; docs/decisions/0032): a
 * commit brain writes for an agent keeps git's convention — author and committer are the
 * person it is written for (the repository's git identity) — and names the agent in a
 * trailer, `Brain-Agent: <name>`, the last paragraph of the message, where `git log
 * --format=%B`, `git interpret-trailers --parse` and `%(trailers:key=Brain-Agent)` find it.
 */
import { checkAgentName } from '../model/agent-name.js';

/** The trailer's key. */
export const AGENT_TRAILER = 'Brain-Agent';

/**
 * `message` with the `Brain-Agent: <agent>` trailer paragraph appended (null: `message`
 * unchanged). The name is checked again here, whoever built it: a newline in it would forge
 * trailers. Errors: `invalid_argument` for a name that is not an agent name.
 */
export function withAgentTrailer(message: string, agent: string | null): string {
  if (agent === null) return message;
  return `${message.replace(/\n+$/, '')}\n\n${AGENT_TRAILER}: ${checkAgentName(agent, 'commit trailer')}\n`;
}
