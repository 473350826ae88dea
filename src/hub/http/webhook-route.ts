/**
 * `POST /hooks/git` (issue #11: "a push webhook, authenticated with a shared secret"): checks
 * `X-Hub-Signature-256` over the raw body (webhook.ts; 401 `unauthorized` when absent, wrong,
 * or when the hub runs without a secret), finds the repositories the body names (404 when
 * none is registered), starts their syncs (coalesced, sync.ts) and answers 202 at once with
 * `{data: {repos}}`. Bodies over 5 MiB are refused (400) before any work. Any other method is
 * 405 `method_not_allowed` with `Allow: POST` (RFC 9110 §15.5.6): the route exists, a browser
 * or `curl` GET must not be told it does not.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type pg from 'pg';
import { HttpError } from '../../http/errors.js';
import { BrainError } from '../../model/errors.js';
import { listRepos } from '../registry.js';
import type { RepoSyncer } from '../sync.js';
import { reposNamedBy, signatureMatches } from '../webhook.js';
import { send } from './rest.js';

/** Largest accepted webhook body, bytes. */
export const MAX_WEBHOOK_BYTES = 5 * 1024 * 1024;
const TOO_BIG_HINT = 'send the push event only (or {"repo": "<name>"}): the hub fetches the commits itself';

/** The route; mount with `app.route('/hooks/git', createWebhookRoute(…))`. */
export function createWebhookRoute(options: { pool: pg.Pool; syncer: RepoSyncer; secret: string | null }): Hono {
  const route = new Hono();
  // The limit holds for chunked bodies too (no Content-Length): hono's bodyLimit counts what is read.
  const tooBig = () => {
    throw new BrainError('invalid_argument', `webhook body over ${MAX_WEBHOOK_BYTES} bytes`, { hint: TOO_BIG_HINT });
  };
  route.post('/', bodyLimit({ maxSize: MAX_WEBHOOK_BYTES, onError: tooBig }), async (c) => {
    const body = Buffer.from(await c.req.arrayBuffer());
    if (options.secret === null || !signatureMatches(options.secret, body, c.req.header('x-hub-signature-256'))) {
      throw new BrainError('unauthorized', 'the webhook signature is missing or wrong', {
        hint: options.secret === null ? 'this hub runs without a webhook secret: start it with --webhook-secret-file or BRAIN_HUB_WEBHOOK_SECRET' : 'sign the raw body: X-Hub-Signature-256: sha256=<hex HMAC-SHA256 keyed by the shared secret>',
      });
    }
    const names = reposNamedBy(body, await listRepos(options.pool));
    if (names.length === 0) throw new BrainError('not_found', 'no registered repository matches this webhook', { hint: 'register it with `brain hub add`, or send {"repo": "<name>"}' });
    for (const name of names) void options.syncer.sync(name).catch(() => undefined);
    return send(c, { data: { repos: names } }, 202);
  });
  route.all('/', (c) => {
    throw new HttpError(405, 'method_not_allowed', `${c.req.method} is not allowed on /hooks/git`, 'this is the push webhook: a git host POSTs to it, signed with X-Hub-Signature-256; to read the hub use GET /api/repos with a token', { Allow: 'POST' });
  });
  return route;
}
