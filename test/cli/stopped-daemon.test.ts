/**
 * A one-shot read skips a stopped daemon and says so (docs/decisions/0092). In the newcomer run
 * a daemon suspended in its terminal (Ctrl-Z: SIGSTOP) still had a live pid and a listening
 * port, so `brain list`, `show`, `search`, `context` and `history` each sent it the read and
 * waited out the client's 60 s answer timeout, then answered directly without a word; `brain ui`
 * handed out its address as if it served. A real
 * daemon process, really stopped; Linux only (the state is read from /proc).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain } from '../helpers/brain.js';
import { killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';

const PROBE = fileURLToPath(new URL('../helpers/process-probe.mjs', import.meta.url));
const probeDir = mkdtempSync(join(tmpdir(), 'brain-probe-'));
const procfs = existsSync('/proc/self/stat');

let dir: string;
let daemon: DaemonProcess;

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  expect(brain(dir, ['add', 'decision', '--title', 'Use SQLite for the cache']).code).toBe(0);
  daemon = await startDaemonProcess(dir);
});
afterAll(() => {
  try {
    process.kill(daemon.pid, 'SIGCONT');
  } catch {
    /* gone */
  }
  killDaemons();
  rmSync(probeDir, { recursive: true, force: true });
  cleanupTempDirs();
});

describe.skipIf(!procfs)('a stopped daemon', () => {
  it('is not asked: the read answers directly, as --no-daemon does, and says how to resume it', () => {
    const direct = brain(dir, ['--no-daemon', 'list']);
    process.kill(daemon.pid, 'SIGSTOP');
    try {
      const file = join(probeDir, 'stopped.json');
      const run = brain(dir, ['list'], { env: { NODE_OPTIONS: `--import=${PROBE}`, BRAIN_PROBE_FILE: file } });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toBe(direct.stdout);
      expect(run.stdout).toContain('Use SQLite for the cache');
      expect(run.stderr).toContain(`the daemon (pid ${daemon.pid}) is stopped (Ctrl-Z or SIGSTOP)`);
      expect(run.stderr).toContain(`kill -CONT ${daemon.pid}`);
      expect((JSON.parse(readFileSync(file, 'utf8')) as { requests: string[] }).requests).toEqual([]);
      // `brain ui` hands out its address, and says the page will not load until it is resumed.
      const ui = brain(dir, ['ui', '--no-open']);
      expect(ui.code, ui.stderr).toBe(0);
      expect(ui.stdout).toContain(`http://127.0.0.1:${daemon.port}/`);
      expect(ui.stderr).toContain(`the daemon (pid ${daemon.pid}) is stopped (Ctrl-Z or SIGSTOP): the page loads once it is resumed`);
      expect(brain(dir, ['status']).stdout).toContain(`daemon:     the daemon (pid ${daemon.pid}, branch brain, http://127.0.0.1:${daemon.port}/) is stopped (Ctrl-Z or SIGSTOP)`);
      // `brain doctor` names it, with how to resume it, and fixes nothing itself.
      const doctor = brain(dir, ['doctor', '--json']);
      expect(doctor.code).toBe(1);
      const finding = (doctor.json().findings as { check: string; ok: boolean; message: string; fix?: string }[]).find((f) => f.check === 'daemon');
      expect(finding).toMatchObject({ ok: false, message: expect.stringContaining(`the daemon (pid ${daemon.pid}, branch brain, http://127.0.0.1:${daemon.port}/) is stopped`), fix: expect.stringContaining(`kill -CONT ${daemon.pid}`) });
    } finally {
      process.kill(daemon.pid, 'SIGCONT');
    }
    // Resumed, it is asked again, without a word.
    const file = join(probeDir, 'resumed.json');
    const resumed = brain(dir, ['list'], { env: { NODE_OPTIONS: `--import=${PROBE}`, BRAIN_PROBE_FILE: file } });
    expect(resumed.stdout).toBe(direct.stdout);
    expect(resumed.stderr).toBe('');
    expect((JSON.parse(readFileSync(file, 'utf8')) as { requests: string[] }).requests.length).toBeGreaterThan(0);
    expect(brain(dir, ['status']).stdout).toContain(`daemon:     running (pid ${daemon.pid}, branch brain, http://127.0.0.1:${daemon.port}/)`);
    const doctor = brain(dir, ['doctor', '--json']);
    expect(doctor.code, doctor.stdout).toBe(0);
    expect((doctor.json().findings as { check: string }[]).find((f) => f.check === 'daemon')).toMatchObject({ ok: true, message: `running (pid ${daemon.pid}, branch brain, http://127.0.0.1:${daemon.port}/)` });
  });
});
