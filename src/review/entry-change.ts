/**
 * What changed in one entry between two of its revisions (issue #4: "per entry, what was added
 * or revised — title, kind, status transitions, the rationale diff, new citations"). Pure:
 * from the current revision at the merge base (null for a new entry) and the current revision
 * at HEAD to an {@link EntryChange}.
 */
import type { Citation, Entry } from '../model/entry.js';
import { canonicalJson } from '../store/canonical-json.js';
import { unifiedDiff } from './line-diff.js';
import { summaryLine } from '../model/summary.js';
import type { EntryChange, ValueChange } from './review.js';

/** Envelope fields compared, in the order `changed_fields` lists them. */
export const COMPARED_FIELDS = [
  'title',
  'status',
  'rationale',
  'tags',
  'confidence',
  'paths',
  'related_task_ids',
  'related_entry_ids',
  'supersedes_entry_id',
  'citations',
] as const;

/** Fields whose change is shown by other members than `value_changes`. */
const SHOWN_ELSEWHERE = new Set(['status', 'rationale', 'citations']);

/** Absent, null, `''`, `[]` and `{}` all mean "not set". */
const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);
const same = (a: unknown, b: unknown) => (isBlank(a) && isBlank(b)) || canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** A citation's identity: kind, ref and locator. */
export function citationKey(c: Citation): string {
  return `${c.source_kind}\u0000${c.source_ref}\u0000${c.locator ?? ''}`;
}

/** What a new entry is compared with: nothing set (so its status counts as set too). */
const BLANK: Readonly<Record<string, unknown>> = {
  title: '',
  status: null,
  rationale: '',
  tags: [],
  confidence: null,
  paths: [],
  related_task_ids: [],
  related_entry_ids: [],
  supersedes_entry_id: null,
  citations: [],
  payload: {},
};

/**
 * The change from `before` (null: the entry is new in the range) to `after`, both valid
 * revisions of the same entry. `forked` is passed through.
 */
export function describeChange(args: { before: Entry | null; after: Entry; forked: boolean }): EntryChange {
  const { before, after } = args;
  const base = (before ?? BLANK) as Record<string, unknown>;
  const now = after as unknown as Record<string, unknown>;
  const changed: string[] = COMPARED_FIELDS.filter((field) => !same(base[field], now[field]));
  const beforePayload = (base.payload ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(beforePayload), ...Object.keys(after.payload)])].sort();
  for (const key of keys) if (!same(beforePayload[key], after.payload[key])) changed.push(`payload.${key}`);

  const valueOf = (record: Record<string, unknown>, field: string): unknown =>
    field.startsWith('payload.') ? ((record.payload ?? {}) as Record<string, unknown>)[field.slice(8)] : record[field];
  const value_changes: ValueChange[] = changed
    .filter((field) => !SHOWN_ELSEWHERE.has(field) && !(before === null && field === 'title'))
    .map((field) => ({ field, from: before === null ? null : (valueOf(base, field) ?? null), to: valueOf(now, field) ?? null }));

  const had = new Set((before?.citations ?? []).map(citationKey));
  const has = new Set(after.citations.map(citationKey));
  return {
    entry_id: after.entry_id,
    entry_kind: after.entry_kind,
    project_id: after.project_id,
    title: after.title,
    summary: summaryLine(after),
    from_revision: before?.revision ?? null,
    to_revision: after.revision,
    from_status: before?.status ?? null,
    to_status: after.status,
    changed_fields: changed,
    rationale_diff: unifiedDiff(before?.rationale ?? '', after.rationale),
    new_citations: after.citations.filter((c) => !had.has(citationKey(c))),
    removed_citations: (before?.citations ?? []).filter((c) => !has.has(citationKey(c))),
    value_changes,
    author: after.author,
    ...(after.agent !== undefined ? { agent: after.agent } : {}),
    recorded_at: after.recorded_at,
    forked: args.forked,
  };
}
