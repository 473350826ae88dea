/**
 * Decision 0095 (importer round thirteen, issue #18): the markup leftovers of rounds eleven and
 * twelve, each by family — every spelling and markup met, not one file:
 * - a title or status revised in brain and exported into an `.rst` / `.adoc` file re-imports with
 *   no write (RST underlined and overlined titles, a Status section and a `:Status:` field; AsciiDoc
 *   `== Status`, `:status:`, a description list and the header's author and revision lines), to a
 *   fresh folder and over the source; an edit of such a file is still read;
 * - a month in status words dates the decision, month precision, in Markdown, RST and AsciiDoc;
 * - AsciiDoc's author and revision lines, `:author:` / `:revdate:`, description lists, and RST
 *   definition lists are the deciders, the date and the status.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { parseMarkupAdr } from '../../../src/importers/adr/parse-markup-adr.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const lines = (...l: string[]): string => `${l.join('\n')}\n`;

/** One record in each shape a markup states its title and status in. */
const SHAPES: Record<string, string> = {
  // openedx-events: a label, an underlined numbered title, a Status section with a bold dated status.
  '0001-underlined-section.rst': lines('.. _ADR-1:', '', '1. Events payload', '=================', '', 'Status', '------', '', '**Accepted** 2023-05-11', '', 'Context', '-------', '', 'Events carry data.', '', 'Decision', '--------', '', 'Use attrs.'),
  // an overlined title and a `:Status:` field.
  '0002-overlined-field.rst': lines('####################', '2. Producer config', '####################', '', ':Status: Accepted', ':Date: 2023-09-01', '', 'Context', '*******', '', 'Config grows.', '', 'Decision', '********', '', 'Use a dict.'),
  // an RST definition list item in the header.
  '0003-definition-list.rst': lines('3. Topic names', '==============', '', 'Status', '    Proposed', '', 'Context', '-------', '', 'Names vary.'),
  // xtdb: `= N. Title`, a `Date:` note, `== Status`.
  '0004-status-section.adoc': lines('= 4. Data model', '', 'Date: 2021-09-09', '', '== Status', '', 'Accepted', '', '== Context', '', 'A model.', '', '== Decision', '', 'Arrow.'),
  // a `:status:` attribute right under the title.
  '0005-attribute.adoc': lines('= 5. Data model, again', ':status: accepted', '', '== Decision', '', 'Arrow, with extension types.'),
  // the header's author and revision lines, and a description list stating the status.
  '0006-header-lines.adoc': lines('= 6. Query engine', 'Jane Doe <jane@example.org>; John Roe', 'v1.0, 2021-10-04: first cut', '', 'Status:: Accepted', '', '== Context', '', 'Queries.', '', '== Decision', '', 'Volcano model.'),
  // the author line alone; no status stated (the export adds a `:status:` after the author line).
  '0007-author-no-status.adoc': lines('= 7. Indexes', 'Kim Lee', '', '== Context', '', 'Lookups.'),
};

