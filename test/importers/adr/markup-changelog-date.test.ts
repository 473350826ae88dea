/**
 * Decision 0089: a reStructuredText or AsciiDoc ADR that states its day only in a Changelog
 * section is dated by that section's earliest day, as a Markdown one is (adr-metadata.ts
 * `findAdrDate`): openedx-events 0009's `Change history` with `2022-10-18` and `2022-09-14`
 * subsections (fixtures/adr/openedx__openedx-events). A day in the status words still comes first.
 */
import { describe, expect, it } from 'vitest';
import { parseMarkupAdr } from '../../../src/importers/adr/parse-markup-adr.js';

/** openedx-events 0009's shape: an undated bold status, a `Change history` whose `~` subsections are days, newest first. */
const CATALOG = [
  '9. Event design of the COURSE_CATALOG_INFO_CHANGED signal',
  '=========================================================',
  '',
  'Status',
  '------',
  '',
  '**Accepted**',
  '',
  'Decision',
  '--------',
  '',
  'Only the fields a Publisher-enabled environment needs.',
  '',
  'Change history',
  '--------------',
  '',
  '2022-10-18',
  '~~~~~~~~~~',
  '- Updated `Decision` section to include more excluded fields',
  '',
  '2022-09-14',
  '~~~~~~~~~~',
  'Initial commit',
  '',
].join('\n');

/** An AsciiDoc record with a dated list under `== Revision history`. */
const ADOC = ['= 4. Storage', '', '== Status', '', 'Accepted', '', '== Revision history', '', '* 2021-03-02: reworded', '* 2021-01-15: first draft', ''].join('\n');

describe('a markup ADR dated by its Changelog (decision 0089)', () => {
  it('takes the earliest day of an RST Change history, its subsection titles included', () => {
    const adr = parseMarkupAdr({ sourcePath: '0009-course-catalog-info-changed-design.rst', source: CATALOG, family: 'rst' });
    expect([adr.date, adr.date_precision, adr.raw_status]).toEqual(['2022-09-14', null, '**Accepted**']);
  });

  it('takes the earliest day of an AsciiDoc revision history list', () => {
    expect(parseMarkupAdr({ sourcePath: '0004-storage.adoc', source: ADOC, family: 'asciidoc' }).date).toBe('2021-01-15');
  });

  it('keeps a day the status words state before the Changelog, and dates nothing from a section of another name', () => {
    const dated = CATALOG.replace('**Accepted**\n', '**Accepted** 2023-05-11\n');
    expect(parseMarkupAdr({ sourcePath: '0009-x.rst', source: dated, family: 'rst' }).date).toBe('2023-05-11');
    const notes = CATALOG.replace('Change history\n--------------', 'Further notes\n-------------');
    expect(parseMarkupAdr({ sourcePath: '0009-x.rst', source: notes, family: 'rst' }).date).toBeNull();
  });
});
