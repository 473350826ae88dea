/**
 * `.git/brain/` cleared while the daemon runs (decision 0063; found in decision 0060's trial):
 * the daemon puts back what it owns — the same default token (mode 0600; clients that copied it
 * keep working) and daemon.json (clients find it) — instead of answering 401 until a restart.
 * A real daemon process, real HTTP.
 */
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { httpGet, killDaemons, startDaemonProcess, waitFor } from '../helpers/daemon.js';

afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

describe('the daemon keeps its own files', () => {
  it('restores the same token and daemon.json after rm -rf .git/brain, and the old token still authenticates', async () => {
    const dir = initRepo();
    expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
    const state = join(dir, '.git', 'brain');
    const d = await startDaemonProcess(dir, ['--poll-interval', '200']);
    try {
      const token = readFileSync(join(state, 'token'), 'utf8').trim();
      const auth = { authorization: `Bearer ${token}` };
      expect((await httpGet(d.port, '/api/health', auth)).status).toBe(200);
      // Gone in one step (a rename away, then removed): an `rm -rf` of the directory itself
      // races the daemon putting its files back and can fail with ENOTEMPTY, as rm does.
      renameSync(state, `${state}.cleared`);
      rmSync(`${state}.cleared`, { recursive: true, force: true });
      // The first authenticated request after the deletion already succeeds.
      expect((await httpGet(d.port, '/api/health', auth)).status).toBe(200);
      expect(readFileSync(join(state, 'token'), 'utf8').trim()).toBe(token);
      expect(statSync(join(state, 'token')).mode & 0o777).toBe(0o600);
      // daemon.json comes back on the next check, with this daemon's pid and port.
      const info = await waitFor('daemon.json restored', async () => existsSync(join(state, 'daemon.json')) && JSON.parse(readFileSync(join(state, 'daemon.json'), 'utf8')));
      expect(info).toMatchObject({ pid: d.pid, port: d.port });
      expect(d.events().some((e) => e.event === 'own_files_restored')).toBe(true);
      // A token someone replaced is theirs: not overwritten; the old one is refused with a hint.
      writeFileSync(join(state, 'token'), 'replaced-by-hand\n', { mode: 0o600 });
      const refused = await httpGet(d.port, '/api/health', auth);
      expect(refused.status).toBe(401);
      expect(refused.json().error.hint).toContain('read it again');
      expect(readFileSync(join(state, 'token'), 'utf8')).toBe('replaced-by-hand\n');
    } finally {
      await d.stop();
    }
  });
});
