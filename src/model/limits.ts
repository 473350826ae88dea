/**
 * Field bounds and the project id pattern of entries (DESIGN §2), free of zod so that read
 * paths (list filters, project ids) can check them without loading the schemas (issue #10
 * cold start). entry.ts builds its schemas on these.
 */

/**
 * Field bounds; exceeding one is an `invalid_entry` error. `rationale` and `text` bound what
 * people and agents type (CLI, MCP, REST: {@link checkTypedText} in input.ts); a stored revision
 * may hold up to `body` characters in `rationale` and a decision's `decision_outcome`, so an
 * imported ADR is kept whole (docs/decisions/0033-adr-import-holds-any-corpus.md).
 */
export const LIMITS = {
  title: 200,
  rationale: 20_000,
  text: 20_000,
  body: 1_000_000,
  short: 200,
  ref: 2_000,
  listItems: 100,
  tags: 50,
  tag: 100,
  paths: 200,
  path: 1_000,
  /** Nesting of arrays and objects in a revision document (the envelope is level 1, its payload 2). */
  depth: 32,
} as const;

/** A project id: lower-case letters, digits, `.`, `_`, `-`; at most 64 characters. */
export const PROJECT_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;
