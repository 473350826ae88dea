/**
 * `POST /cli/read`: the daemon answering a one-shot CLI read (issue #10 "one-shot commands use
 * a running daemon"; docs/decisions/0023-one-shot-cli-uses-daemon.md).
 *
 * Request: `Authorization: Bearer <.git/brain/token>` (any of the daemon's tokens; checked by
 * src/http/auth.ts before this route), JSON body `{branch, project, call}` —
 * `project` is the CLI's `--project` or null (the CLI's default: brain.json, else the
 * repository name), `call` a {@link ReadCall}. The call runs through {@link performRead} on a
 * Brain opened with the options the CLI would have used, so the value and any error are the
 * direct path's.
 *
 * Response: `{"cli": 1, "data": value, "notices"?: [text]}` (200; `notices`: what the direct path
 * would have said on stderr — a fast-forward blocked by a taken ref lock), or `{"cli": 1, "error": {code, message, hint,
 * data?}}` (the error as the CLI prints it; status 400/404/409/503/500 as errors.ts maps it).
 * A request this route will not serve — no or wrong token, another branch, a malformed body —
 * gets a 4xx *without* the `cli` marker: the client then falls back to its direct path instead
 * of printing that answer.
 */
import { Hono } from 'hono';
import type { Brain } from '../service.js';
import { BrainError } from '../model/errors.js';
import { isReadCall, performRead } from '../service/read-call.js';
import { blockedFastForwardNotice } from '../service/fast-forward-notice.js';
import { STATUS_BY_CODE } from '../http/errors.js';
import type { CallerEnv } from '../http/auth.js';

/** Options of {@link createCliRoute}. */
export interface CliRouteOptions {
  /** The daemon's docs branch. */
  branch: string;
  /** Opens a Brain as the CLI would with `--project` (undefined: none given). */
  open: (projectId: string | undefined) => Promise<Brain>;
  /** A Brain `open` may return that the daemon owns: {@link close} leaves it open. */
  shared?: Brain;
}

const refuse = (reason: string, status: 400 | 401 | 409 = 400) => Response.json({ refused: reason }, { status });

/**
 * The route; mount with `app.route('/cli', createCliRoute(…))`. Brains are opened on first use
 * per `project` value and kept; `close` closes them (all but `shared`) on shutdown.
 */
export function createCliRoute(options: CliRouteOptions): { routes: Hono<CallerEnv>; close: () => Promise<void> } {
  const brains = new Map<string, Promise<Brain>>();
  const brainFor = (project: string | null): Promise<Brain> => {
    const key = project ?? '';
    let brain = brains.get(key);
    if (!brain) {
      brain = options.open(project ?? undefined);
      brains.set(key, brain);
      brain.catch(() => brains.delete(key));
    }
    return brain;
  };
  const routes = new Hono<CallerEnv>();
  routes.post('/read', async (c) => {
    if (c.get('caller') === null) return refuse('token', 401);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return refuse('body is not JSON');
    }
    const { branch, project, call } = (body ?? {}) as { branch?: unknown; project?: unknown; call?: unknown };
    if (branch !== options.branch) return refuse(`this daemon serves branch ${options.branch}`, 409);
    if (project !== null && typeof project !== 'string') return refuse('project must be a string or null');
    if (!isReadCall(call)) return refuse('call is not a read call');
    try {
      const brain = await brainFor(project);
      const data = await performRead(brain, call);
      // What the direct path would have said on stderr about answering from a branch it could not fast-forward.
      const blocked = brain.store.fastForwardBlocked;
      const notices = blocked ? [blockedFastForwardNotice(blocked)] : undefined;
      return c.body(JSON.stringify({ cli: 1, data, ...(notices ? { notices } : {}) }), 200, { 'Content-Type': 'application/json; charset=utf-8' });
    } catch (err) {
      // Only the service's own errors are relayed; anything else is the direct path's to report.
      if (!(err instanceof BrainError)) throw err;
      return c.body(JSON.stringify({ cli: 1, error: err.toJSON() }), STATUS_BY_CODE[err.code], { 'Content-Type': 'application/json; charset=utf-8' });
    }
  });
  const close = async () => {
    for (const brain of await Promise.allSettled(brains.values())) if (brain.status === 'fulfilled' && brain.value !== options.shared) await brain.value.close().catch(() => undefined);
    brains.clear();
  };
  return { routes, close };
}
