/**
 * `brain capture` in the service (issue #20 "Capture"; docs/decisions/0042): turns a text an
 * agent or CI hands over (a session transcript, a pull request description, `git log` of a
 * range) into candidates — never entries — in one commit. With a command
 * (`BRAIN_EXTRACTOR_COMMAND`, src/capture/command-extractor.ts) its memories are taken when it
 * succeeds and every memory makes a valid proposal; otherwise, and without a command, the
 * built-in marker extractor (src/capture/marker-extractor.ts) reads the text, and the result
 * says why it fell back. Each candidate records which extractor found it (`capture.extractor`)
 * and is reviewed like any proposal; none is auto-approved.
 */
import type { Candidate } from '../model/candidate.js';
import { BrainError, isBrainError } from '../model/errors.js';
import type { EntryFields } from '../model/input.js';
import { runExtractor } from '../capture/command-extractor.js';
import { extractMarked } from '../capture/marker-extractor.js';
import type { BrainCandidates } from './candidates.js';

/** The most text one capture reads, in characters. */
export const MAX_CAPTURE_TEXT = 10_000_000;

/** What a capture did. `commit` is null when nothing was found (nothing written). */
export interface CaptureResult {
  extractor: 'command' | 'builtin';
  /** Why the command's answer was not used (null: it was, or there was no command). */
  fallback_reason: string | null;
  candidates: Candidate[];
  commit: string | null;
}

/**
 * Captures `text` (from `source`, a file name or `stdin`, for the commit message) as
 * candidates through `candidates` (its writer and agent). `command`: the extractor command, if
 * any. Errors: `invalid_argument` (text over {@link MAX_CAPTURE_TEXT}); a memory that is refused
 * when written (a credential: `secret_detected`; a built-in one that is no valid entry) refuses
 * the whole capture, nothing written.
 */
export async function captureText(candidates: BrainCandidates, args: { text: string; source: string; command?: string | undefined; env?: NodeJS.ProcessEnv }): Promise<CaptureResult> {
  if (args.text.length > MAX_CAPTURE_TEXT) throw new BrainError('invalid_argument', `the text to capture is over ${MAX_CAPTURE_TEXT} characters`, { hint: 'capture a smaller range (one session, one pull request)' });
  let fallback: string | null = null;
  if (args.command !== undefined && args.command.trim() !== '') {
    const found = await runExtractor(args.command, args.text, args.env);
    if (found.ok) {
      const invalid = await firstInvalid(found.memories);
      if (invalid === null) return { extractor: 'command', fallback_reason: null, ...(await candidates.capture({ proposals: found.memories, extractor: 'command', source: args.source })) };
      fallback = invalid;
    } else fallback = found.reason;
    fallback = `BRAIN_EXTRACTOR_COMMAND failed: ${fallback}; used the built-in extractor`;
  }
  return { extractor: 'builtin', fallback_reason: fallback, ...(await candidates.capture({ proposals: extractMarked(args.text), extractor: 'builtin', source: args.source })) };
}

/** Why the first of `memories` that makes no valid proposal is refused, or null when all are valid (checked as `brain propose` checks, nothing written). */
async function firstInvalid(memories: readonly { kind: string; fields: EntryFields }[]): Promise<string | null> {
  const { toProposal } = await import('./candidate-review.js');
  for (const [i, m] of memories.entries()) {
    try {
      await toProposal(m.kind, m.fields);
    } catch (e) {
      if (!isBrainError(e)) throw e;
      return `memory ${i + 1} is refused (${e.code}: ${e.message.slice(0, 200)})`;
    }
  }
  return null;
}
