/**
 * Issue #18, round seventeen: ADR folders no earlier round had read (DEFRA/epr-re-ex-service,
 * DFE-Digital/get-an-identity, bloomberg/coffeechat, cloudfoundry/bosh-bootloader,
 * RedHatProductSecurity/trestle-bot, AdoptOpenJDK/openjdk-api-v3, Sylius/Sylius, shopware/shopware,
 * apache/james-project, eclipse-edc/Connector, guardian/dotcom-rendering, Ensembl/decisions,
 * bitwarden/contributing-docs) and again the Alliander folder of ctekinay/aion-ainstein — all kept every line and round-tripped with no write; what they
 * showed wrong, each as its family in a small fixture written here in the shape met (decision 0110).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { unmodeledFrontMatter } from '../../../src/importers/adr/front-matter.js';
import { adrLabelQuery } from '../../../src/model/adr-label-query.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { readAdrFolder } from '../../helpers/adr-folder.js';
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

/** Sylius' shape: the day in the file name written with underscores, a `* Date:` note naming no real day. */
const SYLIUS = '# Separation of admin and shop routes\n\n* Status: accepted\n* Date: 2020-09-31\n\n## Context and Problem Statement\n\nOne API.\n\n## Decision Outcome\n\nSplit it.\n';

describe('a file name whose day is written with underscores (Sylius)', () => {
  it('numbers the record by its day, not its year, and dates it by the name when its own date is no day', () => {
    const adr = parse(SYLIUS, '2020_09_01_admin_and_shop_split.md');
    expect([adr.adr_number, adr.date, adr.title]).toEqual([20200901, '2020-09-01', 'Separation of admin and shop routes']);
    expect(parse(SYLIUS.replace('2020-09-31', '2020-09-03'), '2020_09_01_admin_and_shop_split.md').date).toBe('2020-09-03');
    // `brain show` takes the name as typed; a name of one number and underscores is still its number.
    expect(adrLabelQuery('2020_09_01_admin_and_shop_split.md')?.adr_number).toBe(20200901);
    expect(parse(SYLIUS, '2020_admin.md').adr_number).toBe(2020);
  });

  it('round-trips in both formats with no write', async () => {
    await adrRoundTrip({ '2020_09_01_admin_and_shop_split.md': SYLIUS, '2020_03_03_api_translations.md': SYLIUS.replace('Separation', 'Translations') });
  });
});

/** shopware's shape: front matter `title:`, `##` sections, then a question written as a `#` heading. */
const SHOPWARE = [
  '---',
  'title: Experimental features',
  'date: 2023-05-10',
  'area: core, administration, storefront',
  'tags: [process, backwards compatibility]',
  '---',
  '',
  '## Context',
  '',
  'It is hard to publish features early.',
  '',
  '## Decision',
  '',
  'We add experimental features.',
  '',
  '# Do you have to opt-in to experimental features or are they always there?',
  '',
  'They are always there.',
  '',
  '## Consequences',
  '',
  'Less promise.',
  '',
].join('\n');

describe('a `#` heading below the sections of a file titled in front matter (shopware)', () => {
  it("is titled by the front matter; the heading's line stays in the text", () => {
    const adr = parse(SHOPWARE, '2023-05-10-experimental-features.md');
    expect(adr.title).toBe('Experimental features');
    expect(`${adr.rationale}\n${adr.decision_outcome}`).toContain('# Do you have to opt-in to experimental features or are they always there?');
    // A `#` heading that opens the body is still the title, front matter or not.
    expect(parse(SHOPWARE.replace('## Context', '# Experimental features, early\n\n## Context'), '2023-05-10-x.md').title).toBe('Experimental features, early');
  });

  it('round-trips in both formats with no write', async () => {
    await adrRoundTrip({ '2023-05-10-experimental-features.md': SHOPWARE });
  });
});

describe("a folder of superseded records named `_superseded/` (shopware)", () => {
  it('is read, its records superseded by the successor they link, both ways', async () => {
    const r = await readAdrFolder({
      '2022-01-20-feature-flags-for-major-versions.md': '---\ntitle: Feature flags for major versions\ndate: 2022-01-20\n---\n\n## Context\n\nc\n\n## Decision\n\nd\n',
      '_superseded/2021-03-01-release-flags.md': '---\ntitle: Release flags\ndate: 2021-03-01\n---\n\n## Superseded by [Feature flags for major versions](../2022-01-20-feature-flags-for-major-versions.md)\n\n## Context\n\nc\n',
    });
    const [newer, old] = ['2022-01-20-feature-flags-for-major-versions.md', '_superseded/2021-03-01-release-flags.md'].map((p) => r.drafts.find((d) => d.source_path === p)!);
    expect([old!.fields.status, newer!.fields.supersedes_entry_id]).toEqual(['superseded', old!.entry_id]);
    expect(r.skipped).toEqual([]);
  });
});

describe('a link to a record that was never written (guardian/dotcom-rendering)', () => {
  it('names no other record of its number unless the names share a word', async () => {
    const r = await readAdrFolder({
      '007-css-in-js.md': '# CSS in JS\n\n## Context\n\nc\n\n## Decision\n\nd\n\n## Status\n\nApproved\n',
      'historic-adrs/multiple-sites.md': '# Multiple sites\n\n## Decision\n\nd\n\n## Status\n\nSuperseded by\n[007-multiple-sites-revisited.md](007-multiple-sites-revisited.md).\n',
    });
    const sites = r.drafts.find((d) => d.source_path === 'historic-adrs/multiple-sites.md')!;
    expect(sites.fields.related_entry_ids).toEqual([]);
    expect(r.unresolved.map((u) => u.reference)).toContain('007-multiple-sites-revisited.md');
  });
});
