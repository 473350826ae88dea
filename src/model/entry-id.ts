/**
 * Entry ids: kind prefix + 12 Crockford base32 characters (60 bits), e.g. `dec-4f9k2m1x7q3z`
 * (DESIGN §2). Random for new entries; derived from a seed string for importers, so a
 * re-import of the same source yields the same id on every machine.
 */
import { createHash, randomBytes } from 'node:crypto';
import { KIND_PREFIX, type EntryKind } from './kinds.js';

/** Crockford's base32 alphabet, lower-case (no i, l, o, u). */
const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';
export const ENTRY_ID_PATTERN = /^[a-z]+-[0-9a-z]{12,}$/;
const RANDOM_CHARS = 12;

function encode60(bytes: Uint8Array): string {
  let out = '';
  let acc = 0n;
  for (let i = 0; i < 8; i++) acc = (acc << 8n) | BigInt(bytes[i] ?? 0);
  acc >>= 4n; // keep the top 60 bits
  for (let i = RANDOM_CHARS - 1; i >= 0; i--) {
    out = CROCKFORD[Number(acc & 31n)] + out;
    acc >>= 5n;
  }
  return out;
}

/** A fresh random id for `kind` (60 random bits). */
export function newEntryId(kind: EntryKind): string {
  return `${KIND_PREFIX[kind]}-${encode60(randomBytes(8))}`;
}

/** A fresh random candidate id (`cand-` + 60 random bits; src/model/candidate.ts). */
export function newCandidateId(): string {
  return `cand-${encode60(randomBytes(8))}`;
}

/** A deterministic candidate id derived from `seed` (sha256, top 60 bits): `brain sync` holding a write back (docs/decisions/0063). */
export function deriveCandidateId(seed: string): string {
  return `cand-${encode60(createHash('sha256').update(seed).digest())}`;
}

/** A deterministic id for `kind` derived from `seed` (sha256, top 60 bits). */
export function deriveEntryId(kind: EntryKind, seed: string): string {
  return `${KIND_PREFIX[kind]}-${encode60(createHash('sha256').update(seed).digest())}`;
}

/** The random part of an id (`4f9k2m1x7q3z` of `dec-4f9k2m1x7q3z`). */
export function idRandomPart(entryId: string): string {
  return entryId.slice(entryId.indexOf('-') + 1);
}

/** Fewest id characters after the kind prefix that make a search query an id (decision 0050, "An id typed into search"). */
export const MIN_ID_QUERY_CHARS = 4;

/**
 * The entry id or id prefix a whole search query is (`dec-bvsd`, ` DEC-BVSD4F9K ` → `dec-bvsd4f9k`):
 * a known kind prefix, `-`, and {@link MIN_ID_QUERY_CHARS}+ id characters (`[0-9a-z]`, as
 * {@link ENTRY_ID_PATTERN}), case and surrounding blanks ignored; null for anything else
 * (words, a bare kind prefix, `dec-ab`, `foo-bvsd`).
 */
export function idQuery(query: string): string | null {
  const q = query.trim().toLowerCase();
  const m = /^([a-z]+)-[0-9a-z]+$/.exec(q);
  return m && q.length - (m[1] as string).length - 1 >= MIN_ID_QUERY_CHARS && Object.values(KIND_PREFIX).includes(m[1] as string) ? q : null;
}
