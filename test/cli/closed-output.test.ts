/**
 * Issue #17: `brain list --json | head -c 10` printed an unhandled EPIPE stack trace. A closed
 * stdout ends the command quietly with status 141, as git's death by SIGPIPE reads in a shell
 * (src/cli/closed-output.ts) — for every command that prints, short or long output, answered
 * directly or by the daemon.
 *
 * Deterministic: for short output the reader closes the pipe *before* brain starts (the
 * command is exec'd by a shell that waits for a line on stdin, sent after the close); for
 * long output (several pipe buffers) brain's output goes through a real `head -c 10`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanupTempDirs, initRepo, tempDir } from '../helpers/git.js';
import { brain, BRAIN_BIN } from '../helpers/brain.js';
import { daemonEnv, killDaemons, startDaemonProcess } from '../helpers/daemon.js';
import { makeEntry } from '../helpers/plain-git.js';

const PROBE = fileURLToPath(new URL('../helpers/process-probe.mjs', import.meta.url));

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Runs `brain <args>` with its stdout already closed by the reader when brain starts. */
function withStdoutClosed(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', 'read go; exec "$0" "$@"', process.execPath, BRAIN_BIN, ...args], { cwd, env: { ...daemonEnv(), ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
    child.stdout.once('close', () => child.stdin.end('go\n'));
    child.stdout.destroy();
  });
}

/**
 * Runs `brain <args> | head -c 10` in bash and returns brain's status (`PIPESTATUS[0]`), what
 * head printed and brain's stderr. head reads its 10 bytes and exits; the pipe holds 64 KiB, so
 * an output of several pipe buffers is still being written when the reader is gone. (A Node
 * reader that destroys its end after the first 'data' event is not this: libuv may have read
 * the whole output by then, and a fast brain then finished its writes before the close.)
 */
function headThenClose(cwd: string, args: string[]): Promise<Ended & { first: string }> {
  return new Promise((resolve, reject) => {
    const script = '"$0" "$@" | head -c 10; exit "${PIPESTATUS[0]}"';
    const child = spawn('bash', ['-c', script, process.execPath, BRAIN_BIN, ...args], { cwd, env: daemonEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let first = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.on('data', (d: Buffer) => (first += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stderr, first }));
  });
}

const quiet = (ended: Ended, what: string) => {
  expect(ended.stderr, what).toBe('');
  expect(ended.code, what).toBe(141);
};

let dir: string;
let id: string;
beforeAll(() => {
  dir = initRepo();
  expect(brain(dir, ['init']).code).toBe(0);
  // Long output — several pipe buffers (64 KiB) past the first chunk read: 2 000 entries (list,
  // search, context) and 12 revisions of a 20 KB rationale (history), imported in one commit.
  const projectId = brain(dir, ['status', '--json']).json().project_id as string;
  const lines = Array.from({ length: 2000 }, (_, i) => makeEntry({ kind: 'decision', projectId, title: `Long decision number ${i}`, fields: { rationale: 'Why, briefly. '.repeat(20), tags: ['long'] } }));
  const long = makeEntry({ kind: 'decision', projectId, title: 'Revised at length' });
  for (let r = 0; r < 12; r++) lines.push({ ...long, rationale: `${'The why, at length. '.repeat(990)} ${r}` });
  id = long.entry_id;
  const file = join(tempDir(), 'long.jsonl');
  writeFileSync(file, lines.map((e) => JSON.stringify(e)).join('\n'));
  expect(brain(dir, ['import', 'jsonl', file]).code).toBe(0);
});
afterAll(() => {
  killDaemons();
  cleanupTempDirs();
});

describe('a closed stdout ends the command quietly (status 141, nothing on stderr)', () => {
  it('every command that prints, human and --json', async () => {
    const commands = [['list', '--json'], ['list'], ['show', id], ['history', id, '--json'], ['search', 'decision'], ['context'], ['status', '--json'], ['projects'], ['verify'], ['doctor'], ['--help'], ['--version'], ['add', 'risk', '--title', 'printed to no one', '--payload', '{"likelihood":"low","impact":"high"}']];
    for (const args of commands) quiet(await withStdoutClosed(dir, args, { BRAIN_NO_DAEMON: '1' }), args.join(' '));
    // The write before the closed output was made: output is printed after the work.
    expect(brain(dir, ['list', '--kind', 'risk', '--json']).json()).toHaveLength(1);
  });

  it('long outputs cut after the first chunk, as `| head -c 10`', async () => {
    for (const args of [['list', '--json', '--no-daemon'], ['history', id, '--json', '--no-daemon'], ['search', 'long decision', '--limit', '2000', '--json', '--no-daemon'], ['context', '--budget', '1000000', '--no-daemon']]) {
      const ended = await headThenClose(dir, args);
      expect(ended.first.length, args.join(' ')).toBe(10);
      quiet(ended, args.join(' '));
    }
  });

  it('answered by the daemon as well', async () => {
    const daemon = await startDaemonProcess(dir);
    try {
      const file = join(tempDir(), 'probe.json');
      for (const args of [['list', '--json'], ['context'], ['history', id]]) {
        quiet(await withStdoutClosed(dir, args, { NODE_OPTIONS: `--import=${PROBE}`, BRAIN_PROBE_FILE: file }), `${args.join(' ')} via the daemon`);
        expect(JSON.parse(readFileSync(file, 'utf8')).requests, args.join(' ')).toContain('POST /cli/read');
      }
      quiet(await headThenClose(dir, ['list', '--json']), 'long list via the daemon');
    } finally {
      await daemon.stop();
    }
  });
});
