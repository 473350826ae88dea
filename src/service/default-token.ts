/**
 * The default token of a clone, `.git/brain/token` (DESIGN §6: "over HTTP a bearer token from
 * `.git/brain/token` (mode 0600)"), named `daemon` among the daemon's tokens
 * (daemon-tokens.ts). In clear text: the one-shot CLI reads it to ask a running daemon, so this
 * module stays light (node:fs only, no zod) for the CLI's cold start.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../git/git-fs.js';
import { newSecret } from './bearer-auth.js';

/** The default token's file inside `.git/brain/`. */
export const TOKEN_FILE = 'token';

/** A file's text, or null when it does not exist. Errors: node fs errors but ENOENT. */
export function readText(path: string): string | null {
  try {
    return fs.readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The default token's text, or null when its file is missing or empty. Errors: node fs errors. */
export function readDefaultToken(brainDir: string): string | null {
  const text = readText(join(brainDir, TOKEN_FILE))?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * Reads `<brainDir>/token`, creating it (random, mode 0600, atomically) when missing or empty;
 * an existing file readable by group or others is narrowed to 0600. Creates `brainDir` if
 * needed. Errors: node fs errors (EACCES…).
 */
export function ensureDefaultToken(options: { brainDir: string }): { token: string; path: string; created: boolean } {
  fs.mkdirSync(options.brainDir, { recursive: true });
  const path = join(options.brainDir, TOKEN_FILE);
  const existing = readDefaultToken(options.brainDir);
  if (existing !== null) {
    if ((fs.statSync(path).mode & 0o077) !== 0) fs.chmodSync(path, 0o600);
    return { token: existing, path, created: false };
  }
  const token = newSecret(''); // no prefix: tokens made before named tokens look the same
  writeFileAtomicSync(path, `${token}\n`, 0o600);
  fs.chmodSync(path, 0o600); // the umask may have narrowed less than asked; never more open
  return { token, path, created: true };
}
