/**
 * Issue #18, round ten (decision 0076): opentofu/opentofu's `rfc/` folder — RFCs named by their
 * day (`20230920-x.md`), a template named `yyyymmdd-template.md`, a record's chapters in a folder
 * named after it, "has superseded" links, `## Potential Alternatives` and `## Proposed Solution
 * (registry)` — and vector's RFC whose title is a `##` heading with the label and day before it.
 * Each in a small fixture written here in the shape met.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

/** What a folder named `name` holding `files` reads as. */
async function read(name: string, files: Record<string, string>) {
  const dir = join(tempDir('brain-adr-'), name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const result = await readAdrDirectory({ dir, projectId: 'p' });
  return { ...result, byPath: new Map(result.drafts.map((d) => [d.source_path, d])) };
}

const TOFU: Record<string, string> = {
  '20251027-provider-registry-hashes.md': [
    '# Improving interactions with provider locking',
    '',
    '## Background',
    '',
    'Text.',
    '',
    '## Proposed Solution (registry)',
    '',
    'Publish every hash.',
    '',
    '## Potential Alternatives',
    '',
    '* Keep the lock file as it is',
    '* Ask the user',
    '',
  ].join('\n'),
  '20251105-use-cobra.md': '# Exploring cobra\n\nThis RFC has been superseded by [20260807-use-urfave.md](20260807-use-urfave.md)\n\n## Proposed Solution\n\nCobra.\n',
  '20260807-use-urfave.md': '# Using urfave/cli\n\nThis RFC has superseded [20251105-use-cobra.md](20251105-use-cobra.md)\n\n## Proposed Solution\n\nurfave.\n',
  '20241206-oci-registries.md': '# OCI Registries\n\n## Parts of this RFC\n\n1. [A primer](20241206-oci-registries/1-oci-primer.md)\n',
  '20241206-oci-registries/1-oci-primer.md': '# A primer on the OCI protocol\n\n## Authentication\n\nText.\n',
  'yyyymmdd-template.md': '# RFC Title\n\n## Proposed Solution\n\n## Potential Alternatives\n',
};

describe('an RFC folder named rfc/ (opentofu)', () => {
  it('states no status by its name: "rfc" is what the files are', async () => {
    const { byPath, unmapped } = await read('rfc', TOFU);
    expect(byPath.get('20251027-provider-registry-hashes.md')?.fields.payload?.['status_text']).toBeNull();
    expect(unmapped.map((u) => u.source_path)).toContain('20251027-provider-registry-hashes.md');
  });

  it('skips the template named by a day placeholder', async () => {
    const { skipped, byPath } = await read('rfc', TOFU);
    expect(skipped).toContainEqual({ source_path: 'yyyymmdd-template.md', reason: 'template' });
    expect(byPath.has('yyyymmdd-template.md')).toBe(false);
  });

  it('reads a proposed solution with a note and potential alternatives', async () => {
    const draft = (await read('rfc', TOFU)).byPath.get('20251027-provider-registry-hashes.md');
    expect(draft?.fields.payload?.['decision_outcome']).toBe('Publish every hash.');
    expect(draft?.fields.payload?.['alternatives']).toEqual(['Keep the lock file as it is', 'Ask the user']);
  });

  it('reads "has superseded" as supersedes: the older RFC superseded by the newer, no contradiction', async () => {
    const { byPath, unmapped } = await read('rfc', TOFU);
    expect(byPath.get('20251105-use-cobra.md')?.fields.status).toBe('superseded');
    expect(byPath.get('20260807-use-urfave.md')?.fields.supersedes_entry_id).toBe(byPath.get('20251105-use-cobra.md')?.entry_id);
    expect(unmapped.filter((u) => u.reason.includes('contradict'))).toEqual([]);
  });

  it('imports a chapter in the record\'s folder without a number of its own', async () => {
    const { byPath } = await read('rfc', TOFU);
    expect(byPath.get('20241206-oci-registries/1-oci-primer.md')?.fields.citations?.[0]?.locator).toBeUndefined();
    expect(byPath.get('20241206-oci-registries.md')?.fields.citations?.[0]?.locator).toBe('ADR-20241206');
    // A numbered file in a folder that is no record's keeps its number.
    const other = await read('docs', { 'area/1-use-x.md': '# Use X\n\n## Decision\n\nX.\n' });
    expect(other.byPath.get('area/1-use-x.md')?.fields.citations?.[0]?.locator).toBe('ADR-0001');
  });

  it('round-trips in both formats with no write, the options not written twice', async () => {
    const files = Object.fromEntries(Object.entries(TOFU).filter(([p]) => !p.includes('template')));
    files['20241206-oci-registries.md'] = '# OCI Registries\n\n## Why OCI?\n\nText.\n\n## Potential alternatives\n\n- Better tooling\n- A proxy\n';
    await adrRoundTrip(files, (out, format) => {
      expect(readFileSync(join(out, '20241206-oci-registries.md'), 'utf8'), format).not.toContain('Considered Options');
    });
  });
});

describe('a `##` title with the label and the day before it, in a dated file (vector)', () => {
  it('is titled by its words, and round-trips with no write', async () => {
    const source = '## RFC #4155 - 2020-09-29 - AWS S3 source\n\nText.\n\n## Motivation\n\nMore.\n';
    const { byPath } = await read('rfcs', { '2020-09-29-4155-aws-s3-source.md': source });
    expect(byPath.get('2020-09-29-4155-aws-s3-source.md')?.fields.title).toBe('AWS S3 source');
    await adrRoundTrip({ '2020-09-29-4155-aws-s3-source.md': source });
  });
});
