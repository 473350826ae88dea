/**
 * Issue #18, round eighteen: ADR folders no earlier round had read (decentraland/adr,
 * celestiaorg/CIPs, astropy/astropy-APEs, buildpacks/rfcs, dotnet/designs, ai-cfia/dev-rel-docs,
 * KeishiS/AdocWeave, scikit-learn/enhancement_proposals, npm/rfcs, Qiskit/RFCs, vuejs/rfcs,
 * nclsppr/surplasse, SovereignCloudStack/standards) — all kept every line and round-tripped with
 * no write; what they showed wrong, each as its family in a small fixture written here in the
 * shape met (decision 0112).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { parseMarkupAdr } from '../../../src/importers/adr/parse-markup-adr.js';
import { findSupersedeRefs } from '../../../src/importers/adr/supersede-refs.js';
import { skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { folderStatus } from '../../../src/importers/adr/folder-status.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { mappedStatus, readAdrFolder } from '../../helpers/adr-folder.js';
import { cleanupTempDirs } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0021-x.md') => parseAdr({ sourcePath, source });



describe('status words of proposal processes', () => {
  it('reads EIP `Living`, a `Stable` standard and `Not planned`; offers of different statuses are a template value', () => {
    expect(['Living', 'Stable', 'stabilized', '**[Not planned](https://github.com/Qiskit/RFCs/pull/73)**', "Won't do"].map(mappedStatus))
      .toEqual(['accepted', 'accepted', 'accepted', 'rejected', 'rejected']);
    // Qiskit's template left in 0004: three statuses offered; one status said twice is a status.
    expect(['**Proposed/Accepted/Deprecated**', 'Accepted/Implemented', 'Accepted (see docs/adr/0001)'].map(mappedStatus))
      .toEqual(['unfilled template value', 'accepted', 'accepted']);
  });

  it('a `Living` front matter and an `Accepted` Status section agree (decentraland ADR-35)', () => {
    const adr = parse('---\nadr: 35\ntitle: Living thing\nstatus: Living\n---\n\n## Status\n\nAccepted.\n\n## Context\n\nText.\n', 'ADR-35-x.md');
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(adr.section_status).toBeNull();
  });
});

describe('days under other names', () => {
  it('front matter: the day of the decision by its stage (npm `implemented_at`, SCS `stabilized_at`), acceptance before writing', () => {
    const npm = parse('---\ntitle: X\nstatus: implemented\ncreated: null\naccepted_at: null\nimplemented_at: 2026-05-29\n---\n\n# X\n\nText.\n');
    expect(npm.date).toBe('2026-05-29');
    // SCS 0005-v2: the key's day, not a day of the prose ("since 16.01.2025").
    const scs = parse('---\ntitle: Governance\nstatus: Stable\nstabilized_at: 2025-12-16\n---\n\n- Version 1 existed without major changes since 16.01.2025\n');
    expect([scs.date, scs.status_mapping?.mapped === true && scs.status_mapping.status]).toEqual(['2025-12-16', 'accepted']);
    expect(parse('---\ntitle: X\ncreated: 2020-01-02\ndate-accepted: 2020-03-04\n---\n\n# X\n').date).toBe('2020-03-04');
    // `deprecated_at` dates the end of a decision, not the decision.
    expect(parse('---\ntitle: X\ndeprecated_at: 2024-01-01\n---\n\n# X\n').date).toBeNull();
  });

  it('notes: `date-accepted:` before `date-created:`, never `date-last-revised:` (astropy APE, RST and Markdown)', () => {
    const ape = ['*****', 'Policy', '*****', '', 'author: Someone', '', 'date-created: 2020 July 31', '', 'date-last-revised: 2021 March 2', '', 'date-accepted: 2021 February 19', '', 'status: Accepted', '', 'Abstract', '--------', '', 'Text.', ''].join('\n');
    expect(parseMarkupAdr({ sourcePath: 'APE10.rst', source: ape, family: 'rst' }).date).toBe('2021-02-19');
    const created = ape.replace('date-accepted: 2021 February 19', 'type: Process');
    expect(parseMarkupAdr({ sourcePath: 'APE10.rst', source: created, family: 'rst' }).date).toBe('2020-07-31');
    expect(parse('# X\n\ndate-created: 2020-07-31\n\ndate-last-revised: 2021-03-02\n\ndate-accepted: 2021-02-19\n\n## Context\n\nText.\n').date).toBe('2021-02-19');
    expect(parse('# X\n\ndate-last-revised: 2021-03-02\n\n## Context\n\nText.\n').date).toBeNull();
  });
});

/** Qiskit's table: bold keys, further authors on rows of their own, a `Submitted` day. */
const QISKIT = [
  '# Qiskit thing',
  '',
  '| **Status**        | **Implemented** |',
  '|:------------------|:----------------|',
  '| **RFC #**         | 0015            |',
  '| **Authors**       | Samantha Barron (sam@example.com), |',
  '|                   | Lev Bishop (lev@example.com) |',
  '| **Submitted**     | 2023-10-03      |',
  '',
  '## Summary',
  '',
  'Text.',
  '',
].join('\n');

