/**
 * Issue #18, seventh round: the shapes four corpora nobody here had seen showed a newcomer
 * (eclipse-edc/Connector, CaenCamp/jobs-caen-camp, wmde/wikibase-release-pipeline,
 * ansforge/ans-architecture-adr), each reproduced in a small fixture: one folder per decision
 * (`2022-02-07-tracing/README.md`, linked as `../<folder>/README.md` or by its folder); headings
 * `# 15) Title {#adr_0015}`; `NNNN-adr-template.md` and `0000-modele-adr.md` templates; French
 * MADR (`## Statut`, `## Résultat de la décision`, `Décideurs:`, `* statut : proposé`); a
 * documentation page among numbered ADRs (gardenlinux's `install.md`, openfga's `DESIGN_PRINCIPLES.md`).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adrEntryId } from '../../../src/importers/adr/assemble-drafts.js';
import { listAdrFiles, skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { recordFileName } from '../../../src/model/record-file-name.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (sourcePath: string, source: string) => parseAdr({ sourcePath, source });

/** eclipse-edc/Connector's decision records: an index README, then one dated folder per record. */
function edcCorpus(): string {
  const dir = tempDir('brain-adr-');
  const files: Record<string, string> = {
    'README.md': '# Decision Records\n\n- [2022-02-07 Tracing](2022-02-07-tracing/)\n- [2022-06-03 Event Framework](2022-06-03-event-framework/)\n',
    '2022-02-07-tracing/README.md': '# Tracing\n\n## Decision\n\nUse OpenTelemetry.\n\n## Rationale\n\nVendor neutral.\n',
    '2022-06-03-event-framework/README.md': '# Event Framework\n\n## Decision\n\nSupersedes [the tracing record](../2022-02-07-tracing/README.md).\n',
    '2023-03-09_event_refactoring/README.md': '# Event Framework Refactoring\n\n## Decision\n\nSupersedes [events](../2022-06-03-event-framework).\n',
    'sections/README.md': '# Section index\n\n- [x](x.md)\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('one folder per decision (eclipse-edc/Connector)', () => {
  it('imports the README of a record folder, named, numbered and dated by its folder; an index page stays one', async () => {
    const dir = edcCorpus();
    const listing = await listAdrFiles({ dir });
    expect(listing.files).toEqual(['2022-02-07-tracing/README.md', '2022-06-03-event-framework/README.md', '2023-03-09_event_refactoring/README.md']);
    expect(listing.skipped.map((s) => s.source_path)).toEqual(['README.md', 'sections/README.md']);
    expect(recordFileName('2022-02-07-tracing/README.md')).toBe('2022-02-07-tracing.md');
    expect(recordFileName('sections/README.md')).toBe('README.md');
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    expect(read.drafts.map((d) => [d.fields.title, d.date])).toEqual([
      ['Tracing', '2022-02-07'],
      ['Event Framework', '2022-06-03'],
      ['Event Framework Refactoring', '2023-03-09'],
    ]);
    // Links to another folder's README, or to the folder itself, are supersede links, not self-references.
    const byTitle = new Map(read.drafts.map((d) => [d.fields.title, d]));
    expect(byTitle.get('Event Framework')?.fields.supersedes_entry_id).toBe(byTitle.get('Tracing')?.entry_id);
    expect(byTitle.get('Event Framework Refactoring')?.fields.supersedes_entry_id).toBe(byTitle.get('Event Framework')?.entry_id);
    expect(read.unresolved).toEqual([]);
  });

  it('exports each record back into its folder, and the export reads back as the same entries', async () => {
    const dir = edcCorpus();
    const brain = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await brain.init();
      expect((await importAdr(brain, { dir })).entries).toHaveLength(3);
      expect((await exportAdr(brain, { dir })).files.filter((f) => f.written)).toEqual([]);
      const out = tempDir('brain-adr-out-');
      await exportAdr(brain, { dir: out });
      expect((await importAdr(brain, { dir: out })).entries.filter((e) => e.written > 0)).toEqual([]);
    } finally {
      await brain.close();
    }
  });
});

