/**
 * Who is writing: the entry `author` and the git identity of the commits (issue #7
 * "Identity"). The author comes from the explicit option, else `BRAIN_AUTHOR`, else git
 * `user.name`, else `GIT_AUTHOR_NAME`; each may be `Name <email>`, parsed the way
 * `git commit --author` reads it. The commit email is the one given with the name, else
 * `GIT_AUTHOR_EMAIL`, else git `user.email`, else `brain@localhost`.
 *
 * Names and emails go into commit headers (`author Name <email> <time> +0000`), so they are
 * validated before any object is written: no control characters (C0, DEL, C1), no `<` or `>`
 * inside, no empty name — what `git fsck --strict` requires (badName, badEmail,
 * missingNameBeforeEmail) and what keeps a newline from forging headers.
 */
import { execFileSync } from 'node:child_process';
import { BrainError } from '../model/errors.js';

/** A commit author/committer. */
export interface Identity {
  name: string;
  email: string;
}

function gitConfig(cwd: string, key: string): string | null {
  try {
    const value = execFileSync('git', ['config', '--get', key], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return value === '' ? null : value;
  } catch {
    return null;
  }
}

const nonEmpty = (v: string | undefined | null): string | null => (v !== undefined && v !== null && v.trim() !== '' ? v : null);

// C0 controls, DEL and C1 controls (a newline in a header forges the next header).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function invalidIdentity(what: string, value: string, source: string, why: string): BrainError {
  return new BrainError('invalid_identity', `invalid ${what} ${JSON.stringify(value)} (from ${source}): ${why}`, {
    hint: 'give a plain name, or "Name <email>" as for git commit --author: no newlines, control characters, "<" or ">" inside the name or the email',
    data: { field: what, source },
  });
}

/**
 * Checks one name or email for use in a commit header; returns it trimmed.
 * Errors: `invalid_identity` naming the field and where the value came from.
 */
export function checkIdentityPart(args: { what: 'name' | 'email'; value: string; source: string }): string {
  const value = args.value.trim();
  if (CONTROL.test(value)) throw invalidIdentity(args.what, args.value, args.source, 'control characters (newline, NUL, escape, …) are not allowed');
  if (/[<>]/.test(value)) throw invalidIdentity(args.what, args.value, args.source, '"<" and ">" are not allowed inside it');
  if (args.what === 'name' && value === '') throw invalidIdentity(args.what, args.value, args.source, 'the name must not be empty');
  return value;
}

/**
 * Parses `Name` or `Name <email>` (git's `--author` form). Errors: `invalid_identity`.
 */
export function parseIdentity(text: string, source: string): { name: string; email: string | null } {
  const match = /^([^<>]*)<([^<>]*)>\s*$/.exec(text.trim());
  if (match) {
    return {
      name: checkIdentityPart({ what: 'name', value: match[1] ?? '', source }),
      email: checkIdentityPart({ what: 'email', value: match[2] ?? '', source }),
    };
  }
  return { name: checkIdentityPart({ what: 'name', value: text, source }), email: null };
}

/** Options of {@link resolveIdentity}. */
export interface ResolveIdentityOptions {
  /** `--author` (or the service's `author` option). */
  explicit?: string | undefined;
  /** Where git config is read (a directory inside the repository). */
  cwd: string;
}

/**
 * The writer: `author` (the entry field: the name) and the git `identity` of its commits.
 * Errors: `invalid_argument` when no author is configured, `invalid_identity` when a name or
 * email cannot go into a commit header.
 */
export function resolveIdentity(options: ResolveIdentityOptions): { author: string; identity: Identity } {
  const sources: [string, () => string | null][] = [
    ['--author', () => nonEmpty(options.explicit)],
    ['BRAIN_AUTHOR', () => nonEmpty(process.env.BRAIN_AUTHOR)],
    ['git config user.name', () => gitConfig(options.cwd, 'user.name')],
    ['GIT_AUTHOR_NAME', () => nonEmpty(process.env.GIT_AUTHOR_NAME)],
  ];
  for (const [source, read] of sources) {
    const text = read();
    if (text === null) continue;
    const parsed = parseIdentity(text, source);
    const email = parsed.email ?? commitEmail(options.cwd);
    return { author: parsed.name, identity: { name: parsed.name, email } };
  }
  throw new BrainError('invalid_argument', 'no author: pass --author, set BRAIN_AUTHOR, or set git user.name', {
    hint: 'git config user.name "Your Name"',
  });
}

function commitEmail(cwd: string): string {
  const env = nonEmpty(process.env.GIT_AUTHOR_EMAIL);
  if (env !== null) return checkIdentityPart({ what: 'email', value: env, source: 'GIT_AUTHOR_EMAIL' });
  const config = gitConfig(cwd, 'user.email');
  if (config !== null) return checkIdentityPart({ what: 'email', value: config, source: 'git config user.email' });
  return 'brain@localhost';
}