/** celestia's CIPs: no heading, the title in the table. */
const CELESTIA = '| cip | 19 |\n| - | - |\n| title | Shwap Protocol |\n| authors | Hlib Kanunnikov ([@Wondertan](https://github.com/Wondertan)) |\n|         | Viacheslav Gonkivskyi ([@vgonkivs](https://github.com/vgonkivs)) |\n| status | Final |\n| created | 2024-04-02 |\n\n## Abstract\n\nText.\n';

describe('a metadata table', () => {
  it('joins a row with no key to the row above, reads `Submitted` as the day and `title` as the title', () => {
    const qiskit = parse(QISKIT, '0015-x.md');
    expect([qiskit.deciders, qiskit.date]).toEqual(['Samantha Barron (sam@example.com), Lev Bishop (lev@example.com)', '2023-10-03']);
    const cip = parse(CELESTIA, 'cip-019.md');
    expect([cip.title, cip.deciders, cip.date]).toEqual(['Shwap Protocol', 'Hlib Kanunnikov (@Wondertan), Viacheslav Gonkivskyi (@vgonkivs)', '2024-04-02']);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '0015-qiskit-thing.md': QISKIT, 'cip-019.md': CELESTIA, 'cip-020.md': CELESTIA.replace('Shwap', 'Other').replace('| 19 |', '| 20 |') });
  });
});

describe('numbers and titles', () => {
  it('a series word run into the number names a series when most of the folder is named so (astropy `APE10.rst`)', async () => {
    const ape = (title: string) => `${'*'.repeat(title.length)}\n${title}\n${'*'.repeat(title.length)}\n\nstatus: Accepted\n\nAbstract\n--------\n\nText.\n`;
    const read = await readAdrFolder({ 'APE10.rst': ape('Policy'), 'APE18.rst': ape('Another'), 'oauth2-flow.md': '# OAuth flow\n\n## Status\n\nAccepted\n' });
    const labels = Object.fromEntries(read.drafts.map((d) => [d.source_path, d.fields.citations?.[0]?.locator ?? null]));
    expect(labels).toEqual({ 'APE10.rst': 'APE-0010', 'APE18.rst': 'APE-0018', 'oauth2-flow.md': null });
  });

  it('a front matter title written again by a later `#` heading titles the record over a heading prepended above it (npm/rfcs)', () => {
    const source = '---\ntitle: Changelog\nstatus: withdrawn\n---\n\n# Withdrawal Amendment\n\nWithdrawn.\n\n# Changelog\n\n## Summary\n\nText.\n';
    const adr = parse(source, '0002-changelog.md');
    expect(adr.title).toBe('Changelog');
    expect(adr.rationale).toContain('# Withdrawal Amendment');
    // A heading that is the title in other words stays the title.
    expect(parse('---\ntitle: Signin\n---\n\n# Communication in the signin flow\n\nText.\n').title).toBe('Communication in the signin flow');
  });

  it('round-trips the prepended heading with no write', async () => {
    await adrRoundTrip({ '0002-changelog.md': '---\ntitle: Changelog\nstatus: withdrawn\n---\n\n# Withdrawal Amendment\n\nWithdrawn.\n\n# Changelog\n\n## Summary\n\nText.\n' });
  });
});

describe('references', () => {
  it('a supersession limited to where two records conflict leaves the older in force (astropy APE 18)', () => {
    const refs = findSupersedeRefs('This APE supersedes APE 10 wherever there is a conflict between that APE and this APE.');
    expect(refs.map((r) => r.direction)).toEqual(['related']);
    expect(findSupersedeRefs('Supersedes ADR-5 only for the web client.').map((r) => r.direction)).toEqual(['related']);
    // A limit in the next sentence limits nothing.
    expect(findSupersedeRefs('Supersedes ADR-5. Only where it conflicts do we care.').map((r) => r.direction)).toEqual(['supersedes']);
  });

  it('a day after a referenced record is no record (surplasse `Remplacé par ADR-0038, 2026-07-26.`)', () => {
    const refs = findSupersedeRefs('Remplacé par ADR-0038, 2026-07-26.', { allLinks: true });
    expect(refs.map((r) => r.number)).toEqual([38]);
    expect(findSupersedeRefs('Supersedes ADRs 60, 61 and 62.').map((r) => r.number)).toEqual([60, 61, 62]);
  });
});

