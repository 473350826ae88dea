/**
 * Who is writing: the entry `author` and the git identity of the commits (issue #7
 * "Identity"). The author comes from the explicit option, else `BRAIN_AUTHOR`, else git
 * `user.name`, else `GIT_AUTHOR_NAME`; each may be `Name <email>`, parsed the way
 * `git commit --author` reads it. The commit email is the one given with the name, else
 * `GIT_AUTHOR_EMAIL`, else git `user.email`, else `brain@localhost`.
 *
 * The committer is who ran the write, as `git commit --author` keeps it: `GIT_COMMITTER_NAME`,
 * else git `user.name` (email `GIT_COMMITTER_EMAIL`, else `user.email`, else the author's);
 * with neither name configured it is the author. So `--author "Alice"` run by Bob commits
 * `author Alice`, `committer Bob` — a write on someone's behalf still says who made it.
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

/**
 * git's `user.name` and `user.email` as `git config` resolves them in `cwd` (the last value of a
 * key wins, as `git config --get` answers), read with one process the first time either is
 * asked for; empty values count as unset.
 */
function userConfig(cwd: string): (key: 'user.name' | 'user.email') => string | null {
  let values: Map<string, string> | undefined;
  return (key) => {
    if (values === undefined) {
      values = new Map();
      try {
        const out = execFileSync('git', ['config', '-z', '--get-regexp', '^user\\.(name|email)$'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
        for (const record of out.split('\0')) {
          const newline = record.indexOf('\n');
          if (newline > 0) values.set(record.slice(0, newline).toLowerCase(), record.slice(newline + 1));
        }
      } catch {
        // exit 1: neither key is set
      }
    }
    const value = values.get(key)?.trim() ?? '';
    return value === '' ? null : value;
  };
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
export function resolveIdentity(options: ResolveIdentityOptions): { author: string; identity: Identity; committer: Identity } {
  const gitConfig = userConfig(options.cwd);
  const sources: [string, () => string | null][] = [
    ['--author', () => nonEmpty(options.explicit)],
    ['BRAIN_AUTHOR', () => nonEmpty(process.env.BRAIN_AUTHOR)],
    ['git config user.name', () => gitConfig('user.name')],
    ['GIT_AUTHOR_NAME', () => nonEmpty(process.env.GIT_AUTHOR_NAME)],
  ];
  for (const [source, read] of sources) {
    const text = read();
    if (text === null) continue;
    const parsed = parseIdentity(text, source);
    const email = parsed.email ?? commitEmail(gitConfig);
    const identity = { name: parsed.name, email };
    return { author: parsed.name, identity, committer: resolveCommitter(gitConfig, identity) };
  }
  throw new BrainError('invalid_argument', 'no author: pass --author, set BRAIN_AUTHOR, or set git user.name', {
    hint: 'git config user.name "Your Name"',
  });
}

/**
 * The committer (see the file's header): `GIT_COMMITTER_NAME` or `user.name` with
 * `GIT_COMMITTER_EMAIL`, `user.email` or the author's email; `author` when no name is set.
 * Errors: `invalid_identity`.
 */
function resolveCommitter(gitConfig: ReturnType<typeof userConfig>, author: Identity): Identity {
  const envName = nonEmpty(process.env.GIT_COMMITTER_NAME);
  const configName = envName === null ? gitConfig('user.name') : null;
  const name = envName ?? configName;
  if (name === null) return author;
  const source = envName !== null ? 'GIT_COMMITTER_NAME' : 'git config user.name';
  const parsedName = checkIdentityPart({ what: 'name', value: name, source });
  const envEmail = nonEmpty(process.env.GIT_COMMITTER_EMAIL);
  if (envEmail !== null) return { name: parsedName, email: checkIdentityPart({ what: 'email', value: envEmail, source: 'GIT_COMMITTER_EMAIL' }) };
  const configEmail = gitConfig('user.email');
  if (configEmail !== null) return { name: parsedName, email: checkIdentityPart({ what: 'email', value: configEmail, source: 'git config user.email' }) };
  return { name: parsedName, email: author.email };
}

function commitEmail(gitConfig: ReturnType<typeof userConfig>): string {
  const env = nonEmpty(process.env.GIT_AUTHOR_EMAIL);
  if (env !== null) return checkIdentityPart({ what: 'email', value: env, source: 'GIT_AUTHOR_EMAIL' });
  const config = gitConfig('user.email');
  if (config !== null) return checkIdentityPart({ what: 'email', value: config, source: 'git config user.email' });
  return 'brain@localhost';
}
