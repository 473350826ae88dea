/**
 * Decision 0098 (importer round fourteen, issue #18): header notes no earlier round read, each by
 * family, in small fixtures written here in the shapes met:
 * - notes under a title written as a `##` or setext heading (grpc/proposal's `Title` / `----`
 *   over `* Status: Draft`), a `State:` line and an `Author(s):` list (dapr/proposals);
 * - a block of `Key: value` fields in a code block, under `## Preamble` or alone at the top
 *   (stellar/stellar-protocol's CAPs), with nested and folded fields;
 * - a title underlined with `=` kept as written;
 * - a PEP's RFC 822 header in reStructuredText: `Title:`, folded `Author:`, `Superseded-By:`;
 * - a title or status revised in brain and exported into such a file re-imports with no write, to
 *   a fresh folder and over the source (the file is the entry's own export).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const written = (r: { entries: Array<{ written: number }> }): number => r.entries.reduce((n, e) => n + e.written, 0);

/** gRPC's proposals: a setext `----` title, its notes as a list. */
const GRPC = lines('A50: xDS Outlier Detection', '----', '* Author(s): murgatroid99', '* Approver: markdroth', '* Status: Implemented', '* Last updated: 2022-01-24', '', '## Abstract', '', 'Eject outliers.', '');
const GRPC_TEMPLATE = lines('A97: JWT call credentials', '----', '* Author(s): markdroth', '* Status: {Draft, In Review, Ready for Implementation, Implemented}', '* Last updated: 2025-05-02', '', '## Abstract', '', 'Tokens.', '');
/** Dapr's proposals: a `State:` line and the authors as a nested list. */
const DAPR = lines('# Distributed Scheduler', '', '* Author(s): ', '    * Cassie Coyle (@cicoyle)', '    * Yaron Schneider (@yaron2)', '* State: Ready for Review', '* Updated: 2024-05-28', '', '## Overview', '', 'A scheduler.', '');
/** Stellar's CAPs: the preamble as fields in a code block, under `## Preamble` or alone at the top. */
const CAP = lines(
  '## Preamble', '', '```', 'CAP: 0046-01 (formerly 0046)', 'Title: Soroban Runtime Environment', 'Working Group:', '    Owner: Graydon Hoare <@graydon>',
  '    Authors: Graydon Hoare <@graydon>, Jon Jove <@jonjove>', 'Status: Final', 'Created: 2022-04-18', 'Discussion: https://example.org/a', 'https://example.org/b', 'Protocol version: 20', '```', '',
  '## Simple Summary', '', 'A runtime.', '',
);
const CAP_TOP = lines('```', 'CAP: 0049', 'Title: Asset Interoperability', 'Author: Jonathan Jove', 'Status: Rejected (In favor of CAP-0046)', 'Created: 2018-Oct-05', '```', '', '## Simple Summary', '', 'Wrap assets.', '');
/** A `# Motivation` written a level up after the preamble: a section, not the title. */
const CAP_LATE = lines('## Preamble', '', '```', 'CAP: 0016', 'Title: Cosigned assets', 'Authors: David Mazières', 'Status: Rejected (In favor of CAP-0018)', 'Created: 2018-01-24', '```', '', '# Motivation', '', 'Issuers need control.', '');
const SETEXT = lines('Channelz', '========', '', '* Author(s): ctiller', '* Status: Draft', '', '## Abstract', '', 'Introspection.', '');

