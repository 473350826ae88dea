/**
 * Issue #18, round seventeen: ADR folders no earlier round had read (DEFRA/epr-re-ex-service,
 * DFE-Digital/get-an-identity, bloomberg/coffeechat, cloudfoundry/bosh-bootloader,
 * RedHatProductSecurity/trestle-bot, AdoptOpenJDK/openjdk-api-v3) and again the Alliander folder
 * of ctekinay/aion-ainstein — all kept every line and round-tripped with no write; what they
 * showed wrong, each as its family in a small fixture written here in the shape met (decision 0110).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { unmodeledFrontMatter } from '../../../src/importers/adr/front-matter.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0021-x.md') => parseAdr({ sourcePath, source });

/** Alliander's front matter: Dublin Core terms under `dct:`, a long IRI, a comment and a flow list. */
const ALLIANDER = (version: string) =>
  [
    '---',
    'parent: Decisions',
    'nav_order: ADR.21',
    'dct:',
    '  identifier: urn:uuid:b8c9d0e1-f2a3-4b4c-5d6e-7f8a9b0c1d2e',
    '  title: Use sign convention for current direction, a title longer than eighty characters of YAML',
    `  isVersionOf: ${version}`,
    '  issued: 2025-07-17',
    'owl:',
    '  versionIRI: "https://esa-artifacts.alliander.com/metamodel/decisions/2025-07/0021-use-sign-convention-for-current-direction.html"',
    '  versionInfo: "v1.0.0 (2025-07-17)"   # as released',
    'keywords: [cim,   sign]',
    '---',
    '',
    '# Use sign convention for current direction',
    '',
    '## Context and Problem Statement',
    '',
    'Conventions differ.',
    '',
    '## Decision Outcome',
    '',
    'We use the load convention.',
    '',
  ].join('\n');

describe('front matter with Dublin Core terms (`dct:`), Alliander', () => {
  it('reads the status from `isVersionOf` and the day from `issued`, never a word that is no status', () => {
    const proposed = parse(ALLIANDER('proposed'));
    expect([proposed.status_mapping?.mapped === true && proposed.status_mapping.status, proposed.date]).toEqual(['proposed', '2025-07-17']);
    expect(parse(ALLIANDER('accepted')).status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    // `dateAccepted` before `issued`; `dcterms:` and `dc:` as `dct:`.
    const accepted = ALLIANDER('accepted').replace('dct:\n', 'dcterms:\n  dateAccepted: 2025-09-01\n');
    expect(parse(accepted).date).toBe('2025-09-01');
    // A link in `isVersionOf` (what the term means) states no status.
    expect(parse(ALLIANDER('"https://example.org/decisions/0021"')).status_mapping).toBeNull();
  });

  it('keeps the front matter it does not model as written: no value folded, no comment or list respaced', () => {
    const source = ALLIANDER('accepted');
    const yaml = source.split('\n---\n')[0]!.slice('---\n'.length);
    expect(parse(source).front_matter).toBe(yaml);
    // Modelled keys are cut out line by line; the rest stays byte for byte.
    const withKeys = `status: accepted\n${yaml}\ndate: 2025-07-17\ndecision-makers:\n  - A\n  - B`;
    expect(unmodeledFrontMatter(withKeys, ['status', 'date', 'decision-makers'])).toBe(yaml);
  });

  it('round-trips in both formats with no write, its terms written back as read', async () => {
    await adrRoundTrip({ '0021-use-sign-convention.md': ALLIANDER('proposed'), '0022-x.md': ALLIANDER('accepted') }, (out) => {
      const written = readFileSync(join(out, '0021-use-sign-convention.md'), 'utf8');
      expect(written).toContain('  versionIRI: "https://esa-artifacts.alliander.com/metamodel/decisions/2025-07/0021-use-sign-convention-for-current-direction.html"\n');
      expect(written).toContain('  versionInfo: "v1.0.0 (2025-07-17)"   # as released\nkeywords: [cim,   sign]\n');
    });
  });
});
