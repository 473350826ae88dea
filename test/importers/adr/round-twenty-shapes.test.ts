/**
 * Issue #18, round twenty: ADR and proposal folders no earlier round had read
 * (nationalarchives/tdr-dev-documentation, BrighterCommand/Brighter, platform-mesh/architecture,
 * GoogleCloudPlatform/emblem, HHS/simpler-grants-gov, IntersectMBO/plutus-apps,
 * wellcomecollection/docs, erlang/eep, ghc-proposals/ghc-proposals, in-toto/ITE, helm/community,
 * hitobito/hitobito, a Spanish MADR folder; then conda/ceps, prometheus/proposals, tikv/rfcs,
 * cilium/design-cfps, and eight adr-tools folders: wikimedia's Wikibase, UKHomeOffice/drt-v2 among them) — what they showed wrong, each as its family in a small fixture written here
 * in the shape met (decision 0114).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { parseMarkupAdr } from '../../../src/importers/adr/parse-markup-adr.js';
import { skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { leadingNumber } from '../../../src/importers/adr/file-name.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { mappedStatus, readAdrFolder } from '../../helpers/adr-folder.js';
import { cleanupTempDirs } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0021-x.md') => parseAdr({ sourcePath, source });
const rst = (source: string, sourcePath = '0023-x.rst') => parseMarkupAdr({ sourcePath, source, family: 'rst' });
const byPath = (read: Awaited<ReturnType<typeof readAdrFolder>>) => new Map(read.drafts.map((d) => [d.source_path, d]));

/** erlang/eep: indented header fields, a `****` rule, a setext `##` title over setext `#` sections. */
const EEP = (n: number, status: string, extra = '') =>
  `    Author: Patrik Nyblom <pan(at)erlang(dot)org>\n    Status: ${status}\n    Type: Standards Track\n    Created: 07-may-2008\n${extra}****\nEEP ${n}: Representing Unicode characters\n----\n\nWhat is it?\n===========\n\nText of EEP ${n}.\n`;

describe('erlang/eep: a header of indented fields, a setext `##` title above `#` sections', () => {
  it('titles the record by its `##` heading, its label off, and reads the fields', async () => {
    const read = await readAdrFolder({ 'eep-0010.md': EEP(10, 'Draft'), 'eep-0011.md': EEP(11, 'Final/R13A Implemented in OTP release R13A') });
    const eep = byPath(read).get('eep-0010.md')!;
    expect([eep.fields.title, eep.fields.citations?.[0]?.locator, eep.fields.status, eep.date, eep.deciders])
      .toEqual(['Representing Unicode characters', 'EEP-0010', 'proposed', '2008-05-07', 'Patrik Nyblom <pan(at)erlang(dot)org>']);
  });

  it('reads a field block whose folded lines outnumber its fields, and a value right after the colon', () => {
    const folded = '    Post-History:\n        https://example.org/1\n        https://example.org/2\n        https://example.org/3\n        https://example.org/4\n        https://example.org/5\n';
    expect(parse(EEP(59, 'Final/27.0 Implemented in OTP release 27', folded), 'eep-0059.md').status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    const glued = parse(EEP(37, 'Draft').replace('    Status: Draft\n', '    Status:Final/R15B\n'), 'eep-0037.md');
    expect([glued.raw_status, glued.deciders]).toEqual(['Final/R15B', 'Patrik Nyblom <pan(at)erlang(dot)org>']);
  });

  it('keeps a link definition whose label ends in a blank, and relates a record by a reference link', async () => {
    const index = `${EEP(1, 'Active')}\nThe format is in [EEP 2][].\n\n[EEP 2]: eep-0002.md\n    "EEP 2: Purpose"\n\n[EEP ]: eep-index:\n    "Index filled in by eep-index"\n`;
    const read = await readAdrFolder({ 'eep-0001.md': index, 'eep-0002.md': EEP(2, 'Active') });
    const one = byPath(read).get('eep-0001.md')!;
    expect(one.fields.rationale).toContain('[EEP ]: eep-index:\n    "Index filled in by eep-index"');
    expect(one.fields.related_entry_ids).toEqual([byPath(read).get('eep-0002.md')!.entry_id]);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ 'eep-0010.md': EEP(10, 'Draft'), 'eep-0011.md': EEP(11, 'Final/R13A') });
  });
});

