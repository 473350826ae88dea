/**
 * Issue #18, round ten (decision 0076): shapes met in four proposal folders nobody here had used —
 * kubernetes/enhancements' KEPs (one folder per record: `README.md` with `kep.yaml` beside it),
 * the Rust RFCs (link definitions inside list items and between list items), fluxcd/flux2's
 * `rfcs/0002-x/README.md` with `# RFC-0002 Title`, vectordotdev/vector's `rfcs/2020-03-17-2064-x.md`
 * with `# RFC 2064 - 2020-03-17 - Title`, opentofu's `rfc/20230920-x.md`. Each in a small
 * fixture written here in the shape met.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory, type AdrDraft } from '../../../src/importers/adr/read-adr-dir.js';
import { lostLines } from '../../../bench/adr-line-rule.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0001-x.md') => parseAdr({ sourcePath, source });

/** A folder holding `files` (path → text). */
const folder = (files: Record<string, string>): string => tempFolder(files);

/** The drafts read from `files`, by path. */
async function drafts(files: Record<string, string>): Promise<Map<string, AdrDraft>> {
  const read = await readAdrDirectory({ dir: folder(files), projectId: 'p' });
  return new Map(read.drafts.map((d) => [d.source_path, d]));
}

const KEP_README = '# KEP-1440: kubectl events\n\n<!-- toc -->\n- [Summary](#summary)\n<!-- /toc -->\n\n## Summary\n\nAn events sub-command.\n\n## Proposal\n\nAdd `kubectl events`.\n';
const KEP_YAML = [
  'title: Kubectl events',
  'kep-number: 1440',
  'authors:',
  '  - "@hpandeycodeit"',
  '  - "@soltysh"',
  'owning-sig: sig-cli',
  'status: implementable',
  'creation-date: 2019-10-08',
  'reviewers:',
  '  - "@pwittrock"',
  'replaces: []',
  '',
].join('\n');

