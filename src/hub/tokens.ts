/**
 * Scoped, capability-bearing hub tokens (issue #11 "Scoped tokens", DESIGN §11). A token is
 * `bh_` + 256 random bits (base64url), shown once; `hub_tokens` keeps only its SHA-256 (hex),
 * so a leaked database grants nothing. A token is bound to repositories (a list, or every
 * registered one), optionally to projects, and to capabilities (`read`, `write`; the hub
 * serves no writes yet, docs/decisions/0027). A token may mint narrower ones, never wider
 * (scope.ts `assertNarrower`); revoking a token revokes everything minted from it.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { BrainError } from '../model/errors.js';
import { hashSecret, newSecret } from '../service/bearer-auth.js';
import { assertNarrower, type TokenScope } from './scope.js';

/** A token as listed (never its secret). */
export interface TokenRecord extends TokenScope {
  id: string;
  name: string;
  parent_id: string | null;
  created_at: string;
  revoked_at: string | null;
}

function toRecord(row: Record<string, unknown>): TokenRecord {
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);
  return {
    id: String(row.id),
    name: String(row.name),
    repos: (row.repos as string[] | null) ?? null,
    projects: (row.projects as string[] | null) ?? null,
    capabilities: row.capabilities as TokenScope['capabilities'],
    parent_id: (row.parent_id as string | null) ?? null,
    created_at: iso(row.created_at) ?? '',
    revoked_at: iso(row.revoked_at),
  };
}

/**
 * Issues a token with `scope`; with `parent`, only if `scope` is within the parent's (else
 * `forbidden`). Returns the record and the secret (the only time it exists outside the caller).
 * Errors: `invalid_argument` (no capability, empty repo list), `forbidden`.
 */
export async function createToken(pool: pg.Pool, args: { name: string; scope: TokenScope; parent?: TokenRecord }): Promise<{ token: TokenRecord; secret: string }> {
  if (args.parent) assertNarrower(args.scope, args.parent);
  const secret = newSecret('bh_');
  const id = `tok_${randomBytes(8).toString('hex')}`;
  const { rows } = await pool.query(
    'INSERT INTO hub_tokens (id, name, secret_sha256, repos, projects, capabilities, parent_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *',
    [id, args.name, hashSecret(secret), args.scope.repos, args.scope.projects, args.scope.capabilities, args.parent?.id ?? null],
  );
  return { token: toRecord(rows[0] as Record<string, unknown>), secret };
}

/** Every token (revoked ones too), oldest first. */
export async function listTokens(pool: pg.Pool): Promise<TokenRecord[]> {
  const { rows } = await pool.query('SELECT * FROM hub_tokens ORDER BY created_at, id');
  return rows.map(toRecord);
}

/** Revokes `id` and every token minted from it, transitively. Errors: `not_found`. Returns the ids revoked now. */
export async function revokeToken(pool: pg.Pool, id: string): Promise<string[]> {
  const { rows } = await pool.query<{ id: string }>(
    `WITH RECURSIVE tree AS (SELECT id FROM hub_tokens WHERE id = $1 UNION SELECT t.id FROM hub_tokens t JOIN tree ON t.parent_id = tree.id)
     UPDATE hub_tokens SET revoked_at = now() WHERE id IN (SELECT id FROM tree) AND revoked_at IS NULL RETURNING id`,
    [id],
  );
  if (rows.length === 0) {
    const exists = await pool.query('SELECT 1 FROM hub_tokens WHERE id = $1', [id]);
    if (exists.rowCount === 0) throw new BrainError('not_found', `no token ${id.slice(0, 80)}`, { hint: 'see `brain hub token list`' });
  }
  return rows.map((r) => r.id).sort();
}

/**
 * The live token whose secret is `secret`, or null: unknown, revoked, or minted (transitively)
 * from a revoked token — checked along the whole chain, so a token minted while its parent was
 * being revoked dies with it. The lookup is by hash: hashes of 256-bit secrets leak nothing usable.
 */
export async function findToken(pool: pg.Pool, secret: string): Promise<TokenRecord | null> {
  const { rows } = await pool.query(
    `WITH RECURSIVE chain AS (SELECT t.*, 0 AS depth FROM hub_tokens t WHERE secret_sha256 = $1
       UNION ALL SELECT p.*, c.depth + 1 FROM hub_tokens p JOIN chain c ON p.id = c.parent_id WHERE c.depth < 100)
     SELECT * FROM chain ORDER BY depth`,
    [hashSecret(secret)],
  );
  if (rows.length === 0 || rows.some((r: Record<string, unknown>) => r.revoked_at !== null)) return null;
  return toRecord(rows[0] as Record<string, unknown>);
}
