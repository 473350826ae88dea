/**
 * Decision 0098 (importer round fourteen, issue #18): shapes of proposal and design-record
 * folders nobody here had imported, each by family, in small fixtures written here:
 * - the review stages of proposal processes as statuses (Swift Evolution, PEPs, gRPC, EIPs, CIPs);
 * - metadata tables keyed `**Start Date**` (polkadot-fellows/RFCs) or in Chinese with HTML in the
 *   key cell (PaddlePaddle/community);
 * - front matter keys in any case (`Created:`, `Title:`, `Authors:`: Cardano's CIPs) and
 *   `created on:` (microsoft/terminal's specs);
 * - a record folder named by a series label (`CIP-0007/README.md`), a page left where a record
 *   was that only points to it (`Moved to [..](./README.md)`), a repository's own files and
 *   template names among records at a repository's root.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mapStatusText } from '../../../src/importers/adr/status-map.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { isRecordPage } from '../../../src/model/record-file-name.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { cleanupTempDirs, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const lines = (...l: string[]): string => `${l.join('\n')}\n`;
const statusOf = (raw: string): string => {
  const m = mapStatusText(raw);
  return m.mapped ? m.status : `unmapped:${m.reason}`;
};

describe('the review stages of proposal processes', () => {
  it('maps them to the status they stand at, the words kept; what says nothing stays reported', () => {
    const table: Array<[string, string]> = [
      ['**Active Review (Aug 10...Aug 24, 2026)**', 'proposed'],
      ['**Status: Active review (March 3 - March 10, 2024)**', 'proposed'],
      ['Awaiting review', 'proposed'],
      ['Scheduled for review (May 1...May 14)', 'proposed'],
      ['Ready for Review', 'proposed'],
      ['**Returned for revision**', 'proposed'],
      ['Returned for Revision', 'proposed'],
      ['**Previewing**', 'proposed'],
      ['Review', 'proposed'],
      ['Last Call', 'proposed'],
      ['Deferred', 'proposed'],
      ['Stagnant', 'proposed'],
      ['Awaiting Decision', 'proposed'],
      ['FCP: Acceptance', 'proposed'],
      ['**Expired**', 'rejected'],
      ['Ready for Implementation', 'accepted'],
      ['Implementation in Progress', 'accepted'],
      ['Aprroved', 'accepted'],
      ['Inactive (superseded by CIP-0121)', 'deprecated'],
      ['Active', 'accepted'],
      ['Reviewed', 'unmapped:unrecognised status'],
      ['on hold', 'unmapped:unrecognised status'],
      ['Ready', 'unmapped:unrecognised status'],
      ['{Draft, In Review, Ready for Implementation, Implemented}', 'unmapped:unfilled template value'],
    ];
    expect(table.map(([raw]) => [raw, statusOf(raw)])).toEqual(table);
  });
});

describe('metadata tables of RFC and design-document templates', () => {
  const polkadot = lines(
    '# RFC-1: Agile Coretime', '',
    '|                 |                                  |',
    '| --------------- | -------------------------------- |',
    '| **Start Date**  | 30 June 2023                     |',
    '| **Description** | Periodic sale of Coretime.        |',
    '| **Authors**     | Gavin Wood                       |', '',
    '## Summary', '', 'Sell Coretime.', '',
  );
  const paddle = lines(
    '# paddle.Tensor.quantile 设计文档', '',
    '|API名称 | paddle.Tensor.quantile | ',
    '|---|---|',
    '|提交作者<input type="checkbox" class="rowselector hidden"> | 陈明 | ',
    '|提交时间<input type="checkbox" class="rowselector hidden"> | 2022-03-01 | ',
    '|版本号 | V1.0 | ', '',
    '# 一、概述', '', '## 1、相关背景', '', '扩充API。', '',
  );

  it('reads a `Start Date` row and a Chinese table whose key cells hold HTML', () => {
    const a = parseAdr({ sourcePath: '0001-agile-coretime.md', source: polkadot });
    expect([a.title, a.date, a.deciders]).toEqual(['Agile Coretime', '2023-06-30', 'Gavin Wood']);
    const b = parseAdr({ sourcePath: '20200301_api_design_for_quantile.md', source: paddle });
    expect([b.title, b.date, b.deciders]).toEqual(['paddle.Tensor.quantile 设计文档', '2022-03-01', '陈明']);
    expect(b.rationale).toContain('|提交时间<input type="checkbox" class="rowselector hidden"> | 2022-03-01 | ');
  });

  it('round-trips both with no write', async () => {
    await adrRoundTrip({ '0001-agile-coretime.md': polkadot, 'APIs/20200301_api_design_for_quantile.md': paddle });
  });
});

describe('front matter keys in any case, and `created on:`', () => {
  const cip = lines(
    '---', 'CIP: 7', 'Title: Curve Pledge Benefit', 'Status: Proposed', 'Category: Ledger', 'Authors:', '    - Jane Roe <jane@example.org>', '    - Kim Lee <kim@example.org>',
    'Created: 2020-08-11', 'License: CC-BY-4.0', '---', '', '## Abstract', '', 'Change the curve.', '',
  );
  const spec = lines('---', 'author: Mike Doe @mdoe', 'created on: 2019-06-19', 'last updated: 2019-07-14', 'issue id: 1142', '---', '', '# Arbitrary Keybindings Arguments', '', '## Abstract', '', 'Simplify keybindings.', '');

  it('reads `Title:`, `Created:`, `Authors:` and `created on:`, keeping the keys as written', () => {
    const a = parseAdr({ sourcePath: 'CIP-0007/README.md', source: cip });
    expect([a.title, a.date, a.deciders, a.raw_status]).toEqual(['Curve Pledge Benefit', '2020-08-11', 'Jane Roe <jane@example.org>, Kim Lee <kim@example.org>', 'Proposed']);
    expect(a.front_matter).toContain('Authors:');
    expect(a.front_matter).toContain('Created: 2020-08-11');
    const b = parseAdr({ sourcePath: '#1142 - Keybinding Arguments.md', source: spec });
    expect([b.date, b.deciders]).toEqual(['2019-06-19', 'Mike Doe @mdoe']);
  });

  it('round-trips with no write', async () => {
    await adrRoundTrip({ 'CIP-0007/README.md': cip, '#1142 - Keybinding Arguments.md': spec });
  });
});

describe('folders of records at a repository root', () => {
  const record = (n: number, status: string): string => lines('---', `CIP: ${n}`, `Title: Record ${n}`, `Status: ${status}`, 'Created: 2021-01-02', '---', '', '## Abstract', '', `Text ${n}.`, '');

  it('reads `CIP-0007/README.md` as record 7, skips the page that only points to it, the repository files and the templates', async () => {
    const dir = tempFolder({
      'CIP-0001/README.md': record(1, 'Active'),
      'CIP-0001/CIP-0001.md': 'Moved to [CIP-0001/README.md](./README.md).\n',
      'CIP-0007/README.md': record(7, 'Proposed'),
      'CIP-0007/test-vector.md': '# Test vectors\n\n| in | out |\n|---|---|\n| 1 | 2 |\n',
      'CIP-0009/README.md': record(9, 'Inactive (superseded by [CIP-0007](../CIP-0007/README.md))'),
      'RFC-0000/README.md': '# RFC-NNNN Title\n\nThe template.\n',
      'CODE_OF_CONDUCT.md': '# Code of conduct\n\nBe kind.\n',
      'CONTRIBUTING.md': '# Contributing\n\nSend pull requests.\n',
      'GOVERNANCE.md': '# Governance\n\nEditors decide.\n',
      'GRFC-TEMPLATE.md': '# Title\n\n* Status: {Draft, In Review}\n',
      'spec-template.md': '# Spec Title\n\n## Abstract\n',
      '0039-use-x-as-template-engine.md': '# Use X as template engine\n\n## Status\n\nAccepted\n',
    });
    const r = await readAdrDirectory({ dir, projectId: 'p' });
    expect(r.drafts.map((d) => [d.source_path, d.fields.citations?.[0]?.locator ?? null, d.fields.status, d.date])).toEqual([
      ['0039-use-x-as-template-engine.md', 'ADR-0039', 'accepted', null],
      ['CIP-0001/README.md', 'CIP-0001', 'accepted', '2021-01-02'],
      ['CIP-0007/README.md', 'CIP-0007', 'proposed', '2021-01-02'],
      ['CIP-0009/README.md', 'CIP-0009', 'superseded', '2021-01-02'],
    ]);
    expect(Object.fromEntries(r.skipped.map((s) => [s.source_path, s.reason.split(' (')[0]]))).toEqual({
      'CIP-0001/CIP-0001.md': 'only points to ./README.md',
      'CIP-0007/test-vector.md': 'not a decision record: no number, status, date, authors, context or decision in a folder of numbered ADRs',
      'CODE_OF_CONDUCT.md': 'repository file',
      'CONTRIBUTING.md': 'repository file',
      'GOVERNANCE.md': 'repository file',
      'GRFC-TEMPLATE.md': 'template',
      'RFC-0000/README.md': 'index page',
      'spec-template.md': 'template',
    });
    // The inactive record names its successor in its own status: superseded, its words kept (round twenty-one).
    expect(r.drafts.find((d) => d.source_path === 'CIP-0009/README.md')?.fields.related_entry_ids).toHaveLength(1);
  });

  it('names a record folder by a series label and a number, not a word run into digits nor a zero number', () => {
    expect(['CIP-0001', 'rfc_12', 'KEP-1', 'docs2', 'v2', 'RFC-0000'].map((f) => isRecordPage('README.md', f))).toEqual([true, true, true, false, false, false]);
    expect(isRecordPage('README.md', '0004-use-x')).toBe(true);
  });
});
