/**
 * Canonical JSON (DESIGN §3 invariant 2): keys sorted by UTF-16 code unit at every depth,
 * 2-space indent, LF line ends, trailing newline; `undefined` members omitted. Same value,
 * same bytes, same sha256 on every machine.
 */
import { createHash } from 'node:crypto';

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeys(member);
    }
    return out;
  }
  return value;
}

/** The canonical text of `value`. Throws TypeError on values JSON cannot represent (NaN, ∞). */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(sortKeys(value), (_key, v: unknown) => {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new TypeError('canonical JSON cannot hold NaN or Infinity');
    return v;
  }, 2);
  return `${text}\n`;
}

/** Lower-case hex sha256 of `data` (UTF-8 for strings). */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** True when `text` is exactly the canonical form of what it parses to. */
export function isCanonical(text: string): boolean {
  try {
    return canonicalJson(JSON.parse(text)) === text;
  } catch {
    return false;
  }
}
