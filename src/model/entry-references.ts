/**
 * References to other entries inside entry text (issue #22 "References inside entry text
 * become links when they resolve"): an ADR by number — `ADR 6`, `ADR-0006`, `adr 42`,
 * `ADR006` — or an entry by its id or a prefix of it — `dec-4f9k2m1x7q3z`, `dec-4f9k2m1x`
 * (a kind prefix, a dash and at least 6 Crockford base32 characters). A reference stands
 * alone: not inside a word, a path or a file name (`docs/adr-0006.md`, `ADR-0006-title.md`
 * are not references). Finding is pure; resolving is the reader's (service/entry-references.ts).
 */
import { KIND_PREFIX } from './kinds.js';

/** A reference found in text. `key` names what it points at: `adr:<number>` or `id:<id or prefix>`. */
export interface EntryReference {
  /** The reference as written. */
  text: string;
  key: string;
  /** Offset of `text` in the scanned string (UTF-16 units). */
  index: number;
}

const PREFIXES = Object.values(KIND_PREFIX).join('|');
// Not preceded by a letter, digit, `_`, `/`, `.` or `-`; not followed by a letter, digit, `_` or `-` (so never part of a path or a slug).
const BEFORE = '(?<![\\p{L}\\p{N}_/.\\-])';
const AFTER = '(?![\\p{L}\\p{N}_\\-])';
const REFERENCE = new RegExp(`${BEFORE}(?:(ADR)[ \\-]?0*(\\d{1,8})|((?:${PREFIXES})-[0-9a-hjkmnp-tv-z]{6,}))${AFTER}`, 'giu');

/** The number of an ADR reference key (`adr:6` → 6), or null for an id key. */
export const adrNumberOf = (key: string): number | null => (key.startsWith('adr:') ? Number(key.slice(4)) : null);

/** Every reference in `text`, in order. An ADR number of 0 (`ADR-0000`) is a reference too. */
export function findEntryReferences(text: string): EntryReference[] {
  const out: EntryReference[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    if (m[1] !== undefined) {
      out.push({ text: m[0], key: `adr:${Number(m[2])}`, index: m.index });
    } else if (m[3] !== undefined && m[3] === m[3].toLowerCase()) {
      out.push({ text: m[0], key: `id:${m[3]}`, index: m.index });
    }
  }
  return out;
}

/**
 * `text` cut into plain runs and references, for a renderer that links the resolved ones:
 * `[{text}, {text, key}, …]`; joined back, the parts are `text` exactly.
 */
export function splitReferences(text: string): { text: string; key?: string }[] {
  const parts: { text: string; key?: string }[] = [];
  let last = 0;
  for (const r of findEntryReferences(text)) {
    if (r.index > last) parts.push({ text: text.slice(last, r.index) });
    parts.push({ text: r.text, key: r.key });
    last = r.index + r.text.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}
