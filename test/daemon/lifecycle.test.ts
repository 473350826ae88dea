/**
 * The daemon process's life (issue #3): boot from the cache (fresh / incremental), daemon.json
 * and the token, a second daemon refused, kill -9 then restart over the stale file, SIGTERM →
 * exit 0 with daemon.json gone, loopback-only binding, /api/health.
 */
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { handCommit, makeEntry, revisionFiles } from '../helpers/plain-git.js';
import { httpGet, killDaemons, startDaemonProcess, waitFor } from '../helpers/daemon.js';

let dir: string;
const daemonJson = () => join(dir, '.git', 'brain', 'daemon.json');
const readInfo = () => JSON.parse(readFileSync(daemonJson(), 'utf8')) as Record<string, any>;
const tip = () => git(dir, ['rev-parse', 'brain']);

beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  expect(brain(dir, ['add', 'decision', '--title', 'Use SQLite for the cache']).code).toBe(0);
});
afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

describe('brain daemon lifecycle', () => {
  it('boots from the cache, writes daemon.json and a 0600 token, reports health, and stops on SIGTERM', async () => {
    const d = await startDaemonProcess(dir);
    try {
      const boot = d.events().find((e) => e.event === 'catch_up');
      expect(boot).toMatchObject({ level: 'info', trigger: 'boot', mode: 'fresh', to: tip() }); // the CLI write left the cache at the tip
      const start = d.events().find((e) => e.event === 'start');
      expect(start).toMatchObject({ pid: d.pid, port: d.port, url: `http://127.0.0.1:${d.port}`, branch: 'brain', project_id: 'demo', projected: tip() });
      await waitFor('the stdout line', async () => d.stdout().includes(`brain daemon: http://127.0.0.1:${d.port}`));
      expect(readInfo()).toMatchObject({ pid: d.pid, port: d.port, url: `http://127.0.0.1:${d.port}`, projected: tip(), branch: 'brain', project_id: 'demo' });
      const tokenPath = join(dir, '.git', 'brain', 'token');
      expect(statSync(tokenPath).mode & 0o777).toBe(0o600);
      expect(readFileSync(tokenPath, 'utf8').trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const health = await httpGet(d.port, '/api/health');
      expect(health.status).toBe(200);
      expect(health.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      expect(health.json().data).toMatchObject({
        status: 'ok', pid: d.pid, port: d.port, branch: 'brain', project_id: 'demo', tip: tip(), projected: tip(),
        lag: { in_sync: true, commits: 0 }, entries: { total: 1, revisions: 1, by_kind: { decision: { accepted: 1 } } }, problems: [],
        watcher: { ready: true, debounce_ms: 50, poll_ms: 2000 }, last_catch_up: { trigger: 'boot', mode: 'fresh' },
      });
      expect(d.events().filter((e) => e.event !== 'catch_up' && e.event !== 'start')).toEqual([]); // quiet otherwise
    } finally {
      expect(await d.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    }
    expect(existsSync(daemonJson())).toBe(false);
    expect(d.events().at(-1)).toMatchObject({ event: 'stop', signal: 'SIGTERM' });
  });

  it('`brain serve` catches up incrementally on boot with what was committed while it was down (plain git)', async () => {
    const e = makeEntry({ kind: 'risk', projectId: 'demo', title: 'Committed while the daemon was down' });
    handCommit(dir, revisionFiles(dir, e)); // plain git: the cache did not see it
    const d = await startDaemonProcess(dir, [], { command: 'serve' });
    try {
      expect(d.events().find((x) => x.event === 'catch_up')).toMatchObject({ trigger: 'boot', mode: 'incremental', to: tip(), revisions: 1, entries: 1 });
      const got = await httpGet(d.port, `/api/projects/demo/brain/${e.entry_id}`);
      expect(got.json().data.title).toBe('Committed while the daemon was down');
    } finally {
      await d.stop('SIGINT');
    }
    expect(existsSync(daemonJson())).toBe(false);
  });

  it('refuses a second daemon on the same repository; replaces the daemon.json of a kill -9ed one', async () => {
    const first = await startDaemonProcess(dir);
    const second = await startDaemonProcess(dir).catch((err: { code?: number; stderr?: string }) => err);
    expect(second).toMatchObject({ code: 1 });
    expect((second as { stderr: string }).stderr).toContain(`a brain daemon is already running for this repository (pid ${first.pid}`);
    expect((await httpGet(first.port, '/api/health')).status).toBe(200); // the first one is untouched
    expect(readInfo().pid).toBe(first.pid);

    expect(await first.stop('SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
    expect(readInfo().pid).toBe(first.pid); // left behind: stale
    const third = await startDaemonProcess(dir);
    try {
      expect(third.events().find((e) => e.event === 'stale_daemon_file')).toMatchObject({ level: 'warn', pid: first.pid });
      expect(readInfo()).toMatchObject({ pid: third.pid, port: third.port });
      expect((await httpGet(third.port, '/api/health')).json().data.pid).toBe(third.pid);
    } finally {
      expect(await third.stop()).toEqual({ code: 0, signal: null });
    }
  });

  it('treats a daemon.json whose pid is alive but does not answer on its port as stale (pid reuse)', async () => {
    // This test process is alive, and nothing of it listens on port 9 (discard): not a daemon.
    writeFileSync(daemonJson(), JSON.stringify({ format: 1, pid: process.pid, port: 9, url: 'http://127.0.0.1:9', started_at: '2020-01-01T00:00:00.000Z', branch: 'brain', project_id: 'demo', projected: null, repo: '' }));
    const d = await startDaemonProcess(dir);
    try {
      expect(d.events().find((e) => e.event === 'stale_daemon_file')).toMatchObject({ pid: process.pid });
      expect(readInfo().pid).toBe(d.pid);
    } finally {
      await d.stop();
    }
  });

  it('listens on 127.0.0.1 only: no option binds elsewhere, other interfaces refuse connections; a busy port is a clear error', async () => {
    const bad = brain(dir, ['daemon', '--port', '0', '--host', '0.0.0.0']);
    expect(bad.code).toBe(2);
    expect(brain(dir, ['daemon', '--port', '70000', '--json']).errorJson().error.code).toBe('invalid_argument');
    const d = await startDaemonProcess(dir);
    try {
      const other = initRepo();
      expect(brain(other, ['init']).code).toBe(0);
      const busy = await startDaemonProcess(other, [], { port: d.port }).catch((err: { code?: number; stderr?: string }) => err);
      expect(busy).toMatchObject({ code: 1 });
      expect((busy as { stderr: string }).stderr).toContain(`port ${d.port} on 127.0.0.1 is already in use`);
      expect(existsSync(join(other, '.git', 'brain', 'daemon.json'))).toBe(false);
      const others = Object.values(networkInterfaces()).flat().filter((a) => a && !a.internal && a.family === 'IPv4').map((a) => a!.address);
      for (const address of others) {
        const outcome = await new Promise<string>((resolve) => {
          const socket = createConnection({ host: address, port: d.port }, () => {
            socket.destroy();
            resolve('connected');
          });
          socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
        });
        expect(outcome, address).toBe('ECONNREFUSED');
      }
      const v6 = await new Promise<string>((resolve) => {
        const socket = createConnection({ host: '::1', port: d.port }, () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      });
      expect(v6).not.toBe('connected');
    } finally {
      await d.stop();
    }
  });

  it('starts on a repository without a brain yet and serves it once `brain init` runs', async () => {
    const fresh = initRepo();
    const d = await startDaemonProcess(fresh, [], { globals: ['--project', 'later'] });
    try {
      const before = await httpGet(d.port, '/api/projects/later/brain');
      expect(before.status).toBe(503);
      expect(before.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(before.json().error.code).toBe('not_initialized');
      expect((await httpGet(d.port, '/api/health')).json().data.status).toBe('uninitialized');
      expect(brain(fresh, ['init', '--project', 'later']).code).toBe(0);
      expect(brain(fresh, ['add', 'open_question', '--title', 'Which port?']).code).toBe(0);
      const list = await waitFor<{ data: Array<{ title: string }> }>('the new brain to be served', async () => {
        const r = await httpGet(d.port, '/api/projects/later/brain');
        return r.status === 200 && r.json().data.length === 1 ? r.json() : null;
      });
      expect(list.data[0]?.title).toBe('Which port?');
    } finally {
      await d.stop();
    }
  });
});
