/**
 * Issue #18, round nineteen: ADR folders no earlier round had read (CMSgov/easi-app,
 * defenseunicorns/pepr, input-output-hk/mithril, tmforum-oda/oda-ca-docs, jenkinsci/jep,
 * crossplane/crossplane, Arbeidstilsynet/design, NixOS/rfcs, neondatabase/neon, Unleash/unleash,
 * SocialGouv/pass-emploi-api, strimzi/proposals, risingwavelabs/rfcs, MinBZK/regelrecht) — all
 * kept every line and round-tripped with no write; what they showed wrong, each as its family in
 * a small fixture written here in the shape met (decision 0113).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { findSupersedeRefs } from '../../../src/importers/adr/supersede-refs.js';
import { skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { mappedStatus, readAdrFolder } from '../../helpers/adr-folder.js';
import { cleanupTempDirs } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0021-x.md') => parseAdr({ sourcePath, source });

/** Arbeidstilsynet's template: each state ticked as it is reached, with its day. */
const TICKED = (accepted: boolean) =>
  `# ADR-0001 - Bruk av designsystem\n\n## Status\n\n- [x] Foreslått (dato: 2025-06-02)\n- [${accepted ? 'x' : ' '}] Akseptert (dato: 2025-06-10)\n- [ ] Avvist (dato: ÅÅÅÅ-MM-DD)\n\n## Kontekst\n\nTekst.\n`;

describe('statuses', () => {
  it('maps `Defunct`, `mergé` and the Scandinavian status words', () => {
    expect(['Defunct', 'mergé', 'Akseptert', 'Foreslått', 'Avvist', 'Erstattet av ADR-0003', 'Godkänd', 'Utdatert'].map(mappedStatus))
      .toEqual(['deprecated', 'accepted', 'accepted', 'proposed', 'rejected', 'superseded', 'accepted', 'deprecated']);
  });

  it('a Status section of ticked states says the last one ticked, dated by its day', () => {
    const accepted = parse(TICKED(true), 'adr-0001-x.md');
    expect([accepted.status_mapping?.mapped === true && accepted.status_mapping.status, accepted.date]).toEqual(['accepted', '2025-06-10']);
    const proposed = parse(TICKED(false), 'adr-0001-x.md');
    expect([proposed.status_mapping?.mapped === true && proposed.status_mapping.status, proposed.date]).toEqual(['proposed', '2025-06-02']);
  });

  it('round-trips ticked states with no write', async () => {
    await adrRoundTrip({ 'adr-0001-x.md': TICKED(true), 'adr-0002-y.md': TICKED(false).replace('0001', '0002') });
  });
});

describe('titles', () => {
  it('a section heading, a template placeholder or a status word is no title: the name\'s words are (neon, risingwave, NixOS, SocialGouv)', () => {
    const titles = [
      ['# Name\n\nTenant and timeline data management in pageserver\n\n# Motivation\n\nText.\n', '017-timeline-data-management.md'],
      ['# Preface\n\nText.\n\n# Design\n\nMore.\n', '009-snapshot-first-storage-pitr.md'],
      ['---\nfeature: Block Format V2\n---\n\n# **Background**\n\nText.\n', '0056-block-format-v2.md'],
      ['# Superseded!\n\nThis RFC is superseded by [RFC 44](0044-x.md).\n\n# Summary\n\nText.\n', '0025-nix-core-team.md'],
      ['# [titre du problème résolu et de sa solution]\n\n* Statut : mergé\n', 'ADR-002-keycloak-creation-jeune-milo.md'],
    ].map(([source, name]) => parse(source!, name).title);
    expect(titles).toEqual(['Timeline data management', 'Snapshot first storage pitr', 'Block format v2', 'Nix core team', 'Keycloak creation jeune milo']);
    // The heading's line stays in the text.
    expect(parse('# Preface\n\nText.\n', '009-x.md').rationale).toContain('# Preface');
  });
});

describe('dates and people', () => {
  it('reads `start-date` in a table and a Docusaurus author given as a map', () => {
    expect(parse('# X\n\n| field | value |\n| - | - |\n| start-date | 2022-09-02 |\n| author | infinisil |\n\n## Summary\n\nText.\n', '0140-x.md').date).toBe('2022-09-02');
    expect(parse('---\ntitle: X\nauthors:\n  - name: Mithril Team\n    url: https://example.org\n---\n\n# X\n').deciders).toBe('Mithril Team');
  });
});

