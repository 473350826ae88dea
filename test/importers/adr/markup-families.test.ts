/**
 * Decision 0082: ADR folders written in reStructuredText (the openedx organisation's Sphinx
 * `docs/decisions/0001-….rst`) and AsciiDoc (xtdb's `doc/adr/0002-….adoc`), in fixtures written
 * here in the shapes met: a title underlined or overlined, `.. _ADR-3:` targets and `:ref:` /
 * `:doc:` links, a Status section holding `**Accepted** 2023-05-11`, a `:Status:` field, an
 * include-only stub; `= 2. Data model`, `Date:`, `== Status`, listing blocks holding lines that
 * look like headings, `xref:` links, a `:status:` attribute. Each is read, kept whole, written
 * back in its own markup and file name, and re-imported with no write.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listAdrFiles } from '../../../src/importers/adr/list-adr-files.js';
import { parseMarkupAdr } from '../../../src/importers/adr/parse-markup-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

/** openedx/openedx-events' shape: a label, a numbered title underlined with `=`, `-` sections, a dated bold status. */
const EVENTS_3 = [
  '.. _ADR-3:',
  '',
  '3. Open edX events payload conventions',
  '======================================',
  '',
  'Status',
  '------',
  '',
  '**Accepted** 2023-05-11',
  '',
  'Context',
  '-------',
  '',
  'Events carry data.',
  '',
  'Decision',
  '--------',
  '',
  'We will use attrs classes:',
  '',
  '.. code-block:: python',
  '',
  '    Not a title',
  '    ===========',
  '',
  'Payload rules',
  '~~~~~~~~~~~~~',
  '',
  '- one class per event',
  '',
  'Consequences',
  '------------',
  '',
  'Consumers read attrs.',
  '',
].join('\n');

/** An overlined title, a `:Status:` field superseded by a `:ref:` to the label above, a `:doc:` link too. */
const EVENTS_14 = [
  '##############################################',
  '14. Change event producer config settings',
  '##############################################',
  '',
  ':Status: Superseded by :ref:`ADR-3`',
  ':Date: 2023-09-01',
  ':Deciders: Arch team',
  '',
  'Context',
  '*******',
  '',
  'See :doc:`0003-events-payload` for the payload.',
  '',
  'Decision',
  '********',
  '',
  'Use a dictionary.',
  '',
].join('\n');

/** xtdb's `doc/adr` shape: `= N. Title`, a `Date:` note, `== Status`, a listing block holding `== x`, subsections. */
const XTDB_2 = [
  '= 2. Data model',
  '',
  'Date: 2021-09-09',
  '',
  '== Status',
  '',
  'Accepted',
  '',
  '== Context',
  '',
  'XTDB needs a data model.',
  '',
  '----',
  '== not a heading, a listing line',
  '----',
  '',
  '== Decision',
  '',
  'We will use https://arrow.apache.org/[Apache Arrow].',
  '',
  '=== EDN',
  '',
  '. persistent list - list.',
  '',
  '== Consequences',
  '',
  'Arrow everywhere.',
  '',
].join('\n');

/** An AsciiDoc record stating its status as an attribute, superseding the one above by `xref:`. */
const XTDB_41 = [
  '= 41. Data model, again',
  ':status: accepted',
  ':date: 2023-02-01',
  '',
  'This ADR supersedes xref:0002-data-model.adoc[ADR 2].',
  '',
  '== Decision',
  '',
  'Arrow, with extension types.',
  '',
].join('\n');

