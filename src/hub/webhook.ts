/**
 * The push webhook of the hub (issue #11: "`POST /hooks/git`, authenticated with a shared
 * secret"), authenticated as GitHub does: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the
 * raw body keyed by the secret>`, compared in constant time. The body names the repository:
 * a GitHub/GitLab/Gitea push payload (`repository.clone_url`, `git_url`, `ssh_url`,
 * `html_url`, `name`) or `{"repo": "<hub name>"}`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { BrainError } from '../model/errors.js';

/** The signature header's value for `body` under `secret` (`sha256=<hex>`), as a sender computes it. */
export function signBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** True when `header` is exactly `sha256=<64 hex>` and matches `body` under `secret` (constant time). */
export function signatureMatches(secret: string, body: Buffer, header: string | undefined): boolean {
  if (header === undefined || !/^sha256=[0-9a-fA-F]{64}$/.test(header)) return false;
  const given = Buffer.from(header.slice(7).toLowerCase(), 'hex');
  const wanted = createHmac('sha256', secret).update(body).digest();
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The URL-ish forms of a source compared loosely: no scheme/user, no trailing `.git` or `/`, lowercase host. */
function sourceKey(source: string): string {
  return source.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^[^@/]+@/, '').replace(/:(?!\d)/, '/').replace(/\/+$/, '').replace(/\.git$/, '').toLowerCase();
}

/**
 * The registered repositories a webhook body names: by `repo` (hub name), else every
 * repository whose source matches one of the payload's URLs, else by `repository.name`.
 * Errors: `invalid_argument` (not JSON, or names no repository at all).
 */
export function reposNamedBy(body: Buffer, registered: readonly { name: string; source: string }[]): string[] {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    throw new BrainError('invalid_argument', 'the webhook body is not JSON', { hint: 'send a push payload, or {"repo": "<name>"}' });
  }
  const obj = (value ?? {}) as Record<string, unknown>;
  if (typeof obj.repo === 'string') return registered.filter((r) => r.name === obj.repo).map((r) => r.name);
  const repository = (obj.repository ?? {}) as Record<string, unknown>;
  const urls = ['clone_url', 'git_url', 'ssh_url', 'html_url', 'url', 'git_http_url', 'git_ssh_url'].map((k) => repository[k]).filter((u): u is string => typeof u === 'string').map(sourceKey);
  const byUrl = registered.filter((r) => urls.includes(sourceKey(r.source))).map((r) => r.name);
  if (byUrl.length > 0) return byUrl;
  if (typeof repository.name === 'string') return registered.filter((r) => r.name === repository.name).map((r) => r.name);
  throw new BrainError('invalid_argument', 'the webhook body names no repository', { hint: 'a push payload with repository.clone_url, or {"repo": "<name>"}' });
}
