/**
 * brain_get's long texts in parts (docs/decisions/0078). A stored revision may hold up to
 * 1 000 000 characters of `rationale` and of a decision's `decision_outcome` (LIMITS.body, so an
 * imported ADR is kept whole: decision 0033); 44 of the 132 golang/proposal design documents
 * are over 20 000 characters, the largest 141 792. Returned whole, such an entry came back twice
 * (text and structuredContent, ~290 000 characters), which MCP clients refuse or move out of
 * the conversation (Claude Code: over 25 000 tokens is an error, over 50 000 characters goes to a
 * file). So brain_get returns each text field longer than `max_chars` from `offset` for
 * `max_chars` characters and says where the rest is; shorter fields come whole on every part.
 * Pure: no I/O.
 */
import type { Entry } from '../model/entry.js';

/**
 * brain_get's default `max_chars`: an imported ADR cut in both long fields comes back as
 * ~2 × 8 000 characters, twice (text and structured): ~35 000 characters, ~9 000 tokens, under
 * both of Claude Code's limits (measured on golang/proposal's type-parameters design, decision 0078).
 */
export const DEFAULT_MAX_CHARS = 8_000;

/** One text field returned in part: which, how long it is, and which characters came back. */
export interface TextCut {
  /** `rationale` or `payload.<key>` (e.g. `payload.decision_outcome`). */
  field: string;
  /** The field's length in characters (UTF-16 code units, as JavaScript and JSON Schema count). */
  total_chars: number;
  /** The first character returned (0-based). */
  offset: number;
  /** How many characters came back (0 when `offset` is past the end). */
  returned_chars: number;
}

/** What {@link windowEntry} returns: the entry with its long texts cut, the cuts, and the `offset` of the next part (null: nothing more). */
export interface EntryWindow {
  entry: Entry;
  cuts: TextCut[];
  next_offset: number | null;
}

/** `i` moved back off the low half of a surrogate pair, so no part begins or ends inside a character. */
function boundary(text: string, i: number): number {
  if (i <= 0 || i >= text.length) return Math.max(0, Math.min(i, text.length));
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff && i > 0 ? i - 1 : i;
}

/**
 * `entry` with every string field of `rationale` and the payload that is longer than `maxChars`
 * replaced by its characters `[offset, offset + maxChars)` (never splitting a surrogate pair),
 * the cuts made, and the `offset` that continues the longest one (null when every field ended).
 * `offset` ≥ 0, `maxChars` ≥ 1 (the tool's input schema bounds both). Errors: none.
 */
export function windowEntry(entry: Entry, options: { offset: number; maxChars: number }): EntryWindow {
  const cuts: TextCut[] = [];
  let next: number | null = null;
  const cut = (field: string, text: string): string => {
    if (text.length <= options.maxChars) return text;
    const start = boundary(text, options.offset);
    const end = boundary(text, start + options.maxChars);
    cuts.push({ field, total_chars: text.length, offset: start, returned_chars: end - start });
    if (end < text.length) next = Math.max(next ?? 0, end);
    return text.slice(start, end);
  };
  const rationale = cut('rationale', entry.rationale);
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry.payload)) payload[key] = typeof value === 'string' ? cut(`payload.${key}`, value) : value;
  if (cuts.length === 0) return { entry, cuts, next_offset: null };
  return { entry: { ...entry, rationale, payload } as Entry, cuts, next_offset: next };
}

/**
 * The line brain_get's text puts before the entry when it was cut (trusted: field names and
 * numbers only): `PART: rationale: characters 1–8000 of 37888 — the same brain_get with offset 8000
 * for the next part`. Null when nothing was cut.
 */
export function windowNote(window: Pick<EntryWindow, 'cuts' | 'next_offset'>): string | null {
  if (window.cuts.length === 0) return null;
  const parts = window.cuts.map((c) => (c.returned_chars === 0 ? `${c.field}: ended (${c.total_chars} characters)` : `${c.field}: characters ${c.offset + 1}–${c.offset + c.returned_chars} of ${c.total_chars}`));
  const more = window.next_offset === null ? 'the last part' : `the same brain_get with offset ${window.next_offset} for the next part`;
  return `PART: ${parts.join('; ')} — ${more}`;
}
