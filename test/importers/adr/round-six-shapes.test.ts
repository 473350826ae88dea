/**
 * Issue #18, sixth round: the shapes four corpora nobody here had seen showed a newcomer
 * (GSA-TTS/FAC, openfga/rfcs, gardenlinux/gardenlinux, digitalservicebund/ris-backend-service),
 * each reproduced in a small fixture: the day under other labels (`Introduced: 20220513`,
 * `**Datum:**`), a decision heading that goes on after a colon, an RFC's `# Meta` list (name,
 * start date, authors, status with the template's comment), `Options Considered`, an RFC
 * template file, and exports that read back as the same entries (also of a file titled by its
 * name whose first heading is `# Notes`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adrEntryId } from '../../../src/importers/adr/assemble-drafts.js';
import { skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (sourcePath: string, source: string) => parseAdr({ sourcePath, source });

/** openfga/rfcs' template: a `# Meta` list first, then `#` sections and no title heading. */
const RFC = [
  '# Meta',
  '[meta]: #meta',
  '- **Name**: ListObjects API',
  '- **Start Date**: 2022-07-14',
  '- **Author(s)**: jon-whit',
  '- **Status**: Approved <!-- Acceptable values: Draft, Approved, On Hold, Superseded -->',
  '- **Supersedes**: N/A',
  '',
  '# Summary',
  '[summary]: #summary',
  '',
  'List the objects a user can read.',
  '',
  '# Motivation',
  '',
  'UI filtering.',
  '',
].join('\n');

describe('the day under other labels (GSA-TTS/FAC, Meldestelle)', () => {
  const fac = (line: string) => `# 12. FAC Migration Plan\n\n${line}\n\nUpdated: 20220711\n\n## Status\n\nApproved\n\n## Context\n\nc\n`;

  it('reads `Introduced:`, `Datum:`, `Fecha:` lines, eight digits after such a label, and a trailing full stop', () => {
    expect(parse('0012-x.md', fac('Introduced: 20220513')).date).toBe('2022-05-13');
    expect(parse('0013-x.md', fac('Introduced: 2022-05-16.')).date).toBe('2022-05-16');
    expect(parse('0012-x.md', fac('* **Datum:** 2026-01-14')).date).toBe('2026-01-14');
    expect(parse('0012-x.md', fac('Fecha: 14/01/2026')).date).toBe('2026-01-14');
  });

  it('reads the day of a `## Date` / `## Datum` section (carbon-aware-sdk, German and French templates)', () => {
    expect(parse('0007-x.md', '# 7. Data Source Interfaces\n\n## Status\n\nAccepted\n\n## Date\n\n2022-11-1\n\n## Context\n\nc\n').date).toBe('2022-11-01');
    expect(parse('adr-002.md', '# ADR-002: DTOs\n\n## Status\n\nAkzeptiert\n\n## Datum\n\n05.06.2026\n\n## Kontext\n\nc\n').date).toBe('2026-06-05');
    // A Date section further down is not read when a `Date:` line says the day.
    expect(parse('0008-x.md', '# 8. X\n\nDate: 2021-01-02\n\n## Status\n\nAccepted\n\n## Date\n\n2022-11-01\n').date).toBe('2021-01-02');
  });

  it('reads no date from eight digits without a date label', () => {
    expect(parse('0012-x.md', '# 12. X\n\nTracked in build 20220513\n\n## Status\n\nApproved\n').date).toBeNull();
  });
});

describe('a decision heading that goes on after a colon or a parenthesis (GSA-TTS/FAC)', () => {
  it('takes the section as the decision, and leaves Decision Drivers alone', () => {
    const colon = parse('0028-uei.md', '# 28. UEI required\n\n## Status\n\nAccepted.\n\n## Context\n\nc\n\n## Decision: UEI is required\n\n### A UEI is required\n\nAlways.\n\n## Note\n\nn\n');
    expect(colon.decision_outcome).toBe('### A UEI is required\n\nAlways.');
    expect(colon.rationale).toContain('## Decision: UEI is required');
    const paren = parse('0041-x.md', '# 41. X\n\n## Status\n\nAccepted\n\n## Context:  \n\nc\n\n## Decision (Proposed Workflow Solution):\n\nDelete drafts.\n');
    expect(paren.decision_outcome).toBe('Delete drafts.');
    expect(parse('0001-x.md', '# X\n\n## Decision Drivers\n\n- speed\n').decision_outcome).toBe('');
  });

  it('strips an `RFC 0042:` or `Décision 005 —` prefix from the title and reads its number', () => {
    expect(parse('0005-messagerie.md', '# Décision 005 — La messagerie\n\n## Statut\n\nAcceptée\n')).toMatchObject({ title: 'La messagerie', adr_number: 5, heading_number: 5 });
    expect(parse('rfc-42.md', '# RFC 0042: Streaming\n\n## Status\n\nDraft\n')).toMatchObject({ title: 'Streaming', heading_number: 42 });
    expect(parse('0001-x.md', '# Decision making for teams\n').title).toBe('Decision making for teams');
  });

  it('titles a file without a title heading by the words of its numbered or dated name, capitalised (s3gw, getsentry)', () => {
    expect(parse('0004-release-captain.md', '# Context and Problem Statement\n\nShare the load.\n').title).toBe('Release captain');
    expect(parse('0034-sdk-lifecycle-hooks.md', '# Summary\n\nHooks.\n').title).toBe('Sdk lifecycle hooks');
    // A dated name loses its whole day or month, not only its year (decision 0109).
    expect(parse('2022-02-07-tracing-spans.md', '# Context\n\nx\n').title).toBe('Tracing spans');
    expect(parse('2022-11-2-disk-buffers.md', '# Context\n\nx\n').title).toBe('Disk buffers');
    expect(parse('2010-06-type-functions.md', '# Context\n\nx\n').title).toBe('Type functions');
    expect(parse('20201016-use-log4brains.md', '# Context\n\nx\n').title).toBe('Use log4brains');
    expect(parse('adr_012_évaluer_x.md', '# Context\n\nx\n').title).toBe('Évaluer x');
    expect(parse('notes.md', '# Notes\n\nx\n').title).toBe('notes');
  });

  it('names the options of an `Options Considered` list (gardenlinux)', () => {
    const adr = parse('0005-x.md', '# ADR 0005: Keys\n\n## Status\n\nAccepted\n\n## Options Considered\n\n1. Embed certificates\n   - base64\n2. Upload key files\n\n## Decision\n\nOption 2.\n');
    expect(adr.alternatives).toEqual(['Embed certificates', 'Upload key files']);
  });
});

