/**
 * The daemon's named tokens (src/service/daemon-tokens.ts; docs/decisions/0032): only hashes
 * on disk (mode 0600), the default token listed as `daemon`, revocation, and room to grow
 * without a break — members a newer brain wrote are kept, a capability this version does not
 * know grants nothing, a higher format is refused.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { authenticateDaemonToken, createDaemonToken, listDaemonTokens, revokeDaemonToken, TOKENS_FILE } from '../../src/service/daemon-tokens.js';
import { ensureDefaultToken } from '../../src/service/default-token.js';
import { hashSecret } from '../../src/service/bearer-auth.js';
import { writesFor } from '../../src/http/mcp-route.js';
import { BrainError } from '../../src/model/errors.js';
import { cleanupTempDirs, tempDir } from '../helpers/git.js';

let dirs: { brainDir: string; commonDir: string };
beforeEach(() => {
  const root = tempDir();
  dirs = { brainDir: join(root, 'brain'), commonDir: root };
  mkdirSync(dirs.brainDir);
});
afterAll(cleanupTempDirs);

const file = () => JSON.parse(readFileSync(join(dirs.brainDir, TOKENS_FILE), 'utf8'));
const code = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    return (err as BrainError).code;
  }
  return 'ok';
};

describe('daemon tokens', () => {
  it('keep only the hash of a secret, mode 0600, and authenticate it by name', async () => {
    const { token, secret } = await createDaemonToken({ ...dirs, name: 'claude-code' });
    expect(secret).toMatch(/^bd_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'claude-code', capabilities: ['read', 'write'], default: false });
    expect(readFileSync(join(dirs.brainDir, TOKENS_FILE), 'utf8')).not.toContain(secret);
    expect(file().tokens[0].secret_sha256).toBe(hashSecret(secret));
    expect(statSync(join(dirs.brainDir, TOKENS_FILE)).mode & 0o777).toBe(0o600);
    expect(authenticateDaemonToken({ brainDir: dirs.brainDir, secret })).toEqual({ name: 'claude-code', capabilities: ['read', 'write'] });
    expect(authenticateDaemonToken({ brainDir: dirs.brainDir, secret: `${secret}x` })).toBeNull();
    expect(await code(createDaemonToken({ ...dirs, name: 'claude-code' }))).toBe('invalid_argument');
  });

  it('list the default token as daemon; revoking it deletes .git/brain/token', async () => {
    const { token } = ensureDefaultToken({ brainDir: dirs.brainDir });
    await createDaemonToken({ ...dirs, name: 'codex' });
    expect(listDaemonTokens(dirs).map((t) => [t.name, t.default])).toEqual([['daemon', true], ['codex', false]]);
    expect(authenticateDaemonToken({ brainDir: dirs.brainDir, secret: token })?.name).toBe('daemon');
    expect(await code(createDaemonToken({ ...dirs, name: 'daemon' }))).toBe('invalid_argument');
    expect((await revokeDaemonToken({ ...dirs, name: 'daemon' })).name).toBe('daemon');
    expect(existsSync(join(dirs.brainDir, 'token'))).toBe(false);
    expect(authenticateDaemonToken({ brainDir: dirs.brainDir, secret: token })).toBeNull();
    expect((await revokeDaemonToken({ ...dirs, name: 'codex' })).name).toBe('codex');
    expect(listDaemonTokens(dirs)).toEqual([]);
    expect(await code(revokeDaemonToken({ ...dirs, name: 'codex' }))).toBe('not_found');
  });

  it('grow without a break: unknown members are kept, unknown capabilities grant nothing, a newer format is refused', async () => {
    const secret = 'bd_written-by-a-newer-brain-0000000000000000000';
    writeFileSync(join(dirs.brainDir, TOKENS_FILE), JSON.stringify({
      format: 1, note: 'kept',
      tokens: [{ name: 'reviewer', secret_sha256: hashSecret(secret), capabilities: ['read', 'propose'], created_at: '2026-11-23T00:00:00.000Z', projects: ['demo'] }],
    }));
    const caller = authenticateDaemonToken({ brainDir: dirs.brainDir, secret });
    expect(caller).toEqual({ name: 'reviewer', capabilities: ['read', 'propose'] });
    expect(writesFor(caller, false)).toBe('unauthorized');
    expect(writesFor({ name: 'claude-code', capabilities: ['read', 'write'] }, false)).toBe('enabled');
    expect(writesFor({ name: 'claude-code', capabilities: ['read', 'write'] }, true)).toBe('hidden');
    await createDaemonToken({ ...dirs, name: 'codex' });
    expect(file()).toMatchObject({ note: 'kept', tokens: [{ name: 'reviewer', projects: ['demo'] }, { name: 'codex' }] });

    writeFileSync(join(dirs.brainDir, TOKENS_FILE), JSON.stringify({ format: 2, tokens: [] }));
    expect(await code(() => authenticateDaemonToken({ brainDir: dirs.brainDir, secret }))).toBe('unsupported_format');
    writeFileSync(join(dirs.brainDir, TOKENS_FILE), '{"format": 1, "tokens": [{"name": "Bad Name"}]}');
    expect(await code(() => listDaemonTokens(dirs))).toBe('io_error');
  });
});
