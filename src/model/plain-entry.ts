/**
 * The common case of entry validation without zod's machinery (issue 21, first read of a fresh
 * clone: zod was the largest cost of reading a revision file, ~10 µs hot and ~25 µs in a cold
 * rebuild). {@link plainEntry} accepts only revisions of the plain shape nearly every file has
 * — plain JSON objects, every field of {@link EnvelopeSchema} and the kind's payload schema
 * checked by the same rules (text.ts, limits.ts, the id and name patterns, the kind's legal
 * statuses) — and returns exactly what the zod path returns, key order included (test:
 * test/model/plain-entry.test.ts compares both on generated and mutated revisions). On any
 * doubt — a field it does not model (`approval`), a non-plain object, any failed check — it
 * returns null and the caller validates with zod, which gives the verdict and the message.
 * It may refuse what zod accepts, never the reverse.
 */
import { EnvelopeSchema, PAYLOAD_SCHEMAS, type Entry } from './entry.js';
import { ENTRY_ID_PATTERN } from './entry-id.js';
import { AGENT_NAME_PATTERN } from './agent-name.js';
import { LIMITS, PROJECT_ID_PATTERN } from './limits.js';
import { ENTRY_KINDS, KIND_PREFIX, LEGAL_STATUSES, type EntryKind } from './kinds.js';
import { LONE_SURROGATE, findForbidden } from './text.js';

/** A field: whether it may be absent, whether its value passes, and its output (arrays and objects copied, as zod does). */
interface Field {
  optional?: true;
  ok(value: unknown): boolean;
  copy?: (value: never) => unknown;
}

const text = (max: number, multiLine: boolean, nonBlank: boolean) => (v: unknown): boolean =>
  typeof v === 'string' && v.length <= max && findForbidden(v, multiLine) === null && !LONE_SURROGATE.test(v) && (!nonBlank || v.trim().length > 0);
const matches = (pattern: RegExp) => (v: unknown): boolean => typeof v === 'string' && pattern.test(v);
const oneOf = (values: readonly string[]) => (v: unknown): boolean => typeof v === 'string' && values.includes(v);
const orNull = (ok: (v: unknown) => boolean) => (v: unknown): boolean => v === null || ok(v);
const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const list = (ok: (v: unknown) => boolean, max: number): Field => ({
  ok: (v) => Array.isArray(v) && v.length <= max && v.every(ok),
  copy: (v: unknown[]) => [...v],
});
/** zod's own schema for one field (the ISO date and time formats: their rules stay zod's). */
const byZod = (schema: { safeParse(v: unknown): { success: boolean } }) => (v: unknown): boolean => schema.safeParse(v).success;

const CITATION_FIELDS = new Map<string, Field>([
  ['source_ref', { ok: text(LIMITS.ref, false, true) }],
  ['source_kind', { ok: oneOf(['task', 'doc_slug', 'knowledge_source', 'entry', 'external_url', 'file']) }],
  ['locator', { optional: true, ok: text(LIMITS.short, false, false) }],
]);

/** The rules of {@link EnvelopeSchema}'s fields (typed: a field added there must be added here). */
const ENVELOPE: { [K in keyof typeof EnvelopeSchema.shape]: Field } = {
  entry_id: { ok: matches(ENTRY_ID_PATTERN) },
  revision: { ok: (v) => Number.isSafeInteger(v) && (v as number) >= 1 },
  project_id: { ok: matches(PROJECT_ID_PATTERN) },
  entry_kind: { ok: oneOf(ENTRY_KINDS) },
  title: { ok: text(LIMITS.title, false, true) },
  rationale: { ok: text(LIMITS.body, true, false) },
  status: { ok: (v) => typeof v === 'string' }, // legality per kind below
  author: { ok: text(LIMITS.short, false, true) },
  agent: { optional: true, ok: matches(AGENT_NAME_PATTERN) },
  approval: { optional: true, ok: () => false }, // not modelled here: zod checks it
  recorded_at: { ok: byZod(EnvelopeSchema.shape.recorded_at) },
  related_task_ids: list(text(LIMITS.ref, false, true), LIMITS.listItems),
  related_entry_ids: list(matches(ENTRY_ID_PATTERN), LIMITS.listItems),
  tags: list(text(LIMITS.tag, false, true), LIMITS.tags),
  supersedes_entry_id: { ok: orNull(matches(ENTRY_ID_PATTERN)) },
  confidence: { ok: (v) => v === null || (typeof v === 'number' && v >= 0 && v <= 1) },
  citations: {
    ok: (v) => Array.isArray(v) && v.length <= LIMITS.listItems && v.every((c) => checkObject(c, CITATION_FIELDS) !== null),
    copy: (v: unknown[]) => v.map((c) => checkObject(c, CITATION_FIELDS)),
  },
  paths: list(text(LIMITS.path, false, true), LIMITS.paths),
  payload: { ok: isPlainObject, copy: () => undefined }, // checked per kind below
};