/** wmde/wikibase-release-pipeline: a number with a parenthesis, and an anchor after the title. */
const WIKIBASE = '# 15) Including and Publishing Security fixes {#adr_0015}\n\nDate: 2021-05-03\n\n## Status\n\nproposed\n\n## Context\n\nc\n\n## Decision\n\nPublish fixes.\n';

/** CaenCamp/jobs-caen-camp: French MADR 2 with a Nygard status, people on a `Décideurs:` line. */
const CAENCAMP = [
  '# 7. utilisation de paramètres distincts pour le tri',
  '',
  'Date: 2020-04-22',
  '',
  '-   Décideurs: [Alexis Janvier](https://github.com/alexisjanvier)',
  '-   Pull Request: [#66](https://github.com/CaenCamp/jobs-caen-camp/pull/66)',
  '',
  '## Statut',
  '',
  '2020-04-22 proposed',
  '',
  '## Contexte et énoncé du problème',
  '',
  'Le paramètre de tri actuel est un tableau stringifié.',
  '',
  '## Options envisagées',
  '',
  '-   Scinder le paramètre',
  '-   Garder le tableau',
  '',
  '## Résultat de la décision',
  '',
  'Cette scission des paramètres est retenue.',
  '',
].join('\n');

/** ansforge/ans-architecture-adr: French MADR 4 metadata as bullets under the title. */
const ANS = '---\nparent: Decisions\nnav_order: 0002\n---\n\n# Licence des projets Github\n\n* statut : proposé\n* date : 2025-05-27\n* décisionnaires : CTO\n\n## Contexte et énoncé du problème\n\nc\n\n## Résultat de la Décision\n\nOption choisie : MIT.\n';

describe('titles, templates and French templates (wikibase-release-pipeline, ans-architecture-adr, jobs-caen-camp)', () => {
  it('reads `# 15) X {#adr_0015}` as title X, number 15', () => {
    expect(parse('0015-security-fixes-non-wmde-software.md', WIKIBASE)).toMatchObject({ title: 'Including and Publishing Security fixes', heading_number: 15 });
    expect(parse('x.md', '# Use Postgres {: #use-pg .adr}\n').title).toBe('Use Postgres');
    expect(parse('x.md', '# Use {curly} braces\n').title).toBe('Use {curly} braces');
  });

  it('skips `NNNN-adr-template.md` and templates named in other languages, not ADRs about models', () => {
    expect(skipReason('NNNN-adr-template.md')).toBe('template');
    expect(skipReason('0000-modele-adr.md')).toBe('template');
    expect(skipReason('vorlage.md')).toBe('template');
    expect(skipReason('0005-modelo-de-datos.md')).toBeNull();
  });

  it('reads a French MADR: its outcome, options, people and status line', () => {
    expect(parse('ccc-jb-007-tri.md', CAENCAMP)).toMatchObject({
      title: 'utilisation de paramètres distincts pour le tri',
      adr_number: 7,
      date: '2020-04-22',
      deciders: 'Alexis Janvier',
      decision_outcome: 'Cette scission des paramètres est retenue.',
      alternatives: ['Scinder le paramètre', 'Garder le tableau'],
      status_mapping: { mapped: true, status: 'proposed' },
    });
    expect(parse('0002-licence-des-projets-github.md', ANS)).toMatchObject({
      date: '2025-05-27',
      deciders: 'CTO',
      decision_outcome: 'Option choisie : MIT.',
      status_text: 'proposé',
      status_mapping: { mapped: true, status: 'proposed' },
    });
  });

  it('exports them back unchanged, and a changed one with its heading as written', async () => {
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, '0015-security-fixes.md'), WIKIBASE);
    writeFileSync(join(dir, 'ccc-jb-007-tri.md'), CAENCAMP);
    writeFileSync(join(dir, '0002-licence-des-projets-github.md'), ANS);
    const brain = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir });
      expect((await exportAdr(brain, { dir })).files.filter((f) => f.written).map((f) => f.file)).toEqual([]);
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-adr-out-');
        await exportAdr(brain, { dir: out, format });
        expect((await importAdr(brain, { dir: out })).entries.filter((e) => e.written > 0).map((e) => `${format} ${e.source_path}`)).toEqual([]);
      }
      // A changed decision written over its source keeps its heading's number and anchor.
      await brain.writes.revise({ entryId: adrEntryId('p', '0015-security-fixes.md'), fields: { status: 'accepted' } });
      expect((await exportAdr(brain, { dir })).files.filter((f) => f.written).map((f) => f.file)).toEqual(['0015-security-fixes.md']);
      const lines = readFileSync(join(dir, '0015-security-fixes.md'), 'utf8').split('\n');
      expect(lines.find((l) => l.startsWith('# '))).toBe('# 15) Including and Publishing Security fixes {#adr_0015}');
      expect((await importAdr(brain, { dir })).entries.filter((e) => e.written > 0)).toEqual([]);
    } finally {
      await brain.close();
    }
  });
});

