/**
 * The forms of an ADR label (docs/decisions/0052, model/adr-label-query.ts): what a whole query
 * names, the "ADR N" mentions of a question, an entry's number and its source file.
 */
import { describe, expect, it } from 'vitest';
import { adrLabelQuery, adrNumberOf, adrNumbersIn, importedFrom, labelledAs } from '../../src/model/adr-label-query.js';

describe('ADR label forms', () => {
  it('reads a label, a bare number or a file name as the whole query', () => {
    for (const q of ['ADR-0030', 'ADR 30', 'ADR-30', 'adr0030', 'adr-030', 'ADR_30', 'ADR #30', 'adr  30', '0030', '30', ' Adr-0030 ']) expect(adrLabelQuery(q), q).toEqual({ adr_number: 30, file_name: null });
    expect(adrLabelQuery('0030-some-title.md')).toEqual({ adr_number: 30, file_name: '0030-some-title.md' });
    expect(adrLabelQuery('adr-030-state-sync.md')).toEqual({ adr_number: 30, file_name: 'adr-030-state-sync.md' });
    expect(adrLabelQuery('docs/architecture/ADR-9.md')).toEqual({ adr_number: 9, file_name: 'ADR-9.md' });
    expect(adrLabelQuery('001_use_x.markdown')).toEqual({ adr_number: 1, file_name: '001_use_x.markdown' });
    // A record kept as a folder (decision 0057): its README, the folder, a dated folder's name; a dashed date is one number.
    expect(adrLabelQuery('docs/decision-records/2022-02-07-tracing/README.md')).toEqual({ adr_number: 20220207, file_name: '2022-02-07-tracing.md' });
    expect(adrLabelQuery('2022-02-07-tracing')).toEqual({ adr_number: 20220207, file_name: '2022-02-07-tracing.md' });
    expect(adrLabelQuery('0004-use-x/index.md')).toEqual({ adr_number: 4, file_name: '0004-use-x.md' });
    expect(adrLabelQuery('0004-use-x/')).toEqual({ adr_number: 4, file_name: '0004-use-x.md' });
    expect(adrLabelQuery('2022-02-07-tracing.md')).toEqual({ adr_number: 20220207, file_name: '2022-02-07-tracing.md' });
    // reStructuredText and AsciiDoc names, a series' file, a series' or a number's folder (round twenty-one).
    expect(adrLabelQuery('nep-0031-uarray.rst')).toEqual({ adr_number: 31, file_name: 'nep-0031-uarray.rst' });
    expect(adrLabelQuery('notes/adr/0039-agplv3.adoc')).toEqual({ adr_number: 39, file_name: '0039-agplv3.adoc' });
    expect(adrLabelQuery('cap-0046-06.md')).toEqual({ adr_number: 46, file_name: 'cap-0046-06.md' });
    expect(adrLabelQuery('CIP-0001/README.md')).toEqual({ adr_number: 1, file_name: 'CIP-0001.md' });
    expect(adrLabelQuery('content/docs/rfcs/16/README.md')).toEqual({ adr_number: 16, file_name: '16.md' });
    for (const q of ['sections/README.md', '0004-use-x', 'README.md']) expect(adrLabelQuery(q), q).toBeNull();
    for (const q of ['adr', 'ADR-30a', 'dec-0030', 'use-x.md', 'v2-api.md', '30 transactions', 'ADR 30 mempool', '3.5', '#30', 'adr-0030.txt', '']) expect(adrLabelQuery(q), q).toBeNull();
  });

  it('reads another series\' label as listed, in capitals (TEP-0070, decision 0062), answered only by entries labelled with it', () => {
    expect(adrLabelQuery('TEP-0070')).toEqual({ adr_number: 70, series: 'TEP', file_name: null });
    expect(adrLabelQuery('KEP 12')).toEqual({ adr_number: 12, series: 'KEP', file_name: null });
    for (const q of ['dec-0030', 'cadr-7', 'tep-70x']) expect(adrLabelQuery(q), q).toBeNull();
    const tep = { citations: [{ source_ref: '0070-x.md', source_kind: 'file' as const, locator: 'TEP-0070' }] };
    expect(adrNumberOf(tep)).toBe(70);
    expect(labelledAs(tep, 'TEP')).toBe(true);
    expect(labelledAs(tep, undefined)).toBe(true);
    expect(labelledAs(tep, 'COVID')).toBe(false);
  });

  it('finds each "ADR N" of a question once, in order; a bare number in a sentence is no label', () => {
    expect(adrNumbersIn('why ADR 12 chose tendermint')).toEqual([12]);
    expect(adrNumbersIn('compare ADR-0030 and adr 12, then ADR#30 again')).toEqual([30, 12]);
    expect(adrNumbersIn('what did ADRs 60 say')).toEqual([60]);
    expect(adrNumbersIn('0030')).toEqual([30]);
    for (const q of ['30 transactions per block', 'the padr 12 thing', 'adr12x', 'cadr-7', 'adr']) expect(adrNumbersIn(q), q).toEqual([]);
  });

  it("reads an entry's number from its label citation and tells its file", () => {
    const entry = { citations: [{ source_ref: 'notes.md', source_kind: 'file' as const }, { source_ref: 'docs/adr/0030-x.md', source_kind: 'file' as const, locator: 'ADR-0030' }] };
    expect(adrNumberOf(entry)).toBe(30);
    expect(adrNumberOf({ citations: [{ source_ref: 'a.md', source_kind: 'file', locator: 'line 3' }] })).toBeNull();
    expect(importedFrom(entry, '0030-X.md')).toBe(true);
    expect(importedFrom(entry, 'notes.md')).toBe(false);
    const folder = { citations: [{ source_ref: '2022-02-07-tracing/README.md', source_kind: 'file' as const, locator: 'ADR-20220207' }] };
    expect(importedFrom(folder, '2022-02-07-tracing.md')).toBe(true);
    expect(importedFrom(folder, 'README.md')).toBe(false);
  });
});
