/**
 * Issue #18, round fifteen (decision 0105): nine public ADR folders no earlier round had read —
 * home-assistant/architecture, arachne-framework/architecture, alphagov/govuk-infrastructure,
 * fluxcd/flux2 RFCs, wagtail/rfcs, open-telemetry/oteps, npryce/adr-tools,
 * eclipse-tractusx/tractusx-edc, openedx/frontend-platform — all kept every line and
 * round-tripped with no write; what they showed wrong, each as its family in a small fixture
 * written here in the shape met.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { parseAdrDate } from '../../../src/importers/adr/adr-dates.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { mapStatusText } from '../../../src/importers/adr/status-map.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { adrRoundTrip } from '../../helpers/adr-round-trip.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, initRepo, tempFolder } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (source: string, sourcePath = '0001-x.md') => parseAdr({ sourcePath, source });
const statusOf = (source: string, sourcePath?: string) => {
  const m = parse(source, sourcePath).status_mapping;
  return m?.mapped ? m.status : null;
};
const nygard = (status: string, extra = '') => `# 1. A\n\nDate: 2021-03-04\n\n## Status\n\n${status}\n\n## Decision\n\nD.${extra}\n`;

describe('status words', () => {
  it('leaves struck-through words out of the mapping and keeps them in the words', () => {
    for (const struck of ['~~Proposed~~ Accepted', '<del>Proposed</del> Accepted', '<s>Draft</s> Accepted', '<strike>Proposed</strike> accepted']) {
      expect([struck, statusOf(nygard(struck))]).toEqual([struck, 'accepted']);
      expect(parse(nygard(struck)).status_text).toBe(struck);
    }
    expect(mapStatusText('~~Accepted~~').mapped).toBe(false);
    expect(statusOf(nygard('Accepted ~~with changes~~'))).toBe('accepted');
  });

  it("reads wagtail's `Deleted 2020-07-20 in [#55]` as rejected, the words kept", () => {
    const adr = parse(nygard('Deleted 2020-07-20 in [#55](https://github.com/wagtail/rfcs/pull/55)'));
    expect([statusOf(nygard('Deleted 2020-07-20 in [#55](x)')), adr.status_text]).toEqual(['rejected', 'Deleted 2020-07-20 in [#55](https://github.com/wagtail/rfcs/pull/55)']);
  });

  it('keeps a status line wrapped over two lines whole (OTEP 0150), and only a long, unfinished one', async () => {
    const otep = '# Logging library SDK\n\nStatus: for prototyping. Do not merge to main OpenTelemetry specification until\nprototyping is done.\n\n## Motivation\n\nWhy.\n';
    const adr = parse(otep, '0150-logging-library-sdk.md');
    expect(adr.status_text).toBe('for prototyping. Do not merge to main OpenTelemetry specification until\nprototyping is done.');
    expect(adr.rationale).not.toContain('prototyping is done');
    // A short status, or one that ends its sentence, takes no next line; nor does another note.
    expect(parse('# A\n\nStatus: Accepted\nThe team agreed on it.\n\n## Decision\n\nD.\n').status_text).toBe('Accepted');
    expect(parse('# A\n\nStatus: accepted by the architecture group on its call.\nThe team agreed.\n\n## Decision\n\nD.\n').status_text).toBe('accepted by the architecture group on its call.');
    expect(parse('# A\n\nStatus: accepted by the architecture group after the long review\nDate: 2021-03-04\n\n## Decision\n\nD.\n').status_text).toBe('accepted by the architecture group after the long review');
    await adrRoundTrip({ '0150-logging-library-sdk.md': otep });
  });
});

describe('a front matter status and a Status section that disagree', () => {
  const both = (section: string) => `---\nstatus: "Accepted"\n---\n\n# 3. C\n\nDate: 2021-01-03\n\n## Status\n\n${section}\n\n## Decision\n\nD.\n`;

  it('stores the front matter status and reports the section', async () => {
    expect(parse(both('Deprecated')).section_status).toBe('Deprecated');
    expect(parse(both('Accepted')).section_status).toBeNull();
    expect(parse(both('Implemented')).section_status).toBeNull();
    const read = await readAdrDirectory({ dir: tempFolder({ '0003-c.md': both('Deprecated'), '0004-d.md': both('accepted') }), projectId: 'p' });
    expect(read.drafts.map((d) => d.fields.status)).toEqual(['accepted', 'accepted']);
    expect(read.unmapped).toEqual([{ source_path: '0003-c.md', raw_status: 'Accepted', reason: 'the Status section says "Deprecated"; the front matter\'s status is stored', status: 'accepted' }]);
  });
});

describe('supersede links (arachne-framework ADR 17, flux RFC template)', () => {
  const record = (n: number, status: string, body = 'Text.') => `# ${n}. R${n}\n\nDate: 2021-0${n}-01\n\n## Status\n\n${status}\n\n## Context\n\n${body}\n\n## Decision\n\nD.\n`;

  it('links "Replaced by ADR-2" / "Replaces ADR-1" in a status as a supersession', async () => {
    for (const words of ['Replaced by ADR-0002', 'Replaced by [ADR-0002](0002-b.md)', 'Replaced by [2. B](0002-b.md)']) {
      const read = await readAdrDirectory({ dir: tempFolder({ '0001-a.md': record(1, words), '0002-b.md': record(2, 'Accepted') }), projectId: 'p' });
      const [a, b] = read.drafts;
      expect([words, a?.fields.status, b?.fields.supersedes_entry_id, read.unmapped]).toEqual([words, 'superseded', a?.entry_id, []]);
    }
    const read = await readAdrDirectory({ dir: tempFolder({ '0001-a.md': record(1, 'Accepted'), '0002-b.md': record(2, 'Accepted; replaces [1. A](0001-a.md)') }), projectId: 'p' });
    expect(read.drafts[1]?.fields.supersedes_entry_id).toBe(read.drafts[0]?.entry_id);
  });

  it('reads "replaced by" in running text as no link: it is said of anything', async () => {
    const read = await readAdrDirectory({ dir: tempFolder({ '0001-a.md': record(1, 'Accepted', 'The cron job was replaced by [the scheduler of ADR-2](0002-b.md).'), '0002-b.md': record(2, 'Accepted') }), projectId: 'p' });
    expect(read.drafts.map((d) => [d.fields.status, d.fields.supersedes_entry_id])).toEqual([['accepted', null], ['accepted', null]]);
  });

  it('reads "supersedes some aspects of" two ADRs as a relation to each, neither superseded', async () => {
    const note = 'Note: this ADR supersedes some aspects of [ADR-15](adr-015-a.md) and [ADR-16](adr-016-b.md).';
    const read = await readAdrDirectory({
      dir: tempFolder({ 'adr-015-a.md': record(5, 'Accepted'), 'adr-016-b.md': record(6, 'Accepted'), 'adr-017-c.md': record(7, 'Proposed', note) }),
      projectId: 'p',
    });
    const [a, b, c] = read.drafts;
    expect([a?.fields.status, b?.fields.status, c?.fields.supersedes_entry_id]).toEqual(['accepted', 'accepted', null]);
    expect(c?.fields.related_entry_ids).toEqual(expect.arrayContaining([a?.entry_id, b?.entry_id]));
    expect(read.unmapped).toEqual([]);
  });
});

describe('dates written with dots are day first (German, Nordic, Slavic), whatever the corpus', () => {
  it('reads 04.03.2021 as the 4th of March even where the other files put the month first', async () => {
    expect([parseAdrDate('04.03.2021'), parseAdrDate('04.03.2021', 'month_first'), parseAdrDate('04/03/2021', 'month_first'), parseAdrDate('12.25.2022', 'month_first')]).toEqual(['2021-03-04', '2021-03-04', '2021-04-03', '2022-12-25']);
    const read = await readAdrDirectory({
      dir: tempFolder({ '0001-a.md': '# 1. A\n\nDate: 12/25/2022\n\n## Decision\n\nD.\n', '0002-b.md': '# 2. B\n\nDate: 04.03.2021\n\n## Decision\n\nD.\n' }),
      projectId: 'p',
    });
    expect(read.drafts.map((d) => d.date)).toEqual(['2022-12-25', '2021-03-04']);
  });
});

describe('credentials in an example URL (wagtail RFC 42)', () => {
  it('imports the ADR: a host reserved for documentation reaches no server', async () => {
    const rfc = '# 42. Data transfer\n\nDate: 2019-05-01\n\n## Status\n\nAccepted\n\n## Decision\n\nConfigure it:\n\n    WAGTAILTRANSFER_SOURCES = {\n        \'staging\': {\n            \'base_url\': \'https://mysite:mysite@staging.example.com/\',\n        },\n    }\n';
    const repo = initRepo();
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir: tempFolder({ '042-data-transfer.md': rfc }) });
      expect([report.imported, report.withheld]).toEqual([1, []]);
      // The same text with a real host is withheld, and the report names the file's line.
      const real = await importAdr(brain, { dir: tempFolder({ '043-x.md': rfc.replace('staging.example.com', 'staging.acme-cdn.net') }) });
      expect(real.withheld.map((w) => [w.source_path, w.findings.map((f) => f.source_line)])).toEqual([['043-x.md', [15]]]);
      expect(real.withheld[0]?.message).toMatch(/^line 15 of the file: payload\.decision_outcome \(line \d+, column \d+\): BasicAuth/);
    } finally {
      await brain.close();
    }
  });
});
