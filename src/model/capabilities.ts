/**
 * What a caller may do (issue #20 "Who may do what"; docs/decisions/0042): the capabilities a
 * daemon token, a hub token or a `brain mcp` process carries. Pure, zod-free (the daemon checks
 * them on every request).
 *
 * - `read` — every read tool, REST and the dashboard;
 * - `propose` — record candidates (`brain_propose`), never entries;
 * - `write` — write entries directly (`brain_append`, `brain_revise`, …);
 * - `approve` — approve or reject candidates (`brain_approve`, `brain_reject`), never one the
 *   same identity proposed (src/model/candidate-identity.ts).
 *
 * A name this version does not know grants nothing (a newer brain's token file stays readable).
 */
import { BrainError } from './errors.js';

/** Every capability, in the order they are listed. */
export const CAPABILITIES = ['read', 'propose', 'write', 'approve'] as const;
/** One capability. */
export type Capability = (typeof CAPABILITIES)[number];

/** What an agent's token gets when nobody says otherwise: it reads and proposes, it never writes or approves (issue #20). */
export const AGENT_DEFAULT_CAPABILITIES: readonly Capability[] = ['read', 'propose'];

/** True when `value` is a capability this version knows. */
export function isCapability(value: string): value is Capability {
  return (CAPABILITIES as readonly string[]).includes(value);
}

/** The known capabilities among `granted` (unknown names grant nothing), in {@link CAPABILITIES} order. */
export function knownCapabilities(granted: readonly string[]): Capability[] {
  return CAPABILITIES.filter((c) => granted.includes(c));
}

/**
 * Parses a comma-separated list (`read,propose,write`) from `source` (a flag name) into
 * capabilities in {@link CAPABILITIES} order, without duplicates. `read` is implied: a caller
 * that may propose or approve must see what it proposes or approves.
 * Errors: `invalid_argument` for an empty list or an unknown name.
 */
export function parseCapabilities(text: string, source: string): Capability[] {
  const names = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 0) throw new BrainError('invalid_argument', `${source} names no capability`, { hint: `a comma-separated list of ${CAPABILITIES.join(', ')}` });
  for (const name of names) {
    if (!isCapability(name)) {
      throw new BrainError('invalid_argument', `unknown capability ${JSON.stringify(name.slice(0, 40))} in ${source}`, { hint: `capabilities: ${CAPABILITIES.join(', ')}`, data: { source } });
    }
  }
  return knownCapabilities(['read', ...names]);
}
