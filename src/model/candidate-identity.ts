/**
 * The hard rule of issue #20 "Who may do what": no identity may approve a candidate it
 * proposed (docs/decisions/0042). Pure.
 *
 * **Identity.** Every write is made by a person (`author`: `--author`, `BRAIN_AUTHOR`, git
 * `user.name`, or the daemon's git user) and, when an agent made it on that person's behalf,
 * by an agent (`agent`: a token's name, `--agent`, `BRAIN_AGENT`, an MCP client's name;
 * docs/decisions/0032). The identity that *acted* is the agent when there is one, else the
 * person. Two identities are the same when both are agents with the same name, or both are
 * persons whose names are equal after Unicode NFC, trimming, collapsing white space and case
 * folding (`Ada  Lovelace` = `ada lovelace`). So:
 *
 * - `claude-code` for Ada proposes → `claude-code` (for anyone) may not approve it; Ada herself
 *   (no agent) may, and so may another agent with the approve capability;
 * - Ada proposes herself (CLI, no agent) → Ada (no agent) may not approve it; another person,
 *   or an agent acting for Ada, may.
 *
 * The rule compares what the writes record; it does not authenticate people (git does not
 * either). Agents are authenticated by their token or by how their `brain mcp` was started.
 */
import { BrainError } from './errors.js';
import type { Identity } from './approval.js';
import { describeApprover } from './candidate-id.js';

/** The identity that acted in `who`: the agent when there is one, else the person, normalized. */
export function actingIdentity(who: Identity): { type: 'agent' | 'person'; name: string } {
  if (who.agent !== undefined) return { type: 'agent', name: who.agent };
  return { type: 'person', name: who.author.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase() };
}

/** True when `a` and `b` are the same acting identity (see the module doc). */
export function sameIdentity(a: Identity, b: Identity): boolean {
  const x = actingIdentity(a);
  const y = actingIdentity(b);
  return x.type === y.type && x.name === y.name;
}

/**
 * Throws unless `approver` may approve a candidate `proposer` proposed.
 * Errors: `forbidden` (`data.reason: "self_approval"`) naming both.
 */
export function assertNotSelfApproval(args: { candidateId: string; proposer: Identity; approver: Identity }): void {
  if (!sameIdentity(args.proposer, args.approver)) return;
  const who = actingIdentity(args.approver);
  throw new BrainError('forbidden', `${args.candidateId} was proposed by ${describeApprover(args.proposer)}: no identity may approve a candidate it proposed`, {
    hint: who.type === 'agent' ? 'ask a person (brain approve on the CLI) or another agent with the approve capability' : 'ask another person, or an agent with the approve capability, to approve it',
    data: { candidate_id: args.candidateId, reason: 'self_approval', identity: who },
  });
}
