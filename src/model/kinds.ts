/**
 * Entry kinds, their id prefixes and the statuses legal for each (DESIGN §2).
 * Pure data and rules; no I/O.
 */
import { BrainError } from './errors.js';

export const ENTRY_KINDS = [
  'decision',
  'open_question',
  'blocker',
  'risk',
  'dependency',
  'plan_revision',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const STATUSES = [
  'proposed',
  'accepted',
  'rejected',
  'deprecated',
  'superseded',
  'open',
  'resolved',
  'blocked',
  'cleared',
  'active',
  'mitigated',
  'retired',
] as const;
export type Status = (typeof STATUSES)[number];

/** Legal statuses per kind, in lifecycle order. */
export const LEGAL_STATUSES: Readonly<Record<EntryKind, readonly Status[]>> = {
  decision: ['proposed', 'accepted', 'rejected', 'deprecated', 'superseded'],
  open_question: ['open', 'resolved'],
  blocker: ['blocked', 'cleared'],
  risk: ['active', 'mitigated', 'retired'],
  dependency: ['open', 'resolved'],
  plan_revision: ['active', 'superseded'],
};

/** The status a new entry gets when the caller names none. */
export const DEFAULT_STATUS: Readonly<Record<EntryKind, Status>> = {
  decision: 'accepted',
  open_question: 'open',
  blocker: 'blocked',
  risk: 'active',
  dependency: 'open',
  plan_revision: 'active',
};

/** Statuses that mean "still needs attention" (open work) per kind, used by briefs and demos. */
export const OPEN_STATUSES: ReadonlySet<Status> = new Set<Status>(['proposed', 'open', 'blocked', 'active']);

/** entry_id prefix per kind: `dec-4f9k2m1x7q3z`. */
export const KIND_PREFIX: Readonly<Record<EntryKind, string>> = {
  decision: 'dec',
  open_question: 'que',
  blocker: 'blk',
  risk: 'rsk',
  dependency: 'dep',
  plan_revision: 'pln',
};

const ARTICLE_NAME: Readonly<Record<EntryKind, string>> = {
  decision: 'a decision',
  open_question: 'an open question',
  blocker: 'a blocker',
  risk: 'a risk',
  dependency: 'a dependency',
  plan_revision: 'a plan revision',
};

/** True when `value` is one of {@link ENTRY_KINDS}. */
export function isEntryKind(value: string): value is EntryKind {
  return (ENTRY_KINDS as readonly string[]).includes(value);
}

/**
 * Returns `kind` typed, or throws `invalid_argument` naming the legal kinds.
 * Accepts `open-question` / `plan-revision` spellings too (CLI friendliness).
 */
export function parseEntryKind(value: string): EntryKind {
  const normalized = value.trim().toLowerCase().replace(/-/g, '_');
  if (isEntryKind(normalized)) return normalized;
  throw new BrainError('invalid_argument', `unknown entry kind "${value}"`, {
    hint: `legal kinds: ${ENTRY_KINDS.join(', ')}`,
    data: { kind: value, legal: ENTRY_KINDS },
  });
}

/**
 * Throws `illegal_status` unless `status` is legal for `kind`, with the message DESIGN §2
 * asks for: "a risk cannot be resolved; legal: active, mitigated, retired".
 */
export function assertLegalStatus(kind: EntryKind, status: string): asserts status is Status {
  const legal = LEGAL_STATUSES[kind];
  if ((legal as readonly string[]).includes(status)) return;
  throw new BrainError('illegal_status', `${ARTICLE_NAME[kind]} cannot be ${status}; legal: ${legal.join(', ')}`, {
    hint: `use one of: ${legal.join(', ')}`,
    data: { entry_kind: kind, status, legal },
  });
}

/** "an open question" etc., for messages. */
export function kindWithArticle(kind: EntryKind): string {
  return ARTICLE_NAME[kind];
}

/**
 * The kind an id belongs to, from its prefix (`dec-…` → decision).
 * Errors: `invalid_argument` for an unknown prefix.
 */
export function kindOfEntryId(entryId: string): EntryKind {
  const prefix = entryId.slice(0, entryId.indexOf('-'));
  const kind = ENTRY_KINDS.find((k) => KIND_PREFIX[k] === prefix);
  if (!kind) {
    throw new BrainError('invalid_argument', `"${entryId}" is not an entry id`, {
      hint: `ids look like dec-4f9k2m1x7q3z; prefixes: ${ENTRY_KINDS.map((k) => KIND_PREFIX[k]).join(', ')}`,
    });
  }
  return kind;
}