describe('a title or status revised in brain, exported into its .rst / .adoc file', () => {
  it('re-imports with no write, to a fresh folder and over the source, in every shape; an edit is still read', async () => {
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const source = tempFolder(SHAPES);
      const report = await importAdr(brain, { dir: source });
      expect(report.entries.map((e) => [e.source_path, e.status])).toEqual([
        ['0001-underlined-section.rst', 'accepted'], ['0002-overlined-field.rst', 'accepted'], ['0003-definition-list.rst', 'proposed'],
        ['0004-status-section.adoc', 'accepted'], ['0005-attribute.adoc', 'accepted'], ['0006-header-lines.adoc', 'accepted'], ['0007-author-no-status.adoc', 'proposed'],
      ]);
      for (const [i, e] of report.entries.entries()) {
        // Odd ones get a new title, even ones a new status, one both.
        const fields = i % 2 === 0 ? { title: `Revised title number ${i + 1}, longer than before` } : { status: 'deprecated' as const };
        await brain.writes.revise({ entryId: e.entry_id, fields: i === 6 ? { ...fields, status: 'rejected' as const } : fields });
      }
      const revisions = async (): Promise<number[]> => Promise.all(report.entries.map(async (e) => (await brain.get({ entryId: e.entry_id })).entry.revision));
      const before = await revisions();
      const fresh = tempDir('brain-export-');
      await exportAdr(brain, { dir: fresh });
      const six = readFileSync(join(fresh, '0006-header-lines.adoc'), 'utf8');
      expect(six).toMatch(/^= 6\. Query engine\nJane Doe <jane@example\.org>; John Roe\nv1\.0, 2021-10-04: first cut\n\nStatus:: deprecated\n/);
      expect(readFileSync(join(fresh, '0007-author-no-status.adoc'), 'utf8')).toMatch(/^= 7\. Revised title number 7, longer than before\nKim Lee\n:status: rejected\n/);
      expect(readFileSync(join(fresh, '0002-overlined-field.rst'), 'utf8')).toMatch(/^#+\n2\. Producer config\n#+\n\n:Status: deprecated\n/);
      expect(readFileSync(join(fresh, '0001-underlined-section.rst'), 'utf8')).toContain(`1. Revised title number 1, longer than before\n${'='.repeat(45)}\n`);
      const again = await importAdr(brain, { dir: fresh });
      expect(again.entries.map((e) => [e.source_path, e.written])).toEqual(report.entries.map((e) => [e.source_path, 0]));
      expect(await revisions()).toEqual(before);
      // Over the source folder: the files become the exports, and their re-import writes nothing either.
      await exportAdr(brain, { dir: source });
      expect(readFileSync(join(source, '0004-status-section.adoc'), 'utf8')).toBe(readFileSync(join(fresh, '0004-status-section.adoc'), 'utf8'));
      expect((await importAdr(brain, { dir: source })).entries.reduce((n, e) => n + e.written, 0)).toBe(0);
      // and the next export over them leaves them be (the very bytes are there).
      expect((await exportAdr(brain, { dir: source })).files.filter((f) => f.written)).toEqual([]);
      // An edit beyond the export is the source's word: read, one revision, its status back from the file.
      const four = readFileSync(join(source, '0004-status-section.adoc'), 'utf8');
      writeFileSync(join(source, '0004-status-section.adoc'), four.replace('A model.', 'A model, and a schema.').replace(/== Status\n\n[^\n]+/, '== Status\n\nAccepted'));
      const edited = await importAdr(brain, { dir: source });
      expect(edited.entries.filter((e) => e.written > 0).map((e) => [e.source_path, e.status, e.title])).toEqual([['0004-status-section.adoc', 'accepted', 'Data model']]);
    } finally {
      await brain.close();
    }
  });
});