describe('wellcomecollection/docs: RFC folders', () => {
  /** No-break spaces in the title heading; the only day a `Last modified:` line under `## Purpose`. */
  const RFC = '# RFC\u00a0016:\u00a0Holdings\u00a0service\n\n## Purpose\nThis RFC proposes a holdings service.\n\n**Last modified:** 2020-03-03T16:46:23+00:00\n\n## Motivation\n\nText.\n';

  it('keeps the no-break spaces of a title, reads its label, and a labelled day in the summary section', () => {
    const rfc = parse(RFC, '016-holdings_service/README.md');
    expect([rfc.title, rfc.series_word, rfc.adr_number, rfc.date]).toEqual(['Holdings\u00a0service', 'RFC', 16, '2020-03-03']);
    // A day in the prose of another section dates nothing.
    expect(parse('# X\n\n## Context\n\n**Last modified:** 2020-03-03\n', '0016-x.md').date).toBeNull();
  });

  it('an index page heading "RFC Listing" gives no status; an index heading that is a status still does', async () => {
    const read = await readAdrFolder({
      'README.md': '# RFCs\n\n## RFC Listing\n\n| RFC | Summary |\n| - | - |\n| [016](016-holdings_service/README.md) | Holdings |\n\n## Rejected\n\n- [017](017-x/README.md)\n',
      '016-holdings_service/README.md': RFC,
      '017-x/README.md': '# RFC 017: X\n\n## Purpose\nText.\n',
    });
    expect(read.drafts.map((d) => [d.source_path, d.fields.status, d.fields.payload?.['status_text'] ?? null])).toEqual([
      ['016-holdings_service/README.md', 'proposed', null],
      ['017-x/README.md', 'rejected', 'Rejected'],
    ]);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '016-holdings_service/README.md': RFC });
  });
});

describe('ghc-proposals: reStructuredText directives, redirect stubs', () => {
  const GHC = '.. _x:\n\nOverloaded Record Fields\n========================\n\n.. author:: Adam Gundry\n.. date-accepted:: 2017-02-04\n.. implemented:: 8.2\n.. contents::\n\nThis is a proposal.\n\nMotivation\n----------\n\nText.\n';

  it('reads the author and the day of acceptance, which makes the record accepted when it states no status', () => {
    const ghc = rst(GHC);
    expect([ghc.title, ghc.deciders, ghc.date, ghc.index_status?.status, ghc.status_text]).toEqual(['Overloaded Record Fields', 'Adam Gundry', '2017-02-04', 'accepted', 'date-accepted: 2017-02-04']);
    // The template's unfilled day says nothing; a stated status wins.
    expect(rst(GHC.replace('2017-02-04', 'Leave blank. This will be filled in when the proposal is accepted.')).index_status).toBeNull();
    expect(parse('---\nauthor: Matt Parsons\ndate-accepted: 2024-02-25\n---\n\n# X\n\nText.\n', '0512-x.md').index_status?.status).toBe('accepted');
    expect(parse('---\nstatus: rejected\ndate-accepted: 2024-02-25\n---\n\n# X\n\nText.\n', '0512-x.md').index_status).toBeNull();
  });

  it('skips a one-line "moved to" stub with an address, keeps a one-line record that only points elsewhere', async () => {
    const read = await readAdrFolder({
      '0002-overloaded-record-fields.rst': 'This document was moved to https://github.com/ghc-proposals/ghc-proposals/blob/master/proposals/0023-x.rst\n',
      '0023-x.rst': GHC,
      '0024-y.md': 'See <https://docs.example.org/design/y>.\n',
    });
    expect(read.drafts.map((d) => d.source_path)).toEqual(['0023-x.rst', '0024-y.md']);
    expect(read.skipped).toEqual([{ source_path: '0002-overloaded-record-fields.rst', reason: 'only points to https://github.com/ghc-proposals/ghc-proposals/blob/master/proposals/0023-x.rst' }]);
  });

  it('a numbered record about templates is no template', () => {
    expect(['0555-template-patterns.rst', '0000-template.rst', 'adr-0000-template.md', '0001-template-adr.md'].map(skipReason)).toEqual([null, 'template', 'template', 'template']);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '0023-x.rst': GHC });
  });
});

