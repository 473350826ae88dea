#!/usr/bin/env node
// Writes docs/schema/*.json from the zod schemas (run after `npm run build`).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onDiskJsonSchemas } from '../dist/model/json-schema.js';
import { LedgerLineSchema } from '../dist/store/ledger.js';
import { ManifestSchema } from '../dist/store/manifest-schema.js';

const dir = fileURLToPath(new URL('../docs/schema', import.meta.url));
mkdirSync(dir, { recursive: true });
for (const [name, schema] of Object.entries(onDiskJsonSchemas({ ledgerLine: LedgerLineSchema, manifest: ManifestSchema }))) {
  writeFileSync(join(dir, name), `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`wrote docs/schema/${name}`);
}
