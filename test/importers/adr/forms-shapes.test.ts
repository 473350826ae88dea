/**
 * Issue #18, decision 0079: three shapes of alphagov/forms' `ADR/` folder, each in a small
 * fixture written here in the shape met — a status written as a block quote (`## Status` /
 * `> Accepted`; the template's unfilled `> Accepted or Rejected`), a template named with a
 * placeholder number (`ADRXXX-architecture-decision-record-template.md`), and a supersede link to
 * a file since renamed (`[AD045: Remove forms-api](ADR045-use-forms-api.md)` for
 * `ADR045-remove-forms-api.md`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAdrPath, listAdrFiles, skipReason } from '../../../src/importers/adr/list-adr-files.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempDir, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

/** A folder holding `files` (path → text). */
const folder = (files: Record<string, string>): string => tempFolder(files);

/** An alphagov/forms record whose Status section is `status` (lines as written). */
const record = (title: string, status: string, context = 'We need it.'): string =>
  `# ${title}\n\nDate: 2022-05-31\n\n## Status\n\n${status}\n\n## Context\n\n${context}\n\n## Decision\n\nDo it.\n\n## Consequences\n\nFine.\n`;

const QUOTED = record('ADR008: Page ordering defined by pointers', '> Accepted');
const UNFILLED = record(
  'ADR030: Use AWS Lambda to run glue code',
  '> Accepted or Rejected\n>\n> Valid ADR statuses are: "Proposed", "Accepted", "Rejected", "Deprecated", "Superseded by ADRzzz", but since we use the GitHub Pull request mechanism to approve ADRs, "Proposed" isn\'t applicable.',
);
/** The Tendermint/Cosmos template's explanation (bundled cometbft, ibc-go, interchain-security), and cometbft's own. */
const TENDERMINT_QUOTE =
  '> A decision may be "proposed" if it hasn\'t been agreed upon yet, or "accepted" once it is agreed upon. If a later ADR changes or reverses a decision, it may be marked as "deprecated" or "superseded" with a reference to its replacement.';
const COMETBFT_QUOTE = [
  '> An architecture decision is considered "proposed" when a PR containing the ADR',
  '> is submitted. When merged, an ADR must have a status associated with it, which',
  '> must be one of: "Accepted", "Rejected", "Deprecated" or "Superseded".',
  '>',
  '> If an ADR is deprecated, simply write "Deprecated" in this section.',
].join('\n');

