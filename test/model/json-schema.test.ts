import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { onDiskJsonSchemas } from '../../src/model/json-schema.js';
import { LedgerLineSchema } from '../../src/store/ledger.js';
import { ManifestSchema } from '../../src/store/manifest-schema.js';

describe('docs/schema (the on-disk contract as JSON Schema)', () => {
  it('is current: regenerate with `npm run schema` when the zod schemas change', () => {
    const generated = onDiskJsonSchemas({ ledgerLine: LedgerLineSchema, manifest: ManifestSchema });
    expect(Object.keys(generated).sort()).toEqual(['candidate.schema.json', 'ledger-line.schema.json', 'manifest.schema.json', 'revision.schema.json']);
    for (const [name, schema] of Object.entries(generated)) {
      const committed = JSON.parse(readFileSync(new URL(`../../docs/schema/${name}`, import.meta.url), 'utf8'));
      expect(committed, name).toEqual(JSON.parse(JSON.stringify(schema)));
    }
  });

  it('names each kind with its legal statuses and payload', () => {
    const revision = onDiskJsonSchemas({ ledgerLine: LedgerLineSchema, manifest: ManifestSchema })['revision.schema.json'] as { oneOf: { properties: { entry_kind: { const: string }; status: { enum: string[] } } }[] };
    const byKind = Object.fromEntries(revision.oneOf.map((v) => [v.properties.entry_kind.const, v.properties.status.enum]));
    expect(byKind.risk).toEqual(['active', 'mitigated', 'retired']);
    expect(byKind.decision).toContain('superseded');
    expect(Object.keys(byKind)).toHaveLength(6);
  });
});