describe('a month in the status words', () => {
  const WORDS: Array<[string, string | null]> = [
    ['Accepted - January 2021', '2021-01-01'],
    ['Accepted (September 2023)', '2023-09-01'],
    ['**Accepted** (September 2023)', '2023-09-01'],
    ['Accepted 2021-03', '2021-03-01'],
    ['Proposed — Sept. 2016', '2016-09-01'],
    ['Accepted in March 2021', '2021-03-01'],
    ['Rejected, May 2022', '2022-05-01'],
    // a status ending the decision, and words that say more than a month, date nothing.
    ['Superseded - January 2021', null],
    ['Accepted, to be reviewed in May 2024', null],
  ];
  const shapes = (words: string): Array<[string, { date: string | null; date_precision: string | null }]> => [
    ['md section', parseAdr({ sourcePath: '0001-x.md', source: lines('# 1. X', '', '## Status', '', words, '', '## Context', '', 'We met in May 2020.') })],
    ['md line', parseAdr({ sourcePath: '0001-x.md', source: lines('# 1. X', '', `Status: ${words}`, '', '## Context', '', 'We met in May 2020.') })],
    ['rst section', parseMarkupAdr({ sourcePath: '0001-x.rst', family: 'rst', source: lines('1. X', '====', '', 'Status', '------', '', words, '', 'Context', '-------', '', 'We met in May 2020.') })],
    ['rst field', parseMarkupAdr({ sourcePath: '0001-x.rst', family: 'rst', source: lines('1. X', '====', '', `:Status: ${words}`, '', 'Context', '-------', '', 'We met in May 2020.') })],
    ['adoc section', parseMarkupAdr({ sourcePath: '0001-x.adoc', family: 'asciidoc', source: lines('= 1. X', '', '== Status', '', words, '', '== Context', '', 'We met in May 2020.') })],
    ['adoc attribute', parseMarkupAdr({ sourcePath: '0001-x.adoc', family: 'asciidoc', source: lines('= 1. X', `:status: ${words}`, '', '== Context', '', 'We met in May 2020.') })],
  ];

  it('dates the decision by the month, month precision, in every markup', () => {
    for (const [words, month] of WORDS) {
      for (const [shape, adr] of shapes(words)) {
        expect([adr.date, adr.date_precision], `${shape}: ${words}`).toEqual(month === null ? [null, null] : [month, 'month']);
      }
    }
  });

  it('keeps a day in the status words a day (`Accepted on March 3rd, 2021`), and a month in running text dates nothing', () => {
    for (const [shape, adr] of shapes('Accepted on March 3rd, 2021')) expect([adr.date, adr.date_precision], shape).toEqual(['2021-03-03', null]);
    for (const [shape, adr] of shapes('Accepted')) expect([adr.date, adr.date_precision], shape).toEqual([null, null]);
  });
});

describe('AsciiDoc header lines and description lists, RST definition lists', () => {
  const adoc = (source: string) => parseMarkupAdr({ sourcePath: '0001-x.adoc', family: 'asciidoc', source });
  const rst = (source: string) => parseMarkupAdr({ sourcePath: '0001-x.rst', family: 'rst', source });
  const read = (a: ReturnType<typeof adoc>) => [a.title, a.status_mapping?.mapped === true ? a.status_mapping.status : null, a.date, a.deciders];

  it('reads the author line as the deciders and the revision line’s date as the day', () => {
    expect(read(adoc(lines('= 1. X', 'Jane Doe <jane@example.org>; John Roe', 'v1.0, 2021-09-09: note', '', '== Status', '', 'Accepted')))).toEqual(['X', 'accepted', '2021-09-09', 'Jane Doe, John Roe']);
    expect(read(adoc(lines('= 1. X', 'Jane Doe', '2021-09-09', '', '== Context', '', 'x')))).toEqual(['X', null, '2021-09-09', 'Jane Doe']);
    expect(read(adoc(lines('= 1. X', 'Jane Doe', ':revdate: 9 September 2021', '', '== Context', '', 'x')))).toEqual(['X', null, '2021-09-09', 'Jane Doe']);
    expect(read(adoc(lines('= 1. X', ':author: Kim Lee', ':revdate: 2021-09-09', '', '== Context', '', 'x')))).toEqual(['X', null, '2021-09-09', 'Kim Lee']);
    // A note under the title is a note, not an author (Asciidoctor alone would take it for one).
    expect(read(adoc(lines('= 1. X', 'Date: 2021-09-09', '', '== Context', '', 'x')))).toEqual(['X', null, '2021-09-09', null]);
  });

  it('reads description list items stating a status, a date and deciders; one explaining the template states none', () => {
    expect(read(adoc(lines('= 1. X', '', 'Status:: Accepted', 'Date:: 2021-09-09', 'Deciders:: Ann, Bo', '', '== Context', '', 'x')))).toEqual(['X', 'accepted', '2021-09-09', 'Ann, Bo']);
    expect(read(adoc(lines('= 1. X', '', 'Status:: A decision may be "proposed" or "accepted".', '', '== Context', '', 'x')))).toEqual(['X', null, null, null]);
  });

  it('reads RST definition list items in the header (`Status` / `    Accepted`)', () => {
    expect(read(rst(lines('1. X', '====', '', 'Status', '    Accepted', '', 'Date', '    2021-09-09', '', 'Deciders', '    Ann', '', 'Context', '-------', '', 'x')))).toEqual(['X', 'accepted', '2021-09-09', 'Ann']);
    expect(read(rst(lines('1. X', '====', '', '**Status**', '    Proposed', '', 'Context', '-------', '', 'x')))).toEqual(['X', 'proposed', null, null]);
  });
});

