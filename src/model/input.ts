/**
 * What callers give to create or revise an entry (DESIGN §2): every envelope field except the
 * ones the store assigns (`entry_id` for new entries, `revision`, `recorded_at`).
 * {@link buildEntry} merges input over a base (defaults or the current revision) and
 * validates the result.
 */
import type { Citation, Entry } from './entry.js';
import type { Approval } from './approval.js';
import { BrainError } from './errors.js';
import { DEFAULT_STATUS, type EntryKind } from './kinds.js';
import { LIMITS } from './limits.js';
import { validateEntry } from './validate.js';
import { normalizeLineEnds } from './text.js';
import { assertJsonDepth } from './json-depth.js';

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

/** A payload field a new entry got from {@link defaultPayload} because the caller gave none. */
export interface AppliedDefault {
  /** `payload.<name>` */
  field: string;
  value: unknown;
}

/**
 * The judgements {@link defaultPayload} makes for the caller of a new entry of `kind` that
 * `payload` leaves out: a blocker's `severity`, a risk's `likelihood` and `impact`, a
 * dependency's `dependency_kind` (empty defaults — no alternatives yet, no answer — are not
 * judgements and are not listed). Surfaces say them when applied (issue #19).
 */
export function appliedDefaults(kind: EntryKind, payload: Record<string, unknown> | undefined): AppliedDefault[] {
  return Object.entries(defaultPayload(kind))
    .filter(([name, value]) => typeof value === 'string' && value !== '' && payload?.[name] === undefined)
    .map(([name, value]) => ({ field: `payload.${name}`, value }));
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
 * A decision whose status changes loses the source's status words (`payload.status_text`: the
 * key goes, so an export writes the new status) unless `fields` sets them: they described the
 * status it had. A proposal that becomes accepted or rejected takes the revision's day as its
 * `decision_date` (when it records one and `fields` does not set it): the ADR's own day was when
 * it was written, and surfaces would keep saying "decided" on that day.
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
  const merged: Record<string, unknown> = { ...base.payload, ...(payload ?? {}) };
  const statusChanged = typeof defined['status'] === 'string' && defined['status'] !== base.status;
  if (statusChanged && 'status_text' in merged && payload?.['status_text'] === undefined) delete merged['status_text'];
  // A proposal decided in brain was decided on this revision's day, not on the day it was written.
  const decidedNow = statusChanged && base.status === 'proposed' && (defined['status'] === 'accepted' || defined['status'] === 'rejected');
  if (decidedNow && 'decision_date' in merged && payload?.['decision_date'] === undefined) merged['decision_date'] = String(stamp.recorded_at).slice(0, 10);
  return validateEntry({ ...unstamped, ...defined, ...stamp, ...(agent !== undefined ? { agent } : {}), ...(approval !== undefined ? { approval } : {}), payload: merged });
}

/** Payload fields that hold free text, per kind (bounded by {@link LIMITS.text} when typed). */
const TYPED_TEXT = ['decision_outcome', 'answer', 'resolution', 'mitigation', 'summary'];

/**
 * Checks the text a person or agent gives (CLI, MCP, REST) against the typed bounds:
 * `rationale` ≤ {@link LIMITS.rationale}, payload text and each alternative ≤ {@link LIMITS.text}.
 * A stored revision may hold more (an imported ADR, up to {@link LIMITS.body}), so this runs on
 * input only. Errors: `invalid_entry` naming the field.
 */
export function checkTypedText(fields: EntryFields): void {
  const tooLong: string[] = [];
  if (typeof fields.rationale === 'string' && fields.rationale.length > LIMITS.rationale) tooLong.push(`rationale: must be at most ${LIMITS.rationale} characters`);
  const payload = fields.payload ?? {};
  for (const key of TYPED_TEXT) {
    const value = payload[key];
    if (typeof value === 'string' && value.length > LIMITS.text) tooLong.push(`payload.${key}: must be at most ${LIMITS.text} characters`);
  }
  const alternatives = payload['alternatives'];
  if (Array.isArray(alternatives) && alternatives.some((a) => typeof a === 'string' && a.length > LIMITS.text)) tooLong.push(`payload.alternatives: each must be at most ${LIMITS.text} characters`);
  if (tooLong.length > 0) {
    throw new BrainError('invalid_entry', `invalid entry: ${tooLong.join('; ')}`, {
      hint: 'shorten the text; a longer document belongs in a file the entry cites (or import it: brain import adr)',
    });
  }
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
