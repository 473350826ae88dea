/**
 * The admin token of a clone, `.git/brain/token` (DESIGN §6: "over HTTP a bearer token from
 * `.git/brain/token` (mode 0600)"). Whoever can read the file may call MCP write tools over
 * HTTP; everyone else who reaches the loopback port gets read tools only.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../git/git-fs.js';

/** The token file's name inside `.git/brain/`. */
export const TOKEN_FILE = 'token';

/** What {@link ensureToken} found or made. */
export interface AdminToken {
  /** The token text (43 base64url characters = 256 random bits when made here). */
  token: string;
  /** Absolute path of the file. */
  path: string;
  /** True when this call created the file. */
  created: boolean;
}

function readToken(path: string): string | null {
  try {
    const text = fs.readFileSync(path, 'utf8').trim();
    return text === '' ? null : text;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Reads `<brainDir>/token`, creating it (random, mode 0600, atomically) when missing or
 * empty; an existing file readable by group or others is narrowed to 0600. Creates
 * `brainDir` if needed. Errors: node fs errors (EACCES…), never a BrainError.
 */
export function ensureToken(options: { brainDir: string }): AdminToken {
  fs.mkdirSync(options.brainDir, { recursive: true });
  const path = join(options.brainDir, TOKEN_FILE);
  const existing = readToken(path);
  if (existing !== null) {
    if ((fs.statSync(path).mode & 0o077) !== 0) fs.chmodSync(path, 0o600);
    return { token: existing, path, created: false };
  }
  const token = randomBytes(32).toString('base64url');
  writeFileAtomicSync(path, `${token}\n`, 0o600);
  fs.chmodSync(path, 0o600); // the umask may have narrowed less than asked; never more open
  return { token, path, created: true };
}

/**
 * True when `authorization` (an HTTP `Authorization` header value, or undefined) is
 * `Bearer <token>` (scheme case-insensitive, RFC 9110 §11.1) with exactly `token`. Compared in
 * constant time.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  if (authorization === undefined) return false;
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization);
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1]);
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