describe('pages that are no records', () => {
  it('skips an index in another language, a template named with a run-in series word, a copy of the template', async () => {
    expect(['index.fr-ca.md', 'README.de.md', 'APEtemplate.rst', 'x.src.md', '0001-use-x.md', 'APE10.rst'].map(skipReason))
      .toEqual(['index page', 'index page', 'template', 'source of a generated document (*.src.md)', null, null]);
    const read = await readAdrFolder({
      '0001-ailab-using-adr-template.en-ca.md': '# ADR-XXX : Title\n\n## Status\n\nAccepted\n',
      '0002-ailab-template.fr-ca.md': '# ADR-XXX : Titre\n\n## Statut\n\nAccepté\n',
      '0003-real.md': '# ADR-003: Use Kafka\n\n## Status\n\nAccepted\n',
      // A number never written but a real title: a draft, imported.
      '0004-draft.md': '# ADR-XXX: Use Redis\n\n## Status\n\nProposed\n',
    });
    expect(read.drafts.map((d) => d.source_path)).toEqual(['0003-real.md', '0004-draft.md']);
    expect(read.skipped.map((s) => s.source_path)).toEqual(['0001-ailab-using-adr-template.en-ca.md', '0002-ailab-template.fr-ca.md']);
  });
});

describe('people', () => {
  it('a bold `**Owner**` with no colon names the people split by `|` (dotnet/designs)', () => {
    const adr = parse('# Some design\n\n**Owner** [Immo Landwerth](https://github.com/terrajobst) | [Rainer Sigwald](https://github.com/rainersigwald) |\n\nApril 28th, 2020.\n\nText.\n', 'design.md');
    expect([adr.deciders, adr.date]).toEqual(['Immo Landwerth, Rainer Sigwald', '2020-04-28']);
  });
});

describe('a day that names no day of the calendar', () => {
  it('is reported, its day not used; the record is dated by the month it names (decentraland `date: 2020-01-45`, buildpacks `Start Date: 2022-09-39`; round twenty: the month)', async () => {
    const fm = parse('---\ntitle: X\ndate: 2020-01-45\n---\n\n# X\n\nText.\n');
    expect([fm.date, fm.date_precision, fm.date_unread]).toEqual(['2020-01-01', 'month', '2020-01-45']);
    const line = parse('# Meta\n\n- Name: X\n- Start Date: 2022-09-39\n\n# Summary\n\nText.\n', '0108-x.md');
    expect([line.date, line.date_unread]).toEqual(['2022-09-01', '2022-09-39']);
    // UKHomeOffice/drt-v2's `Date: 31/06/2016`: June 2016; a month that is none names nothing.
    expect(parse('# X\n\nDate: 31/06/2016\n\n## Status\n\nAccepted\n', '0002-x.md').date).toBe('2016-06-01');
    expect(parse('# X\n\nDate: 2016-13-45\n', '0002-x.md').date).toBeNull();
    // A day read with month and day swapped names one; a month alone is no day asked for.
    expect(parse('---\ndate: 2023-24-05\n---\n\n# X\n').date_unread).toBeNull();
    expect(parse('---\ndate: May 2023\n---\n\n# X\n').date_unread).toBeNull();
    const rst = parseMarkupAdr({ sourcePath: 'x.rst', source: 'Title\n=====\n\n:Date: 2021-02-30\n\nText.\n', family: 'rst' });
    expect([rst.date, rst.date_unread]).toEqual(['2021-02-01', '2021-02-30']);
    const read = await readAdrFolder({ '2020-09-01-x.md': '# X\n\n* Status: accepted\n* Date: 2020-09-31\n\nText.\n', '0002-y.md': '# Y\n\n* Status: accepted\n* Date: 2020-09-30\n' });
    expect(read.unread_dates).toEqual([{ source_path: '2020-09-01-x.md', written: '2020-09-31', date: '2020-09-01' }]);
  });
});

describe('a folder named for a state and the kind of its documents', () => {
  it('gives its records that state (vuejs/rfcs `active-rfcs/`), not a folder of another name', () => {
    expect(folderStatus('active-rfcs/0001-x.md', null)).toMatchObject({ status: 'accepted', words: 'active', index_path: 'active-rfcs/' });
    expect(folderStatus('x.md', 'rejected-proposals')).toMatchObject({ status: 'rejected' });
    expect([folderStatus('open-source/x.md', null), folderStatus('active-directory-rfcs/x.md', null)]).toEqual([null, null]);
  });
});
