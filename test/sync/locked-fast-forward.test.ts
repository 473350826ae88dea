/**
 * A read whose fast-forward meets a taken ref lock answers from the local branch and says why
 * (docs/decisions/0092). In the newcomer run a `brain add` killed while moving the branch left
 * `refs/heads/brain.lock`; after the next `git fetch` brought a teammate's revision, every read
 * (`list`, `status`, `context`) waited 3 s and failed with `ref_locked`, exit 1, blaming "a git
 * command … updating the branch right now". Real clones of a real bare remote; the lock is left
 * as a killed git or a killed brain writer leaves it; a read a running daemon answers, and an MCP
 * read, say the same.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brain, openTestBrain } from '../helpers/brain.js';
import { connectInProcess } from '../mcp/mcp-client.js';
import { cleanupTempDirs, git } from '../helpers/git.js';
import { killDaemons, startDaemonProcess, waitFor } from '../helpers/daemon.js';
import { ok, remoteWithClones } from './sync-helpers.js';

let a: string;
let b: string;
let c: string;
const lockOf = (dir: string) => join(dir, '.git', 'refs', 'heads', 'brain.lock');

beforeAll(() => {
  [a, b, c] = remoteWithClones(3).clones as [string, string, string];
  ok(brain(b, ['add', 'decision', '--title', 'Bob decided first']));
  ok(brain(b, ['sync']));
  ok(brain(a, ['sync']));
  ok(brain(c, ['sync']));
});
afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

/** Bob pushes a decision; Alice (or `who`) fetches it with plain git while her branch's ref lock is taken. */
function teammatePushesAndAliceFetches(title: string, who = a): void {
  ok(brain(b, ['add', 'decision', '--title', title]));
  ok(brain(b, ['sync']));
  git(who, ['fetch', '-q', 'origin']);
}

describe('a read while the branch ref lock is taken', () => {
  it('answers from the local branch, says it could not fast-forward and why, and status says behind', () => {
    writeFileSync(lockOf(a), ''); // what a git killed mid-update leaves
    teammatePushesAndAliceFetches('Bob decided while Alice was locked');
    const tip = git(a, ['rev-parse', 'brain']);
    const list = brain(a, ['list', '--kind', 'decision']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toContain('Bob decided first');
    expect(list.stdout).not.toContain('Bob decided while Alice was locked');
    expect(list.stderr).toContain('could not fast-forward brain to origin/brain (1 new commit)');
    expect(list.stderr).toContain('brain.lock exists');
    expect(list.stderr).toContain('answering from the local branch');
    const status = brain(a, ['status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json<{ upstream: { relation: string; summary: string } }>().upstream).toMatchObject({ relation: 'behind' });
    expect(status.json<{ upstream: { summary: string } }>().upstream.summary).toContain('could not be fast-forwarded');
    expect(git(a, ['rev-parse', 'brain'])).toBe(tip);
    expect(existsSync(lockOf(a))).toBe(true); // a read never removes a lock it cannot prove dead
  });

  it("names a killed brain write as the holder, and the next sync clears it and brings the teammate's revision", () => {
    // The record a brain writer makes before taking the ref lock (write-lock.ts), of a pid that has ended.
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    rmSync(lockOf(a));
    writeFileSync(lockOf(a), ''); // killed between creating the lock and writing the oid into it
    const since = new Date().toISOString();
    writeFileSync(join(a, '.git', 'brain', 'write.lock'), JSON.stringify({ pid: dead, hostname: hostname(), acquired_at: since, ref_lock: { path: lockOf(a), since } }));
    const read = brain(a, ['context', '--budget', '400']);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stdout).toContain('it could not be fast-forwarded');
    expect(read.stderr).toContain(`a brain write (pid ${dead}) was killed while moving the branch`);
    expect(read.stderr).toContain('`brain sync`');
    const sync = ok(brain(a, ['sync']));
    expect(sync.stdout).toContain('1 revision received');
    expect(existsSync(lockOf(a))).toBe(false);
    expect(ok(brain(a, ['list', '--kind', 'decision'])).stdout).toContain('Bob decided while Alice was locked');
  });

  it('a read the daemon answers carries the same notice (the daemon cannot fast-forward either)', async () => {
    const daemon = await startDaemonProcess(c);
    writeFileSync(lockOf(c), '');
    teammatePushesAndAliceFetches('Bob decided while the daemon was locked out', c);
    // The daemon's watcher sees the fetch and tries; its log says why it could not.
    await waitFor('the daemon to meet the lock', async () => daemon.events().some((e) => e.event === 'notice' && String(e.message).includes('could not fast-forward')));
    const direct = brain(c, ['--no-daemon', 'list', '--kind', 'decision']);
    const viaDaemon = brain(c, ['list', '--kind', 'decision']);
    expect(viaDaemon.code, viaDaemon.stderr).toBe(0);
    expect(viaDaemon.stdout).toBe(direct.stdout);
    expect(viaDaemon.stdout).not.toContain('Bob decided while the daemon was locked out');
    expect(viaDaemon.stderr).toMatch(/^brain: could not fast-forward brain to origin\/brain \(2 new commits\)/m);
    expect(viaDaemon.stderr).toContain('answering from the local branch');
    await daemon.stop();
  });

  it('an MCP read of that clone opens its text with the notice, outside the wrapper', async () => {
    // Clone c still has the lock and is behind (the daemon above is stopped).
    const b2 = await openTestBrain(c);
    const mcp = await connectInProcess(b2, { capabilities: null, readOnly: true });
    try {
      const r = await mcp.call('brain_list', { entry_kind: 'decision' });
      const text = (r.content as { text: string }[])[0]!.text;
      expect(text).toMatch(/^NOTICE: could not fast-forward brain to origin\/brain \(2 new commits\): .*answering from the local branch\n/);
      expect(text).not.toContain('Bob decided while the daemon was locked out');
    } finally {
      await mcp.close();
      await b2.close();
    }
  });
});