describe('notes under a `##` or setext title, `State:` lines, an authors list', () => {
  it('reads the status, day and people, and reports a template value', () => {
    const g = parseAdr({ sourcePath: 'A50-xds-outlier-detection.md', source: GRPC });
    expect([g.title, g.raw_status, g.status_origin, g.date, g.deciders]).toEqual(['A50: xDS Outlier Detection', 'Implemented', 'metadata_list', '2022-01-24', 'murgatroid99']);
    expect(g.rationale).toContain('* Status: Implemented');
    expect(parseAdr({ sourcePath: 'A97-jwt.md', source: GRPC_TEMPLATE }).status_mapping).toMatchObject({ mapped: false, reason: 'unfilled template value' });
    const d = parseAdr({ sourcePath: '0012-BIRS-distributed-scheduler.md', source: DAPR });
    expect([d.raw_status, d.status_mapping?.mapped && d.status_mapping.status, d.deciders]).toEqual(['Ready for Review', 'proposed', 'Cassie Coyle (@cicoyle), Yaron Schneider (@yaron2)']);
    // `State:` in a section is text, and a `## Status: …` heading is no title.
    expect(parseAdr({ sourcePath: '0001-x.md', source: '# X\n\n## Design\n\nState: idle means no work.\n' }).raw_status).toBeNull();
    expect(parseAdr({ sourcePath: '0002-prisma.md', source: '## Status: Accepted\n\n## Context\n\nORM.\n' }).title).toBe('Prisma');
    // Sections a level up under such a title are sections (gRPC's A72: `# Abstract`); a template's `Title` names nothing.
    const a72 = parseAdr({ sourcePath: 'A72-tracing.md', source: GRPC.replace('## Abstract', '# Abstract') });
    expect([a72.title, a72.raw_status, a72.rationale.includes('# Abstract')]).toEqual(['A50: xDS Outlier Detection', 'Implemented', true]);
    expect(parseAdr({ sourcePath: 'L11-ruby-interceptors.md', source: GRPC.replace('A50: xDS Outlier Detection', 'Title') }).title).toBe('Ruby interceptors');
  });

  it('keeps a setext `=` title and a spaced title heading as written: every line kept, no `#` title added on export', async () => {
    const s = parseAdr({ sourcePath: 'A14-channelz.md', source: SETEXT });
    expect([s.title, s.raw_status]).toEqual(['Channelz', 'Draft']);
    expect(s.rationale).toMatch(/^Channelz\n========\n/);
    // A heading spacing its words as the title does not (microsoft/terminal's `Addendum 1 -  Unified …`) stays too.
    const spaced = lines('# Command Palette, Addendum 1 -  Unified keybindings', '', '## Abstract', '', 'Keys.');
    const p = parseAdr({ sourcePath: 'spec.md', source: spaced });
    expect([p.title, p.rationale.startsWith('# Command Palette, Addendum 1 -  Unified keybindings\n')]).toEqual(['Command Palette, Addendum 1 - Unified keybindings', true]);
    await adrRoundTrip({ 'A14-channelz.md': SETEXT, 'A50-xds-outlier-detection.md': GRPC, 'A97-jwt.md': GRPC_TEMPLATE, '0012-BIRS-distributed-scheduler.md': DAPR, 'spec.md': spaced }, (out) => {
      expect(readFileSync(join(out, 'A14-channelz.md'), 'utf8')).not.toMatch(/^# /m);
      expect(readFileSync(join(out, 'spec.md'), 'utf8').match(/^# /gm)).toHaveLength(1);
    });
  });
});

describe('a block of `Key: value` fields in a code block (Stellar CAPs)', () => {
  it('reads the title, status, day and people from it, folding continuation lines; the block stays in the text', () => {
    const a = parseAdr({ sourcePath: 'cap-0046-01.md', source: CAP });
    expect([a.title, a.raw_status, a.status_origin, a.date, a.deciders]).toEqual(['Soroban Runtime Environment', 'Final', 'metadata_list', '2022-04-18', 'Graydon Hoare <@graydon>, Jon Jove <@jonjove>']);
    expect(a.rationale).toContain('Title: Soroban Runtime Environment');
    const b = parseAdr({ sourcePath: 'cap-0049.md', source: CAP_TOP });
    expect([b.title, b.raw_status, b.date, b.deciders]).toEqual(['Asset Interoperability', 'Rejected (In favor of CAP-0046)', '2018-10-05', 'Jonathan Jove']);
    const c = parseAdr({ sourcePath: 'cap-0016.md', source: CAP_LATE });
    expect([c.title, c.raw_status]).toEqual(['Cosigned assets', 'Rejected (In favor of CAP-0018)']);
    expect(c.rationale).toContain('# Motivation');
    // A shell listing in the header is no field block.
    expect(parseAdr({ sourcePath: '0001-x.md', source: '# X\n\n```\nStatus: draft\n$ make\n$ make test\n./run.sh\n```\n\n## Context\n\nC.\n' }).raw_status).toBeNull();
  });

  it('links by its words, and round-trips with no write and no `#` title over the source', async () => {
    const dir = tempFolder({ 'cap-0046-01.md': CAP, 'cap-0049.md': CAP_TOP, 'cap-0016.md': CAP_LATE, 'cap-0018.md': CAP.replace('0046-01 (formerly 0046)', '0018').replace('Soroban Runtime Environment', 'Asset flags') });
    const r = await readAdrDirectory({ dir, projectId: 'p' });
    expect(r.drafts.find((d) => d.source_path === 'cap-0016.md')?.fields.related_entry_ids).toHaveLength(1);
    await adrRoundTrip({ 'cap-0046-01.md': CAP, 'cap-0049.md': CAP_TOP, 'cap-0016.md': CAP_LATE });
  });
});

describe('a label a header note gives (Swift Evolution)', () => {
  const se = (n: string, label: string): string => lines(`# Proposal ${n}`, '', `* Proposal: [${label}-${n}](${n}-x.md)`, '* Author: [Doug Roe](https://example.org/doug)', '* Status: **Implemented (Swift 2.2)**', '', '## Introduction', '', 'Labels.', '');

  it('labels the record by it when its number is the file’s, and writes no label into the exported title', async () => {
    const dir = tempFolder({ '0001-x.md': se('0001', 'SE'), 'testing/0001-x.md': se('0001', 'ST'), '0002-y.md': se('0002', 'SE').replace('SE-0002', 'SE-0009') });
    const r = await readAdrDirectory({ dir, projectId: 'p' });
    expect(r.drafts.map((d) => [d.source_path, d.fields.citations?.[0]?.locator])).toEqual([['0001-x.md', 'SE-0001'], ['0002-y.md', 'ADR-0002'], ['testing/0001-x.md', 'ST-0001']]);
    await adrRoundTrip({ '0001-x.md': se('0001', 'SE') }, (out) => {
      expect(readFileSync(join(out, '0001-x.md'), 'utf8')).toMatch(/^(?:---[\s\S]*?---\n)?# Proposal 0001\n/);
    });
  });
});

describe('a PEP header in reStructuredText', () => {
  const pep = (n: number, extra: string[] = []): string => lines(`PEP: ${n}`, `Title: Guidelines number ${n}`, 'Author: Paul Prescod <paul@example.org>,', '        Ann Roe <ann@example.org>', 'Status: Superseded', 'Type: Process', 'Created: 26-Oct-2000', ...extra, '', '', 'Abstract', '========', '', 'Languages evolve.', '');

  it('reads the title, the folded authors and the successor from the header', async () => {
    const dir = tempFolder({ 'pep-0005.rst': pep(5, ['Superseded-By: 387']), 'pep-0387.rst': pep(387, ['Replaces: 5']).replace('Status: Superseded', 'Status: Active') });
    const r = await readAdrDirectory({ dir, projectId: 'p' });
    const [five, successor] = r.drafts;
    expect([five?.fields.title, five?.deciders, five?.date, five?.fields.status]).toEqual(['Guidelines number 5', 'Paul Prescod <paul@example.org>, Ann Roe <ann@example.org>', '2000-10-26', 'superseded']);
    expect(successor?.fields.supersedes_entry_id).toBe(five?.entry_id);
    expect(r.unmapped).toEqual([]);
  });
});

describe('a title or status revised in brain, exported into a file that states them in its text', () => {
  it('re-imports with no write, to a fresh folder and over the source, the new words where the old ones were', async () => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const files: Record<string, string> = { 'A50-xds-outlier-detection.md': GRPC, 'cap-0046-01.md': CAP, 'cap-0016.md': CAP_LATE, '0012-BIRS-distributed-scheduler.md': DAPR, 'A14-channelz.md': SETEXT, 'pep-0005.rst': lines('PEP: 5', 'Title: Old title', 'Status: Active', 'Created: 26-Oct-2000', '', 'Abstract', '========', '', 'Text.') };
      const source = tempFolder(files);
      const report = await importAdr(brain, { dir: source });
      for (const [i, e] of report.entries.entries()) {
        await brain.writes.revise({ entryId: e.entry_id, fields: i % 2 === 0 ? { title: `New title ${i}` } : { status: 'deprecated' } });
      }
      const fresh = tempDir('brain-export-');
      await exportAdr(brain, { dir: fresh });
      expect(written(await importAdr(brain, { dir: fresh }))).toBe(0);
      await exportAdr(brain, { dir: source });
      expect(written(await importAdr(brain, { dir: source }))).toBe(0);
      expect((await exportAdr(brain, { dir: source })).files.filter((f) => f.written)).toEqual([]);
      const read = (name: string): string => readFileSync(join(source, name), 'utf8');
      const titled = report.entries.filter((_, i) => i % 2 === 0).map((e) => e.source_path);
      for (const name of Object.keys(files)) {
        const text = read(name);
        if (titled.includes(name)) expect(text, name).toMatch(/New title \d/);
        else expect(text, name).toMatch(/(?:Status|State): deprecated/);
        // Over its source a record that titles itself in its text gets no `#` title line.
        if (!name.endsWith('.rst') && name !== '0012-BIRS-distributed-scheduler.md') expect(text.match(/^# /gm)?.length ?? 0, name).toBe(name === 'cap-0016.md' ? 1 : 0);
      }
      // An edit of such a file is still read: one revision.
      writeFileSync(join(source, 'cap-0046-01.md'), `${read('cap-0046-01.md')}\nAddendum.\n`);
      expect(written(await importAdr(brain, { dir: source }))).toBe(1);
    } finally {
      await brain.close();
    }
  });
});
