/**
 * The real daemon as a child process (`node bin/brain.js daemon --port 0 …`, built `dist/`),
 * and raw HTTP to it with node:http (so tests can send any Host header).
 *
 *   const d = await startDaemonProcess(dir);          // resolves on the `start` log line
 *   const r = await httpGet(d.port, '/api/health');   // {status, headers, body, json()}
 *   await waitFor(async () => (await httpGet(…)).json().data.length === 3);
 *   expect(await d.stop()).toEqual({ code: 0, signal: null });
 *   afterAll(killDaemons);
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { request } from 'node:http';
import { BRAIN_BIN } from './brain.js';
import { gitEnv, testHome } from './git.js';

/** A running daemon process. */
export interface DaemonProcess {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  port: number;
  /** Every JSON log line parsed so far (non-JSON stderr lines are kept as `{raw}`). */
  events(): Record<string, any>[];
  stdout(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (default SIGTERM) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcessWithoutNullStreams>();

/** The env daemons and CLI runs get in tests. */
export function daemonEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...gitEnv(testHome()), BRAIN_AUTHOR: 'test-agent', ...extra };
}

/**
 * Spawns `brain [globals] daemon --port 0 [args]` in `dir` (or `serve`, another port; `env` added to {@link daemonEnv}); resolves once the `start` line
 * (with its port) is logged. Rejects with the stderr text if the process exits first, or after
 * `timeoutMs` (default 30 s).
 */
export function startDaemonProcess(dir: string, args: string[] = [], options: { globals?: string[]; timeoutMs?: number; command?: 'daemon' | 'serve'; port?: number; env?: NodeJS.ProcessEnv } = {}): Promise<DaemonProcess> {
  const child = spawn(process.execPath, [BRAIN_BIN, ...(options.globals ?? []), options.command ?? 'daemon', '--port', String(options.port ?? 0), ...args], { cwd: dir, env: daemonEnv(options.env) });
  running.add(child);
  const lines: Record<string, any>[] = [];
  let stderr = '';
  let stdout = '';
  let pending = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`daemon did not start in time:\n${stderr}`)), options.timeoutMs ?? 30_000);
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      pending += d.toString();
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        let event: Record<string, any>;
        try {
          event = JSON.parse(line) as Record<string, any>;
        } catch {
          event = { raw: line };
        }
        lines.push(event);
        if (event.event === 'start') {
          clearTimeout(timer);
          resolve({
            child, pid: child.pid ?? -1, port: event.port as number, exited,
            events: () => lines, stdout: () => stdout,
            stop: (signal = 'SIGTERM') => {
              child.kill(signal);
              return exited;
            },
          });
        }
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`daemon exited (code ${code}, signal ${signal}) before starting:\n${stderr}`), { code, stderr }));
    });
  });
}

/** SIGKILLs every daemon a test left running (use in afterAll/afterEach). */
export function killDaemons(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** An HTTP response, body as text. */
export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = any>(): T;
}

/** One HTTP request to 127.0.0.1:`port` (default Host `127.0.0.1:<port>`, overridable). */
export function httpRequest(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string; host?: string } = {}): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = request({ host: options.host ?? '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...(options.body !== undefined ? { 'content-length': String(Buffer.byteLength(options.body)) } : {}), ...options.headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }));
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** GET shorthand. */
export function httpGet(port: number, path: string, headers: Record<string, string> = {}): Promise<HttpResult> {
  return httpRequest(port, path, { headers });
}

/**
 * Polls `probe` until it returns a truthy value, which is returned. Bounded: throws after
 * `timeoutMs` (default 5000) with `what` — tests never assert a timing, only eventual truth.
 */
export async function waitFor<T>(what: string, probe: () => Promise<T | false | null | undefined>, options: { timeoutMs?: number; intervalMs?: number } = {}): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 5000);
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
}