describe('reStructuredText ADRs (openedx docs/decisions)', () => {
  it('lists .rst and .adoc files beside .md ones, index pages and templates skipped by the same rules', async () => {
    const dir = tempFolder({ '0001-x.md': '# X\n', '0003-events-payload.rst': EVENTS_3, 'index.rst': 'Decisions\n=========\n', '0002-data-model.adoc': XTDB_2, 'template.adoc': '= T\n', 'notes.txt': 'x\n' });
    const listing = await listAdrFiles({ dir });
    expect(listing.files).toEqual(['0001-x.md', '0002-data-model.adoc', '0003-events-payload.rst']);
    expect(listing.skipped.map((s) => [s.source_path, s.reason])).toEqual([['index.rst', 'index page'], ['template.adoc', 'template']]);
  });

  it('reads the title, number, status words, date and outcome, and keeps every other line as written', () => {
    const adr = parseMarkupAdr({ sourcePath: '0003-events-payload.rst', source: EVENTS_3, family: 'rst' });
    expect([adr.title, adr.adr_number, adr.raw_status, adr.status_mapping?.mapped && adr.status_mapping.status, adr.date, adr.status_origin]).toEqual([
      'Open edX events payload conventions', 3, '**Accepted** 2023-05-11', 'accepted', '2023-05-11', 'status_section',
    ]);
    // The Decision section runs to the next `-` section: its code block's lines and its `~` subsection are the outcome.
    expect(adr.decision_outcome).toBe('We will use attrs classes:\n\n.. code-block:: python\n\n    Not a title\n    ===========\n\nPayload rules\n~~~~~~~~~~~~~\n\n- one class per event');
    expect(adr.rationale).toBe(EVENTS_3.replace(/Decision\n--------\n[\s\S]*?(?=Consequences)/, 'Decision\n--------\n\n').trim());
  });

  it('reads a :Status: field, :Date: and :Deciders:, and a :ref: to a label as the successor', async () => {
    const dir = tempFolder({ '0003-events-payload.rst': EVENTS_3, '0014-new-event-bus-producer-config.rst': EVENTS_14 });
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    const [three, fourteen] = read.drafts;
    expect([fourteen?.fields.title, fourteen?.fields.status, fourteen?.fields.payload?.['status_text'], fourteen?.date, fourteen?.deciders]).toEqual([
      'Change event producer config settings', 'superseded', 'Superseded by :ref:`ADR-3`', '2023-09-01', 'Arch team',
    ]);
    expect(three?.fields.supersedes_entry_id).toBe(fourteen?.entry_id);
    expect(read.unresolved).toEqual([]);
  });

  it('skips a page that only includes the record kept elsewhere (edx-django-utils docs/monitoring/decisions)', async () => {
    const dir = tempFolder({ '0001-monitoring-by-code-owner.rst': '.. include:: ../../../edx_django_utils/monitoring/docs/decisions/0001-monitoring-by-code-owner.rst\n', '0002-x.rst': EVENTS_3 });
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    expect(read.drafts.map((d) => d.source_path)).toEqual(['0002-x.rst']);
    expect(read.skipped).toEqual([{ source_path: '0001-monitoring-by-code-owner.rst', reason: 'only includes ../../../edx_django_utils/monitoring/docs/decisions/0001-monitoring-by-code-owner.rst' }]);
  });

  it('says what it skipped when a folder holds only such stubs (it said "no ADR markdown files" of any RST folder)', async () => {
    const brain = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await brain.init();
      const dir = tempFolder({ '0001-monitoring-by-code-owner.rst': '.. include:: ../../x/0001-monitoring-by-code-owner.rst\n' });
      await expect(importAdr(brain, { dir })).rejects.toMatchObject({
        code: 'invalid_argument',
        message: `no ADR files (Markdown, reStructuredText or AsciiDoc) found in ${dir} (1 skipped, e.g. 0001-monitoring-by-code-owner.rst: only includes ../../x/0001-monitoring-by-code-owner.rst)`,
      });
    } finally {
      await brain.close();
    }
  });
});

describe('AsciiDoc ADRs (xtdb doc/adr)', () => {
  it('reads headings by Asciidoctor (a listing block’s `== x` is text), the Date note and the status section', () => {
    const adr = parseMarkupAdr({ sourcePath: '0002-data-model.adoc', source: XTDB_2, family: 'asciidoc' });
    expect([adr.title, adr.adr_number, adr.raw_status, adr.date, adr.format]).toEqual(['Data model', 2, 'Accepted', '2021-09-09', 'nygard']);
    expect(adr.decision_outcome).toBe('We will use https://arrow.apache.org/[Apache Arrow].\n\n=== EDN\n\n. persistent list - list.');
    expect(adr.rationale).toContain('== Context\n\nXTDB needs a data model.\n\n----\n== not a heading, a listing line\n----\n\n== Decision\n\n== Consequences');
  });

  it('reads no status from a description list (`Status:: A decision may be …`, xtdb 0001’s explanation)', () => {
    const adr = parseMarkupAdr({ sourcePath: '0001-x.adoc', source: '= 1. Record decisions\n\nStatus:: A decision may be "proposed" or "accepted".\n\n== Context\n\nText.\n', family: 'asciidoc' });
    expect([adr.raw_status, adr.status_origin]).toEqual([null, null]);
  });

  it('reads a :status: attribute and an xref: supersede link', async () => {
    const read = await readAdrDirectory({ dir: tempFolder({ '0002-data-model.adoc': XTDB_2, '0041-data-model-again.adoc': XTDB_41 }), projectId: 'p' });
    const [two, fortyOne] = read.drafts;
    expect([fortyOne?.fields.status, fortyOne?.fields.payload?.['status_text'], fortyOne?.date]).toEqual(['accepted', 'accepted', '2023-02-01']);
    expect(fortyOne?.fields.supersedes_entry_id).toBe(two?.entry_id);
    // Its own `Accepted` stands (a link that contradicts an explicit status is reported, as for Markdown).
    expect([two?.fields.status, two?.fields.related_entry_ids]).toEqual(['accepted', [fortyOne?.entry_id]]);
  });
});

