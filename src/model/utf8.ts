/**
 * Strict UTF-8 (issue #17 "No input reaches `internal`"): bytes that are not UTF-8 — a Latin-1
 * file, a truncated sequence in an argument — were decoded with U+FFFD in place of each bad
 * sequence and stored so, silently changing the text. Input text is decoded with a fatal
 * decoder (WHATWG `TextDecoder`, `fatal: true`) and refused with the byte offset of the first
 * bad sequence, so the user can find and fix it.
 */
import { BrainError, type BrainErrorCode } from './errors.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * The byte offset of the first sequence in `bytes` that is not UTF-8, or -1 when all of it is.
 * Found as the first byte where the lossy decoding, encoded again, differs from the input:
 * up to there both agree, and a bad sequence decodes to U+FFFD (EF BF BD), which it is not.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  try {
    strict.decode(bytes);
    return -1;
  } catch {
    const again = Buffer.from(lossy.decode(bytes), 'utf8');
    let i = 0;
    while (i < bytes.length && bytes[i] === again[i]) i++;
    return i;
  }
}

/** Where a byte offset lies in text: 1-based line, and the byte offset within that line. */
export function lineOfOffset(bytes: Uint8Array, offset: number): { line: number; line_offset: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      start = i + 1;
    }
  }
  return { line, line_offset: offset - start };
}

/**
 * `bytes` decoded as UTF-8 (a leading BOM is kept as U+FEFF). `source` names the input in
 * the message (`entries.jsonl`, `stdin`). Errors: `code` (default `invalid_argument`) saying
 * `source is not valid UTF-8 at byte N (line L, byte K of the line)`, with `data.byte_offset`,
 * `data.line`, `data.line_offset`.
 */
export function decodeUtf8(bytes: Uint8Array, source: string, code: BrainErrorCode = 'invalid_argument'): string {
  try {
    return strict.decode(bytes);
  } catch {
    const offset = invalidUtf8Offset(bytes);
    const { line, line_offset } = lineOfOffset(bytes, offset);
    throw new BrainError(code, `${source} is not valid UTF-8 at byte ${offset} (line ${line}, byte ${line_offset} of the line)`, {
      hint: 'convert it to UTF-8 first, e.g. iconv -f latin1 -t utf-8 FILE > FILE.utf8',
      data: { source, byte_offset: offset, line, line_offset },
    });
  }
}
