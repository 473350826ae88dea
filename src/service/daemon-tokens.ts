/**
 * The daemon's named tokens (issue #17 "tokens carry a name"; docs/decisions/0032). Each token
 * names the agent that holds it; a write made with it records that name as the revision's
 * `agent`. Two places in `.git/brain/` (per clone, never committed, mode 0600):
 *
 * - `token` — the default token, named {@link DEFAULT_TOKEN_NAME}, in clear text (the one-shot
 *   CLI reads it to ask the daemon; DESIGN §6). Made by the daemon when missing.
 * - `tokens.json` — the tokens `brain daemon token create` made: `{"format": 1, "tokens":
 *   [{name, secret_sha256, capabilities, created_at}]}`, only the SHA-256 of each secret. Members
 *   this version does not know (a newer brain's) are kept when the file is rewritten; a higher
 *   `format` is refused.
 *
 * Capabilities: `read` and `write` today (every token has both); a capability this version
 * does not know grants nothing. Both files are read on every authenticated request, so a token
 * created or revoked while the daemon runs counts at once.
 */
import * as fs from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { BrainError } from '../model/errors.js';
import { AGENT_NAME_PATTERN, checkAgentName } from '../model/agent-name.js';
import { writeFileAtomicSync } from '../git/git-fs.js';
import { withWriteLock } from '../git/write-lock.js';
import { hashSecret, newSecret, secretMatches } from './bearer-auth.js';
import { readDefaultToken, readText, TOKEN_FILE } from './default-token.js';

/** The named tokens' file inside `.git/brain/`. */
export const TOKENS_FILE = 'tokens.json';
/** The name of the default token (the agent its writes record). */
export const DEFAULT_TOKEN_NAME = 'daemon';
/** What a token made today may do. */
export const TOKEN_CAPABILITIES = ['read', 'write'] as const;

/** A token as listed (never its secret). `default`: it is the `.git/brain/token` one. */
export interface DaemonTokenInfo {
  name: string;
  capabilities: string[];
  created_at: string;
  default: boolean;
}

/** Who a request's token says is calling: the token's name and capabilities. */
export interface DaemonCaller {
  name: string;
  capabilities: string[];
}

const TokenRecord = z.looseObject({
  name: z.string().regex(AGENT_NAME_PATTERN),
  secret_sha256: z.string().regex(/^[0-9a-f]{64}$/),
  capabilities: z.array(z.string()),
  created_at: z.string(),
});
type TokenRecord = z.infer<typeof TokenRecord>;
const TokensFile = z.looseObject({ format: z.number().int(), tokens: z.array(TokenRecord) });
type TokensFile = z.infer<typeof TokensFile>;

function readTokensFile(brainDir: string): TokensFile {
  const path = join(brainDir, TOKENS_FILE);
  const text = readText(path);
  if (text === null) return { format: 1, tokens: [] };
  let parsed: ReturnType<typeof TokensFile.safeParse>;
  try {
    parsed = TokensFile.safeParse(JSON.parse(text));
  } catch {
    parsed = TokensFile.safeParse(undefined);
  }
  if (!parsed.success) throw new BrainError('io_error', `${path} is not a token file`, { hint: `move it aside and create the tokens again (brain daemon token create --name NAME)`, data: { path } });
  if (parsed.data.format > 1) throw new BrainError('unsupported_format', `${path} has format ${parsed.data.format}; this brain reads format 1`, { data: { path } });
  return parsed.data;
}

function writeTokensFile(brainDir: string, file: TokensFile): void {
  const path = join(brainDir, TOKENS_FILE);
  writeFileAtomicSync(path, `${JSON.stringify(file, null, 2)}\n`, 0o600);
  fs.chmodSync(path, 0o600);
}

function defaultInfo(brainDir: string): DaemonTokenInfo | null {
  if (readDefaultToken(brainDir) === null) return null;
  const created = fs.statSync(join(brainDir, TOKEN_FILE)).mtime.toISOString();
  return { name: DEFAULT_TOKEN_NAME, capabilities: [...TOKEN_CAPABILITIES], created_at: created, default: true };
}

