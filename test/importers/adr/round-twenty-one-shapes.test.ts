/**
 * Issue #18, round twenty-one: ADR and proposal folders no earlier round had read — what they
 * showed wrong, each as its family in a small fixture written here in the shape met (decision 0116).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../../src/model/entry.js';
import { plainTextLine, whyOf } from '../../../src/model/summary.js';
import { supersessionOf } from '../../../src/model/supersession.js';
import { parseAdrDate } from '../../../src/importers/adr/adr-dates.js';
import { nameTitle } from '../../../src/importers/adr/file-name.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { parseMarkupAdr } from '../../../src/importers/adr/parse-markup-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { mappedStatus, readAdrFolder } from '../../helpers/adr-folder.js';
import { cleanupTempDirs } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0021-x.md') => parseAdr({ sourcePath, source });
const rst = (source: string, sourcePath = '0023-x.rst') => parseMarkupAdr({ sourcePath, source, family: 'rst' });
const byPath = (read: Awaited<ReturnType<typeof readAdrFolder>>) => new Map(read.drafts.map((d) => [d.source_path, d]));
const label = (read: Awaited<ReturnType<typeof readAdrFolder>>, path: string) => byPath(read).get(path)?.fields.citations?.[0]?.locator;

describe('wellcomecollection/docs: numbered chapters inside an RFC folder whose README is the RFC', () => {
  const FOLDER = {
    '001-merger/README.md': '# RFC 001: Matcher architecture\n\n## Decision\n\nMatch works.\n',
    '086-item-viewer/README.md': '# RFC 086: IIIF Viewer Context Refactoring\n\n**Status:** Not started\n\n1. [Overview](01-overview.md)\n',
    '086-item-viewer/01-overview.md': '# Overview\n\nWhy the viewer changes.\n',
    '086-item-viewer/13-phase-7-cleanup.md': '# Phase 7: Cleanup\n\nText.\n',
    '086-item-viewer/13-migration-checklist.md': '# Migration Checklist\n\n- one\n',
  };

  it('imports the chapters without numbers of their own: no ADR-0001 beside RFC 001, no ADR-0013 twice', async () => {
    const read = await readAdrFolder(FOLDER);
    expect(label(read, '086-item-viewer/README.md')).toBe('RFC-0086');
    expect(label(read, '001-merger/README.md')).toBe('RFC-0001');
    for (const part of ['01-overview.md', '13-phase-7-cleanup.md', '13-migration-checklist.md']) {
      expect(byPath(read).get(`086-item-viewer/${part}`), part).toBeDefined();
      expect(label(read, `086-item-viewer/${part}`), part).toBeUndefined();
    }
    // A numbered file in a folder that holds no record page keeps its number.
    const other = await readAdrFolder({ 'area/README.md': '# Area\n\nIndex.\n', 'area/0001-use-x.md': '# Use X\n\n## Decision\n\nX.\n' });
    expect(label(other, 'area/0001-use-x.md')).toBe('ADR-0001');
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip(FOLDER);
  });
});

describe('Kotlin/KEEP: versions in status words, statuses of a shipped feature', () => {
  it('reads no day in a version (`2.2.20`, `1.4.30`, `2.1.20-Beta2`), still one in `02.04.20` and `04.03.2021`', () => {
    for (const version of ['Stable in 2.3.0. In 2.2.20 available under a flag', 'implemented in Kotlin 2.1.20', 'Kotlin `2.1.20-Beta2`', 'Prototyped in 1.4.30', 'v12.10.20', '1.2.3.4']) {
      expect(parseAdrDate(version), version).toBeNull();
    }
    expect([parseAdrDate('am 02.04.20.'), parseAdrDate('04.03.2021'), parseAdrDate('4.3.2021')]).toEqual(['2020-04-02', '2021-03-04', '2021-03-04']);
    const keep = parse('# Exhaustiveness\n\n* **Type**: Design proposal\n* **Status**: **Stable in 2.3.0**. In 2.2.20 available under a flag\n\n## Motivation\n\nText.\n', 'KEEP-0442-dfa.md');
    expect([keep.status_mapping?.mapped && keep.status_mapping.status, keep.date]).toEqual(['accepted', null]);
  });

  it('maps an experiment shipped as accepted, a prototype as proposed, the words kept', () => {
    expect(mappedStatus('Experimental since Kotlin 1.3.50, partially stable since 1.6.0')).toBe('accepted');
    expect(mappedStatus('Prototype available')).toBe('proposed');
  });
});

describe('golang/proposal: statuses as sentences, two notes on one line, a kind before the title', () => {
  it('reads the status of a sentence about the proposal', () => {
    expect(mappedStatus('this proposal was [adopted for the Go 1.4 release](https://golang.org/s/go14)')).toBe('accepted');
    expect(mappedStatus('This design has been proposed and accepted')).toBe('accepted');
    expect(mappedStatus('This proposal will not be adopted.')).toBe('rejected');
    expect(mappedStatus('This is not a status')).toBe('unrecognised status');
  });

  it('splits a line holding the author and the day, and takes `Proposal:` off the title', () => {
    const go = parse('# Proposal: Smarter Scavenging\n\nAuthor(s): Michael Knyszek \\<mknyszek@google.com\\> Last Updated: 2019-02-20\n\n## Motivation\n\nText.\n', '30333-smarter-scavenging.md');
    expect([go.title, go.deciders, go.date]).toEqual(['Smarter Scavenging', 'Michael Knyszek <mknyszek@google.com>', '2019-02-20']);
    const cm = parse('# Design: X\n\n**Status:** Draft **Date:** 2025-09-20\n\n## Summary\n\nText.\n', '20250920.x.md');
    expect(cm.date).toBe('2025-09-20');
  });

  it('imports a design draft by named authors in a numbered folder (no documentation page)', async () => {
    const read = await readAdrFolder({
      '12345-a.md': '# Proposal: A\n\n## Background\n\nA.\n',
      '12346-b.md': '# Proposal: B\n\n## Background\n\nB.\n',
      '12347-c.md': '# Proposal: C\n\n## Background\n\nC.\n',
      'draft-vulndb.md': '# Design Draft: Go Vulnerability Database\n\nAuthors: Roland Shoemaker, Filippo Valsorda\n\n## Goal\n\nText.\n',
      'install.md': '# Install\n\nRun it.\n',
    });
    expect(byPath(read).get('draft-vulndb.md')?.fields.title).toBe('Go Vulnerability Database');
    expect(read.skipped.map((s) => s.source_path)).toEqual(['install.md']);
  });

  it('titles a day-named file with no words by its name, not by its day ("24")', () => {
    expect(nameTitle('2022-05-24')).toBeNull();
    expect(nameTitle('2010-06-gen')).toBe('Gen');
  });
});

describe('cert-manager and jupyter: front matter that is not valid YAML', () => {
  const DESIGN = '---\ntitle: Certificate Request Identity\nauthors:\n  - "@joshvanl"\nreviewers:\n  - @jetstack/team-cert-manager\ncreation-date: 2022-01-18\nstatus: implementable\n---\n\n# Identity\n\n## Summary\n\nText.\n';

  it('reads its keys one by one, keeps the rest as written, and reports it', async () => {
    const p = parse(DESIGN, '20220118.identity.md');
    expect([p.raw_status, p.date, p.deciders]).toEqual(['implementable', '2022-01-18', '@joshvanl']);
    expect(p.front_matter_error).toMatch(/reserved character @/);
    expect(p.front_matter).toContain('  - @jetstack/team-cert-manager');
    expect(p.front_matter).not.toContain('status:');
    const read = await readAdrFolder({ '20220118.identity.md': DESIGN });
    expect(read.invalid_front_matter).toEqual([{ source_path: '20220118.identity.md', error: expect.stringMatching(/reserved character @/) }]);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ '20220118.identity.md': DESIGN, '20220119.other.md': DESIGN.replace('Identity', 'Other') });
  });
});

describe('cardano CIPs and CPSs: two series in one folder, meeting notes beside them', () => {
  const fm = (series: string, n: number, status: string) => `---\n${series}: ${n}\nTitle: ${series} ${n} title\nStatus: ${status}\nAuthors:\n  - Ann <ann@example.org>\nCreated: 2023-10-14\n---\n\n## Abstract\n\n${series} ${n} text.\n`;
  const FOLDER = {
    'CIP-0008/README.md': fm('CIP', 8, 'Active'),
    'CIP-0009/README.md': fm('CIP', 9, 'Active'),
    'CIP-0010/README.md': fm('CIP', 10, 'Active'),
    'CIP-0032/README.md': fm('CIP', 32, 'Active'),
    'CPS-0008/README.md': fm('CPS', 8, 'Inactive (superseded by CPS-0032)'),
    'CPS-0009/README.md': fm('CPS', 9, 'Open'),
    'CPS-0032/README.md': fm('CPS', 32, 'Open').replace('CPS 32 text.', 'This CPS supersedes CPS-0008.'),
    'BiweeklyMeetings/2022-05-24.md': '## Attendees\n\nAnn\n\n## Notes\n\nIs this related to or superceded by CIP-0050?\n',
  };

  it('labels the second series, resolves a reference within its series, and supersedes the retired record', async () => {
    const read = await readAdrFolder(FOLDER);
    const of = (p: string) => byPath(read).get(p)!;
    expect(label(read, 'CPS-0008/README.md')).toBe('CPS-0008');
    expect(of('CPS-0008/README.md').fields.status).toBe('superseded');
    expect(of('CPS-0032/README.md').fields.supersedes_entry_id).toBe(of('CPS-0008/README.md').entry_id);
    expect(of('CIP-0032/README.md').fields.supersedes_entry_id ?? null).toBeNull();
    expect(read.unmapped.filter((u) => u.reason.includes('contradict'))).toEqual([]);
  });

  it('reports a meeting-notes folder instead of importing its notes', async () => {
    const read = await readAdrFolder(FOLDER);
    expect(read.drafts.some((d) => d.source_path.startsWith('BiweeklyMeetings/'))).toBe(false);
    expect(read.skipped).toContainEqual({ source_path: 'BiweeklyMeetings/', reason: expect.stringContaining('meeting notes') });
  });
});

describe('jupyter/enhancement-proposals: one page in a numbered folder', () => {
  it('numbers the page by its folder; a folder of several pages numbers none', async () => {
    const read = await readAdrFolder({
      '08-notebook-diff/notebook-diff.md': '# Notebook diff\n\n## Problem\n\nText.\n',
      '47-debugger/debugger-protocol.md': '# Debugger protocol\n\n## Problem\n\nText.\n',
      '50-pair/one.md': '# One\n\n## Problem\n\nText.\n',
      '50-pair/two.md': '# Two\n\n## Problem\n\nText.\n',
    });
    expect([label(read, '08-notebook-diff/notebook-diff.md'), label(read, '47-debugger/debugger-protocol.md')]).toEqual(['ADR-0008', 'ADR-0047']);
    expect([label(read, '50-pair/one.md'), label(read, '50-pair/two.md')]).toEqual([undefined, undefined]);
  });
});

describe('numpy NEPs, zeromq RFCs: people and titles of other fields', () => {
  it('names every `:Author:` of a field list', () => {
    const nep = rst('.. _NEP13:\n\n============\nUfunc override\n============\n\n:Author: Blake Griffith\n:Author: Pauli Virtanen\n:Status: Final\n:Created: 2013-07-10\n\nAbstract\n--------\n\nText.\n', 'nep-0013-ufunc.rst');
    expect(nep.deciders).toBe('Blake Griffith, Pauli Virtanen');
  });

  it("titles a record by `name:` when `title:` is its number and short name, and names its editor", () => {
    const zmq = parse('---\nslug: 16\ntitle: 16/C4\nname: Collective Code Construction Contract (C4)\nstatus: retired\neditor: Pieter Hintjens <ph@imatix.com>\n---\n\nThe C4 is an evolution.\n', '16/README.md');
    expect([zmq.title, zmq.deciders]).toEqual(['Collective Code Construction Contract (C4)', 'Pieter Hintjens <ph@imatix.com>']);
  });
});

describe('the summary of a reStructuredText or AsciiDoc record is its text, not its markup', () => {
  it('skips labels, title lines, field lists and [TOC]; reads an AsciiDoc Context section', () => {
    expect(whyOf('.. _NEP18:\n\n=====\nNEP 18\n=====\n\n:Author: Stephan Hoyer\n:Status: Final\n\nAbstract\n--------\n\nWe propose a protocol.\n')).toBe('We propose a protocol.');
    expect(whyOf('= 39. Affero GNU Public License\n\nDate: 2022-07-26\n\n== Status\n\nAccepted.\n\n== Context\n\n=== Background\n\nXTDB 1.x is embedded.\n\n== Decision\n\nAGPL.\n')).toBe('XTDB 1.x is embedded.');
    expect(whyOf('[TOC]\n\n## Objective\n\nMake it so.\n')).toBe('Make it so.');
  });

  it('names no mentioned record as the possible successor of one superseded by something outside', () => {
    const mentioned = { entry_id: 'dec-mentioned', supersedes_entry_id: null } as unknown as Entry;
    const entry = { entry_kind: 'decision', status: 'superseded', supersedes_entry_id: null, related_entry_ids: ['dec-mentioned', 'dec-unknown'], citations: [] } as unknown as Entry;
    expect(supersessionOf(entry, new Map([['dec-mentioned', mentioned]]))).toBe('superseded (successor among dec-unknown)');
    expect(supersessionOf(entry)).toBe('superseded (successor among dec-mentioned, dec-unknown)');
  });
});

describe('numpy NEP 56: one record superseding several', () => {
  const nep = (n: number, fields: string) => `.. _NEP${n}:\n\n======\nNEP ${n}\n======\n\n:Author: Ann\n${fields}:Created: 2019-08-22\n\nAbstract\n--------\n\nNEP ${n} text.\n`;
  const FOLDER = {
    'nep-0030-duck.rst': nep(30, ':Status: Superseded\n:Replaced-By: :ref:`NEP56`\n'),
    'nep-0031-uarray.rst': nep(31, ':Status: Superseded\n:Replaced-By: :ref:`NEP56`\n'),
    'nep-0056-array-api.rst': nep(56, ':Status: Final\n:Replaces: :ref:`NEP30`, :ref:`NEP31`\n'),
  };

  it('names every record it replaces, and its successor on each of them', async () => {
    const read = await readAdrFolder(FOLDER);
    const of = (p: string) => byPath(read).get(p)!;
    const [thirty, thirtyOne, fiftySix] = ['nep-0030-duck.rst', 'nep-0031-uarray.rst', 'nep-0056-array-api.rst'].map(of);
    expect(fiftySix!.fields.supersedes_entry_id).toBe(thirty!.entry_id);
    const asEntry = (d: typeof thirty) => ({ entry_id: d!.entry_id, entry_kind: 'decision', status: d!.fields.status, supersedes_entry_id: d!.fields.supersedes_entry_id ?? null, related_entry_ids: d!.fields.related_entry_ids ?? [], citations: d!.fields.citations ?? [], title: d!.fields.title }) as unknown as Entry;
    const all = new Map([thirty, thirtyOne, fiftySix].map((d) => [d!.entry_id, asEntry(d)]));
    expect(supersessionOf(asEntry(thirtyOne), all)).toMatch(new RegExp(`^superseded by .*\\(${fiftySix!.entry_id}\\)$`));
    expect(supersessionOf(asEntry(fiftySix), all)).toContain(`(${thirtyOne!.entry_id})`);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip(FOLDER);
  });
});

describe('Kotlin/KEEP: a proposal author', () => {
  it('reads `* **Proposal author**:` as the record\'s people', () => {
    const keep = parse('# Instant\n\n* **Type**: Standard Library API proposal\n* **Proposal author**: Dmitry Khalanskiy\n* **Status**: Implemented in 2.1\n\n## Summary\n\nText.\n', 'KEEP-0395-instant.md');
    expect(keep.deciders).toBe('Dmitry Khalanskiy');
  });
});

describe('bazelbuild/proposals and argo-cd: front matter beside the text', () => {
  it('maps `Dropped` to rejected, and reads a status written as a link in front matter that is not YAML', () => {
    expect(mappedStatus('Dropped')).toBe('rejected');
    const bazel = parse('---\ncreated: 2022-03-06\nstatus: [Implemented](https://github.com/bazelbuild/bazel/commit/cdf01a39)\nauthors:\n  - Alex\n---\n\n# Repeatable flags\n\nText.\n', '2022-03-06-flags.md');
    expect([bazel.status_mapping?.mapped && bazel.status_mapping.status, bazel.front_matter_error !== null]).toEqual(['accepted', true]);
  });

  it('reads only the list right under a key when the next keys are indented by mistake', () => {
    const argo = parse('---\ntitle: Headless\nauthors:\n- "@alexmt"\n  sponsors:\n- TBD\ncreation-date: 2020-05-01\nstatus: implementable\n---\n\n# Headless\n\nText.\n', 'headless.md');
    expect([argo.deciders, argo.date]).toEqual(['@alexmt', '2020-05-01']);
  });

  it('titles a record by its front matter when its first `#` heading comes after its opening prose', () => {
    const prose = 'Toolchain resolution already supports different languages in Bazel. '.repeat(8);
    const bazel = parse(`---\ncreated: 2020-09-29\nstatus: Dropped\ntitle: Adding a constraint to default target platform\n---\n\n${prose}\n\n# The problem\n\nText.\n`, '2020-09-29-constraint.md');
    expect(bazel.title).toBe('Adding a constraint to default target platform');
    expect(bazel.rationale).toContain('# The problem');
    // A heading right under the front matter, or under a note or two, is still the title.
    expect(parse('---\ntitle: Use X\n---\n\nStatus: accepted\n\n# Use X for Y\n\nText.\n').title).toBe('Use X for Y');
  });

  it('drops a GitHub alert marker from a summary; a note gives way to the record\'s own text', () => {
    expect(whyOf('> [!NOTE]\n> This proposal hides annotations.\n\n## Summary\n\nX.\n')).toBe('X.');
    expect(plainTextLine('> [!TIP]\n> Hide them.\n')).toBe('Hide them.');
  });

  it('round-trips with no write', async () => {
    const prose = 'Toolchain resolution already supports different languages in Bazel. '.repeat(8);
    await adrRoundTrip({
      '2020-09-29-constraint.md': `---\ncreated: 2020-09-29\nstatus: Dropped\ntitle: Adding a constraint to default target platform\n---\n\n${prose}\n\n# The problem\n\nText.\n`,
      '2022-03-06-flags.md': '---\ncreated: 2022-03-06\nstatus: [Implemented](https://github.com/bazelbuild/bazel/commit/cdf01a39)\nauthors:\n  - Alex\n---\n\n# Repeatable flags\n\nText.\n',
    });
  });
});

describe('zarr ZEPs: records named `.markdown`, as Jekyll names its pages', () => {
  const FOLDER = {
    '0001-zep1.markdown': '# ZEP 1 — Zarr specification version 3\n\nStatus: Accepted\n\n## Abstract\n\nVersion 3.\n',
    '0002-zep2.markdown': '# ZEP 2 — Sharding codec\n\nStatus: Accepted\n\n## Abstract\n\nShards. Supersedes [ZEP 1](0001-zep1.markdown) in part.\n',
  };

  it('imports them, titled by their headings and linked by their names', async () => {
    const read = await readAdrFolder(FOLDER);
    expect(read.drafts.map((d) => [d.source_path, d.fields.title, d.fields.status])).toEqual([
      ['0001-zep1.markdown', 'Zarr specification version 3', 'accepted'],
      ['0002-zep2.markdown', 'Sharding codec', 'accepted'],
    ]);
    expect(byPath(read).get('0002-zep2.markdown')?.fields.related_entry_ids).toEqual([byPath(read).get('0001-zep1.markdown')!.entry_id]);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip(FOLDER);
  });
});

describe('opendatahub, OTEPs, FLIPs, ZEPs: a month in a table, and what a summary skips', () => {
  it('dates a record by the month its metadata table states', () => {
    for (const written of ['January, 2026', 'January , 2026']) {
      const odh = parse(`# Open Data Hub - X\n\n|     |     |\n| --- | --- |\n| Date | ${written} |\n| Status | Approved |\n\n## Context\n\nText.\n`, 'ODH-ADR-0005-x.md');
      expect([odh.date, odh.date_precision], written).toEqual(['2026-01-01', 'month']);
    }
  });

  it('skips a banner, images, a folded block and a list of authors', () => {
    expect(whyOf('> [!WARNING]\n> OTEPs have moved to the specification repository.\n\nAdds a drawing API.\n')).toBe('Adds a drawing API.');
    expect(whyOf('![drawing](img/0066-layers.png)\n\nContext propagation in two layers.\n')).toBe('Context propagation in two layers.');
    expect(whyOf('<details>\n<summary>Table of Contents</summary>\n\n- [Objective](#objective)\n</details>\n\nThis FLIP proposes X.\n')).toBe('This FLIP proposes X.');
    expect(whyOf('Authors:\n\n- Hailiang Zhang (@hailiangzhang), Adnet Systems\n- Ann\n\n## Abstract\n\nThis ZEP adds X.\n')).toBe('This ZEP adds X.');
    // Header notes a paragraph each (astropy's APEs), a one-line people note.
    expect(whyOf('authors: Tom Aldcroft, Erik Tollerud\n\ndate-created: 2022 July 13\n\ntype: Standard Track\n\nAbstract\n--------\n\nThis APE proposes X.\n')).toBe('This APE proposes X.');
    expect(whyOf('Owners: Richard Lander, Damon Tivel\n\nNuGet package signing matters.\n')).toBe('NuGet package signing matters.');
    // A note that is all the record says is still its why.
    expect(whyOf('> [!NOTE]\n> This proposal hides annotations.\n')).toBe('This proposal hides annotations.');
  });
});
