/**
 * Reading one revision file of the branch against the on-disk contract (DESIGN §3): valid
 * JSON, a valid entry (DESIGN §2), and consistent with where it lies — entry id, kind and
 * project match its directory, revision number and sha8 match its file name. Shared by the
 * projection (which records failures as problems) and `brain verify`.
 */
import type { Entry } from '../model/entry.js';
import { BrainError, isBrainError } from '../model/errors.js';
import { validateEntry } from '../model/validate.js';
import { sha256Hex } from './canonical-json.js';
import type { BrainPath } from './layout.js';

/** A revision file that passed every check. */
export interface RevisionFile {
  entry: Entry;
  sha256: string;
}

/** Problem codes a revision file can have. */
export type RevisionProblemCode = 'invalid_json' | 'invalid_entry' | 'illegal_status' | 'misplaced' | 'hash_mismatch';

/** A failed check: `{code, message}`. */
export class RevisionProblem extends Error {
  constructor(
    readonly code: RevisionProblemCode,
    message: string,
  ) {
    super(message);
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f]/g;

/**
 * The parser's message on one line: it quotes the file's bytes, which come from other clones, and
 * a problem message is one line of `brain status`, `doctor` and `verify` (a newline in it began a
 * line of the file's choosing). C0 controls are written as JSON writes them (`\n`, `\u001b`).
 */
function oneLine(message: string): string {
  return message.replace(CONTROL, (c) => JSON.stringify(c).slice(1, -1));
}

/**
 * The checks every revision file of the branch gets, an entry's or a candidate's (DESIGN §3):
 * its bytes parse as JSON, `validate` accepts them (and throws a {@link RevisionProblem} or
 * lets a bug through), `misplaced` lists how the record disagrees with where it lies (none:
 * placed), and its content's sha256 starts with the file name's `sha8`. Returns the record and
 * the sha256 (hex). Errors: {@link RevisionProblem} with the failed check.
 */
export function checkRevisionFile<T>(bytes: Uint8Array, sha8: string, validate: (raw: unknown) => T, misplaced: (record: T) => string[]): { record: T; sha256: string } {
  const sha256 = sha256Hex(bytes);
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')); // a view: no copy
  } catch (err) {
    throw new RevisionProblem('invalid_json', `not valid JSON: ${oneLine((err as Error).message)}`);
  }
  const record = validate(raw);
  const mismatches = misplaced(record);
  if (mismatches.length > 0) throw new RevisionProblem('misplaced', mismatches.join('; '));
  if (sha256.slice(0, 8) !== sha8) {
    throw new RevisionProblem('hash_mismatch', `content sha256 ${sha256.slice(0, 8)}… does not match file name ${sha8}`);
  }
  return { record, sha256 };
}

/**
 * Parses and checks the bytes of the revision file at `where`.
 * Errors: {@link RevisionProblem} with the failed check.
 */
export function readRevisionFile(where: Extract<BrainPath, { type: 'revision' }>, bytes: Uint8Array): RevisionFile {
  const validate = (raw: unknown): Entry => {
    try {
      return validateEntry(raw);
    } catch (err) {
      if (isBrainError(err) && (err.code === 'invalid_entry' || err.code === 'illegal_status')) {
        throw new RevisionProblem(err.code, err.message);
      }
      throw err instanceof BrainError ? err : new RevisionProblem('invalid_entry', String(err));
    }
  };
  const { record: entry, sha256 } = checkRevisionFile(bytes, where.sha8, validate, (entry) => [
    ...(entry.entry_id !== where.entry_id ? [`entry_id ${entry.entry_id} ≠ directory ${where.entry_id}`] : []),
    ...(entry.entry_kind !== where.entry_kind ? [`entry_kind ${entry.entry_kind} ≠ directory ${where.entry_kind}`] : []),
    ...(entry.project_id !== where.project_id ? [`project_id ${entry.project_id} ≠ directory ${where.project_id}`] : []),
    ...(entry.revision !== where.revision ? [`revision ${entry.revision} ≠ file name r${where.revision}`] : []),
  ]);
  return { entry, sha256 };
}
