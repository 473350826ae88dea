/**
 * One-shot reads use a running daemon (issue #10; docs/decisions/0023): with a real daemon
 * running, `list` (with filters), `show`, `search`, `context` and `history` print byte for byte
 * what `--no-daemon` prints (human and --json), errors included with the same exit code; the
 * run is shown to have asked the daemon (a probe records its HTTP requests). A stale
 * daemon.json (dead pid, refused port) falls back to the direct path. A fresh direct read
 * spawns no git child.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, initRepo } from '../helpers/git.js';
import { brain, type BrainRun } from '../helpers/brain.js';
import { killDaemons, startDaemonProcess, type DaemonProcess } from '../helpers/daemon.js';

const PROBE = fileURLToPath(new URL('../helpers/process-probe.mjs', import.meta.url));
const probeDir = mkdtempSync(join(tmpdir(), 'brain-probe-'));
let probeCount = 0;

/** A CLI run with the probe loaded: its result plus the child processes and HTTP requests it made. */
function probeRun(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): BrainRun & { spawns: string[]; requests: string[] } {
  const file = join(probeDir, `probe-${++probeCount}.json`);
  const run = brain(cwd, args, { env: { NODE_OPTIONS: `--import=${PROBE}`, BRAIN_PROBE_FILE: file, ...env } });
  const probe = JSON.parse(readFileSync(file, 'utf8')) as { spawns: string[]; requests: string[] };
  return Object.assign(run, probe);
}

let dir: string;
let ids: { decision: string; question: string; risk: string };
let daemon: DaemonProcess | null = null;
const daemonFile = () => join(dir, '.git', 'brain', 'daemon.json');

beforeAll(async () => {
  dir = initRepo();
  expect(brain(dir, ['init', '--project', 'demo']).code).toBe(0);
  const add = (args: string[]) => {
    const r = brain(dir, ['--json', 'add', ...args]);
    expect(r.code, r.stderr).toBe(0);
    return r.json<{ entry_id: string }>().entry_id;
  };
  ids = {
    decision: add(['decision', '--title', 'Use SQLite for the cache', '--rationale', 'Embedded, **fast**, one file.', '--tag', 'storage', '--path', 'src/cache/**']),
    question: add(['open_question', '--title', 'Which cache eviction policy?', '--tag', 'storage', '--related-task', 'T-7']),
    risk: add(['risk', '--title', 'The cache file grows without bound', '--rationale', 'Nothing vacuums it.']),
  };
  expect(brain(dir, ['revise', ids.decision, '--status', 'accepted', '--rationale', 'Embedded and fast; measured.']).code).toBe(0);
  daemon = await startDaemonProcess(dir);
});
afterAll(() => {
  killDaemons();
  rmSync(probeDir, { recursive: true, force: true });
  cleanupTempDirs();
});

const READS = (): string[][] => [
  ['list'],
  ['list', '--kind', 'decision'],
  ['list', '--tag', 'storage', '--limit', '1'],
  ['list', '--status', 'open'],
  ['list', '--related-task', 'T-7'],
  ['list', '--path', 'src/cache/index.ts'],
  ['show', ids.decision],
  ['show', ids.decision.slice(0, 8), '--revision', '1'],
  ['search', 'cache'],
  ['search', 'sqlite', '--kind', 'decision', '--limit', '5'],
  ['context'],
  ['context', '--budget', '300', '--paths', 'src/cache/a.ts'],
  ['history', ids.decision],
];

const ERRORS = (): string[][] => [
  ['show', 'dec-0000000000'],
  ['history', 'nope'],
  ['list', '--kind', 'bogus'],
  ['list', '--kind', 'risk', '--status', 'accepted'],
  ['search', '   '],
  ['--project', 'other', 'list'],
];

