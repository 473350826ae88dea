/**
 * The commit side of "every write says who made it" (issue #17; docs/decisions/0032): a
 * commit brain writes for an agent keeps git's convention — author and committer are the
 * person it is written for (the repository's git identity) — and names the agent in a
 * trailer, `Brain-Agent: <name>`, the last paragraph of the message, where `git log
 * --format=%B`, `git interpret-trailers --parse` and `%(trailers:key=Brain-Agent)` find it.
 *
 * A write guarded by compare-and-swap (DESIGN §6 `expected_revision`) also names the revision
 * it expected, `Brain-Expected-Revision: <entry_id> r<n>`, in the same trailer paragraph, so
 * `brain sync` can honour the guard when it replays the write (store/expected-revisions.ts,
 * docs/decisions/0063).
 */
import { checkAgentName } from '../model/agent-name.js';
import { ENTRY_ID_PATTERN } from '../model/entry-id.js';

/** The trailer's key. */
export const AGENT_TRAILER = 'Brain-Agent';

/** The compare-and-swap trailer's key (docs/decisions/0063). */
export const EXPECTED_REVISION_TRAILER = 'Brain-Expected-Revision';

/** The revision a compare-and-swap write expected its entry at. */
export interface ExpectedRevision {
  entry_id: string;
  revision: number;
}

/**
 * `message` with a trailer paragraph appended: `Brain-Expected-Revision: <id> r<n>` for each of
 * `expected`, then `Brain-Agent: <agent>` (agent null and no `expected`: `message` unchanged).
 * The agent name and entry ids are checked again here, whoever built them: a newline in one
 * would forge trailers. Errors: `invalid_argument` for a name that is not an agent name;
 * a plain Error for an id that is not an entry id or a revision below 1 (a caller bug).
 */
export function withAgentTrailer(message: string, agent: string | null, expected: readonly ExpectedRevision[] = []): string {
  const lines = expected.map((e) => {
    if (!ENTRY_ID_PATTERN.test(e.entry_id) || !Number.isInteger(e.revision) || e.revision < 1) throw new Error(`not an expected revision: ${JSON.stringify(e)}`);
    return `${EXPECTED_REVISION_TRAILER}: ${e.entry_id} r${e.revision}`;
  });
  if (agent !== null) lines.push(`${AGENT_TRAILER}: ${checkAgentName(agent, 'commit trailer')}`);
  if (lines.length === 0) return message;
  return `${message.replace(/\n+$/, '')}\n\n${lines.join('\n')}\n`;
}
