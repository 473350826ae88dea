/**
 * Issue #18, fourth round: the shapes three corpora nobody here had seen showed a newcomer
 * (edgexfoundry/edgex-docs, StefanMoCoAt/Meldestelle, opf/mijn-bureau-infra; backstage's header
 * table), each reproduced in a small fixture: a status stated only by the Changelog's states, a
 * vote date in the status words, status words in other languages, `adr-mb-003` names and
 * `ADR002:` front matter titles, a one-row `| Created | Status |` table, level-1 `# Status`
 * headings, option sub-headings with Advantages bullets, a month-13 date reported, and exports
 * that read back as the same entries.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { adrEntryId } from '../../../src/importers/adr/assemble-drafts.js';
import { readAdrDirectory } from '../../../src/importers/adr/read-adr-dir.js';
import { parseAdr } from '../../../src/importers/adr/parse-adr.js';
import { exportAdr } from '../../../src/service/export-adr.js';
import { importAdr } from '../../../src/service/import-adr.js';
import { openTestBrain } from '../../helpers/brain.js';
import { cleanupTempDirs, git, initRepo, tempDir } from '../../helpers/git.js';

afterAll(cleanupTempDirs);

const parse = (sourcePath: string, source: string) => parseAdr({ sourcePath, source, dateOrder: 'month_first' });

describe('a status the Changelog states (edgexfoundry)', () => {
  const edgex = (log: string) => `# Common Configuration\n### Submitters\n- Lenny Goodell (Intel)\n\n## Change Log\n${log}\n\n## Context\nWhy.\n\n## Decision\nAccept this.\n`;

  it('takes the state the log ends in, dated by its first entry in that state; the log stays in the text', () => {
    const two = parse('security/0028-authentication.md', edgex('- [proposed](https://github.com/x/pull/659) (2021-12-28)\n- [approved](https://github.com/x/pull/966) (2023-02-18)'));
    expect(two.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(two.status_text).toBe('approved');
    expect(two.date).toBe('2023-02-18');
    expect(two.rationale).toContain('- [proposed](https://github.com/x/pull/659) (2021-12-28)\n- [approved](https://github.com/x/pull/966) (2023-02-18)');
    const revised = parse('0026-Common Configuration.md', edgex('- [original](https://github.com/x/pull/909) - approved (2023-01-03)\n- [revised](https://github.com/x/pull/1025) - approved (2023-04-17)\n  - Revised for Configuration Provider.'));
    expect(revised.status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(revised.date).toBe('2023-01-03');
    expect(parse('0031-x.md', edgex('- [amended](https://github.com/x/pull/1) (2022-05-01)')).status_mapping).toMatchObject({ status: 'accepted' });
  });

  it('names the Submitters section\'s people as the ADR\'s', () => {
    const adr = parse('0026-x.md', edgex('- [approved](https://github.com/x/pull/909) (2023-01-03)').replace('- Lenny Goodell (Intel)', '- Lenny Goodell (Intel)\n- Elizabeth Lee (Intel)'));
    expect(adr.deciders).toBe('Lenny Goodell (Intel), Elizabeth Lee (Intel)');
  });

  it('reads no state from entries that only describe a change, and leaves a Status section first', () => {
    expect(parse('0030-x.md', edgex('- 2020-01-01: Initial draft\n- 2020-02-01: Accepted the reviewers\' comments')).raw_status).toBeNull();
    const both = parse('adr-043.md', '# ADR 043: X\n\n## Changelog\n\n- 18-06-2019: Initial draft\n- 29-11-2019: Implemented\n\n## Status\n\nAccepted\n');
    expect(both).toMatchObject({ status_origin: 'status_section', status_text: 'Accepted', date: '2019-06-18' });
  });
});

describe('dates, numbers, titles and tables', () => {
  it('dates a decision by the vote its status words name (US month/day/year)', () => {
    const voted = parse('0018-Service-Registry.md', '# Service Registry\n\n## Status\n\n**Approved** (by TSC vote on 3/25/21)\n\n## Context\n\nc\n');
    expect(voted.date).toBe('2021-03-25');
    // A superseded ADR's status dates its end, not its decision.
    expect(parse('0002-x.md', '# X\n\n## Status\n\nSuperseded by ADR 5 on 2022-04-01\n').date).toBeNull();
  });

  it('reads the decision and the options of a German template (Meldestelle)', () => {
    const de = parse('0011-koin-de.md', '# ADR-0011: Koin für Dependency Injection\n\n## Status\n\nAkzeptiert\n\n## Kontext\n\nWir brauchen DI.\n\n## Entscheidung\n\nWir verwenden Koin.\n\n## Betrachtete Alternativen\n\n### Kodein\n\nZu klein.\n\n### Manuelle DI\n\nZu viel Code.\n');
    expect(de).toMatchObject({ decision_outcome: 'Wir verwenden Koin.', alternatives: ['Kodein', 'Manuelle DI'] });
  });

  it('maps status words of other languages, and "resolved"', () => {
    expect(parse('0001-x-de.md', '# ADR-0001: Modulare Architektur\n\n## Status\n\nAkzeptiert\n').status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    expect(parse('0002-x.md', '# X\n\nStatus: Rechazado\n').status_mapping).toMatchObject({ mapped: true, status: 'rejected' });
    expect(parse('0003-x.md', '# X\n\n## Status\n\nErsetzt durch ADR-0004\n').status_mapping).toMatchObject({ mapped: true, status: 'superseded' });
    expect(parse('000-PENDING-x.md', '# X\n\n**Status:** RESOLVED\n').status_mapping).toMatchObject({ mapped: true, status: 'accepted' });
    const fr = parse('0004-x.md', '# Utiliser Postgres\n\n## Statut\n\nAccepté\n\n## Contexte\n\nc\n\n## Décision\n\nPostgres.\n');
    expect(fr).toMatchObject({ status_origin: 'status_section', status_text: 'Accepté', decision_outcome: 'Postgres.' });
    expect(fr.rationale).toBe('## Statut\n\n## Contexte\n\nc\n\n## Décision');
  });

  it('numbers `adr-mb-003` files and strips `ADR-MB-003:` and front matter `ADR002:` prefixes', () => {
    const mb = parse('adr-mb-003.md', '# ADR-MB-003: System Provisioning\n\n## Status\n\nAccepted\n');
    expect(mb).toMatchObject({ adr_number: 3, heading_number: 3, title: 'System Provisioning' });
    const backstage = parse('adr002-default-catalog-file-format.md', '---\nid: adrs-adr002\ntitle: "ADR002: Default Software Catalog File Format"\nsidebar_label: ADR002\n---\n\n| Created    | Status |\n| ---------- | ------ |\n| 2020-05-17 | Open   |\n\n## Background\n\nText.\n');
    expect(backstage).toMatchObject({ adr_number: 2, title: 'Default Software Catalog File Format', date: '2020-05-17', status_text: 'Open', status_origin: 'metadata_table' });
    expect(backstage.status_mapping).toMatchObject({ status: 'proposed' });
    expect(backstage.rationale).toContain('| 2020-05-17 | Open   |');
  });

  it('says a number two files carry is ambiguous, not outside the import (Meldestelle: 001-… and 0001-…)', async () => {
    const dir = tempDir('brain-adr-');
    writeFileSync(join(dir, '001-backend.md'), '# ADR 001: Backend\n\n**Status:** ACCEPTED\n');
    writeFileSync(join(dir, '0001-modular-de.md'), '# ADR-0001: Modulare Architektur\n\n## Status\n\nAkzeptiert\n');
    writeFileSync(join(dir, '000-PENDING.md'), '# Pending\n\n**Status:** RESOLVED\n\nSee: ADR 0001.\n');
    const read = await readAdrDirectory({ dir, projectId: 'p' });
    expect(read.unresolved).toEqual([{ source_path: '000-PENDING.md', reference: 'ADR-0001', phrase: 'see', ambiguous: ['0001-modular-de.md', '001-backend.md'] }]);
  });

  it('names the front matter `owner` as the ADR\'s people', () => {
    expect(parse('0013-x.md', '---\ntype: ADR\nstatus: ACTIVE\nowner: Lead Architect\n---\n\n# X\n').deciders).toBe('Lead Architect');
  });

  it('reads a level-1 `# Status` as a section: the outcome under `## Decision` is found, and a file without a title is not titled "Status"', () => {
    const level1 = parse('0001-a.md', '# Use Postgres\n\n# Status\n\nAccepted\n\n## Context\n\nWe need a db.\n\n## Decision\n\nWe use Postgres.\n\n## Consequences\n\nOps.\n');
    expect(level1).toMatchObject({ title: 'Use Postgres', status_text: 'Accepted', decision_outcome: 'We use Postgres.' });
    expect(level1.rationale).toBe('# Status\n\n## Context\n\nWe need a db.\n\n## Decision\n\n## Consequences\n\nOps.');
    const untitled = parse('0002-use-kafka.md', '# Status\n\nAccepted\n\n# Context\n\nc\n\n# Decision\n\nKafka.\n');
    expect(untitled).toMatchObject({ title: 'Use kafka', status_text: 'Accepted', decision_outcome: 'Kafka.' });
  });

  it('names the options by their sub-headings, not by the Advantages bullets under them', () => {
    const adr = parse('0002-y.md', '# Pick queue\n\n## Status\n\nAccepted\n\n## Considered Options\n\n### Kafka\n\n#### Advantages\n\n- fast\n- durable\n\n#### Disadvantages\n\n- heavy\n\n### RabbitMQ\n\n#### Advantages\n\n- simple\n\n## Decision\n\nKafka.\n');
    expect(adr.alternatives).toEqual(['Kafka', 'RabbitMQ']);
    expect(parse('0003-z.md', '# Z\n\n## Considered Options\n\n- Kafka\n- RabbitMQ\n\n### Kafka\n\nfast\n').alternatives).toEqual(['Kafka', 'RabbitMQ']);
  });
});

describe('through the service', () => {
  it('reports a date read with month and day swapped, and exports what reads back as the same entries', async () => {
    const dir = tempDir('brain-adr-');
    const files: Record<string, string> = {
      '0005-Service-Self-Config.md': '# Service Self Config  \n\n## Status \n\n**approved** - TSC vote on 3/25/20 for Geneva release\n\n> NOTE:  this ADR does not address high availability.\n\n## Context \nc\n\n## Decision\n\nSelf seed.\n',
      '0013-tech-stack.md': '---\ntype: ADR\nstatus: ACTIVE\nowner: Lead Architect\n---\n\n# ADR-0013: Stabilisierung des Tech-Stacks\n\n## Status\nAngenommen\n\n## Kontext\nText.\n',
      '0020-z.md': '# 20. Z\n\nDate: 2023-24-05\n\n## Status\n\nAccepted\n',
      '0021-fr.md': '# Utiliser Postgres\n\n## Statut\n\nAccepté\n\n## Contexte\n\nc\n\n## Décision\n\nPostgres.\n',
      // cisagov/manage.get.gov: a level-1 Status over level-2 sections.
      '0028-portfolio.md': '# 28. Portfolio session management\n\nDate: 2025-05-29\n\n# Status\n\nApproved\n\n## Context\n\nc\n\n## Decision Outcome\n\nWe submit a form.\n\n## Consequences\n\nd\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const brain = await openTestBrain(initRepo(), { projectId: 'p' });
    try {
      await brain.init();
      const report = await importAdr(brain, { dir });
      expect(report.swapped_dates).toEqual([{ source_path: '0020-z.md', written: '2023-24-05', date: '2023-05-24' }]);
      expect((await brain.get({ entryId: adrEntryId('p', '0005-Service-Self-Config.md') })).entry.payload).toMatchObject({ decision_date: '2020-03-25' });
      for (const format of ['madr', 'nygard'] as const) {
        const out = tempDir('brain-adr-out-');
        await exportAdr(brain, { dir: out, format });
        expect(readFileSync(join(out, '0013-tech-stack.md'), 'utf8')).toMatch(/^---\nstatus: "ACTIVE"\n[\s\S]*\n## Status\nAngenommen\n/);
        const again = await importAdr(brain, { dir: out });
        expect(again.entries.filter((e) => e.written > 0).map((e) => `${format} ${e.source_path}`)).toEqual([]);
      }
    } finally {
      await brain.close();
    }
  });

  it('writes a changed decision over its own source file in that file\'s layout: heading prefix kept, no front matter git gives back', async () => {
    const repo = initRepo();
    const source = '# ADR-MB-004: Gitmoji commits\n\n## Status\n\nAccepted\n\n## Context\n\nCommit messages.\n';
    mkdirSync(join(repo, 'adr'), { recursive: true });
    writeFileSync(join(repo, 'adr/adr-mb-004.md'), source);
    writeFileSync(join(repo, 'adr/adr-mb-005.md'), '# ADR-MB-005: GitHub\n\n## Status\n\nAccepted\n');
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'adrs'], { env: { GIT_AUTHOR_NAME: 'Berry', GIT_AUTHOR_EMAIL: 'b@x.invalid', GIT_AUTHOR_DATE: '2025-06-09T10:00:00Z' } });
    const brain = await openTestBrain(repo, { projectId: 'p' });
    try {
      await brain.init();
      await importAdr(brain, { dir: join(repo, 'adr') });
      await brain.writes.revise({ entryId: adrEntryId('p', 'adr-mb-004.md'), fields: { status: 'deprecated' } });
      const report = await exportAdr(brain, { dir: join(repo, 'adr') });
      expect(report.files.map((f) => [f.file, f.written, f.format])).toEqual([['adr-mb-004.md', true, 'nygard'], ['adr-mb-005.md', false, 'nygard']]);
      expect(readFileSync(join(repo, 'adr/adr-mb-004.md'), 'utf8')).toBe(source.replace('Accepted', 'deprecated'));
      const again = await importAdr(brain, { dir: join(repo, 'adr') });
      expect(again.entries.filter((e) => e.written > 0)).toEqual([]);
    } finally {
      await brain.close();
    }
  });
});
