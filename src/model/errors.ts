/**
 * The one error type of Project Brain (DESIGN §10). Every failure carries a stable string
 * `code`, a human `message`, an optional `hint` (what to do next) and structured `data`.
 * Surfaces map codes in one place each: CLI exit codes (src/cli/exit-codes.ts), and later
 * HTTP statuses and MCP errors.
 */
import { FORMAT_DOC } from './package-info.js';

export type BrainErrorCode =
  | 'not_found'
  | 'ambiguous_id'
  | 'revision_conflict'
  | 'conflict'
  | 'invalid_entry'
  | 'illegal_status'
  | 'invalid_argument'
  | 'invalid_identity'
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
  | 'remote_error'
  | 'unauthorized'
  | 'forbidden'
  | 'secret_detected';

/** Codes that mean "the caller asked for something invalid" (CLI exit 2, nothing written). */
export const VALIDATION_CODES: ReadonlySet<BrainErrorCode> = new Set<BrainErrorCode>([
  'invalid_entry',
  'illegal_status',
  'invalid_argument',
  'invalid_identity',
  'ambiguous_id',
  'branch_exists',
  'secret_detected',
]);

/**
 * What to do next, per code, for errors thrown without a specific hint: every error a user
 * sees has a hint (issue #7). Specific hints given at the throw site win.
 */
export const DEFAULT_HINTS: Readonly<Record<BrainErrorCode, string>> = {
  not_found: 'list what exists with `brain list` (or `brain projects` for projects)',
  ambiguous_id: 'give more characters of the id',
  revision_conflict: 'read the entry again (`brain show <id>`) and retry with its current revision',
  conflict: 'the write clashes with what the branch already holds; see the message for what exists',
  invalid_entry: `fix the fields named above; the entry format is specified in ${FORMAT_DOC}`,
  illegal_status: 'use one of the legal statuses named above',
  invalid_argument: 'run `brain <command> --help` for the accepted values',
  invalid_identity: 'pass --author "Name" or --author "Name <email>" without control characters, "<" or ">" inside name or email',
  not_a_repository: 'run brain inside a git repository, or pass --repo DIR',
  not_initialized: 'run `brain init` to create the docs branch',
  branch_exists: 'the branch already exists; nothing to do',
  lock_timeout: 'another brain writer is busy; retry in a moment (`brain doctor` shows who holds the lock)',
  ref_locked: 'another git process is updating the branch; retry in a moment, or run `brain doctor --fix` if none is running',
  ref_conflict: 'the branch moved while writing; retry the command',
  unsupported_format: 'upgrade brain: this branch was written by a newer version',
  verify_failed: 'run `brain verify` for the list of problems and `brain doctor` for how to fix them',
  git_error: 'run `brain doctor`; check that `git fsck` passes on this repository',
  io_error: 'check the path named above: permissions, free space, or a file where a directory is expected',
  ambiguous_remote: 'name the remote to take the docs branch from: brain sync <remote>',
  remote_error: 'check the remote with `git fetch <remote>`; your git credentials and config apply',
  unauthorized: 'send "Authorization: Bearer <token>" with a hub token (`brain hub token create`)',
  forbidden: 'ask for a token whose scope and capabilities cover this request',
  secret_detected:
    'remove the credential from the fields named above and say where it is kept instead (the secret manager entry or variable name, e.g. "DATABASE_URL in Vault"); rotate it if it was shared anywhere; for an example write a placeholder such as ${PASSWORD}',
};

/** Options for {@link BrainError}. */
export interface BrainErrorOptions {
  hint?: string;
  data?: Record<string, unknown>;
  cause?: unknown;
}

/** A failure with a code, a message and a hint; thrown by every layer below the surfaces. */
export class BrainError extends Error {
  readonly code: BrainErrorCode;
  readonly hint: string;
  readonly data: Record<string, unknown>;

  constructor(code: BrainErrorCode, message: string, options: BrainErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'BrainError';
    this.code = code;
    this.hint = options.hint ?? DEFAULT_HINTS[code];
    this.data = options.data ?? {};
  }

  /** `{code, message, hint?, data?}` — the shape surfaces print with `--json`. */
  toJSON(): { code: BrainErrorCode; message: string; hint: string; data?: Record<string, unknown> } {
    return {
      code: this.code,
      message: this.message,
      hint: this.hint,
      ...(Object.keys(this.data).length === 0 ? {} : { data: this.data }),
    };
  }
}

/** True when `err` is a {@link BrainError}, optionally with the given code. */
export function isBrainError(err: unknown, code?: BrainErrorCode): err is BrainError {
  return err instanceof BrainError && (code === undefined || err.code === code);
}
