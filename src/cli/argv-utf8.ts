/**
 * Arguments that are not UTF-8 are refused (issue #17 "No input reaches `internal`"): Node
 * decodes the process's argument bytes before brain sees them, turning each bad sequence into
 * U+FFFD, so `brain add decision --title $'caf\xe9'` stored "caf\uFFFD". An argument holding
 * U+FFFD is therefore checked against the raw bytes the kernel passed, read from
 * `/proc/self/cmdline` (NUL-separated, Linux) with a fatal UTF-8 decoder (model/utf8.ts); a real
 * U+FFFD typed by the user is valid UTF-8 and passes. Where `/proc` is missing (macOS, BSD)
 * the bytes cannot be recovered and the decoded arguments are used as given.
 */
import { readFileSync } from 'node:fs';
import { BrainError } from '../model/errors.js';
import { invalidUtf8Offset } from '../model/utf8.js';

/** The raw argument bytes of this process, or null where the OS does not expose them. */
function rawArguments(cmdline: string): Buffer[] | null {
  let bytes: Buffer;
  try {
    bytes = readFileSync(cmdline);
  } catch {
    return null;
  }
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(0, start);
    parts.push(bytes.subarray(start, end < 0 ? bytes.length : end));
    start = end < 0 ? bytes.length : end + 1;
  }
  return parts;
}

/**
 * Throws when one of the user's arguments (`argv` is `process.argv`: its first two entries are
 * node and the script) was not UTF-8 as the kernel passed it. `cmdline` is the raw argument
 * file (default `/proc/self/cmdline`). Errors: `invalid_argument` naming the argument, its
 * position and the byte offset of the first bad sequence in it.
 */
export function assertArgvUtf8(argv: readonly string[], cmdline = '/proc/self/cmdline'): void {
  if (!argv.some((arg) => arg.includes('\uFFFD'))) return;
  const raw = rawArguments(cmdline);
  if (raw === null) return;
  const user = argv.slice(2);
  const rawUser = raw.slice(raw.length - user.length);
  rawUser.forEach((bytes, i) => {
    const offset = invalidUtf8Offset(bytes);
    if (offset < 0) return;
    const after = i > 0 && user[i - 1]?.startsWith('--') ? ` (the value of ${user[i - 1]})` : '';
    throw new BrainError('invalid_argument', `argument ${i + 1}${after} is not valid UTF-8 at byte ${offset}: "${(user[i] ?? '').slice(0, 60)}"`, {
      hint: 'pass text as UTF-8: use a UTF-8 locale (e.g. LANG=C.UTF-8), or convert it with iconv -f latin1 -t utf-8',
      data: { argument: i + 1, byte_offset: offset },
    });
  });
}