describe('one-shot reads with a running daemon', () => {
  it('print exactly what --no-daemon prints, human and --json, and ask the daemon to do it', () => {
    for (const base of READS()) {
      for (const args of [base, ['--json', ...base]]) {
        const viaDaemon = probeRun(dir, args);
        const direct = probeRun(dir, ['--no-daemon', ...args]);
        expect(viaDaemon.code, `${args.join(' ')}: ${viaDaemon.stderr}`).toBe(0);
        expect({ stdout: viaDaemon.stdout, stderr: viaDaemon.stderr, code: viaDaemon.code }, args.join(' ')).toEqual({ stdout: direct.stdout, stderr: direct.stderr, code: direct.code });
        expect(viaDaemon.requests, args.join(' ')).toEqual(['POST /cli/read']);
        expect(direct.requests).toEqual([]);
      }
    }
  });

  it('report the same error, code and exit status either way', () => {
    for (const base of ERRORS()) {
      for (const args of [base, ['--json', ...base]]) {
        const viaDaemon = probeRun(dir, args);
        const direct = probeRun(dir, ['--no-daemon', ...args]);
        expect(viaDaemon.code, args.join(' ')).not.toBe(0);
        expect({ stdout: viaDaemon.stdout, stderr: viaDaemon.stderr, code: viaDaemon.code }, args.join(' ')).toEqual({ stdout: direct.stdout, stderr: direct.stderr, code: direct.code });
        expect(viaDaemon.requests, args.join(' ')).toEqual(['POST /cli/read']);
      }
    }
    expect(brain(dir, ['show', 'dec-0000000000']).code).toBe(1);
    expect(brain(dir, ['list', '--kind', 'bogus']).code).toBe(2);
  });

  it('see a write made directly just before (writes stay direct)', () => {
    const added = probeRun(dir, ['--json', 'add', 'blocker', '--title', 'Waiting on the vendor contract']);
    expect(added.code, added.stderr).toBe(0);
    expect(added.requests).toEqual([]);
    const viaDaemon = probeRun(dir, ['--json', 'list', '--kind', 'blocker']);
    expect(viaDaemon.requests).toEqual(['POST /cli/read']);
    expect(viaDaemon.json<{ entry_id: string }[]>().map((e) => e.entry_id)).toEqual([added.json<{ entry_id: string }>().entry_id]);
  });

  it('stay direct with --no-daemon or BRAIN_NO_DAEMON=1', () => {
    expect(probeRun(dir, ['--no-daemon', 'list']).requests).toEqual([]);
    const env = probeRun(dir, ['list'], { BRAIN_NO_DAEMON: '1' });
    expect(env.requests).toEqual([]);
    expect(env.stdout).toBe(probeRun(dir, ['list']).stdout);
  });
});

describe('without a usable daemon', () => {
  const expected = () => probeRun(dir, ['--no-daemon', '--json', 'list']).stdout;

  it('falls back silently when daemon.json names a dead pid', async () => {
    await daemon?.stop();
    daemon = null;
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(daemonFile(), JSON.stringify({ format: 1, pid: dead, port: 1, url: 'http://127.0.0.1:1', started_at: new Date().toISOString(), branch: 'brain', project_id: 'demo', projected: null, repo: join(dir, '.git') }));
    const run = probeRun(dir, ['--json', 'list']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(expected());
    expect(run.requests).toEqual([]);
  });

  it('falls back silently when the port refuses the connection', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    // A live pid (this test runner) whose port nobody listens on.
    writeFileSync(daemonFile(), JSON.stringify({ format: 1, pid: process.pid, port, url: `http://127.0.0.1:${port}`, started_at: new Date().toISOString(), branch: 'brain', project_id: 'demo', projected: null, repo: join(dir, '.git') }));
    const run = probeRun(dir, ['--json', 'list']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(expected());
    expect(run.requests).toEqual(['POST /cli/read']);
    const human = probeRun(dir, ['show', 'dec-0000000000']);
    expect({ code: human.code, stderr: human.stderr }).toEqual({ code: 1, stderr: probeRun(dir, ['--no-daemon', 'show', 'dec-0000000000']).stderr });
    rmSync(daemonFile(), { force: true });
  });

  it('a fresh direct read of current state spawns no git child', () => {
    // `history` is not here: past revisions' bodies are read from git on demand (decision 0024).
    expect(probeRun(dir, ['--no-daemon', 'list']).code).toBe(0); // brings the projection to the tip
    for (const args of [['list', '--kind', 'decision'], ['show', ids.decision], ['search', 'cache'], ['context']]) {
      const run = probeRun(dir, ['--no-daemon', ...args]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.spawns, args.join(' ')).toEqual([]);
    }
  });
});
