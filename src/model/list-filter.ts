/**
 * Checking the filters of a list query (issue #7 "Errors for every mistake"): a filter value
 * that can never match — an unknown kind or status, a status the kind cannot have, a tag or
 * author that is not a valid field value, an unparseable date — is a coded error listing what
 * is legal, never a silent "no entries". Pure; the service calls it for the CLI, MCP and REST.
 */
import { BrainError } from './errors.js';
import { LEGAL_STATUSES, STATUSES, assertLegalStatus, parseEntryKind, type EntryKind, type Status } from './kinds.js';
import { findForbidden } from './text.js';
import { LIMITS } from './limits.js';

/** The filter values a caller gives (strings as typed). */
export interface RawListFilter {
  kind?: string | undefined;
  status?: string | undefined;
  tag?: string | undefined;
  author?: string | undefined;
  relatedTask?: string | undefined;
  updatedSince?: string | undefined;
}

/** The same filter, checked and normalized (`updatedSince` as ISO 8601 UTC with `Z`). */
export interface CheckedListFilter {
  kind?: EntryKind;
  status?: Status;
  tag?: string;
  author?: string;
  relatedTask?: string;
  updatedSince?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/i;

/**
 * An ISO 8601 date (`2024-05-01`, midnight UTC) or date-time with a zone (`…T12:00:00Z`,
 * `…+02:00`) as ISO 8601 UTC. Errors: `invalid_argument` naming `name` with examples.
 */
export function parseInstant(name: string, text: string): string {
  const ms = DATE.test(text.trim()) ? Date.parse(text.trim()) : NaN;
  if (Number.isNaN(ms)) {
    throw new BrainError('invalid_argument', `${name} must be an ISO 8601 date or date-time with a zone, got "${text.slice(0, 40)}"`, {
      hint: 'e.g. 2024-05-01 or 2024-05-01T12:00:00Z',
      data: { [name]: text.slice(0, 200) },
    });
  }
  return new Date(ms).toISOString();
}

function checkValue(name: string, value: string, max: number): string {
  const problem = value.trim() === '' ? 'must not be blank' : value.length > max ? `must be at most ${max} characters` : findForbidden(value, false) ? 'must be one line without control characters' : null;
  if (problem) throw new BrainError('invalid_argument', `${name} filter ${problem}`, { hint: `${name} values are what entries store: one line of at most ${max} characters`, data: { [name]: value.slice(0, 200) } });
  return value;
}

/**
 * Checks `raw`. Errors: `invalid_argument` (unknown kind or status, bad tag/author/task,
 * unparseable date; `data.legal` lists the legal values), `illegal_status` (a status the kind
 * cannot have: "a risk cannot be open; legal: active, mitigated, retired").
 */
export function checkListFilter(raw: RawListFilter): CheckedListFilter {
  const out: CheckedListFilter = {};
  if (raw.kind !== undefined) out.kind = parseEntryKind(raw.kind);
  if (raw.status !== undefined) {
    const status = raw.status.trim().toLowerCase();
    if (!(STATUSES as readonly string[]).includes(status)) {
      const legal = out.kind ? LEGAL_STATUSES[out.kind] : STATUSES;
      throw new BrainError('invalid_argument', `unknown status "${raw.status.slice(0, 40)}"${out.kind ? ` for ${out.kind}` : ''}; legal: ${legal.join(', ')}`, {
        hint: `use one of: ${legal.join(', ')}`,
        data: { status: raw.status.slice(0, 200), legal },
      });
    }
    if (out.kind) assertLegalStatus(out.kind, status);
    out.status = status as Status;
  }
  if (raw.tag !== undefined) out.tag = checkValue('tag', raw.tag, LIMITS.tag);
  if (raw.author !== undefined) out.author = checkValue('author', raw.author, LIMITS.short);
  if (raw.relatedTask !== undefined) out.relatedTask = checkValue('related_task', raw.relatedTask, LIMITS.ref);
  if (raw.updatedSince !== undefined) out.updatedSince = parseInstant('updated_since', raw.updatedSince);
  return out;
}
