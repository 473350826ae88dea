/**
 * Rebasing one revision onto another side's newer revision (DESIGN §8: `brain sync` replays
 * local revisions on top of the remote tip). Pure: a field-level three-way merge of
 * `ours` (the local revision being replayed) onto `theirs` (the entry's current revision on the
 * new tip), against `base` (the revision `ours` was written on). What only one side changed
 * is kept; where both changed a field differently, ours wins — it is replayed after theirs —
 * and the field is reported so the user can review it, except the set fields (tags, paths,
 * related ids), which keep both sides' additions and removals, and a status theirs set to
 * `superseded` (their successor names the entry; ours would leave a one-way link, decision 0060),
 * which stays, reported as a conflict. Nothing is lost either way: both
 * revisions stay in the entry's history. See docs/decisions/0008-sync-replays-local-revisions.md.
 */
import type { Entry } from './entry.js';
import { validateEntry } from './validate.js';

/** Fields a rebase never merges: identity (fixed per entry) and what the store assigns. */
const FIXED = new Set(['entry_id', 'entry_kind', 'project_id', 'revision', 'author', 'agent', 'approval', 'recorded_at', 'payload']);

/** The result of {@link rebaseEntry}. */
export interface RebasedEntry {
  /** The merged revision: theirs with our changes, our author, agent, approval and recorded_at, theirs' revision number. */
  entry: Entry;
  /** Fields both sides changed to different values (`title`, `payload.answer`, …), sorted; ours was kept. */
  conflicts: string[];
  /** True when the merge did not validate and ours was taken whole (every differing field is a conflict). */
  fallback: boolean;
}

function same(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
      : v,
  );
}

/**
 * Envelope fields that are sets of strings: when both sides changed one, the merge keeps every
 * item either side added and drops every item either side removed (theirs' order, then ours'
 * additions) — two teammates tagging an entry, or superseding it by two successors, keep both
 * (docs/decisions/0060). Other lists (`citations`, payload lists) merge whole, ours winning.
 */
const SETS = new Set(['tags', 'paths', 'related_entry_ids', 'related_task_ids']);

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function mergeSet(base: string[], ours: string[], theirs: string[]): string[] {
  const removed = new Set(base.filter((x) => !ours.includes(x)));
  const out = theirs.filter((x) => !removed.has(x));
  for (const x of ours) if (!base.includes(x) && !out.includes(x)) out.push(x);
  return out;
}

function mergeFields(
  base: Record<string, unknown> | null,
  ours: Record<string, unknown>,
  theirs: Record<string, unknown>,
  keys: Iterable<string>,
  prefix: string,
  conflicts: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const o = ours[key];
    const t = theirs[key];
    let value: unknown;
    if (base !== null && same(o, base[key])) value = t; // we did not change it
    else if (base !== null && same(t, base[key])) value = o; // only we changed it
    else if (base !== null && prefix === '' && SETS.has(key) && isStrings(o) && isStrings(t) && isStrings(base[key])) {
      value = mergeSet(base[key] as string[], o, t); // both changed a set: each side's additions and removals, no conflict
    } else if (prefix === '' && key === 'status' && t === 'superseded' && o !== t) {
      conflicts.push(key); // they superseded it, we changed its status: their successor names it, so it stays superseded
      value = t;
    } else {
      if (!same(o, t)) conflicts.push(`${prefix}${key}`);
      value = o;
    }
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * Merges `ours` onto `theirs` against `base` (null: no common base known — every field that
 * differs is a conflict and ours wins). The result keeps theirs' `revision` (the store assigns
 * the real number when it is written) and ours' `author`, `agent` and `recorded_at`. If the merged
 * fields do not validate together, ours is returned whole with `fallback: true`.
 * Errors: none for valid inputs (all three are validated entries of one entry id).
 */
export function rebaseEntry(args: { base: Entry | null; ours: Entry; theirs: Entry }): RebasedEntry {
  const { base, ours, theirs } = args;
  const conflicts: string[] = [];
  const asRecord = (e: Entry | null) => e as unknown as Record<string, unknown> | null;
  const envelopeKeys = new Set([...Object.keys(ours), ...Object.keys(theirs)].filter((k) => !FIXED.has(k)));
  const envelope = mergeFields(asRecord(base), asRecord(ours) as Record<string, unknown>, asRecord(theirs) as Record<string, unknown>, envelopeKeys, '', conflicts);
  const payloadKeys = new Set([...Object.keys(ours.payload), ...Object.keys(theirs.payload), ...Object.keys(base?.payload ?? {})]);
  const payload = mergeFields(base?.payload ?? null, ours.payload, theirs.payload, payloadKeys, 'payload.', conflicts);
  const identity = { entry_id: ours.entry_id, entry_kind: ours.entry_kind, project_id: ours.project_id };
  const stamp = { revision: theirs.revision, author: ours.author, ...(ours.agent !== undefined ? { agent: ours.agent } : {}), ...(ours.approval !== undefined ? { approval: ours.approval } : {}), recorded_at: ours.recorded_at };
  try {
    const entry = validateEntry({ ...envelope, ...identity, ...stamp, payload });
    return { entry, conflicts: conflicts.sort(), fallback: false };
  } catch {
    const differing = [...envelopeKeys].filter((k) => !same((ours as unknown as Record<string, unknown>)[k], (theirs as unknown as Record<string, unknown>)[k]));
    const payloadDiffering = [...payloadKeys].filter((k) => !same(ours.payload[k], theirs.payload[k])).map((k) => `payload.${k}`);
    return { entry: { ...ours, revision: theirs.revision }, conflicts: [...differing, ...payloadDiffering].sort(), fallback: true };
  }
}