describe('a status written as a block quote (alphagov/forms ADR008, 022, 025, 026, 033)', () => {
  it('reads a Status section that holds only a quote by the quote’s short first line, and keeps the quote', () => {
    const adr = parseAdr({ sourcePath: 'ADR008-page-ordering-defined-by-pointers.md', source: QUOTED });
    expect([adr.raw_status, adr.status_origin, adr.status_mapping?.mapped && adr.status_mapping.status]).toEqual(['Accepted', 'status_quote', 'accepted']);
    expect(adr.rationale).toContain('## Status\n\n> Accepted\n\n## Context');
    const linked = parseAdr({ sourcePath: 'ADR003-x.md', source: record('ADR003: X', '> Superseded by [ADR015: Use an Identity Provider for authentication and implement authorisation](ADR015-idp-authentication.md).') });
    expect(linked.status_mapping?.mapped && linked.status_mapping.status).toBe('superseded');
  });

  it('keeps the template’s unfilled `> Accepted or Rejected` as written and reports it unmapped', async () => {
    const adr = parseAdr({ sourcePath: 'ADR030-use-aws-lambda-to-run-glue-code.md', source: UNFILLED });
    expect([adr.raw_status, adr.status_mapping?.mapped]).toEqual(['Accepted or Rejected', false]);
    const read = await readAdrDirectory({ dir: folder({ 'ADR030-use-aws-lambda-to-run-glue-code.md': UNFILLED }), projectId: 'p' });
    expect(read.unmapped.map((u) => [u.source_path, u.raw_status, u.reason, u.status])).toEqual([['ADR030-use-aws-lambda-to-run-glue-code.md', 'Accepted or Rejected', 'unfilled template value', 'proposed']]);
    expect(read.drafts[0]?.fields.payload?.['status_text']).toBe('Accepted or Rejected');
  });

  it('leaves the Tendermint/Cosmos and cometbft template quotes unread, alone or beside a status', () => {
    for (const quote of [TENDERMINT_QUOTE, COMETBFT_QUOTE, '> The status is one of:', '> - Accepted']) {
      expect(parseAdr({ sourcePath: 'adr-036-x.md', source: record('ADR 036: X', quote) }).raw_status, quote).toBeNull();
    }
    const beside = parseAdr({ sourcePath: 'adr-036-x.md', source: record('ADR 036: X', `${TENDERMINT_QUOTE}\n\nAccepted`) });
    expect([beside.raw_status, beside.status_origin]).toEqual(['Accepted', 'status_section']);
    const twoQuotes = parseAdr({ sourcePath: 'adr-036-x.md', source: record('ADR 036: X', '> Accepted\n\n> Note: see below.') });
    expect(twoQuotes.raw_status).toBeNull();
  });

  it('exports the quote as the source wrote it, in both formats, and re-imports with no write', async () => {
    const files = { 'ADR008-page-ordering-defined-by-pointers.md': QUOTED, 'ADR030-use-aws-lambda-to-run-glue-code.md': UNFILLED };
    await adrRoundTrip(files, (out, format) => {
      for (const [name, source] of Object.entries(files)) {
        const text = readFileSync(join(out, name), 'utf8');
        const status = (s: string): string => s.slice(s.indexOf('## Status'), s.indexOf('## Context'));
        expect(status(text), `${format} ${name}`).toBe(status(source));
        expect(text, `${format} ${name}`).not.toMatch(/^status:|^Status:/m);
      }
    });
  });

  it('writes a changed status in the quote’s first line (as a metadata table’s row), and reads it back', async () => {
    const repo = initRepo();
    const dir = folder({ 'ADR008-page-ordering-defined-by-pointers.md': QUOTED, 'ADR009-replatforming-to-ecs.md': record('ADR009: Replatforming to ECS', 'Accepted') });
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir });
      const id = (path: string): string => report.entries.find((e) => e.source_path === path)?.entry_id ?? '';
      await brain.writes.supersede({ entryId: id('ADR008-page-ordering-defined-by-pointers.md'), byEntryId: id('ADR009-replatforming-to-ecs.md') });
      const out = tempDir('brain-export-');
      await exportAdr(brain, { dir: out, format: 'nygard' });
      const name = readdirSync(out).find((f) => f.startsWith('ADR008')) ?? '';
      const text = readFileSync(join(out, name), 'utf8');
      expect(text).toMatch(/## Status\n\n> superseded; superseded by \[ADR-0009\]\(ADR009-replatforming-to-ecs\.md\)\n\n## Context/);
      expect(text).not.toContain('> Accepted');
      // The quote is text the entry keeps, and the file is the entry's own export: re-reading it
      // writes nothing (decision 0098; before, one revision recording the new first line).
      const again = await importAdr(brain, { dir: out });
      expect(again.entries.map((e) => [e.source_path, e.status, e.written])).toEqual([
        ['ADR008-page-ordering-defined-by-pointers.md', 'superseded', 0],
        ['ADR009-replatforming-to-ecs.md', 'accepted', 0],
      ]);
      const out2 = tempDir('brain-export-');
      await exportAdr(brain, { dir: out2, format: 'nygard' });
      expect(readFileSync(join(out2, name), 'utf8')).toBe(text);
      expect((await importAdr(brain, { dir: out2 })).entries.reduce((n, e) => n + e.written, 0)).toBe(0);
    } finally {
      await brain.close();
    }
  });
});