describe('HHS/simpler-grants-gov: header notes as a site exported them', () => {
  const HHS = '# Participatory Budgeting Tool\n\n**Status: Active**\\\n**Last Modified:** 2025-08-12\\\n**Author:** Aaron\\\n**Deciders:** Lucas, Brandon, Billy&#x20;\\\n**Tags:** participatory budgeting, civic engagement\n\n### Context and Problem Statement\n\nText.\n';

  it('reads the status, day, deciders and tags through hard breaks, emphasis and character references', () => {
    const hhs = parse(HHS, 'participatory-budgeting.md');
    expect([hhs.raw_status, hhs.status_mapping?.mapped === true && hhs.status_mapping.status, hhs.date, hhs.deciders, hhs.tags])
      .toEqual(['Active', 'accepted', '2025-08-12', 'Lucas, Brandon, Billy', ['participatory budgeting', 'civic engagement']]);
    expect(mappedStatus('{Active}')).toBe('accepted');
  });

  it('resolves a link that climbs out of the imported folder and back in, and one from the repository root', async () => {
    const read = await readAdrFolder({
      'adr/2024-01-01-old.md': '# Old\n\n- **Status:** Superseded By [new](../../decisions/adr/2025-05-09-new.md)\n',
      'adr/2025-05-09-new.md': '# New\n\n- **Status:** Active\n\nSee [the old one](/docs/decisions/adr/2024-01-01-old.md).\n',
    });
    const [old, young] = read.drafts;
    expect([old?.fields.status, young?.fields.supersedes_entry_id]).toEqual(['superseded', old?.entry_id]);
    expect(read.unresolved).toEqual([]);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ 'participatory-budgeting.md': HHS });
  });
});

describe('smaller families', () => {
  it('maps hitobito\'s Swiss German status words', () => {
    expect(['Entscheid', 'Abgeschlossen', 'Vorschlag'].map(mappedStatus)).toEqual(['accepted', 'accepted', 'proposed']);
  });

  it('a version in a file name is no record number', () => {
    expect(['1.0-improvements.md', '0001.md', '0002-x.md', '12.md'].map(leadingNumber)).toEqual([null, 1, 2, 12]);
  });

  it('relates a record to those its front matter `requires`; a link to a document beside the records is not reported as a missing ADR', async () => {
    const read = await readAdrFolder({
      'hip-0020.md': '---\nhip: 0020\ntitle: "Charts v3"\nstatus: "accepted"\n---\n\n## Abstract\n\nText.\n',
      'hip-0027.md': '---\nhip: 0027\ntitle: "Helmignore"\nstatus: "draft"\nrequires: ["HIP-0020"]\n---\n\n## Abstract\n\nLands in [the data model](../modelo-de-datos.md); see [the notices](https://github.com/cncf/foundation/blob/main/copyright-notices.md).\n',
    });
    expect(byPath(read).get('hip-0027.md')!.fields.related_entry_ids).toEqual([byPath(read).get('hip-0020.md')!.entry_id]);
    expect(read.unresolved).toEqual([]);
  });

  it('reads an RST `Authors` section; a `Deciders:` line wins over an `Author:` line above it', () => {
    expect(rst('ADR 2: Repository Standardization\n=================================\n\nDate: 2022-07-06\n\nAuthors\n-------\n\nLorenzo Calegari <l@example.org>\n\nStatus\n------\n\nDraft\n', '0002-x.rst').deciders).toBe('Lorenzo Calegari <l@example.org>');
    expect(parse('# X\n\n- **Author:** Aaron\n- **Deciders:** Lucas, Billy\n\n## Context\n\nText.\n', '0009-x.md').deciders).toBe('Lucas, Billy');
  });

  it('a day its file name states wins over the month of a `Last updated:` line', () => {
    const emblem = parse('# Client libraries\n\nLast updated: 2022-01\n\n## Status\n\nApproved\n', '2022-01-10-client-libraries.md');
    expect([emblem.date, emblem.date_precision]).toEqual(['2022-01-10', null]);
  });
});

