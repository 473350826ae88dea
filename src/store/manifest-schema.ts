/**
 * The manifest (`brain.json`, DESIGN §3) as a zod schema, for the generated JSON Schema of the
 * on-disk format (scripts/write-schema.js). Reading uses the equivalent hand check in
 * manifest.ts, so that reads never load zod (test/store/manifest.test.ts keeps them equal).
 */
import { z } from 'zod';
import { PROJECT_ID_PATTERN } from '../model/limits.js';

export const ManifestSchema = z.looseObject({
  format: z.number().int().min(1),
  default_project: z.string().regex(PROJECT_ID_PATTERN).optional(),
  auto_approve: z.unknown().optional().describe('"safe": a candidate the reviewer finds novel, with no conflict signal, is approved without a person, by the auto_approve:safe rule (issue #20; docs/decisions/0042). Any other value, or none: every candidate waits for a person.'),
});