describe('front matter that parses but does not resolve', () => {
  it('is a front matter error, not a crash (an alias with no anchor: the parse-adr property test found it)', () => {
    const adr = parse('0001-x.md', '---\n*# \n\n---\n# Use X\n\n## Status\n\nAccepted\n');
    expect(adr.front_matter_error).toMatch(/alias/i);
    expect(adr).toMatchObject({ title: 'Use X', raw_status: 'Accepted' });
  });
});

describe('a documentation page among numbered ADRs (gardenlinux/gardenlinux, openfga/rfcs)', () => {
  const write = (files: Record<string, string>): string => {
    const dir = tempDir('brain-adr-');
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    return dir;
  };
  const adrs = {
    '0001-record-architecture-decisions.md': '# 1. Record architecture decisions\n\nDate: 2023-01-02\n\n## Status\n\nAccepted\n\n## Context\n\nc\n',
    '0002-dists.md': '---\ntitle: "ADR 0002: Dists never change"\n---\n\n# ADR 0002: Dists never change\n\n**Date:** 2024-12-05\n\n## Status\n\nAccepted\n',
    '0003-dependabot.md': '# ADR 0003: Dependabot\n\n## Status\n\nProposed\n',
  };
  const install = '---\ntitle: Installation\ngithub_org: gardenlinux\n---\n\n## Installation\n\n### MacOS\n\n```\nbrew install adr-tools\n```\n';

  it('is skipped and reported, not imported as a proposed decision', async () => {
    const read = await readAdrDirectory({ dir: write({ ...adrs, 'install.md': install, 'DESIGN_PRINCIPLES.md': '# OpenFGA Design Principles\n\n## Secure by default\n\nText.\n' }), projectId: 'p' });
    expect(read.drafts.map((d) => d.source_path)).toEqual(Object.keys(adrs).sort());
    expect(read.skipped.map((s) => [s.source_path, s.reason.startsWith('not a decision record')])).toEqual([['DESIGN_PRINCIPLES.md', true], ['install.md', true]]);
  });

  it('leaves an unnumbered file that states a decision, a status or a context, and an unnumbered corpus, alone', async () => {
    const kept = {
      'renaming.md': '# Decision\n\nRename the API contexts.\n',
      'use-x.md': '# Use X\n\n## Status\n\nAccepted\n',
      'why.md': '# Why\n\n## Context\n\nc\n',
    };
    const read = await readAdrDirectory({ dir: write({ ...adrs, ...kept }), projectId: 'p' });
    expect(read.drafts.map((d) => d.source_path)).toEqual([...Object.keys(adrs), ...Object.keys(kept)].sort());
    const pages = await readAdrDirectory({ dir: write({ 'chat.md': '# Chat\n\nTalk.\n', 'notes.md': '# Notes\n\nWrite.\n', 'install.md': install }), projectId: 'p' });
    expect(pages.drafts).toHaveLength(3);
  });
});