describe('references', () => {
  it('"superseded by" in running text said of something other than the record relates, and never settles its status (regelrecht RFC 010)', async () => {
    const other = 'The old delegation approach (originally described in a previous version of [RFC-003](rfc-003.md)) has been superseded by [RFC-003](rfc-003.md)\'s IoC mechanism.';
    expect(findSupersedeRefs(other).map((r) => r.direction)).toEqual(['related', 'related']);
    for (const self of ['This ADR is superseded by [ADR-5](0005-x.md).', 'Superseded by [ADR-5](0005-x.md).', 'The decision recorded here has been superseded by [ADR-5](0005-x.md).', 'It was superseded by [ADR-5](0005-x.md).']) {
      expect(findSupersedeRefs(self).map((r) => r.direction), self).toEqual(['superseded_by']);
    }
    const read = await readAdrFolder({
      'rfc-003.md': '---\ntitle: IoC\nstatus: Accepted\n---\n\n# IoC\n\nText.\n',
      'rfc-010.md': `---\ntitle: Municipal rules\nstatus: Accepted\n---\n\n# Municipal rules\n\n${other}\n`,
    });
    const rfc10 = read.drafts.find((d) => d.source_path === 'rfc-010.md')!;
    expect([rfc10.fields.status, rfc10.fields.supersedes_entry_id ?? null]).toEqual(['accepted', null]);
    expect(read.drafts.find((d) => d.source_path === 'rfc-003.md')!.fields.supersedes_entry_id ?? null).toBeNull();
  });

  it('a link in running text to a record of the import relates the two; a link to any other file names nothing and is not reported', async () => {
    const read = await readAdrFolder({
      '0010-automated-releases.md': '# 10. Automated releases\n\n## Status\n\nAccepted\n\n## Context\n\nSee [11. semantic-release](./0011-semantic-release.md) for more, and the [Truss playbook](https://github.com/trussworks/Engineering-Playbook/blob/master/web/server/go.md#layers).\n',
      '0011-semantic-release.md': '# 11. Semantic release\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n',
    });
    const ten = read.drafts.find((d) => d.source_path === '0010-automated-releases.md')!;
    const eleven = read.drafts.find((d) => d.source_path === '0011-semantic-release.md')!;
    expect(ten.fields.related_entry_ids).toEqual([eleven.entry_id]);
    expect(read.unresolved).toEqual([]);
  });
});

describe('pages that are no records', () => {
  it('skips a page named for the whole collection (Unleash `ADRs.md`)', () => {
    expect(['ADRs.md', 'adr-index.md', 'adr-0000-template.md', 'adr-0001-x.md', 'adr-0002-use-template-engine.md'].map(skipReason)).toEqual(['index page', 'index page', 'template', null, null]);
  });
});

/** jenkinsci/jep: one folder per record, named by its number alone; metadata in an AsciiDoc table, a cell a line. */
const JEP = (n: number, status: string, extra = '') =>
  `= JEP-${n}: Title ${n}\n:toc: preamble\n\n.Metadata\n[cols="2"]\n|===\n| JEP\n| ${n}\n\n| Sponsor\n| link:https://github.com/rtyler[R Tyler Croy]\n\n| Status\n| ${status}\n\n| Created\n| 2017-11-07\n${extra}|===\n\n== Abstract\n\nText.\n`;

describe('records kept one per numbered folder, in AsciiDoc (jenkinsci/jep)', () => {
  it('imports `201/README.adoc` as JEP-0201 with the status, day and sponsor of its table; a year folder stays an index', async () => {
    const read = await readAdrFolder({
      '201/README.adoc': JEP(201, 'Accepted :ok_hand:'),
      '221/README.adoc': JEP(221, 'Withdrawn :hand:', '\n| Superseded-By\n| link:../229/README.adoc[JEP-229]\n\n'),
      '229/README.adoc': JEP(229, 'Draft :speech_balloon:'),
      '2021/README.md': '# Decisions of 2021\n\n- [JEP-201](../201/README.adoc)\n',
    });
    const byPath = new Map(read.drafts.map((d) => [d.source_path, d]));
    const jep = byPath.get('201/README.adoc')!;
    expect([jep.fields.citations?.[0]?.locator, jep.fields.status, jep.date, jep.deciders]).toEqual(['JEP-0201', 'accepted', '2017-11-07', 'R Tyler Croy']);
    expect(byPath.get('221/README.adoc')!.fields.status).toBe('rejected');
    expect(byPath.get('229/README.adoc')!.fields.supersedes_entry_id).toBe(byPath.get('221/README.adoc')!.entry_id);
    expect(read.skipped.map((s) => s.source_path)).toEqual(['2021/README.md']);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '201/README.adoc': JEP(201, 'Accepted :ok_hand:'), '202/README.adoc': JEP(202, 'Draft :speech_balloon:') });
  });
});
