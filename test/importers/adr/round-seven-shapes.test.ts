/**
 * Issue #18, seventh round: the shapes four corpora nobody here had seen showed a newcomer
 * (eclipse-edc/Connector, CaenCamp/jobs-caen-camp, wmde/wikibase-release-pipeline,
 * ansforge/ans-architecture-adr), each reproduced in a small fixture: one folder per decision
 * (`2022-02-07-tracing/README.md`, linked as `../<folder>/README.md` or by its folder).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listAdrFiles, recordFileName } from '../../../src/importers/adr/list-adr-files.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

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