describe('design-proposal folders: conda, prometheus, tikv, cilium', () => {
  /** conda's CEPs: the metadata as an HTML table, a closing tag left out. */
  const CEP = (n: number, status: string, title = 'Frozen environments') =>
    `# CEP ${n} - ${title}\n\n<table>\n<tr><td> Title </td><td> CEP ${n} - ${title} </td>\n<tr><td> Status </td><td> ${status} </td></tr>\n<tr><td> Author(s) </td><td> Jaime Rodr\u00edguez-Guerra &lt;jaime@example.org&gt;</td></tr>\n<tr><td> Created </td><td> Nov 19, 2024</td></tr>\n</table>\n\n## Abstract\n\nText.\n`;

  it('reads the status, day and authors of an HTML metadata table; a CEP numbered 0 with a placeholder title is the template', async () => {
    const read = await readAdrFolder({ 'cep-0022.md': CEP(22, 'Draft'), 'cep-0023.md': CEP(23, 'Accepted', 'Other'), 'cep-0000.md': CEP(0, 'Accepted', 'A short title of the proposal') });
    const cep = byPath(read).get('cep-0022.md')!;
    expect([cep.fields.title, cep.fields.status, cep.date, cep.deciders]).toEqual(['Frozen environments', 'proposed', '2024-11-19', 'Jaime Rodr\u00edguez-Guerra <jaime@example.org>']);
    expect(read.skipped).toEqual([{ source_path: 'cep-0000.md', reason: 'template (numbered 0, its title a placeholder)' }]);
  });

  it('skips a quoted "moved" notice (prometheus\' old names)', async () => {
    const read = await readAdrFolder({
      '2023-08-21-utf8.md': '> IMPORTANT: This document was moved to [0028-utf8.md](./0028-utf8.md)\n',
      '0028-utf8.md': '# UTF-8 Support\n\n* **Owners:**\n  * Owen\n\n## Why\n\nText.\n',
    });
    expect(read.drafts.map((d) => d.source_path)).toEqual(['0028-utf8.md']);
  });

  it('takes a kind before the title off, and strong emphasis around all of it; reads Released, Begin Design Discussion and Autores', () => {
    expect(['# RFC: Coprocessor Cache', '# **RFC: PD Endpoints to Serialize Operations**', '# Cilium Feature Proposal: Packet tracing', '# A **bold** word'].map((h) => parse(`${h}\n\nText.\n`, '0002-x.md').title))
      .toEqual(['Coprocessor Cache', 'PD Endpoints to Serialize Operations', 'Packet tracing', 'A **bold** word']);
    expect(mappedStatus('Released Cilium 1.17')).toBe('accepted');
    const cfp = parse('# CFP-1189: Tests speedup\n\n**SIG: SIG-CLI**\n\n**Begin Design Discussion:** 2024-01-19\n\n**Autores:** Ana Lima\n\n## Summary\n\nText.\n', 'CFP-1189-x.md');
    expect([cfp.date, cfp.deciders]).toEqual(['2024-01-19', 'Ana Lima']);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ 'cep-0022.md': CEP(22, 'Draft'), '0003-x.md': '# **RFC: PD Endpoints**\n\nText.\n' });
  });
});

describe('adr-tools folders: Wikibase, drt-v2', () => {
  it('takes the numbering off a title whose attribute block has two blanks before it', () => {
    const two = parse('# 2) Cache method  {#adr_0002}\n\nDate: 2020-01-01\n\n## Status\n\nAccepted\n', '0002-cache-method.md');
    expect([two.title, two.title_prefix, two.rationale.startsWith('# 2)')]).toEqual(['Cache method', '2) ', false]);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '0002-cache-method.md': '# 2) Cache method  {#adr_0002}\n\nDate: 31/06/2016\n\n## Status\n\nAccepted\n\n## Context\n\nText.\n' });
  });
});
