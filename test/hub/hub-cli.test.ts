/**
 * `brain hub` on the command line (the built CLI, a real PostgreSQL): add, list (with a failing
 * repository's error), token create/list/revoke (the secret printed once, never listed),
 * sync, remove, bad input refused with exit 2; and `serve` answering a token holder, then
 * stopping on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, gitEnv, testHome } from '../helpers/git.js';
import { BRAIN_BIN, brain } from '../helpers/brain.js';
import { startPostgres, type PostgresServer } from '../helpers/postgres.js';
import { brainRepo, hubDir, notABrainRepo, record } from './fixtures.js';

let pgServer: PostgresServer;
let env: NodeJS.ProcessEnv;
let dir: string;
const hub = (args: string[]) => brain(process.cwd(), ['hub', ...args, '--json'], { env });

beforeAll(async () => {
  pgServer = await startPostgres();
  dir = hubDir();
  env = { BRAIN_HUB_DB: await pgServer.createDatabase(), BRAIN_HUB_DIR: dir };
});

afterAll(async () => {
  await pgServer?.stop();
  cleanupTempDirs();
});

describe('brain hub CLI', () => {
  it('registers, lists, syncs, issues and revokes tokens, removes', async () => {
    const repo = await brainRepo('payments');
    await record(repo, 'payments', [{ kind: 'decision', fields: { title: 'From the CLI test', rationale: 'r' } }]);
    const added = hub(['add', repo, '--name', 'pay']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.json().sync).toMatchObject({ ok: true, repo: 'pay' });
    expect(existsSync(join(dir, 'mirrors', 'pay.git', 'HEAD'))).toBe(true);
    const junk = hub(['add', notABrainRepo(), '--name', 'junk']);
    expect(junk.json().sync.error.code).toBe('not_initialized');
    expect(junk.code).toBe(1); // registered, but nothing served yet: scripts see it
    expect(brain(process.cwd(), ['--json', 'hub', 'add', '--', '--upload-pack=touch /tmp/x'], { env }).errorJson().error.code).toBe('invalid_argument');
    expect(hub(['add', repo, '--name', '../evil']).code).toBe(2);
    expect(hub(['add', repo, '--name', 'pay']).code).toBe(2);
    const list = hub(['list']).json();
    expect(list.map((r: any) => [r.name, r.last_error?.code ?? null])).toEqual([['junk', 'not_initialized'], ['pay', null]]);
    expect(list[1].projected_oid).toMatch(/^[0-9a-f]{40}$/);
    expect(list[1]).toMatchObject({ entries: 1, problems: 0 });
    expect(hub(['list']).code).toBe(0);
    const notUrl = brain(process.cwd(), ['--json', 'hub', 'list', '--db', 'hub', '--dir', dir], { env });
    expect(notUrl.code).toBe(2);
    expect(notUrl.errorJson().error.message).toMatch(/PostgreSQL URL/);
    const create = hub(['token', 'create', '--repo', 'pay', '--capability', 'read', '--name', 'ci']);
    expect(create.code, create.stderr).toBe(0);
    const created = create.json();
    expect(created.secret).toMatch(/^bh_/);
    const listed = hub(['token', 'list']);
    expect(listed.stdout).not.toContain(created.secret);
    expect(listed.json()[0]).toMatchObject({ id: created.token.id, repos: ['pay'], capabilities: ['read'] });
    expect(hub(['token', 'create', '--repo', 'pay', '--repo=junk', '--project', 'payments']).json().token).toMatchObject({ repos: ['junk', 'pay'], projects: ['payments'] });
    expect(create.json().warnings).toEqual([]);
    expect(create.stderr).toBe('');
    const early = hub(['token', 'create', '--repo', 'pay', '--repo', 'ghost', '--repo', 'later']);
    expect(early.code, early.stderr).toBe(0); // a token may be prepared before its repositories are added
    expect(early.json().token.repos).toEqual(['ghost', 'later', 'pay']);
    expect(early.json().warnings).toEqual([expect.stringMatching(/not registered.*: ghost, later;/)]);
    expect(early.stderr).toMatch(/^warning: not registered on this hub \(yet\): ghost, later;/);
    expect(hub(['token', 'create', '--capability', 'read']).code).toBe(2);
    expect(hub(['token', 'create', '--all-repos', '--capability', 'admin']).code).toBe(2);
    expect(hub(['token', 'create', '--all-repos', '--project', 'Not A Project']).code).toBe(2); // checked as POST /api/tokens checks it
    const synced = hub(['sync']);
    expect(synced.code).toBe(1); // junk still fails
    expect(synced.json().map((o: any) => o.ok)).toEqual([false, true]);
    expect(hub(['token', 'revoke', created.token.id]).json().revoked).toEqual([created.token.id]);
    expect(hub(['token', 'revoke', 'tok_nope']).code).toBe(1);
    expect(hub(['remove', 'junk']).code).toBe(0);
    expect(existsSync(join(dir, 'mirrors', 'junk.git'))).toBe(false);
    expect(hub(['list']).json().map((r: any) => r.name)).toEqual(['pay']);
  });

  it('serve answers token holders and stops on SIGTERM', async () => {
    const token = hub(['token', 'create', '--all-repos']).json().secret as string;
    const child = spawn(process.execPath, [BRAIN_BIN, 'hub', 'serve', '--port', '0', '--interval', '3600', '--json'], { env: { ...gitEnv(testHome()), ...env } });
    const started = await new Promise<{ url: string }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
    });
    const res = await fetch(`${started.url}/api/repos`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.map((r: any) => r.name)).toEqual(['pay']);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('needs --dir only where mirrors are touched: list and token commands run with --db alone', () => {
    const dbOnly = { BRAIN_HUB_DB: env.BRAIN_HUB_DB };
    const run = (args: string[]) => brain(process.cwd(), ['hub', ...args, '--json'], { env: dbOnly });
    const list = run(['list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.json().map((r: any) => [r.name, r.entries])).toEqual([['pay', 1]]);
    const created = run(['token', 'create', '--repo', 'pay']);
    expect(created.code, created.stderr).toBe(0);
    expect(run(['token', 'list']).json().map((t: any) => t.id)).toContain(created.json().token.id);
    expect(run(['token', 'revoke', created.json().token.id]).json().revoked).toEqual([created.json().token.id]);
    for (const args of [['add', '.'], ['sync'], ['remove', 'pay'], ['serve', '--port', '0'], ['list', '--backend', 'sqlite']]) {
      const refused = run(args);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.errorJson().error).toMatchObject({ code: 'invalid_argument', message: expect.stringMatching(/--dir/), hint: expect.stringMatching(/--dir|BRAIN_HUB_DIR/) });
    }
    expect(hub(['list']).json().map((r: any) => r.name)).toEqual(['pay']); // nothing was removed
  });

  it('a missing webhook secret file is a coded io_error with a hint, not a bug report', () => {
    const res = brain(process.cwd(), ['--json', 'hub', 'serve', '--port', '0', '--webhook-secret-file', '/nonexistent/webhook-secret'], { env });
    expect(res.code).not.toBe(0);
    expect(res.errorJson().error).toMatchObject({ code: 'io_error', message: expect.stringMatching(/ENOENT/), hint: expect.stringMatching(/openssl rand/) });
  });
});