const level = oneOf(['low', 'medium', 'high']);

/** The rules of each kind's payload fields ({@link PAYLOAD_SCHEMAS}; typed likewise). */
const PAYLOADS: { [K in EntryKind]: { [F in keyof (typeof PAYLOAD_SCHEMAS)[K]['shape']]-?: Field } } = {
  decision: {
    alternatives: list(text(LIMITS.text, true, true), LIMITS.listItems),
    decision_outcome: { ok: text(LIMITS.body, true, false) },
    status_text: { optional: true, ok: orNull(text(LIMITS.text, true, false)) },
    decision_date: { optional: true, ok: byZod(PAYLOAD_SCHEMAS.decision.shape.decision_date) },
    decision_date_precision: { optional: true, ok: oneOf(['month', 'quarter', 'year']) },
    decision_makers: { optional: true, ok: orNull(text(LIMITS.ref, false, false)) },
    front_matter: { optional: true, ok: orNull(text(LIMITS.body, true, false)) },
    title_prefix: { optional: true, ok: text(LIMITS.short, false, false) },
  },
  open_question: { answer: { optional: true, ok: text(LIMITS.text, true, false) } },
  blocker: {
    severity: { ok: oneOf(['low', 'medium', 'high', 'critical']) },
    resolution: { optional: true, ok: text(LIMITS.text, true, false) },
  },
  risk: { likelihood: { ok: level }, impact: { ok: level }, mitigation: { optional: true, ok: text(LIMITS.text, true, false) } },
  dependency: {
    depends_on: { ok: text(LIMITS.ref, false, true) },
    dependency_kind: { ok: oneOf(['blocks', 'requires', 'relates_to']) },
  },
  plan_revision: {
    summary: { ok: text(LIMITS.text, true, false) },
    supersedes_plan_entry_id: { optional: true, ok: orNull(matches(ENTRY_ID_PATTERN)) },
  },
};

/** The fields in the schema's own key order: zod's output follows it, and so does {@link checkObject}'s. */
const inSchemaOrder = (shape: object, fields: Record<string, Field>) => new Map(Object.keys(shape).map((key) => [key, fields[key]!]));
const ENVELOPE_FIELDS = inSchemaOrder(EnvelopeSchema.shape, ENVELOPE);
const PAYLOAD_FIELDS = new Map(ENTRY_KINDS.map((kind) => [kind, inSchemaOrder(PAYLOAD_SCHEMAS[kind].shape, PAYLOADS[kind])]));

/**
 * `value` as zod's strict object of `fields` returns it (fields in their order, absent optional
 * ones left out, values copied), or null unless it is a plain object whose every own key is
 * one of `fields` and every field passes.
 */
function checkObject(value: unknown, fields: ReadonlyMap<string, Field>): Record<string, unknown> | null {
  if (!isPlainObject(value)) return null;
  const out: Record<string, unknown> = {};
  let present = 0;
  for (const [key, field] of fields) {
    if (!Object.hasOwn(value, key)) {
      if (field.optional) continue;
      return null;
    }
    const v = value[key];
    if (!field.ok(v)) return null;
    out[key] = field.copy ? field.copy(v as never) : v;
    present++;
  }
  return Object.keys(value).length === present ? out : null;
}

/**
 * `raw` as a valid revision, exactly as `validateEntry` (validate.ts) returns it, when it is a
 * plain revision every check passes; null when it is not, or when this check cannot tell
 * (then validate with zod). Pure; never throws on JSON values.
 */
export function plainEntry(raw: unknown): Entry | null {
  const entry = checkObject(raw, ENVELOPE_FIELDS);
  if (entry === null) return null;
  const kind = entry.entry_kind as EntryKind;
  if (!(LEGAL_STATUSES[kind] as readonly unknown[]).includes(entry.status)) return null;
  if (!(entry.entry_id as string).startsWith(`${KIND_PREFIX[kind]}-`)) return null;
  const payload = checkObject((raw as { payload: unknown }).payload, PAYLOAD_FIELDS.get(kind)!);
  if (payload === null) return null;
  entry.payload = payload;
  return entry as unknown as Entry;
}
