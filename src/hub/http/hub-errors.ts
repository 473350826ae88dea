/**
 * The hub's error responses: the daemon's one mapping (src/http/errors.ts: status, envelope,
 * headers) with the hub's hints (../hub-hints.ts) — a BrainError thrown without a specific
 * hint gets the hub's default, and an `internal` error points at the hub's log, not the daemon's.
 */
import type { Context } from 'hono';
import { errorResponse, HttpError } from '../../http/errors.js';
import { BrainError } from '../../model/errors.js';
import { HUB_INTERNAL_HINT, hubError } from '../hub-hints.js';

/** Sends `err` as the hub answers it (JSON, `Cache-Control: no-store`). */
export function hubErrorResponse(c: Context, err: unknown): Response {
  const mapped = hubError(err);
  if (mapped instanceof BrainError || mapped instanceof HttpError) return errorResponse(c, mapped);
  return c.json({ error: { code: 'internal', message: 'internal error', hint: HUB_INTERNAL_HINT } }, 500, { 'Cache-Control': 'no-store' });
}
