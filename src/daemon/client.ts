/**
 * The one-shot CLI's side of "use a running daemon" (issue #10;
 * docs/decisions/0023-one-shot-cli-uses-daemon.md): find the daemon serving this repository
 * and branch through `.git/brain/daemon.json`, send it a read call (`POST /cli/read`,
 * cli-route.ts) with the admin token, and hand back what it answered.
 *
 * Never throws: anything that keeps the daemon from answering — no or unreadable daemon.json,
 * another branch, a dead or stopped pid, no port yet, no token file, a refused connection, no
 * connection within {@link CONNECT_TIMEOUT_MS}, no answer within {@link ANSWER_TIMEOUT_MS}, a
 * refusal or a response without the route's marker (an older daemon) — is `null`: the caller
 * runs the command directly. A daemon that is there but cannot answer — stopped (Ctrl-Z,
 * SIGSTOP: it would keep the read waiting until the timeout, docs/decisions/0092) or silent past
 * a timeout — is also told to `onSkip`, so the caller can say why it answers itself. Kept light
 * on purpose (node:http, node:fs): it runs before the CLI decides whether to load the service.
 * A 200 answer may carry `notices` (cli-route.ts): what the direct path would have said on stderr.
 */
import { request } from 'node:http';
import { isProcessAlive, isProcessStopped } from '../git/process-alive.js';
import { brainDir, type RepoLocation } from '../git/repo.js';
import { readDaemonFile } from './daemon-file.js';
import { readDefaultToken } from '../service/default-token.js';
import type { ReadCall } from '../service/read-call.js';

/** How long to wait for the TCP connection, ms. */
export const CONNECT_TIMEOUT_MS = 2000;
/** How long to wait for the answer once connected, ms (a daemon may be catching up). */
export const ANSWER_TIMEOUT_MS = 60_000;

/** What the daemon answered: the service value (with what the direct path would have said on stderr), or the service error as the CLI prints it. */
export type DaemonAnswer = { data: unknown; notices: string[] } | { error: { code: string; message: string; hint?: string; data?: Record<string, unknown> } };

/**
 * Where a live daemon of `repo` on `branch` listens, its pid, and the token to show it; null when
 * none, or when it is stopped (then `onSkip` is told, with how to resume it).
 */
export function findDaemon(repo: RepoLocation, branch: string, onSkip?: (reason: string) => void): { pid: number; port: number; token: string } | null {
  const dir = brainDir(repo);
  const info = readDaemonFile(dir);
  if (info === null || info.branch !== branch || info.port === null || info.pid === process.pid || !isProcessAlive(info.pid)) return null;
  if (isProcessStopped(info.pid)) {
    onSkip?.(`the daemon (pid ${info.pid}) is stopped (Ctrl-Z or SIGSTOP), so it answers nothing: answering directly\nhint: resume it with \`fg\` in its terminal or \`kill -CONT ${info.pid}\`, or end it with \`kill -KILL ${info.pid}\``);
    return null;
  }
  let token: string | null;
  try {
    token = readDefaultToken(dir);
  } catch {
    return null;
  }
  return token === null ? null : { pid: info.pid, port: info.port, token };
}

function post(port: number, token: string, body: string, onTimeout: (what: 'connect' | 'answer') => void): Promise<{ status: number; text: string } | null> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (value: { status: number; text: string } | null) => {
      if (!settled) resolve(value);
      settled = true;
    };
    const req = request(
      {
        host: '127.0.0.1', port, method: 'POST', path: '/cli/read',
        headers: { host: `127.0.0.1:${port}`, authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => done(null));
      },
    );
    const connect = setTimeout(() => {
      onTimeout('connect');
      req.destroy();
    }, CONNECT_TIMEOUT_MS);
    req.on('socket', (socket) => socket.once('connect', () => clearTimeout(connect)));
    req.setTimeout(ANSWER_TIMEOUT_MS, () => {
      onTimeout('answer');
      req.destroy();
    });
    req.on('error', () => done(null));
    req.on('close', () => {
      clearTimeout(connect);
      done(null);
    });
    req.end(body);
  });
}

/**
 * Asks the daemon of `repo`/`branch` to run `call` for `project` (the CLI's `--project`, or
 * null). Returns its answer, or null when no daemon answered it (see the module doc); `onSkip`
 * hears why when a daemon was there but did not answer (stopped, or silent past a timeout).
 */
export async function askDaemon(args: { repo: RepoLocation; branch: string; project: string | null; call: ReadCall; onSkip?: (reason: string) => void }): Promise<DaemonAnswer | null> {
  const daemon = findDaemon(args.repo, args.branch, args.onSkip);
  if (daemon === null) return null;
  const silent = (what: 'connect' | 'answer') => {
    const waited = what === 'connect' ? `took no connection within ${CONNECT_TIMEOUT_MS / 1000} s` : `did not answer within ${ANSWER_TIMEOUT_MS / 1000} s`;
    args.onSkip?.(`the daemon (pid ${daemon.pid}, port ${daemon.port}) ${waited}: answering directly\nhint: it may be busy catching up; if it stays silent, \`kill ${daemon.pid}\` stops it (--no-daemon or BRAIN_NO_DAEMON=1 skips it)`);
  };
  const reply = await post(daemon.port, daemon.token, JSON.stringify({ branch: args.branch, project: args.project, call: args.call }), silent);
  if (reply === null) return null;
  let body: { cli?: unknown; data?: unknown; notices?: unknown; error?: { code?: unknown; message?: unknown; hint?: string; data?: Record<string, unknown> } } | null;
  try {
    body = JSON.parse(reply.text) as typeof body;
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object' || body.cli !== 1) return null;
  if (reply.status === 200 && 'data' in body) return { data: body.data, notices: Array.isArray(body.notices) ? body.notices.filter((n): n is string => typeof n === 'string') : [] };
  const error = body.error;
  if (reply.status !== 200 && error && typeof error.code === 'string' && typeof error.message === 'string') return { error: { ...error, code: error.code, message: error.message } };
  return null;
}