describe("an RFC's Meta list (openfga/rfcs)", () => {
  it('reads the title, day, authors and status from it; the list stays in the text', () => {
    const adr = parse('20220714-listObjects-api.md', RFC);
    expect(adr.title).toBe('ListObjects API');
    expect(adr).toMatchObject({ date: '2022-07-14', deciders: 'jon-whit', status_text: 'Approved', status_origin: 'metadata_list' });
    expect(adr.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(adr.rationale).toContain('- **Status**: Approved <!-- Acceptable values: Draft, Approved, On Hold, Superseded -->');
    expect(adr.rationale).toContain('# Summary');
    expect(adr.rationale).toContain('UI filtering.');
  });

  it("takes an RFC's Summary as the decision when no section is named for one", () => {
    expect(parse('20220714-listObjects-api.md', RFC).decision_outcome).toBe('List the objects a user can read.');
    const both = parse('0001-x.md', '# X\n\n## Summary\n\nIn short.\n\n## Decision\n\nWe do it.\n');
    expect(both.decision_outcome).toBe('We do it.');
    expect(both.rationale).toContain('## Summary\n\nIn short.');
  });

  it('reads a `## Meta` list under a title heading the same way', () => {
    const adr = parse('20220831-x.md', '# Add Type Restrictions\n\n## Meta\n\n- **Name**: Add Type Restrictions\n- **Start Date**: 2022-08-31\n- **Status**: Approved\n\n## Summary\n\ns\n');
    expect(adr).toMatchObject({ title: 'Add Type Restrictions', date: '2022-08-31', status_text: 'Approved', status_origin: 'metadata_list' });
  });

  it('skips the RFC template file', () => {
    expect(skipReason('proposal-template.md')).toBe('template');
    expect(skipReason('rfc-template.md')).toBe('template');
    expect(skipReason('0000-ladr-template.md')).toBe('template');
    expect(skipReason('0039-use-x-as-template-engine.md')).toBeNull();
  });
});

describe('through the service', () => {
  it('exports what reads back as the same entries, and writes a changed status into the Meta list, where it reads back', async () => {
    const dir = tempDir('brain-adr-');
    const files: Record<string, string> = {
      '20220714-listObjects-api.md': RFC,
      '0012-plan.md': '# 12. FAC Migration Plan\n\nIntroduced: 20220513\n\n## Status\n\nApproved\n\n## Decision: two datasets\n\nKeep both.\n',
      '0005-keys.md': '# ADR 0005: Keys\n\n**Date:** 2024-12-05\n\n## Status\n\nAccepted\n\n## Options Considered\n\n1. Embed\n2. Upload\n\n## Decision\n\nOption 2.\n',
      // opf/mijn-bureau-infra's docs: no title heading, a first `#` heading that is a section name.
      'notes.md': '# Notes\n\nCollaboratively create notes.\n',
    };
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    const brain = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir });
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-adr-out-');
        await exportAdr(brain, { dir: out, format });
        const again = await importAdr(brain, { dir: out });
        expect(again.entries.filter((e) => e.written > 0).map((e) => `${format} ${e.source_path}`)).toEqual([]);
      }
      await brain.writes.revise({ entryId: adrEntryId('p', '20220714-listObjects-api.md'), fields: { status: 'deprecated' } });
      const over = await exportAdr(brain, { dir });
      expect(over.files.filter((f) => f.written).map((f) => f.file)).toEqual(['20220714-listObjects-api.md']);
      const written = readFileSync(join(dir, '20220714-listObjects-api.md'), 'utf8');
      expect(written).toContain('- **Status**: deprecated <!-- Acceptable values: Draft, Approved, On Hold, Superseded -->');
      expect(written.match(/status/gi)?.length).toBe(RFC.match(/status/gi)?.length);
      // The list stays in the text, and the file is the entry's own export: reading it back writes nothing (decision 0098).
      const back = await importAdr(brain, { dir });
      expect(back.entries.filter((e) => e.written > 0).map((e) => [e.source_path, e.status])).toEqual([]);
      expect(back.entries.find((e) => e.source_path === '20220714-listObjects-api.md')?.status).toBe('deprecated');
      expect((await exportAdr(brain, { dir })).files.filter((f) => f.written)).toEqual([]);
      expect((await importAdr(brain, { dir })).entries.filter((e) => e.written > 0)).toEqual([]);
    } finally {
      await brain.close();
    }
  });
});
