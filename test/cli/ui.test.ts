/**
 * `brain ui` (issue #8 part 2) through the real CLI: it starts the daemon in the background
 * when none runs (same node binary, detached, found again through daemon.json), prints the
 * dashboard URL, reuses a running daemon, never opens a browser with --no-open or under CI.
 */
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { brain, brainAsync } from '../helpers/brain.js';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { httpGet, waitFor } from '../helpers/daemon.js';
import { onDesktop } from '../../src/cli/ui-command.js';
import { isProcessAlive } from '../../src/git/process-alive.js';

const started: number[] = [];
afterAll(async () => {
  for (const pid of started) if (isProcessAlive(pid)) process.kill(pid, 'SIGTERM');
  await waitFor('the daemons to stop', async () => started.every((pid) => !isProcessAlive(pid)), { timeoutMs: 120_000 }).catch(() => undefined);
  cleanupTempDirs();
});

describe('brain ui', () => {
  it('starts the daemon when none runs, prints the URL, and reuses it the next time', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    expect(brain(dir, ['add', 'decision', '--title', 'Ship the dashboard']).code).toBe(0);
    const first = brain(dir, ['ui', '--no-open', '--port', '0', '--json']);
    expect(first.code, first.stderr).toBe(0);
    const out = first.json();
    started.push(out.pid);
    expect(out).toMatchObject({ started: true, url: `http://127.0.0.1:${out.port}/` });
    expect(out.log).toMatch(/\.git\/brain\/daemon\.log$/);
    const root = await httpGet(out.port, '/');
    expect(root.status).toBe(302);
    const board = await httpGet(out.port, root.headers.location as string);
    expect(board.body).toContain('Ship the dashboard');

    const again = brain(dir, ['--project', 'demo', 'ui', '--no-open']);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(`http://127.0.0.1:${out.port}/projects/demo\n`);
    expect(again.stderr).toContain(`using the running daemon (pid ${out.pid})`);

    process.kill(out.pid, 'SIGTERM');
    await waitFor('the daemon to stop', async () => !isProcessAlive(out.pid), { timeoutMs: 120_000 });
    const restarted = brain(dir, ['ui', '--no-open', '--port', '0']);
    expect(restarted.code).toBe(0);
    expect(restarted.stderr).toMatch(/started the daemon in the background \(pid \d+/);
    const pid = Number(/pid (\d+)/.exec(restarted.stderr)?.[1]);
    started.push(pid);
    expect(pid).not.toBe(out.pid);
    const url = new URL(restarted.stdout.trim());
    expect((await httpGet(Number(url.port), '/projects/demo')).status).toBe(200);
  });

  it('reports a daemon that cannot start, with the end of its log', async () => {
    const dir = initRepo();
    const bad = brain(dir, ['ui', '--no-open', '--port', '99999']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--port must be an integer from 0 to 65535');
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const r = await brainAsync(dir, ['ui', '--no-open', '--port', String(port)]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('the brain daemon exited while starting');
      expect(r.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      taken.close();
    }
  });

  it('opens a browser only on a desktop and never under CI', () => {
    expect(onDesktop({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(onDesktop({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(onDesktop({}, 'darwin')).toBe(true);
    expect(onDesktop({}, 'linux')).toBe(false);
    expect(onDesktop({ DISPLAY: ':0', CI: 'true' }, 'linux')).toBe(false);
  });
});
