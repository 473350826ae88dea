/**
 * The one error type of Project Brain (DESIGN §10). Every failure carries a stable string
 * `code`, a human `message`, an optional `hint` (what to do next) and structured `data`.
 * Surfaces map codes in one place each: CLI exit codes (src/cli/exit-codes.ts), and later
 * HTTP statuses and MCP errors.
 */
export type BrainErrorCode =
  | 'not_found'
  | 'ambiguous_id'
  | 'revision_conflict'
  | 'invalid_entry'
  | 'illegal_status'
  | 'invalid_argument'
  | 'not_a_repository'
  | 'not_initialized'
  | 'branch_exists'
  | 'ambiguous_remote'
  | 'lock_timeout'
  | 'ref_locked'
  | 'ref_conflict'
  | 'unsupported_format'
  | 'verify_failed'
  | 'git_error'
  | 'io_error'
  | 'remote_error';

/** Codes that mean "the caller asked for something invalid" (CLI exit 2, nothing written). */
export const VALIDATION_CODES: ReadonlySet<BrainErrorCode> = new Set<BrainErrorCode>([
  'invalid_entry',
  'illegal_status',
  'invalid_argument',
  'ambiguous_id',
  'branch_exists',
]);

/** Options for {@link BrainError}. */
export interface BrainErrorOptions {
  hint?: string;
  data?: Record<string, unknown>;
  cause?: unknown;
}

/** A failure with a code, a message and a hint; thrown by every layer below the surfaces. */
export class BrainError extends Error {
  readonly code: BrainErrorCode;
  readonly hint: string | undefined;
  readonly data: Record<string, unknown>;

  constructor(code: BrainErrorCode, message: string, options: BrainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BrainError';
    this.code = code;
    this.hint = options.hint;
    this.data = options.data ?? {};
  }

  /** `{code, message, hint?, data?}` — the shape surfaces print with `--json`. */
  toJSON(): { code: BrainErrorCode; message: string; hint?: string; data?: Record<string, unknown> } {
    return {
      code: this.code,
      message: this.message,
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(Object.keys(this.data).length === 0 ? {} : { data: this.data }),
    };
  }
}

/** True when `err` is a {@link BrainError}, optionally with the given code. */
export function isBrainError(err: unknown, code?: BrainErrorCode): err is BrainError {
  return err instanceof BrainError && (code === undefined || err.code === code);
}
