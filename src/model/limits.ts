/**
 * Field bounds and the project id pattern of entries (DESIGN §2), free of zod so that read
 * paths (list filters, project ids) can check them without loading the schemas (issue #10
 * cold start). entry.ts builds its schemas on these.
 */

/** Field bounds; exceeding one is an `invalid_entry` error. */
export const LIMITS = {
  title: 200,
  rationale: 20_000,
  text: 20_000,
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
