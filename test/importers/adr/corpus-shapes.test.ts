/**
 * Issue #18, the shapes of corpora nobody here had seen (reproduced from the held-out failures):
 * ADR numbers from any naming, with the title heading as a cross-check; cross-references by
 * number across subfolders; dates in every common form and day/month order; status words kept
 * and mapped; the folder's own status index; reports that say what was stored.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bareDate, dateOrder, parseAdrDate } from '../../../src/importers/adr/adr-dates.js';
import { adrEntryId } from '../../../src/importers/adr/assemble-drafts.js';
import { headingNumber } from '../../../src/importers/adr/adr-title.js';
import { leadingNumber } from '../../../src/importers/adr/file-name.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory, type AdrReadResult } from '../../../src/importers/adr/read-adr-dir.js';
import { readStatusIndex } from '../../../src/importers/adr/status-index.js';
import { cleanupTempDirs, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

async function readFiles(files: Record<string, string>): Promise<AdrReadResult> {
  const dir = tempDir('brain-adr-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return readAdrDirectory({ dir, projectId: 'p' });
}

const tm = (n: string, title: string, status: string, body = '') => `# ADR ${n}: ${title}\n\n## Changelog\n\n- 2020-01-01: Initial draft\n\n## Status\n\n${status}\n\n## Context\n\nc\n${body}`;

describe('ADR numbers from any naming', () => {
  it.each([
    ['0045-use-x.md', 45],
    ['adr-042-state-sync.md', 42],
    ['ADR-001-use-x.md', 1],
    ['001_choose_database.md', 1],
    ['adr_7_x.md', 7],
    ['ADR042.md', 42],
    ['20201016-use-slugs.md', 20201016],
    ['use-postgres.md', null],
    ['v2-api.md', null],
    ['adrian-notes.md', null],
  ])('file name %s → %s', (name, number) => {
    expect(leadingNumber(name)).toBe(number);
  });

  it.each([
    ['ADR 042: State Sync', 42],
    ['ADR 025 Commit', 25],
    ['ADR 1: Logging', 1],
    ['ADR-0012 - Use X', 12],
    ['7. Use X', 7],
    ['3.5 million users', null],
    ['ADR 3.5 is not a number', null],
  ])('heading %j → %s', (heading, number) => {
    expect(headingNumber(heading)).toBe(number);
  });

  it.each([
    ['29 Kubernetes security config auditing', 30, 29],
    ['29 Kubernetes security config auditing', null, null],
    ['2 clusters per region', 12, null],
  ])('heading %j in a file numbered %s → %s', (heading, fileNumber, number) => {
    expect(headingNumber(heading, fileNumber)).toBe(number);
  });

  it('takes the file name\'s number over a heading that disagrees, strips the heading\'s, and reports the mismatch', async () => {
    const r = await readFiles({
      'adr-021-abci-events.md': tm('012', 'ABCI Events', 'Accepted'),
      'tendermint-core/adr-025-commit.md': '# ADR 025 Commit\n\n## Status\n\nAccepted\n',
      'use-x.md': '# ADR 7: Use X\n\n## Status\n\nAccepted\n',
    });
    const by = (p: string) => r.drafts.find((d) => d.source_path === p)!;
    expect(by('adr-021-abci-events.md').fields.citations?.[0]?.locator).toBe('ADR-0021');
    expect(by('adr-021-abci-events.md').fields.title).toBe('ABCI Events');
    expect(by('tendermint-core/adr-025-commit.md').fields).toMatchObject({ title: 'Commit', citations: [{ source_ref: 'tendermint-core/adr-025-commit.md', source_kind: 'file', locator: 'ADR-0025' }] });
    expect(by('use-x.md').fields.citations?.[0]?.locator).toBe('ADR-0007');
    expect(r.numbering).toEqual([{ source_path: 'adr-021-abci-events.md', file_number: 21, heading_number: 12 }]);
  });

  it('resolves "in favour of ADR 111", "supersedes ADRs 60 and 61" and "partly undo 109" across a subfolder', async () => {
    const r = await readFiles({
      'adr-109-reduce-api.md': tm('109', 'Reduce API', 'Accepted'),
      'adr-110-remote-mempool.md': tm('110', 'Remote mempool', 'Rejected in favour of ADR 111'),
      'adr-111-nop-mempool.md': tm('111', 'nop mempool', 'Accepted'),
      'adr-114-undo-109.md': tm('114', 'Partly undo 109', 'Accepted'),
      'tendermint-core/adr-060-api-stability.md': tm('060', 'API stability', 'Accepted'),
      'tendermint-core/adr-061-p2p-scope.md': tm('061', 'P2P scope', 'Accepted'),
      'tendermint-core/adr-073-libp2p.md': tm('073', 'libp2p', 'Accepted', '\nThis ADR supersedes the decisions made in ADRs 60 and 61, but\nbuilds on ADR 109.\n'),
    });
    const id = (p: string) => adrEntryId('p', p);
    const by = (p: string) => r.drafts.find((d) => d.source_path === p)!;
    expect(r.unresolved).toEqual([]);
    expect(by('adr-110-remote-mempool.md').fields).toMatchObject({ status: 'rejected', related_entry_ids: [id('adr-111-nop-mempool.md')] });
    expect(by('adr-110-remote-mempool.md').fields.citations).toContainEqual({ source_ref: id('adr-111-nop-mempool.md'), source_kind: 'entry', locator: 'in favour of' });
    expect(by('adr-114-undo-109.md').fields.citations).toContainEqual({ source_ref: id('adr-109-reduce-api.md'), source_kind: 'entry', locator: 'partly undo' });
    expect(by('tendermint-core/adr-073-libp2p.md').fields.supersedes_entry_id).toBe(id('tendermint-core/adr-060-api-stability.md'));
    expect(by('tendermint-core/adr-073-libp2p.md').fields.related_entry_ids).toEqual(expect.arrayContaining([id('tendermint-core/adr-060-api-stability.md'), id('tendermint-core/adr-061-p2p-scope.md')]));
  });
});

describe('dates in every common form', () => {
  it.each([
    ['2020-01-31', '2020-01-31'],
    ['2020/1/31 10:00', '2020-01-31'],
    ['2023-24-05: added description', '2023-05-24'],
    ['- 18-06-2019: Initial draft', '2019-06-18'],
    ['* 21-09-2019: Initial draft', '2019-09-21'],
    ['04/09/2020: Initial Draft', '2020-09-04'],
    ['02.04.20: Initial Draft', '2020-04-02'],
    ['016-08-2018: Follow up from review', '2018-08-16'],
    ['03-Jan-2022: Initial draft', '2022-01-03'],
    ['20 April 2021: Initial Draft', '2021-04-20'],
    ['January 3, 2022', '2022-01-03'],
    ['July 15 2021: Created by @x', '2021-07-15'],
    ['###  November 2nd 2018', '2018-11-02'],
    ['27th of June, 2024: Initial draft', '2024-06-27'],
    ['1st Sept. 2023: Initial draft', '2023-09-01'],
    ['2019 Oct 22: Initial Draft', '2019-10-22'],
    ['31/02/2020', null],
    ['{date}: {changelog}', null],
    ['version 2 2021', null],
  ])('%j → %s', (text, day) => {
    expect(parseAdrDate(text)).toBe(day);
  });

  it('reads numeric dates month first where the file (else its corpus) does', () => {
    expect(parseAdrDate('5/1/2023', 'month_first')).toBe('2023-05-01');
    expect(dateOrder(['* 5/1/2023: First draft\n* 7/23/2023: Add light client attacks'])).toBe('month_first');
    expect(dateOrder(['* 6/9/23: Initial draft\n* 6/22/23: added note'])).toBe('month_first');
    expect(dateOrder(['- 25/04/2022: initial draft'])).toBe('day_first');
    expect(dateOrder(['- 05/01/2022: initial draft'])).toBeNull();
    const us = parseAdr({ sourcePath: 'adr-005.md', source: '# ADR 005: X\n\n## Changelog\n\n* 5/1/2023: First draft\n* 7/23/2023: Update\n', dateOrder: 'month_first' });
    expect(us.date).toBe('2023-05-01');
  });

  it('takes the earliest Changelog date, whatever order the entries are listed in; a Date line first', () => {
    const newestFirst = parseAdr({ sourcePath: 'adr-100.md', source: '# ADR 100: X\n\n## Changelog\n\n- 2023-05-03: Reviewed again\n- 2023-04-04: Update\n- 2022-12-18: First draft\n' });
    expect(newestFirst.date).toBe('2022-12-18');
    const dated = parseAdr({ sourcePath: 'adr-1.md', source: '# ADR 1: X\n\nDate: 2021-02-03\n\n## Changelog\n\n- 2020-01-01: Draft\n' });
    expect(dated.date).toBe('2021-02-03');
  });
});

describe('a line holding only a date under the title (zooniverse/front-end-monorepo)', () => {
  it.each([
    ['July 24, 2018', '2018-07-24'],
    ['7 April 2020', '2020-04-07'],
    ['3 June 2021.', '2021-06-03'],
    ['Tuesday, 24 July 2018', '2018-07-24'],
    ['2019-03-21', '2019-03-21'],
    ['Superseded on 2020-01-01', null],
    ['see #1234 from July 24, 2018', null],
    ['May 2023', null],
  ])('%j → %s', (text, day) => {
    expect(bareDate(text)).toBe(day);
  });

  it('dates the ADR by it when no labelled date says otherwise; a Date line and front matter win', () => {
    expect(parseAdr({ sourcePath: 'adr-02.md', source: '# ADR 2: Keep Next.js\n\nJuly 24, 2018\n\n## Context\n\nX.\n\n## Decision\n\nKeep it.\n\n## Status\n\nAccepted\n' }).date).toBe('2018-07-24');
    expect(parseAdr({ sourcePath: 'adr-26.md', source: '# ADR 26: Sentry\n\n7 April 2020\n\n## Context\n\nWe mention 2019-01-01 here.\n' }).date).toBe('2020-04-07');
    expect(parseAdr({ sourcePath: 'adr-05.md', source: '# ADR 5: X\n\nJuly 24, 2018\nCreated: July 25, 2018\n\n## Context\n\nX.\n' }).date).toBe('2018-07-25');
    expect(parseAdr({ sourcePath: 'adr-07.md', source: '# ADR 7: X\n\nA note that mentions July 24, 2018 in passing.\n\n## Context\n\nX.\n' }).date).toBeNull();
  });
});

describe('status words', () => {
  it.each([
    ['Partially Accepted', 'accepted'],
    ['Implemented (moved to [cometbft/cometbft](https://github.com/cometbft/cometbft))', 'accepted'],
    ['Accepted (tracked in [#9256](https://github.com/x/y/issues/9256))', 'accepted'],
    ['Accepted, Implemented', 'accepted'],
    ['Reverted', 'deprecated'],
    ['Pending', 'proposed'],
  ])('%j is kept as written and mapped to %s', (words, status) => {
    const adr = parseAdr({ sourcePath: 'adr-1.md', source: `# ADR 1: X\n\n## Status\n\n${words}\n\n## Context\n\nc\n` });
    expect(adr.status_text).toBe(words);
    expect(adr.status_mapping).toMatchObject({ mapped: true, status });
  });
});

describe('the folder\'s own status index', () => {
  it('reads status headings, a Status column and list items that end with a status', () => {
    const paths = new Set(['adr-001-a.md', 'adr-002-b.md', 'sub/adr-003-c.md', 'adr-004-d.md', 'adr-005-e.md', 'adr-006-f.md']);
    const index = readStatusIndex(
      [
        {
          source_path: 'README.md',
          source: [
            '# ADRs',
            '',
            '### Implemented',
            '',
            '- [ADR-001: A](adr-001-a.md)',
            '',
            '### Accepted but Not (Yet) Implemented',
            '',
            '- [ADR-002: B](adr-002-b)',
            '',
            '## Table',
            '',
            '| ADR | Description | Status |',
            '| --- | --- | --- |',
            '| [004](./adr-004-d.md) | D | Accepted, Implemented |',
            '',
            '## More',
            '',
            '- [ADR-005](adr-005-e.md) — Deprecated',
            '- [ADR-006](adr-006-f.md) - Open source the SDK client',
          ].join('\n'),
        },
        { source_path: 'sub/README.md', source: '## Rejected\n\n- [C](adr-003-c.md)\n' },
      ],
      paths,
    );
    expect(Object.fromEntries([...index].map(([p, s]) => [p, [s.status, s.words]]))).toEqual({
      'adr-001-a.md': ['accepted', 'Implemented'],
      'adr-002-b.md': ['accepted', 'Accepted but Not (Yet) Implemented'],
      'adr-004-d.md': ['accepted', 'Accepted, Implemented'],
      'adr-005-e.md': ['deprecated', 'Deprecated'],
      'sub/adr-003-c.md': ['rejected', 'Rejected'],
    });
  });

  it('gives a status to a file that states none, or none it can map (its own line stays as text), never over a stated one', async () => {
    const r = await readFiles({
      'README.md': '## Implemented\n\n- [ADR-001](adr-001-none.md)\n- [ADR-002](adr-002-prose.md)\n- [ADR-003](adr-003-stated.md)\n',
      'adr-001-none.md': '# ADR 001: None\n\n## Context\n\nc\n',
      'adr-002-prose.md': '# ADR 002: Prose\n\n## Status\n\nThe two points above have been implemented.\n\n## Context\n\nc\n',
      'adr-003-stated.md': '# ADR 003: Stated\n\n## Status\n\nProposed\n',
    });
    const by = (p: string) => r.drafts.find((d) => d.source_path === p)!;
    expect(by('adr-001-none.md').fields).toMatchObject({ status: 'accepted', payload: { status_text: 'Implemented' } });
    expect(by('adr-002-prose.md').fields).toMatchObject({ status: 'accepted', payload: { status_text: 'Implemented' } });
    expect(by('adr-002-prose.md').fields.rationale).toContain('## Status\n\nThe two points above have been implemented.');
    expect(by('adr-003-stated.md').fields).toMatchObject({ status: 'proposed', payload: { status_text: 'Proposed' } });
    expect(r.indexed.map((i) => [i.source_path, i.status, i.words, i.index_path])).toEqual([
      ['adr-001-none.md', 'accepted', 'Implemented', 'README.md'],
      ['adr-002-prose.md', 'accepted', 'Implemented', 'README.md'],
    ]);
    expect(r.unmapped).toEqual([]);
  });

  it('the report never contradicts what was stored: an unmapped status settled by a supersede link says superseded', async () => {
    const r = await readFiles({
      '0001-a.md': '# 1. A\n\n## Status\n\nOn hold\n',
      '0002-b.md': '# 2. B\n\n## Status\n\nAccepted; supersedes [1. A](0001-a.md)\n',
    });
    expect(r.drafts.find((d) => d.source_path === '0001-a.md')?.fields.status).toBe('superseded');
    expect(r.unmapped).toEqual([{ source_path: '0001-a.md', raw_status: 'On hold', reason: 'unrecognised status', status: 'superseded' }]);
  });
});
