/**
 * Running the real `brain` CLI (built `dist/`, via `bin/brain.js`) as a child process, and
 * opening the service in-process, against repos made by ./git.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { gitEnv, testHome } from './git.js';
import { openBrain, type Brain, type BrainOptions } from '../../src/service.js';

export const BRAIN_BIN = fileURLToPath(new URL('../../bin/brain.js', import.meta.url));

/** A finished CLI run. `json()` parses stdout. */
export interface BrainRun {
  code: number;
  stdout: string;
  stderr: string;
  json<T = any>(): T;
  errorJson(): { error: { code: string; message: string; hint?: string } };
}

function env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...gitEnv(testHome()), BRAIN_AUTHOR: 'test-agent', ...extra };
}

function toRun(code: number | null, stdout: string, stderr: string): BrainRun {
  return {
    code: code ?? -1,
    stdout,
    stderr,
    json: () => JSON.parse(stdout),
    errorJson: () => JSON.parse(stderr.trim().split('\n').pop() ?? '{}'),
  };
}

/** Runs `brain <args>` in `cwd` synchronously. */
export function brain(cwd: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): BrainRun {
  const r = spawnSync(process.execPath, [BRAIN_BIN, ...args], { cwd, env: env(options.env), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return toRun(r.status, r.stdout, r.stderr);
}

/** Runs `brain <args>` asynchronously (for concurrent writers). */
export function brainAsync(cwd: string, args: string[], options: { env?: NodeJS.ProcessEnv } = {}): Promise<BrainRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BRAIN_BIN, ...args], { cwd, env: env(options.env) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve(toRun(code, stdout, stderr)));
  });
}

/** Opens the service in-process with the test author. Close it in the test. */
export function openTestBrain(dir: string, options: Omit<BrainOptions, 'repoDir'> = {}): Promise<Brain> {
  return openBrain({ repoDir: dir, author: 'test-agent', ...options });
}