const info = (t: TokenRecord): DaemonTokenInfo => ({ name: t.name, capabilities: t.capabilities, created_at: t.created_at, default: false });

/** Every live token, the default one first (if its file exists), then by name. Errors: `io_error`, `unsupported_format` for an unreadable tokens.json. */
export function listDaemonTokens(options: { brainDir: string }): DaemonTokenInfo[] {
  const named = readTokensFile(options.brainDir).tokens.map(info).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const fallback = defaultInfo(options.brainDir);
  return fallback ? [fallback, ...named] : named;
}

/**
 * Makes a token named `name` with every capability of {@link TOKEN_CAPABILITIES}; returns it
 * and its secret (`bd_` + 256 random bits; only its hash is kept). Under the writer lock.
 * Errors: `invalid_argument` (not an agent name, the reserved `daemon`, a live token has the
 * name), `lock_timeout`, `io_error`.
 */
export async function createDaemonToken(options: { brainDir: string; commonDir: string; name: string }): Promise<{ token: DaemonTokenInfo; secret: string }> {
  const name = checkAgentName(options.name, '--name');
  if (name === DEFAULT_TOKEN_NAME) throw new BrainError('invalid_argument', `"${DEFAULT_TOKEN_NAME}" is the default token's name (.git/brain/token)`, { hint: 'name the token after the agent that will hold it, e.g. --name claude-code' });
  return withWriteLock({ brainDir: options.brainDir, commonDir: options.commonDir }, async () => {
    const file = readTokensFile(options.brainDir);
    if (file.tokens.some((t) => t.name === name)) throw new BrainError('invalid_argument', `a token named ${name} exists`, { hint: `revoke it first (brain daemon token revoke ${name}), or pick another name`, data: { name } });
    const secret = newSecret('bd_');
    const record: TokenRecord = { name, secret_sha256: hashSecret(secret), capabilities: [...TOKEN_CAPABILITIES], created_at: new Date().toISOString() };
    writeTokensFile(options.brainDir, { ...file, tokens: [...file.tokens, record] });
    return { token: info(record), secret };
  });
}

/**
 * Revokes the token named `name`: a named token leaves tokens.json; `daemon` deletes
 * `.git/brain/token` (the daemon makes a new one when it next starts). Requests with it are
 * refused from then on, also by a running daemon. Errors: `not_found`, `lock_timeout`, `io_error`.
 */
export async function revokeDaemonToken(options: { brainDir: string; commonDir: string; name: string }): Promise<DaemonTokenInfo> {
  return withWriteLock({ brainDir: options.brainDir, commonDir: options.commonDir }, async () => {
    const fallback = options.name === DEFAULT_TOKEN_NAME ? defaultInfo(options.brainDir) : null;
    if (fallback) {
      fs.rmSync(join(options.brainDir, TOKEN_FILE), { force: true });
      return fallback;
    }
    const file = readTokensFile(options.brainDir);
    const record = file.tokens.find((t) => t.name === options.name);
    if (!record) throw new BrainError('not_found', `no token named ${JSON.stringify(options.name.slice(0, 80))}`, { hint: 'see brain daemon token list' });
    writeTokensFile(options.brainDir, { ...file, tokens: file.tokens.filter((t) => t !== record) });
    return info(record);
  });
}

/**
 * The caller whose token is `secret`: the default token or a named one; null when none
 * matches. Every token is compared (by hash, in constant time). Errors: as {@link listDaemonTokens}.
 */
export function authenticateDaemonToken(options: { brainDir: string; secret: string }): DaemonCaller | null {
  const fallback = readDefaultToken(options.brainDir);
  let caller: DaemonCaller | null = fallback !== null && secretMatches(options.secret, hashSecret(fallback)) ? { name: DEFAULT_TOKEN_NAME, capabilities: [...TOKEN_CAPABILITIES] } : null;
  for (const t of readTokensFile(options.brainDir).tokens) {
    if (secretMatches(options.secret, t.secret_sha256) && caller === null) caller = { name: t.name, capabilities: t.capabilities };
  }
  return caller;
}
