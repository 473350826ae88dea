/**
 * What callers give to create or revise an entry (DESIGN §2): every envelope field except the
 * ones the store assigns (`entry_id` for new entries, `revision`, `recorded_at`).
 * {@link buildEntry} merges input over a base (defaults or the current revision) and
 * validates the result.
 */
import type { Citation, Entry } from './entry.js';
import type { Approval } from './approval.js';
import { DEFAULT_STATUS, type EntryKind } from './kinds.js';
import { validateEntry } from './validate.js';
import { normalizeLineEnds } from './text.js';
import { assertJsonDepth } from './json-depth.js';
import { LIMITS } from './limits.js';

/** Caller-settable fields; absent fields keep their base value. */
export interface EntryFields {
  title?: string;
  rationale?: string;
  status?: string;
  tags?: string[];
  related_task_ids?: string[];
  related_entry_ids?: string[];
  supersedes_entry_id?: string | null;
  confidence?: number | null;
  citations?: Citation[];
  paths?: string[];
  /** Merged key by key over the base payload. */
  payload?: Record<string, unknown>;
}

/** The payload a new entry of `kind` starts from. */
export function defaultPayload(kind: EntryKind): Record<string, unknown> {
  switch (kind) {
    case 'decision':
      return { alternatives: [], decision_outcome: '' };
    case 'open_question':
      return {};
    case 'blocker':
      return { severity: 'medium' };
    case 'risk':
      return { likelihood: 'medium', impact: 'medium' };
    case 'dependency':
      return { dependency_kind: 'requires' };
    case 'plan_revision':
      return { summary: '' };
  }
}

/** The base of revision 1 of a new entry, before caller fields are applied. */
export function newEntryBase(args: {
  entry_id: string;
  entry_kind: EntryKind;
  project_id: string;
  author: string;
  recorded_at: string;
}): Entry {
  return {
    ...args,
    revision: 1,
    title: '',
    rationale: '',
    status: DEFAULT_STATUS[args.entry_kind],
    related_task_ids: [],
    related_entry_ids: [],
    tags: [],
    supersedes_entry_id: null,
    confidence: null,
    citations: [],
    paths: [],
    payload: defaultPayload(args.entry_kind),
  };
}

/**
 * `base` with `fields` applied and `overrides` (revision, author, recorded_at, `agent` when
 * an agent writes, `approval` when approving a candidate writes it) set, validated. The writer
 * stamp is never inherited: a revision has the base's `agent` or `approval` only if `overrides`
 * gives it again (docs/decisions/0032, 0042).
 * Errors: `invalid_entry` (also for a payload nested deeper than LIMITS.depth − 1 levels,
 * checked before any recursive walk), `illegal_status` (from {@link validateEntry}).
 */
export function buildEntry(base: Entry, fields: EntryFields, overrides: Pick<Entry, 'revision' | 'author' | 'recorded_at' | 'agent'> & { approval?: Approval | undefined }): Entry {
  assertJsonDepth(fields.payload, 'payload', { max: LIMITS.depth - 1 });
  assertJsonDepth(fields, 'the entry');
  const { payload, ...rest } = crlfToLf(fields) as EntryFields;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const { agent: _previousAgent, approval: _previousApproval, ...unstamped } = base;
  const { agent, approval, ...stamp } = overrides;
  return validateEntry({
    ...unstamped,
    ...defined,
    ...stamp,
    ...(agent !== undefined ? { agent } : {}),
    ...(approval !== undefined ? { approval } : {}),
    payload: { ...base.payload, ...(payload ?? {}) },
  });
}

/** True when two revisions say the same thing (ignores revision, author, agent, approval and recorded_at). */
export function sameContent(a: Entry, b: Entry): boolean {
  const strip = ({ revision: _r, author: _a, agent: _g, approval: _p, recorded_at: _t, ...rest }: Entry) => rest;
  return JSON.stringify(sortDeep(strip(a))) === JSON.stringify(sortDeep(strip(b)));
}

/** Caller text with Windows line ends (CRLF) turned into LF; a lone CR stays and is rejected. */
function crlfToLf(value: unknown): unknown {
  if (typeof value === 'string') return normalizeLineEnds(value);
  if (Array.isArray(value)) return value.map(crlfToLf);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, crlfToLf(v)]));
  return value;
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}
