/**
 * Validation of whole revisions (DESIGN §2): envelope, id prefix, status legality per kind,
 * per-kind payload. Pure; throws {@link BrainError} `invalid_entry` / `illegal_status`.
 */
import type { z } from 'zod';
import { BrainError } from './errors.js';
import { assertJsonDepth } from './json-depth.js';
import { FORMAT_DOC } from './package-info.js';
import { EnvelopeSchema, PAYLOAD_SCHEMAS, type Entry } from './entry.js';
import { KIND_PREFIX, assertLegalStatus, type EntryKind } from './kinds.js';
import { plainEntry } from './plain-entry.js';

/** At most this many issues are spelled out; the rest are counted ("… and 7 more"). */
const SHOWN_ISSUES = 6;

/** The value at `path` inside `input`, or undefined when any step of it is absent. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = input;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key];
  }
  return at;
}

/**
 * One line for zod's issues: `"missing: entry_id, title; status: Invalid option: …; … and 3 more"`.
 * Fields absent from `input` (the value that was parsed, when given) are named together — a
 * revision file holding `{"x":1}` lacks a dozen fields: one clause, not a dozen sentences; the
 * other issues follow as `path: message`, at most {@link SHOWN_ISSUES}, then a count of the rest.
 * `prefix` is joined before every path (`payload`). Pure; the message of `invalid_entry` errors
 * (DESIGN §2).
 */
export function formatIssues(issues: readonly z.core.$ZodIssue[], prefix = '', input?: unknown): string {
  const at = (issue: z.core.$ZodIssue) => [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
  const absent = (issue: z.core.$ZodIssue) => input !== undefined && issue.path.length > 0 && valueAt(input, issue.path) === undefined;
  const missing = [...new Set(issues.filter(absent).map(at))];
  const others = issues.filter((issue) => !absent(issue)).map((issue) => (at(issue) ? `${at(issue)}: ${issue.message}` : issue.message));
  const parts = [...(missing.length ? [`missing: ${missing.join(', ')}`] : []), ...others.slice(0, SHOWN_ISSUES)];
  if (others.length > SHOWN_ISSUES) parts.push(`… and ${others.length - SHOWN_ISSUES} more`);
  return parts.join('; ');
}

function invalid(message: string, data: Record<string, unknown> = {}): BrainError {
  return new BrainError('invalid_entry', message, {
    hint: `fix the fields named above; the entry format is specified in ${FORMAT_DOC}`,
    data,
  });
}

/**
 * Validates `raw` as one revision and returns it typed: a plain revision through
 * {@link plainEntry} (same result, without zod's cost; issue 21), anything else through the
 * schemas ({@link validateEntrySchema}), which give the verdict and the message.
 * Errors: as {@link validateEntrySchema}.
 */
export function validateEntry(raw: unknown): Entry {
  return plainEntry(raw) ?? validateEntrySchema(raw);
}

/**
 * Validates `raw` as one revision with the zod schemas and returns it typed.
 * Errors: `invalid_entry` (nesting deeper than LIMITS.depth — checked first, so nothing
 * recursive ever walks such a value —, schema, bounds, id prefix, payload), `illegal_status`.
 */
export function validateEntrySchema(raw: unknown): Entry {
  assertJsonDepth(raw, 'the entry');
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    const { entry_kind: kind, status } = raw as Record<string, unknown>;
    // Check legality first so "a risk cannot be resolved" wins over a generic enum error.
    if (typeof kind === 'string' && kind in KIND_PREFIX && typeof status === 'string') {
      assertLegalStatus(kind as EntryKind, status);
    }
  }
  const parsed = EnvelopeSchema.safeParse(raw);
  if (!parsed.success) throw invalid(`invalid entry: ${formatIssues(parsed.error.issues, '', raw)}`);
  const entry = parsed.data;
  const prefix = KIND_PREFIX[entry.entry_kind];
  if (!entry.entry_id.startsWith(`${prefix}-`)) {
    throw invalid(`invalid entry: entry_id ${entry.entry_id} must start with "${prefix}-" for ${entry.entry_kind}`);
  }
  // The payload as given, not the record's output: that copy drops an own `__proto__` member
  // (assigned, it sets the prototype), which the kind's strict schema must see to reject.
  const given = (raw as { payload: unknown }).payload;
  const payload = PAYLOAD_SCHEMAS[entry.entry_kind].safeParse(given);
  if (!payload.success) throw invalid(`invalid entry: ${formatIssues(payload.error.issues, 'payload', given)}`);
  return { ...entry, payload: payload.data as Record<string, unknown> };
}
