/**
 * `brain daemon` keeps a clone in step (issue #19), with real clones of a real bare remote:
 * off unless brain.json on the docs branch has `"sync"` (never on by surprise); with it, the
 * daemon pushes a local write soon after it happens and fetches what others pushed on its
 * interval (the code of `brain sync`); `brain status` shows the loop; `--no-sync` turns it off
 * for one clone; an unreachable remote backs off (the wait doubles) and status says why.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backoffMs, MAX_BACKOFF_MS } from '../../src/daemon/auto-sync.js';
import { brain } from '../helpers/brain.js';
import { cleanupTempDirs, git, tempDir } from '../helpers/git.js';
import { httpGet, killDaemons, startDaemonProcess, waitFor } from '../helpers/daemon.js';
import { cloneOf, ok, remoteWithClones } from '../sync/sync-helpers.js';

let remote: string;
let a: string;
let b: string;
const remoteTip = () => git(remote, ['rev-parse', 'refs/heads/brain']);
const add = (dir: string, title: string) => ok(brain(dir, ['add', 'decision', '--title', title]), `add ${title}`);
const titles = (dir: string) => ok(brain(dir, ['list', '--json'])).json().map((e: { title: string }) => e.title);

/** Commits `sync` into brain.json on the docs branch with plain git (a worktree), and pushes it. */
function setSync(dir: string, sync: unknown): void {
  const wt = join(tempDir('brain-wt-'), 'wt');
  git(dir, ['worktree', 'add', '-q', wt, 'brain']);
  const manifest = JSON.parse(git(wt, ['show', 'HEAD:brain.json']));
  writeFileSync(join(wt, 'brain.json'), `${JSON.stringify({ ...manifest, sync })}\n`);
  git(wt, ['commit', '-q', '-am', 'brain: the daemon keeps clones in step']);
  git(dir, ['worktree', 'remove', wt]);
  ok(brain(dir, ['sync']));
}

beforeAll(() => {
  const made = remoteWithClones(2);
  remote = made.remote;
  [a, b] = made.clones as [string, string];
});
afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

describe('back-off', () => {
  it('doubles the wait per failure in a row, up to an hour, never below the interval', () => {
    expect([0, 1, 2, 3].map((f) => backoffMs(10_000, f))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(backoffMs(10_000, 30)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(2 * MAX_BACKOFF_MS, 1)).toBe(2 * MAX_BACKOFF_MS);
  });
});

describe('brain daemon and brain.json "sync"', () => {
  it('is off without it: a local write stays local', async () => {
    const d = await startDaemonProcess(a);
    try {
      expect(d.events().find((e) => e.event === 'start')?.sync).toBe('off');
      const before = remoteTip();
      add(a, 'Stays local');
      const tip = git(a, ['rev-parse', 'brain']);
      await waitFor('catch-up of the write', async () => d.events().some((e) => e.event === 'catch_up' && e.to === tip));
      expect((await httpGet(d.port, '/api/health')).status).toBe(200);
      expect(d.events().filter((e) => /^sync/.test(e.event))).toEqual([]);
      expect(remoteTip()).toBe(before);
      expect(ok(brain(a, ['status', '--json'])).json().sync).toEqual({ configured: null, daemon: null });
    } finally {
      await d.stop();
    }
    ok(brain(a, ['sync']));
  });

  it('with it: pushes a local write soon, fetches others on its interval, and status shows the loop', async () => {
    setSync(a, { remote: 'origin', interval_seconds: 10 });
    ok(brain(b, ['sync']));
    const d = await startDaemonProcess(b);
    try {
      expect(d.events().find((e) => e.event === 'start')?.sync).toEqual({ remote: 'origin', interval_seconds: 10 });
      add(b, 'Written in B, pushed by its daemon');
      const tip = git(b, ['rev-parse', 'brain']);
      await waitFor('the daemon to push the write', async () => remoteTip() === tip, { timeoutMs: 180_000, intervalMs: 200 });
      add(a, 'Pushed by A');
      ok(brain(a, ['sync']));
      await waitFor("the daemon to bring A's revision", async () => titles(b).includes('Pushed by A'), { timeoutMs: 180_000, intervalMs: 500 });
      const sync = ok(brain(b, ['status', '--json'])).json().sync;
      expect(sync).toMatchObject({ configured: { remote: 'origin', interval_seconds: 10 }, daemon: { pid: d.pid, remote: 'origin', interval_seconds: 10, failures: 0, last_error: null } });
      expect(sync.daemon.last_ok_at).toEqual(expect.any(String));
      expect(ok(brain(b, ['status'])).stdout).toMatch(new RegExp(`^sync: {7}the daemon \\(pid ${d.pid}\\) syncs with origin every 10 s and after each local write; last synced `, 'm'));
      git(b, ['fsck', '--strict', '--no-progress']);
    } finally {
      await d.stop();
    }
    expect(ok(brain(b, ['status', '--json'])).json().sync).toEqual({ configured: { remote: 'origin', interval_seconds: 10 }, daemon: null });
  });

  it('--no-sync turns it off for this clone', async () => {
    const d = await startDaemonProcess(b, ['--no-sync']);
    try {
      expect(d.events().find((e) => e.event === 'start')?.sync).toBe('off (--no-sync)');
      expect(ok(brain(b, ['status', '--json'])).json().sync.daemon).toBeNull();
    } finally {
      await d.stop();
    }
  });

  it('an unreachable remote: the round fails, the wait doubles, status says why', async () => {
    const c = cloneOf(remote, 'unreachable');
    ok(brain(c, ['status'])); // creates the local branch (with the sync setting) from origin/brain
    git(c, ['remote', 'set-url', 'origin', join(tempDir(), 'gone.git')]);
    const d = await startDaemonProcess(c);
    try {
      const failed = await waitFor('a failed round', async () => d.events().find((e) => e.event === 'sync_error'), { timeoutMs: 180_000 });
      expect(failed).toMatchObject({ failures: 1, retry_in_ms: 20_000, error: { code: 'remote_error' } });
      const sync = ok(brain(c, ['status', '--json'])).json().sync;
      expect(sync.daemon).toMatchObject({ failures: 1, last_error: { code: 'remote_error' }, last_ok_at: null });
      expect(ok(brain(c, ['status'])).stdout).toMatch(/^sync: .*last round failed \(.*; 1 in a row, backing off\)/m);
    } finally {
      await d.stop();
    }
  });
});
