/**
 * `POST /api/tokens` (issue #11: "a token can never widen its scope"): the caller's token
 * mints a narrower one. Body: `{"name"?: string, "repos": string[] | "all", "projects"?:
 * string[] | null, "capabilities": ["read"] | "read,write"}`. The new scope must be within the
 * caller's — repositories ⊆, projects ⊆, capabilities ⊆ (an "all" grant only from an "all"
 * token) — else 403 `forbidden`, nothing issued. Answers 201 `{data: {token, secret}}`; the
 * secret is shown this once. The minted token dies with its parent (tokens.ts).
 */
import { Hono } from 'hono';
import type pg from 'pg';
import { BrainError } from '../../model/errors.js';
import { tokenScope, type TokenScope } from '../scope.js';
import { createToken } from '../tokens.js';
import type { HubEnv } from './auth.js';
import { send } from './rest.js';

const bad = (message: string) => new BrainError('invalid_argument', message, { hint: 'body: {"name": "ci", "repos": ["payments"], "projects": null, "capabilities": ["read"]}' });

function names(value: unknown, what: string): string[] | null {
  if (value === 'all' || value === null || value === undefined) {
    if (value === undefined && what === 'repos') throw bad('repos is required: a list of repository names, or "all"');
    return null;
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > 1000 || !value.every((v) => typeof v === 'string')) throw bad(`${what} must be a non-empty list of names${what === 'repos' ? ', or "all"' : ', or null'}`);
  return value as string[];
}

/** Parses the body into a name and a scope. Errors: `invalid_argument`. */
export function parseTokenRequest(body: unknown): { name: string; scope: TokenScope } {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw bad('the body must be a JSON object');
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).find((k) => !['name', 'repos', 'projects', 'capabilities'].includes(k));
  if (unknown !== undefined) throw bad(`unknown field "${unknown.slice(0, 40)}"`);
  if (b.name !== undefined && (typeof b.name !== 'string' || b.name.length > 200 || /[\x00-\x1f]/.test(b.name))) throw bad('name must be one line of at most 200 characters');
  if (typeof b.capabilities !== 'string' && !(Array.isArray(b.capabilities) && b.capabilities.every((x) => typeof x === 'string'))) throw bad('capabilities is required: ["read"] or ["read", "write"]');
  const scope = tokenScope({ repos: names(b.repos, 'repos'), projects: names(b.projects, 'projects'), capabilities: b.capabilities as string | string[] });
  return { name: (b.name as string | undefined) ?? 'minted', scope };
}

/** The route; mount with `app.route('/api/tokens', createTokensRoute(pool))` after the auth middleware. */
export function createTokensRoute(pool: pg.Pool): Hono<HubEnv> {
  const route = new Hono<HubEnv>();
  route.post('/', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw bad('the body must be JSON');
    }
    const { name, scope } = parseTokenRequest(body);
    const { token, secret } = await createToken(pool, { name, scope, parent: c.get('token') });
    return send(c, { data: { token, secret } }, 201);
  });
  return route;
}