describe('a template named with a placeholder number (alphagov/forms ADRXXX)', () => {
  it('skips names whose number is a placeholder, with or without the word template, in any case', () => {
    const names = ['ADRXXX-architecture-decision-record-template.md', 'adr-xxx-use-x.md', 'ADR-XXX_Agree_CICD_pipeline_structure.md', 'ADR-nnn_Any_Decision_Record_Template.md', 'XXXX-title.md', 'NNNN-title.md', 'nnnn.md', 'madr-xxx-x.md'];
    expect(names.map(skipReason)).toEqual(names.map(() => 'template'));
    expect(isAdrPath('ADR/ADRXXX-architecture-decision-record-template.md')).toBe(false);
  });

  it('keeps real names that start like one', () => {
    const names = ['0000-use-markdown-architectural-decision-records.md', 'xylophone.md', 'xxl-runners.md', 'nginx-ingress.md', 'ADR045-remove-forms-api.md', 'adr-nnnx.md'];
    expect(names.map(skipReason)).toEqual(names.map(() => null));
  });

  it('reports the template skipped, not imported', async () => {
    const dir = folder({ 'ADR008-page-ordering-defined-by-pointers.md': QUOTED, 'ADRXXX-architecture-decision-record-template.md': UNFILLED });
    const listing = await listAdrFiles({ dir });
    expect(listing.files).toEqual(['ADR008-page-ordering-defined-by-pointers.md']);
    expect(listing.skipped).toEqual([{ source_path: 'ADRXXX-architecture-decision-record-template.md', reason: 'template' }]);
  });
});

describe('a supersede link to a file since renamed (alphagov/forms ADR004 → ADR045)', () => {
  const successor = record('ADR045: Remove forms-api', 'Accepted');
  const links = async (files: Record<string, string>) => {
    const read = await readAdrDirectory({ dir: folder(files), projectId: 'p' });
    const byPath = new Map(read.drafts.map((d) => [d.source_path, d]));
    const supersedes = (path: string): string | null | undefined => {
      const id = byPath.get(path)?.fields.supersedes_entry_id;
      return id === undefined || id === null ? id : read.drafts.find((d) => d.entry_id === id)?.source_path;
    };
    return { read, supersedes };
  };

  it('links to the one ADR its file name’s number (or its text’s `AD045`) names, and reports nothing lost', async () => {
    const { read, supersedes } = await links({
      'ADR004-store-form-schemas-in-an-api.md': record('ADR004: Store form schemas in an API', 'Superseded by [AD045: Remove forms-api](ADR045-use-forms-api.md)'),
      'ADR007-store-form-text-data-as-objects.md': record('ADR007: Store form text data as objects', 'Superseded by [Translate API response at request time](ADR044-translate-at-request-time.md).'),
      'ADR044-translate-api-response-at-request-time.md': record('ADR044: Translate API response at request time', 'Accepted'),
      'ADR045-remove-forms-api.md': successor,
    });
    expect(supersedes('ADR045-remove-forms-api.md')).toBe('ADR004-store-form-schemas-in-an-api.md');
    expect(supersedes('ADR044-translate-api-response-at-request-time.md')).toBe('ADR007-store-form-text-data-as-objects.md');
    expect(read.unresolved).toEqual([]);
    expect(read.unmapped).toEqual([]);
  });

  it('reads the number of a link text written `AD045` when the file name has none', async () => {
    const { read, supersedes } = await links({
      'ADR004-store-form-schemas-in-an-api.md': record('ADR004: Store form schemas in an API', 'Superseded by [AD045: Remove forms-api](remove-forms-api.md)'),
      'ADR045-remove-forms-api.md': successor,
    });
    expect(supersedes('ADR045-remove-forms-api.md')).toBe('ADR004-store-form-schemas-in-an-api.md');
    expect(read.unresolved).toEqual([]);
  });

  it('keeps a number two files share, and a link out of the import, as citations', async () => {
    const { read, supersedes } = await links({
      'ADR013-use-paper-trail.md': record('ADR013: Use PaperTrail', 'Superseded by [the new one](ADR025-remove-paper-trail.md)'),
      'ADR014-x.md': record('ADR014: X', 'Superseded by [elsewhere](../other/ADR045-x.md)'),
      'ADR025-remove-papertrail.md': record('ADR025: Remove PaperTrail', 'Accepted'),
      'ADR025-use-aasm-to-manage-form-state.md': record('ADR025: Use AASM', 'Accepted'),
      'ADR045-remove-forms-api.md': successor,
    });
    expect(supersedes('ADR025-remove-papertrail.md')).toBeNull();
    expect(supersedes('ADR045-remove-forms-api.md')).toBeNull();
    expect(read.unresolved.map((u) => [u.source_path, u.reference])).toEqual([
      ['ADR013-use-paper-trail.md', 'ADR025-remove-paper-trail.md'],
      ['ADR014-x.md', '../other/ADR045-x.md'],
    ]);
  });
});
