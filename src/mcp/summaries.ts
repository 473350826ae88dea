/**
 * Compact, agent-safe structured shapes of entries for MCP results (issue #3: list results are
 * summaries, not whole rationales, so an agent's context is not flooded) and the deep
 * neutralization of entry text in structured content (DESIGN §7: entry text is untrusted).
 */
import type { Entry } from '../model/entry.js';
import { singleLine, truncate } from '../context/inline-text.js';
import { neutralize } from '../context/untrusted.js';
import { summaryLine } from '../model/summary.js';
import { adrLabelOf } from '../model/adr-label.js';

/** Max chars of `summary` (the rationale excerpt) and of each excerpted payload string. */
export const SUMMARY_CHARS = 200;
/** Max chars of each item of an excerpted payload array, and max items kept. */
const ITEM_CHARS = 80;
const MAX_ITEMS = 5;

/** One entry in a list or search result: what it is and why, in a few hundred characters. */
export interface EntrySummary {
  entry_id: string;
  entry_kind: Entry['entry_kind'];
  status: Entry['status'];
  revision: number;
  title: string;
  /** An imported ADR's label (`ADR-0071`, model/adr-label.ts); absent for other entries. It finds the entry in brain_get and brain_search (decision 0052). */
  adr_label?: string;
  /** The shared one-line plain-text summary (src/model/summary.ts), cut to {@link SUMMARY_CHARS} (+ `…`). */
  summary: string;
  /** Kind-specific payload, strings cut to {@link SUMMARY_CHARS}, arrays to 5 items of 80 chars. */
  payload: Record<string, unknown>;
  tags: string[];
  related_task_ids: string[];
  confidence: number | null;
  recorded_at: string;
  author: string;
}

function excerpt(text: string, max: number): string {
  return truncate(singleLine(text), max);
}

function excerptValue(value: unknown): unknown {
  if (typeof value === 'string') return excerpt(value, SUMMARY_CHARS);
  if (!Array.isArray(value)) return value;
  const items = value.slice(0, MAX_ITEMS).map((v) => (typeof v === 'string' ? excerpt(v, ITEM_CHARS) : v));
  return value.length > MAX_ITEMS ? [...items, `… +${value.length - MAX_ITEMS} more`] : items;
}

/** `{ adr_label }` for an imported ADR, `{}` for any other entry. */
function labelOf(entry: Entry): { adr_label?: string } {
  const label = adrLabelOf(entry);
  return label === null ? {} : { adr_label: label };
}

/** The compact shape of `entry` (not yet neutralized: pass results through {@link neutralizeDeep}). */
export function summarize(entry: Entry): EntrySummary {
  return {
    entry_id: entry.entry_id,
    entry_kind: entry.entry_kind,
    status: entry.status,
    revision: entry.revision,
    title: excerpt(entry.title, SUMMARY_CHARS),
    ...labelOf(entry),
    summary: summaryLine(entry, { max: SUMMARY_CHARS }),
    payload: Object.fromEntries(Object.keys(entry.payload).sort().map((k) => [k, excerptValue(entry.payload[k])])),
    tags: entry.tags,
    related_task_ids: entry.related_task_ids,
    confidence: entry.confidence,
    recorded_at: entry.recorded_at,
    author: entry.author,
  };
}

/**
 * `value` with every string (object keys too) passed through {@link neutralize}: no
 * `</brain-state>` or `<brain-state>` look-alike survives anywhere in structured content.
 * Entry text is otherwise returned exactly as stored. Pure; the input is not modified.
 */
export function neutralizeDeep<T>(value: T): T {
  return deep(value) as T;
}

function deep(value: unknown): unknown {
  if (typeof value === 'string') return neutralize(value);
  if (Array.isArray(value)) return value.map(deep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [neutralize(k), deep(v)]));
  }
  return value;
}

/**
 * Which fields differ between two revisions, sorted: top-level fields, then payload keys as
 * `payload.<key>` (revision, recorded_at, author and agent say who wrote it, not what, and are left out).
 * `['created']` for the first revision.
 */
export function changedFields(previous: Entry | undefined, entry: Entry): string[] {
  if (!previous) return ['created'];
  const ignore = new Set(['revision', 'recorded_at', 'author', 'agent', 'payload']);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const top = (Object.keys(entry) as (keyof Entry)[]).filter((k) => !ignore.has(k) && !same(previous[k], entry[k])).sort();
  const keys = [...new Set([...Object.keys(previous.payload), ...Object.keys(entry.payload)])].sort();
  return [...top, ...keys.filter((k) => !same(previous.payload[k], entry.payload[k])).map((k) => `payload.${k}`)];
}