describe('a KEP exported to a fresh folder (0082 "Left out")', () => {
  it('writes its metadata to a kep.yaml beside a README without front matter, in both formats and with a changed status; re-import writes nothing', async () => {
    const kep = (n: number, title: string, extra = ''): Record<string, string> => ({
      [`sig-cli/${n}-${title}/README.md`]: `# KEP-${n}: ${title}\n\n## Summary\n\nText of ${title}.\n`,
      [`sig-cli/${n}-${title}/kep.yaml`]: `title: ${title}\nkep-number: ${n}\nauthors:\n  - "@soltysh"\n# the stage\nstatus: implementable\ncreation-date: 2019-10-08\n${extra}`,
    });
    // A record folder whose front matter is its README's own (not a KEP) keeps it in the README.
    const own = { 'sig-cli/2000-other/README.md': '---\nstatus: accepted\nowner: ann\n---\n# 2000. Other\n\nText.\n' };
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir: tempFolder({ ...kep(1440, 'events'), ...kep(1441, 'events-v2', 'latest-milestone: v1.30\n'), ...own }) });
      const id = (path: string): string => report.entries.find((e) => e.source_path === path)?.entry_id ?? '';
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-export-');
        await exportAdr(brain, { dir: out, format });
        const readme = readFileSync(join(out, 'sig-cli/1440-events/README.md'), 'utf8');
        expect(readme, format).toBe('# KEP-1440: events\n\n## Summary\n\nText of events.\n');
        expect(readFileSync(join(out, 'sig-cli/1441-events-v2/kep.yaml'), 'utf8'), format).toContain('kep-number: 1441\n');
        expect(readFileSync(join(out, 'sig-cli/1441-events-v2/kep.yaml'), 'utf8'), format).toContain('latest-milestone: v1.30\n');
        expect(readFileSync(join(out, 'sig-cli/2000-other/README.md'), 'utf8'), format).toMatch(/^---\n/);
        expect(() => readFileSync(join(out, 'sig-cli/2000-other/kep.yaml'), 'utf8'), format).toThrow();
        expect((await importAdr(brain, { dir: out })).entries.reduce((n, e) => n + e.written, 0), format).toBe(0);
      }
      // A status changed in brain goes to the kep.yaml of the fresh folder, and reads back.
      await brain.writes.revise({ entryId: id('sig-cli/1440-events/README.md'), fields: { status: 'rejected' } });
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out });
      expect(readFileSync(join(out, 'sig-cli/1440-events/kep.yaml'), 'utf8')).toMatch(/^status: "?rejected"?$/m);
      expect(readFileSync(join(out, 'sig-cli/1440-events/README.md'), 'utf8')).not.toMatch(/rejected/);
      const again = await importAdr(brain, { dir: out });
      expect(again.entries.map((e) => [e.source_path, e.status, e.written])).toEqual([
        ['sig-cli/1440-events/README.md', 'rejected', 0], ['sig-cli/1441-events-v2/README.md', 'accepted', 0], ['sig-cli/2000-other/README.md', 'accepted', 0],
      ]);
    } finally {
      await brain.close();
    }
  });
});
