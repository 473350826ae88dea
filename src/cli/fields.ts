/**
 * Turning CLI options into entry fields (issue #2: `brain add <kind> --title T [--rationale R]
 * [--status S] [--tag T]... [--confidence X] [--related-task ID]... [--path P]...
 * [--cite REF]... [--payload JSON]`). Bad values are `invalid_argument` (exit 2).
 */
import type { Citation } from '../model/entry.js';
import { ENTRY_ID_PATTERN } from '../model/entry-id.js';
import { BrainError } from '../model/errors.js';
import type { EntryFields } from '../model/input.js';
import { BOUNDS, parseDecimalText } from '../model/number-text.js';

/** The raw option values commander collects for entry fields. */
export interface FieldOptions {
  title?: string;
  rationale?: string;
  status?: string;
  tag?: string[];
  confidence?: string;
  relatedTask?: string[];
  relatedEntry?: string[];
  path?: string[];
  cite?: string[];
  payload?: string;
}

const CITATION_KINDS = ['task', 'doc_slug', 'knowledge_source', 'entry', 'external_url', 'file'] as const;

/**
 * `--cite REF`: `kind:ref` with a citation kind (`task:T-12`, `file:src/a.ts#L3` → locator
 * `L3`), else inferred: URLs are `external_url`, entry ids `entry`, anything else `file`.
 */
export function parseCitation(text: string): Citation {
  const colon = text.indexOf(':');
  const prefix = colon > 0 ? text.slice(0, colon) : '';
  let kind: Citation['source_kind'];
  let ref = text;
  if ((CITATION_KINDS as readonly string[]).includes(prefix)) {
    kind = prefix as Citation['source_kind'];
    ref = text.slice(colon + 1);
  } else if (/^https?:\/\//.test(text)) kind = 'external_url';
  else if (ENTRY_ID_PATTERN.test(text)) kind = 'entry';
  else kind = 'file';
  const hash = kind === 'file' ? ref.lastIndexOf('#') : -1;
  if (hash > 0) return { source_ref: ref.slice(0, hash), source_kind: kind, locator: ref.slice(hash + 1) };
  return { source_ref: ref, source_kind: kind };
}

/** The entry fields given on the command line (absent options stay absent). */
export function fieldsFromOptions(options: FieldOptions): EntryFields {
  const fields: EntryFields = {};
  if (options.title !== undefined) fields.title = options.title;
  if (options.rationale !== undefined) fields.rationale = options.rationale;
  if (options.status !== undefined) fields.status = options.status;
  if (options.tag?.length) fields.tags = options.tag;
  if (options.relatedTask?.length) fields.related_task_ids = options.relatedTask;
  if (options.relatedEntry?.length) fields.related_entry_ids = options.relatedEntry;
  if (options.path?.length) fields.paths = options.path;
  if (options.cite?.length) fields.citations = options.cite.map(parseCitation);
  if (options.confidence !== undefined) fields.confidence = parseDecimalText('--confidence', options.confidence, BOUNDS.confidence);
  if (options.payload !== undefined) {
    let payload: unknown;
    try {
      payload = JSON.parse(options.payload);
    } catch (cause) {
      throw new BrainError('invalid_argument', `--payload is not valid JSON: ${(cause as Error).message}`, { hint: `e.g. --payload '{"severity":"high"}'` });
    }
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new BrainError('invalid_argument', `--payload must be a JSON object, got ${Array.isArray(payload) ? 'an array' : payload === null ? 'null' : `a ${typeof payload}`}`, {
        hint: `e.g. --payload '{"severity":"high"}' (the kind's payload fields: see brain add --help)`,
      });
    }
    fields.payload = payload as Record<string, unknown>;
  }
  return fields;
}

/** Collector for repeatable options. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}
