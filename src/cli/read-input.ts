/**
 * The whole input of a command that reads FILE or stdin (`-`): `brain import jsonl`, `brain
 * capture`. Decoded as strict UTF-8 (docs/decisions/0020: invalid bytes are refused with their
 * offset, never stored as U+FFFD). Errors: `invalid_argument` with `hint` when FILE cannot be
 * read; `code` (default `invalid_argument`) naming the byte offset and line of the first
 * sequence that is not UTF-8.
 */
import { readFileSync } from 'node:fs';
import { BrainError, type BrainErrorCode } from '../model/errors.js';
import { decodeUtf8 } from '../model/utf8.js';

/** The text of `file` (stdin for `-`); see the module comment for errors. */
export async function readInput(file: string, options: { hint: string; code?: BrainErrorCode }): Promise<string> {
  let bytes: Buffer;
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    bytes = Buffer.concat(chunks);
  } else {
    try {
      bytes = readFileSync(file);
    } catch (err) {
      throw new BrainError('invalid_argument', `cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { hint: options.hint });
    }
  }
  return decodeUtf8(bytes, file === '-' ? 'stdin' : file, options.code);
}
