/**
 * JSON Schemas of the on-disk contract (DESIGN §3: "version it, document it as JSON
 * Schema"), generated from the zod schemas so documentation and validation cannot drift:
 * one schema per revision file (discriminated on `entry_kind`, with each kind's legal
 * statuses and payload), one per candidate revision file (issue #20), one per ledger line (of
 * entries and candidates alike), one for `brain.json`. Written to
 * `docs/schema/` by `npm run schema`; a test checks the committed files are current.
 */
import { z } from 'zod';
import { EnvelopeSchema, PAYLOAD_SCHEMAS } from './entry.js';
import { ENTRY_KINDS, LEGAL_STATUSES } from './kinds.js';
import { CandidateSchema } from './candidate.js';

const FORMAT = 1;

function entrySchema(): z.ZodType {
  const variants = ENTRY_KINDS.map((kind) =>
    EnvelopeSchema.extend({
      entry_kind: z.literal(kind),
      status: z.enum(LEGAL_STATUSES[kind] as [string, ...string[]]),
      payload: PAYLOAD_SCHEMAS[kind],
    }),
  );
  return z.discriminatedUnion('entry_kind', variants as unknown as [z.ZodObject, z.ZodObject, ...z.ZodObject[]]);
}

/** `{file name → JSON Schema object}` for the format in force. */
export function onDiskJsonSchemas(schemas: { ledgerLine: z.ZodType; manifest: z.ZodType }): Record<string, unknown> {
  const doc = (id: string, title: string, schema: z.ZodType) => ({
    $id: `https://project-brain.invalid/schema/format-${FORMAT}/${id}`,
    title,
    ...z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any' }),
  });
  return {
    'revision.schema.json': doc('revision.schema.json', `Project Brain revision file (format ${FORMAT}): projects/<project>/<kind>/<fan>/<entry_id>/rNNNN-<sha8>.json`, entrySchema()),
    'candidate.schema.json': doc('candidate.schema.json', `Project Brain candidate revision file (format ${FORMAT}): candidates/<project>/<fan>/<candidate_id>/rNNNN-<sha8>.json`, CandidateSchema),
    'ledger-line.schema.json': doc('ledger-line.schema.json', `Project Brain ledger line (format ${FORMAT}): one line of ledger.jsonl`, schemas.ledgerLine),
    'manifest.schema.json': doc('manifest.schema.json', `Project Brain manifest (format ${FORMAT}): brain.json`, schemas.manifest),
  };
}