describe('a record folder whose metadata is a kep.yaml beside its README (kubernetes/enhancements)', () => {
  it('reads the status, day and authors from it, keeps its other keys, and the README title', async () => {
    const read = await drafts({ '1440-kubectl-events/README.md': KEP_README, '1440-kubectl-events/kep.yaml': KEP_YAML });
    const draft = read.get('1440-kubectl-events/README.md');
    expect(draft?.fields.status).toBe('accepted');
    expect(draft?.fields.payload?.['status_text']).toBe('implementable');
    expect([draft?.date, draft?.deciders]).toEqual(['2019-10-08', '@hpandeycodeit, @soltysh']);
    expect(draft?.fields.title).toBe('kubectl events');
    expect(draft?.fields.payload?.['front_matter']).toContain('owning-sig: sig-cli');
    expect(draft?.fields.payload?.['front_matter']).toContain('reviewers:');
  });

  it('is not read for a README with front matter of its own, nor for a file that is no folder page', async () => {
    const read = await drafts({
      '0001-own/README.md': '---\nstatus: rejected\n---\n# Own\n\n## Decision\n\nNo.\n',
      '0001-own/kep.yaml': 'status: implemented\n',
      'sub/0002-flat.md': '# Flat\n\n## Decision\n\nYes.\n',
      'sub/kep.yaml': 'status: implemented\n',
    });
    expect(read.get('0001-own/README.md')?.fields.status).toBe('rejected');
    expect(read.get('sub/0002-flat.md')?.fields.payload?.['status_text']).toBeNull();
  });

  it('labels a README with no labelled heading by the kep-number, and writes no label into its heading', async () => {
    const readme = '# Kustomize Components\n\n## Summary\n\nText.\n';
    const yaml = 'title: Kustomize Components\nkep-number: 1802\nstatus: implemented\ncreation-date: 2020-05-20\n';
    const read = await drafts({ '1802-kustomize-components/README.md': readme, '1802-kustomize-components/kep.yaml': yaml, '0005-other/README.md': '# Other\n\nText.\n', '0005-other/kep.yaml': 'kep-number: 6\n' });
    expect(read.get('1802-kustomize-components/README.md')?.fields.citations?.[0]?.locator).toBe('KEP-1802');
    // A number that is not the record's names no series.
    expect(read.get('0005-other/README.md')?.fields.citations?.[0]?.locator).toBe('ADR-0005');
    await adrRoundTrip({ '1802-kustomize-components/README.md': readme, '1802-kustomize-components/kep.yaml': yaml }, (out, format) => {
      // A fresh folder gets the metadata back in a kep.yaml beside the README (decision 0095).
      expect(readFileSync(join(out, '1802-kustomize-components/README.md'), 'utf8'), format).toMatch(/^# Kustomize Components\n/);
      expect(readFileSync(join(out, '1802-kustomize-components/kep.yaml'), 'utf8'), format).toContain('kep-number: 1802\n');
    });
  });

  it('round-trips in both formats with no write', async () => {
    await adrRoundTrip({ '1440-kubectl-events/README.md': KEP_README, '1440-kubectl-events/kep.yaml': KEP_YAML });
  });
});

/** The Rust RFC shape: a definition inside a list item, and one between two items of the Alternatives. */
const RUST_RFC = [
  '- Feature Name: `or_patterns`',
  '- Start Date: 2018-08-29',
  '',
  '## Summary',
  '[summary]: #summary',
  '',
  'Allow `|` anywhere in a pattern.',
  '',
  '## Reference-level explanation',
  '',
  '1. Coercions:',
  '',
  '   [type coercions]: https://doc.rust-lang.org/reference/type-coercions.html',
  '',
  '   implicit [type coercions] do not apply.',
  '',
  '## Alternatives',
  '[alternatives]: #alternatives',
  '',
  '* Add new targets.',
  '',
  '* Keep the old syntax, as [proposed][rfc-1684].',
  '',
  '[rfc-1684]: https://github.com/rust-lang/rfcs/pull/1684',
  '',
  '* Add a new flag.',
  '',
].join('\n');

describe('link definitions of the Rust RFCs', () => {
  it('keeps a definition inside a list item in the list only, not a second time at the end', () => {
    const adr = parse(RUST_RFC, '2535-or-patterns.md');
    const stored = `${adr.rationale}\n${adr.decision_outcome}`;
    expect(stored.split('[type coercions]: https').length - 1).toBe(1);
    expect(stored).toContain('[rfc-1684]: https://github.com/rust-lang/rfcs/pull/1684');
  });

  it('reads the options across a definition between two items', () => {
    expect(parse(RUST_RFC, '2535-or-patterns.md').alternatives).toEqual(['Add new targets.', 'Keep the old syntax, as [proposed][rfc-1684].', 'Add a new flag.']);
  });

  it('keeps every line and round-trips with no write', async () => {
    const adr = parse(RUST_RFC, '2535-or-patterns.md');
    const entry = { title: adr.title, rationale: adr.rationale, payload: { decision_outcome: adr.decision_outcome, alternatives: adr.alternatives, status_text: adr.status_text } };
    expect(lostLines(RUST_RFC, entry).lost).toEqual([]);
    await adrRoundTrip({ '2535-or-patterns.md': RUST_RFC });
  });
});

describe('a series label joined by a dash and only a blank before the title (fluxcd/flux2 RFCs, KEPs)', () => {
  it('labels the record with it and keeps the rest as the title; written back as read', async () => {
    const read = await drafts({
      '0002-helm-oci/README.md': '# RFC-0002 Flux OCI support for Helm\n\n**Status:** implemented (partially)\n\n**Creation date:** 2022-03-30\n\n## Summary\n\nText.\n',
      '2257-kui/README.md': '# KEP-2257 Kui: Kubectl Graphical Plugins\n\n## Summary\n\nText.\n',
    });
    const flux = read.get('0002-helm-oci/README.md');
    expect([flux?.fields.title, flux?.fields.citations?.[0]?.locator, flux?.fields.payload?.['title_prefix'], flux?.date]).toEqual(['Flux OCI support for Helm', 'RFC-0002', 'RFC-0002 ', '2022-03-30']);
    expect(flux?.fields.payload?.['status_text']).toBe('implemented (partially)');
    const kep = read.get('2257-kui/README.md');
    expect([kep?.fields.title, kep?.fields.citations?.[0]?.locator]).toEqual(['Kui: Kubectl Graphical Plugins', 'KEP-2257']);
    await adrRoundTrip({ '0002-helm-oci/README.md': '# RFC-0002 Flux OCI support for Helm\n\n**Status:** implemented\n\n## Summary\n\nText.\n' }, (out) => {
      expect(readFileSync(join(out, '0002-helm-oci/README.md'), 'utf8')).toMatch(/^(?:---\n[\s\S]*?---\n)?# RFC-0002 Flux OCI support for Helm\n/);
    });
  });

  it('does not read a word with a one- or two-digit number as a label (`UTF-8 Everywhere`, `HTTP2 Support`)', () => {
    expect(parse('# UTF-8 Everywhere\n\nText.\n', '0008-utf8.md').title).toBe('UTF-8 Everywhere');
    expect(parse('# HTTP2 Support\n\nText.\n', '0002-http2.md').title).toBe('HTTP2 Support');
  });
});

describe('a file named by its day, then its RFC number, its heading the label and the day (vectordotdev/vector)', () => {
  const files: Record<string, string> = {
    '2020-03-17-2064-event-driven-observability.md': '# RFC 2064 - 2020-03-17 - Event-driven Observability\n\n## Motivation\n\nText.\n',
    '2020-03-06-1999-api-extensions.md': '# RFC #1999 - 2020-03-06 - API extensions for `lua` transform\n\nText.\n',
    '2020-08-31-3641-mongo-metrics.md': '# RFC 3603 - 2020-08-27 - Collecting metrics from MongoDB\n\nText.\n',
    '2020-08-31-3645-graphql-api.md': '# 1. RFC 3645 - 2020-08-31 - GraphQL API\n\nText.\n',
    '2020-11-01-remap-metrics-support.md': '# RFC 3550 - 2020-11-01 - Support metrics\n\nText.\n',
    '2021-11-03-9862-ingest-apm-stats.md': '# RFC  - 2021-11-03 - Ingest APM stats\n\nText.\n',
    '2022-11-2-14714-expand-vrl-web-ui.md': '# RFC 14714 - 2022-11-02 - Expand VRL web UI\n\nText.\n',
    '2023-05-03-data-volume-metrics.md': '# RFC 2023-05-02 - Data Volume Insights metrics\n\nText.\n',
    '2020-05-25-2692-more-usable-logevents.md': '# More Usable LogEvents\n\nText.\n',
  };

  it('is numbered and labelled by the RFC number, titled by the words, dated by the name', async () => {
    const read = await drafts(files);
    const row = (path: string) => {
      const d = read.get(path);
      return [d?.fields.citations?.[0]?.locator, d?.fields.title, d?.date];
    };
    expect(row('2020-03-17-2064-event-driven-observability.md')).toEqual(['RFC-2064', 'Event-driven Observability', '2020-03-17']);
    expect(row('2020-03-06-1999-api-extensions.md')).toEqual(['RFC-1999', 'API extensions for `lua` transform', '2020-03-06']);
    // The heading copied from another RFC: the name's number is kept (and reported).
    expect(row('2020-08-31-3641-mongo-metrics.md')).toEqual(['RFC-3641', 'Collecting metrics from MongoDB', '2020-08-31']);
    expect(row('2020-08-31-3645-graphql-api.md')).toEqual(['RFC-3645', 'GraphQL API', '2020-08-31']);
    expect(row('2020-11-01-remap-metrics-support.md')).toEqual(['RFC-3550', 'Support metrics', '2020-11-01']);
    expect(row('2021-11-03-9862-ingest-apm-stats.md')).toEqual(['RFC-9862', 'Ingest APM stats', '2021-11-03']);
    expect(row('2022-11-2-14714-expand-vrl-web-ui.md')).toEqual(['RFC-14714', 'Expand VRL web UI', '2022-11-02']);
    // No RFC number anywhere, or no label in the heading: the day numbers it, as log4brains' names.
    expect(row('2023-05-03-data-volume-metrics.md')).toEqual(['ADR-20230503', 'Data Volume Insights metrics', '2023-05-03']);
    expect(row('2020-05-25-2692-more-usable-logevents.md')).toEqual(['ADR-20200525', 'More Usable LogEvents', '2020-05-25']);
  });

  it('reports only a heading number that differs from the name\'s', async () => {
    const read = await readAdrDirectory({ dir: folder(files), projectId: 'p' });
    expect(read.numbering).toEqual([{ source_path: '2020-08-31-3641-mongo-metrics.md', file_number: 3641, heading_number: 3603 }]);
  });

  it('keeps every line and round-trips with no write', async () => {
    for (const [path, source] of Object.entries(files)) {
      const adr = parse(source, path);
      const entry = { title: adr.title, rationale: adr.rationale, payload: { decision_outcome: adr.decision_outcome, alternatives: adr.alternatives, status_text: adr.status_text } };
      expect(lostLines(source, entry).lost, path).toEqual([]);
    }
    await adrRoundTrip(files, (out, format) => {
      expect(readFileSync(join(out, '2020-03-17-2064-event-driven-observability.md'), 'utf8'), format).toContain('# RFC 2064 - 2020-03-17 - Event-driven Observability\n');
    });
  });
});
