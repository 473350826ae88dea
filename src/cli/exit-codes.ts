/**
 * The CLI's one mapping from errors to exit codes (issue #2 contract): 0 ok, 1 failure
 * (not found, conflict, verify failed, git/lock errors), 2 usage or validation error — and on
 * exit 2 nothing was written.
 */
import { BrainError, VALIDATION_CODES } from '../model/errors.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** Exit code for an error thrown by a command. */
export function exitCodeFor(err: unknown): number {
  if (err instanceof BrainError) return VALIDATION_CODES.has(err.code) ? EXIT_USAGE : EXIT_FAILURE;
  return EXIT_FAILURE;
}

/** `{code, message, hint}` for any thrown value (unknown errors become `internal`). */
export function errorBody(err: unknown): { code: string; message: string; hint?: string; data?: Record<string, unknown> } {
  if (err instanceof BrainError) return err.toJSON();
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'internal', message, hint: 'this is a bug in brain; please report it with the command you ran' };
}