describe('round trip in the source’s own markup', () => {
  const FILES = { '0003-events-payload.rst': EVENTS_3, '0014-new-event-bus-producer-config.rst': EVENTS_14, '0002-data-model.adoc': XTDB_2, '0041-data-model-again.adoc': XTDB_41 };

  it('exports each record to its own file name and markup, the text as the source wrote it, and re-imports with no write', async () => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir: tempFolder(FILES) });
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-export-');
        const report = await exportAdr(brain, { dir: out, format });
        expect(report.files.map((f) => [f.file, f.format]).sort()).toEqual([
          ['0002-data-model.adoc', 'asciidoc'], ['0003-events-payload.rst', 'rst'], ['0014-new-event-bus-producer-config.rst', 'rst'], ['0041-data-model-again.adoc', 'asciidoc'],
        ]);
        for (const [name, text] of Object.entries(FILES)) expect(readFileSync(join(out, name), 'utf8'), `${format} ${name}`).toBe(text);
        expect((await importAdr(brain, { dir: out })).entries.reduce((n, e) => n + e.written, 0), format).toBe(0);
      }
    } finally {
      await brain.close();
    }
  });

  it('writes a status changed in brain in place of the words, with a link in the file’s markup, and a revised title in place', async () => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    const outbox = EVENTS_3.replace('.. _ADR-3:\n\n', '').replace('3. Open edX events payload conventions\n======================================', '15. Outbox\n==========').replace('**Accepted** 2023-05-11', '**Provisional**');
    const outboxAgain = outbox.replace('15. Outbox\n==========', '16. Outbox, again\n=================').replace('**Provisional**', '**Accepted**');
    try {
      await brain.init();
      const report = await importAdr(brain, { dir: tempFolder({ '0015-outbox.rst': outbox, '0016-outbox-again.rst': outboxAgain, '0041-data-model-again.adoc': XTDB_41 }) });
      const id = (path: string): string => report.entries.find((e) => e.source_path === path)?.entry_id ?? '';
      await brain.writes.supersede({ entryId: id('0015-outbox.rst'), byEntryId: id('0016-outbox-again.rst') });
      await brain.writes.revise({ entryId: id('0041-data-model-again.adoc'), fields: { title: 'Data model, with Arrow extension types' } });
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out });
      const text = readFileSync(join(out, '0015-outbox.rst'), 'utf8');
      expect(text).toContain('Status\n------\n\nsuperseded; superseded by :doc:`ADR-0016 <0016-outbox-again>`\n\nContext');
      expect(text).not.toContain('Provisional');
      expect(readFileSync(join(out, '0041-data-model-again.adoc'), 'utf8')).toMatch(/^= 41\. Data model, with Arrow extension types\n:status: accepted\n/);
      // Each file is brain's own export of its entry: re-reading them writes nothing (decision 0095;
      // before it, the new status words and title line cost one revision each).
      const again = await importAdr(brain, { dir: out });
      expect(again.entries.map((e) => [e.source_path, e.status, e.written])).toEqual([
        ['0015-outbox.rst', 'superseded', 0], ['0016-outbox-again.rst', 'accepted', 0], ['0041-data-model-again.adoc', 'accepted', 0],
      ]);
      const superseded = (await brain.get({ entryId: id('0015-outbox.rst') })).entry;
      const successor = (await brain.get({ entryId: id('0016-outbox-again.rst') })).entry;
      expect([superseded.related_entry_ids, successor.supersedes_entry_id]).toEqual([[id('0016-outbox-again.rst')], id('0015-outbox.rst')]);
      expect((await brain.get({ entryId: id('0041-data-model-again.adoc') })).entry.title).toBe('Data model, with Arrow extension types');
      const out2 = tempDir('brain-export-');
      await exportAdr(brain, { dir: out2 });
      for (const name of ['0015-outbox.rst', '0041-data-model-again.adoc']) expect(readFileSync(join(out2, name), 'utf8')).toBe(readFileSync(join(out, name), 'utf8'));
      expect((await importAdr(brain, { dir: out2 })).entries.reduce((n, e) => n + e.written, 0)).toBe(0);
    } finally {
      await brain.close();
    }
  });

  it('dates an undated .rst record by the commit that created it, and exports over the source folder changing nothing', async () => {
    const repo = initRepo();
    const undated = EVENTS_3.replace('**Accepted** 2023-05-11', '**Accepted**');
    const dir = join(repo, 'docs', 'decisions');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '0003-events-payload.rst'), undated);
    writeFileSync(join(dir, '0002-data-model.adoc'), XTDB_2);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'adrs'], { env: { GIT_AUTHOR_NAME: 'Berry', GIT_AUTHOR_EMAIL: 'b@x.invalid', GIT_AUTHOR_DATE: '2022-03-04T10:00:00Z' } });
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir });
      const entry = (await brain.get({ entryId: report.entries.find((e) => e.source_path === '0003-events-payload.rst')?.entry_id ?? '' })).entry;
      expect([entry.payload['decision_date'], entry.payload['decision_makers']]).toEqual(['2022-03-04', 'Berry']);
      const before = readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'));
      const exported = await exportAdr(brain, { dir });
      expect(exported.files.map((f) => f.written)).toEqual([false, false]);
      expect(readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual(before);
      expect(git(repo, ['status', '--porcelain'])).toBe('');
    } finally {
      await brain.close();
    }
  });
});
